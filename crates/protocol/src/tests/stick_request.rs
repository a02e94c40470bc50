//! Director mode with a USB stick: the request asked of the helper only once confirmed, director
//! mode held open while it works, its answer shown, an installed event loaded at once (even after
//! the director left), no helper or no answer said in words.

use std::cell::RefCell;
use std::rc::Rc;

use super::*;

#[derive(Default)]
struct Helper {
    asked: Vec<StickJob>,
    /// The PIN each request carried.
    pins: Vec<String>,
    answer: Option<(bool, String)>,
    reloads: u32,
}

struct Files(Rc<RefCell<Helper>>);

impl StationFiles for Files {
    fn reload(&mut self) -> Setup {
        self.0.borrow_mut().reloads += 1;
        Setup {
            settings: settings(),
            divisions: vec![slot("next", &["QI", "ZO"])],
            adjudicator: Adjudicator::new("s1", None),
            broken: None,
            number_wanted: None,
            lockout: Lockout::default(),
        }
    }
    fn pin_division(&mut self, _: Option<&str>) -> Result<(), String> {
        Ok(())
    }
    fn record_round(&mut self, _: Option<u32>) -> Result<(), String> {
        Ok(())
    }
    fn print(&mut self, _: &Slip) {}
    fn printed(&mut self) -> Vec<(u64, Result<(), String>)> {
        Vec::new()
    }
    fn record_lockout(&mut self, _: &Lockout) -> Result<(), String> {
        Ok(())
    }
    fn ask_stick(&mut self, job: StickJob, pin: &str) -> Result<(), String> {
        let mut helper = self.0.borrow_mut();
        helper.asked.push(job);
        helper.pins.push(pin.to_owned());
        Ok(())
    }
    fn stick_answer(&mut self) -> Option<(bool, String)> {
        self.0.borrow_mut().answer.take()
    }
}

fn with_helper() -> (Test, Rc<RefCell<Helper>>) {
    let mut t = Test::one();
    let helper = Rc::new(RefCell::new(Helper::default()));
    let placeholder = Station::new(settings(), vec![], Adjudicator::new("x", None));
    let station = std::mem::replace(&mut t.station, placeholder);
    t.station = station.with_files(Box::new(Files(helper.clone())));
    (t, helper)
}

fn director(t: &mut Test) {
    t.send(Input::DirectorChord);
    t.typed(PIN);
    t.key(Key::Enter);
    assert_eq!(t.view().screen, ScreenKind::Director);
}

fn lines(t: &Test) -> String {
    t.view().director_lines.join("\n")
}

#[test]
fn the_next_event_is_asked_for_once_confirmed_and_loaded_when_the_helper_says_done() {
    let (mut t, helper) = with_helper();
    director(&mut t);
    let main = t.view();
    assert!(main
        .commands
        .iter()
        .any(|c| c.label.contains("Event from a stick (E)") && c.enabled));
    t.typed("e");
    assert!(
        t.view().title.contains("Install the event"),
        "{}",
        t.view().title
    );
    assert!(lines(&t).contains("only one"), "{}", lines(&t));
    assert!(helper.borrow().asked.is_empty(), "nothing asked before Yes");
    t.key(Key::Enter);
    assert_eq!(helper.borrow().asked, vec![StickJob::InstallEvent]);
    // The request carries the PIN that opened director mode, for root's helper to check itself
    // (issue 49, finding 4: the station's account could ask without it).
    assert_eq!(helper.borrow().pins, vec![PIN.to_owned()]);
    assert!(t.view().title.contains("Working"), "{}", t.view().title);
    // The helper takes its time: its page stays open past director mode's idle and absolute
    // limits.
    t.at(200.0);
    assert_eq!(t.view().screen, ScreenKind::Director);
    assert!(t.view().title.contains("Working"));
    helper.borrow_mut().answer = Some((
        true,
        "installed event \"Second Open\" (fingerprint ABCD-EFGH-IJKL-MNOP) as station 7".into(),
    ));
    t.at(201.0);
    assert_eq!(helper.borrow().reloads, 1);
    let v = t.view();
    assert!(v.title.contains("Done"), "{}", v.title);
    assert!(lines(&t).contains("ABCD-EFGH-IJKL-MNOP"), "{}", lines(&t));
    assert!(
        lines(&t).contains("now runs the new event"),
        "{}",
        lines(&t)
    );
    // The new event's divisions are the station's now.
    t.key(Key::Escape).key(Key::Escape);
    assert_eq!(t.view().division, "next division");
}

#[test]
fn the_working_page_offers_a_passer_by_nothing() {
    let (mut t, helper) = with_helper();
    director(&mut t);
    t.typed("e").key(Key::Enter);
    assert!(t.view().commands.is_empty());
    for key in [
        Key::Escape,
        Key::Char('q'),
        Key::Char('p'),
        Key::Char('e'),
        Key::Enter,
    ] {
        t.key(key);
    }
    t.send(Input::Director(DirectorAction::Back));
    t.send(Input::Director(DirectorAction::ExitStation));
    assert!(t.view().title.contains("Working"), "{}", t.view().title);
    assert_eq!(helper.borrow().asked.len(), 1);
    assert!(!t.station.exit_requested());
    helper.borrow_mut().answer = Some((true, "installed".into()));
    t.at(5.0);
    assert_eq!(helper.borrow().reloads, 1, "the new event is loaded");
    assert!(t.view().title.contains("Done"));
    // The answer's page closes as any other.
    t.at(30.0);
    assert_ne!(t.view().screen, ScreenKind::Director);
    assert_eq!(t.view().division, "next division");
}

#[test]
fn copying_the_logs_that_failed_says_why_and_reloads_nothing() {
    let (mut t, helper) = with_helper();
    director(&mut t);
    t.typed("c");
    assert!(
        t.view().title.contains("Copy the slip logs"),
        "{}",
        t.view().title
    );
    t.key(Key::Enter);
    assert_eq!(helper.borrow().asked, vec![StickJob::CopyLogs]);
    helper.borrow_mut().answer = Some((false, "nothing copied: no USB stick found".into()));
    t.at(3.0);
    assert!(t.view().title.contains("Not done"), "{}", t.view().title);
    assert!(lines(&t).contains("no USB stick found"));
    assert_eq!(helper.borrow().reloads, 0);
    // No on the confirmation asks nothing.
    t.key(Key::Escape);
    t.typed("c").key(Key::Escape);
    assert_eq!(helper.borrow().asked.len(), 1);
}

#[test]
fn no_helper_and_no_answer_are_said_in_words() {
    let mut t = Test::one();
    director(&mut t);
    t.typed("c").key(Key::Enter);
    assert!(t.view().title.contains("Not done"));
    assert!(lines(&t).contains("no USB-stick helper"), "{}", lines(&t));
    let (mut t, _helper) = with_helper();
    director(&mut t);
    t.typed("c").key(Key::Enter);
    t.at(STICK_ANSWER_SECONDS - 1.0);
    assert!(t.view().title.contains("Working"));
    t.at(STICK_ANSWER_SECONDS + 1.0);
    assert!(t.view().title.contains("Not done"));
    assert!(lines(&t).contains("did not answer"), "{}", lines(&t));
}

/// Issue 52, finding 1: a station image's first boot with a stick that names no station asks
/// the director for this machine's number, on screen, before anything is installed; the helper
/// installs as that number; a refusal is said and the number asked again; nothing of a
/// challenge can start meanwhile.
#[test]
fn a_first_boot_without_a_station_number_asks_for_it_and_installs_as_that_station() {
    let (mut t, helper) = with_helper();
    let mut setup = Setup::broken("no event is installed at this station".into());
    setup.number_wanted = Some("Spring Open 2026".into());
    t.station = Station::from_setup(setup).with_files(Box::new(Files(helper.clone())));
    let v = t.view();
    assert_eq!(v.screen, ScreenKind::StationNumber);
    assert!(
        v.title.contains("NUMBER") && v.title.contains("9999"),
        "{}",
        v.title
    );
    assert!(v.detail.contains("Spring Open 2026"), "{}", v.detail);
    // No number, 0, letters: nothing asked, the range said.
    t.key(Key::Enter);
    assert!(t.view().hint.contains("1 to 9999"), "{}", t.view().hint);
    t.typed("0").key(Key::Enter);
    assert!(helper.borrow().asked.is_empty());
    t.key(Key::Escape).typed("x12345");
    assert_eq!(
        t.view().current,
        "1234",
        "four digits at most, letters ignored"
    );
    assert_eq!(t.view().hint, "", "a digit takes the refusal back");
    // A player at the screen: no challenge, no second opinion.
    t.key(Key::SecondOpinion);
    assert_eq!(t.view().screen, ScreenKind::StationNumber);
    t.key(Key::Escape).typed("7").key(Key::Enter);
    assert_eq!(helper.borrow().asked, vec![StickJob::FirstInstall(7)]);
    assert_eq!(
        helper.borrow().pins,
        vec![String::new()],
        "no PIN: no event yet"
    );
    assert!(t.view().title.contains("station 7"), "{}", t.view().title);
    // While the helper works, keys do nothing.
    t.typed("9").key(Key::Enter);
    assert_eq!(helper.borrow().asked.len(), 1);
    assert_eq!(t.view().current, "7");
    // Refused: said, and asked again.
    helper.borrow_mut().answer = Some((false, "the event on stick EVENT (7.5G) was not installed: its signature is not a signature of its event.toml by key 0123456789ABCDEF".into()));
    t.at(5.0);
    let v = t.view();
    assert_eq!(v.screen, ScreenKind::StationNumber);
    assert!(v.detail.contains("0123456789ABCDEF"), "{}", v.detail);
    assert_eq!(helper.borrow().reloads, 0);
    t.key(Key::Enter);
    assert_eq!(helper.borrow().asked.len(), 2);
    helper.borrow_mut().answer = Some((true, "installed event \"Spring Open 2026\" (fingerprint ABCD-EFGH-IJKL-MNOP) as station 7; station key QRST-UVWX-YZ23-4567".into()));
    t.at(10.0);
    assert_eq!(helper.borrow().reloads, 1);
    assert_ne!(t.view().screen, ScreenKind::StationNumber);
    assert!(t
        .station
        .take_audit()
        .iter()
        .any(|l| l.contains("FirstInstall(7) done")));
    // The installed station judges at once.
    t.at(11.0)
        .typed("1qi")
        .key(Key::Enter)
        .at(13.0)
        .key(Key::Tab);
    assert_eq!(t.view().screen, ScreenKind::Verdict);
}
