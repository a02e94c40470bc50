//! The table-side judge: the station's own protocol, started from an event bundle in a browser.
//!
//! [`Table::open`] is handed what a page fetched — the event bundle's bytes, the director's public
//! key the site was built to trust, the device's key seed and its slip log as the browser's
//! storage kept them — and checks, in order, as `event install` and a station's start do: the
//! bundle against its manifest (every file's size and SHA-256), the manifest's signature against
//! the director's key, `kiosk.toml`, then every lexicon of every division by the in-service
//! check (SHA-256, word count, content). Whatever does not verify leaves the table OUT OF SERVICE
//! saying what; a division whose lexicon fails is out of service on its own, as at a station.
//!
//! What differs from a station, on purpose:
//! - no director mode: a site is public, and a PIN's hash in it would be guessed offline; a site's
//!   bundle leaves out the member holding the PIN's hash (`bundle::PIN_MEMBER`, format 3; its
//!   manifest and signature are the stations'), so the director's chord opens a prompt that
//!   accepts nothing;
//! - no pinned division: the pair at the table chooses theirs for each challenge;
//! - the slip log is the device's own ([`MemoryLog`]), one per event, signed with the device's
//!   key; its id (`table-` and the key's fingerprint) is the station id on every slip. Its
//!   slips carry no per-word detail: the players hold the device and its storage;
//! - a second opinion and the re-challenge guard reach back over the device's own last plays
//!   ([`PLAYS_IN_REACH`]), not over minutes of its clock, which its holder sets;
//! - the tile keyboard is drawn for English too (`touch_keyboard`): a phone's own keyboard
//!   covers half its screen until asked for.

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use wordjudge_config::service::InService;
use wordjudge_config::{Config, EventStatus};
use wordjudge_event::bundle;
use wordjudge_event::signing::PublicKey;
use wordjudge_protocol::setup::division_slots;
use wordjudge_protocol::{Input, Lockout, Reach, Settings, Setup, Station, View};
use wordjudge_sliplog::adjudicate::Adjudicator;
use wordjudge_sliplog::memory::{Keep, MemoryLog};
use wordjudge_sliplog::signature::StationKey;

/// Where the bundle's files are said to be, in messages and in the configuration's paths.
const EVENT_DIR: &str = "/event";

/// How many of a device's last plays stay within reach of a second opinion and of the
/// re-challenge guard ([`Reach::DeviceSlips`]), whatever the device's clock says: more than one
/// game's challenges at a table, so a failed play's words stay guarded through its game
/// (a play that holds some of them and not all is refused: `judge::reveals_part_of`).
pub const PLAYS_IN_REACH: usize = 10;

/// What a page hands the table when it starts.
pub struct Opening<'a> {
    /// The event bundle (`event.tar`, as `wordjudge event pack` wrote it).
    pub bundle: &'a [u8],
    /// The director's public key the site was built to trust (minisign's `.pub` text).
    pub trust: &'a str,
    /// The device's key seed (32 bytes, drawn once and kept by the page).
    pub seed: [u8; 32],
    /// The device's slip log for this event and its head, as the page kept them (empty: new).
    pub log: Vec<u8>,
    pub head: Vec<u8>,
    /// The zone the screens show times in: the page's clock (its offset from UTC).
    pub zone: wordjudge_base::clock::TimeZone,
    /// The newest event this device judged, as the page kept it ([`Table::newest`]: `PACKED
    /// FINGERPRINT NAME`; empty: none yet). A bundle packed before it is refused, as a station
    /// refuses an older event.
    pub newest: &'a str,
}

/// What the players read to tell which event they judge: its name, when it was packed, its
/// fingerprint and the key that signed it, as the bundle's signed manifest says.
#[derive(Debug, Clone, Default)]
pub struct EventFacts {
    pub name: String,
    /// When it was packed (UTC, RFC 3339).
    pub packed: String,
    pub fingerprint: String,
    /// The id of the director's key that signed it.
    pub signer: String,
    /// The hall's time zone (`[event] time_zone`), by name, if the event names one: the page
    /// finds its offset (the browser knows every zone) and gives it back ([`Table::set_zone`]).
    pub time_zone: Option<String>,
}

/// A table device's station.
pub struct Table {
    station: Station,
    /// The event's fingerprint; empty when the bundle did not verify.
    pub fingerprint: String,
    /// The device's id, as its slips name it.
    pub device: String,
    /// The id of the device's key (a roster line is `DEVICE KEY-ID`).
    pub key_id: String,
    /// The time of the last input, seconds after the page started.
    now: f64,
    /// What the page keeps as the newest event this device judged, once it opened in service:
    /// `PACKED FINGERPRINT NAME` of this event (empty when the bundle did not verify).
    pub newest: String,
    /// The event, as every screen names it (empty when the bundle did not verify).
    pub event: EventFacts,
    /// The clock times are shown on: the page's, then the event's once the page gave it.
    pub zone: wordjudge_base::clock::TimeZone,
}

impl Table {
    /// The table `opening` describes, or one OUT OF SERVICE saying why (see the module).
    pub fn open(opening: Opening<'_>, keep: Keep) -> Table {
        let key = StationKey::from_seed(opening.seed);
        let key_id = key.as_ref().map(|k| k.public().id()).unwrap_or_default();
        let device = wordjudge_sliplog::signature::device_id(&key_id);
        let opened = key
            .map_err(|e| format!("this device's key cannot be used ({e}): clear this site's data in the browser's settings"))
            .and_then(|key| setup(&opening, key, &device, keep));
        let (mut setup, event, newest) = match opened {
            Ok(found) => found,
            Err(reason) => (Setup::broken(reason), EventFacts::default(), String::new()),
        };
        setup.settings.zone = opening.zone.clone();
        let zone = opening.zone.clone();
        Table {
            station: Station::from_setup(setup),
            fingerprint: event.fingerprint.clone(),
            device,
            key_id,
            now: 0.0,
            newest,
            event,
            zone,
        }
    }

    /// Shows times on the clock `zone` from now on: the event's zone, as the page found its
    /// offset (the module has no time-zone database).
    pub fn set_zone(&mut self, zone: wordjudge_base::clock::TimeZone) {
        self.station.set_zone(zone.clone());
        self.zone = zone;
    }

    /// The round and table of the players' game (0: not given), on every slip from now on;
    /// `false` (nothing changed) when either is out of range ([`Station::set_game`]).
    pub fn set_game(&mut self, round: u32, table: u32) -> bool {
        let given = |n: u32| (n > 0).then_some(n);
        self.station.set_game(given(round), given(table))
    }

    /// Passes `event` to the protocol, `now` seconds after the page started.
    pub fn handle(&mut self, event: Input, now: f64) {
        self.now = now;
        self.station.handle(event, now);
    }

    /// The screen to draw now.
    pub fn view(&self) -> View {
        self.station.view(self.now)
    }
}

/// Why the event `bundle` (signed, checked) is older than the newest this device judged
/// (`newest`, as [`Opening::newest`]), naming both; `None` when it is not.
fn older_than_seen(bundle: &bundle::Bundle, newest: &str) -> Option<String> {
    let mut fields = newest.trim().splitn(3, ' ');
    let (Some(packed), Some(fingerprint)) = (fields.next(), fields.next()) else {
        return None;
    };
    let name = fields.next().unwrap_or("");
    if fingerprint == bundle.fingerprint() {
        return None;
    }
    let older = match (
        wordjudge_base::clock::parse(&bundle.manifest.packed),
        wordjudge_base::clock::parse(packed),
    ) {
        (Some(offered), Some(seen)) => offered < seen,
        _ => bundle.manifest.packed.as_str() < packed,
    };
    older.then(|| {
        format!(
            "this site's event is older than the event this device judged: the device judged {name:?} (fingerprint {fingerprint}, packed {packed}), and this site is {:?} (fingerprint {}, packed {}); ask the director for the current event's site",
            bundle.manifest.name,
            bundle.fingerprint(),
            bundle.manifest.packed
        )
    })
}

/// The protocol's settings for a table device running `event` of `config`: no PIN, no pinned
/// division, the tile keyboard for every alphabet, and reach counted in its own plays.
fn device_settings(config: &Config, event: EventStatus) -> Settings {
    let mut settings = Settings::from_config(config, Some(event));
    settings.pin = None;
    settings.division = None;
    // A phone has no keyboard of its own on screen until asked: the tile keyboard is drawn
    // for every alphabet, English too.
    settings.screen.touch_keyboard = true;
    // A phone's clock is its holder's: what is within reach is counted in its own plays.
    settings.reach = Reach::DeviceSlips(PLAYS_IN_REACH);
    settings
}

/// The station's setup from the opening's bundle, the event as its screens name it, and what
/// the page keeps as the newest event seen.
fn setup(
    opening: &Opening<'_>,
    key: StationKey,
    device: &str,
    keep: Keep,
) -> Result<(Setup, EventFacts, String), String> {
    let bundle = bundle::from_site_bytes(opening.bundle, Path::new("event.tar"))
        .map_err(|e| format!("the event's files do not verify: {e}"))?;
    let trusted = PublicKey::parse(opening.trust)
        .map_err(|e| format!("the director's key this site was built with cannot be read: {e}"))?;
    let signature = bundle.signature.as_deref().ok_or(
        "the event's bundle is not signed: the director signs it (`wordjudge event pack --sign KEY`) and builds the site again",
    )?;
    trusted
        .verify_of(&bundle.manifest_bytes, signature, "the event's bundle")
        .map_err(|e| format!("{e}: this is not the event the site was built for"))?;
    let fingerprint = bundle.fingerprint();
    // Never back to an older event (issue 49, finding 5), as a station refuses one.
    if let Some(problem) = older_than_seen(&bundle, opening.newest) {
        return Err(problem);
    }
    let newest = format!(
        "{} {fingerprint} {}",
        bundle.manifest.packed, bundle.manifest.name
    );
    let dir = Path::new(EVENT_DIR);
    let toml = bundle
        .files
        .get("kiosk.toml")
        .map_or(&[][..], Vec::as_slice);
    let text =
        std::str::from_utf8(toml).map_err(|_| "the event's kiosk.toml is not UTF-8".to_owned())?;
    let config = Config::parse(&dir.join("kiosk.toml"), text).map_err(|e| e.to_string())?;
    let files: HashMap<PathBuf, Vec<u8>> = bundle
        .files
        .iter()
        .map(|(path, bytes)| (dir.join(path), bytes.clone()))
        .collect();
    let divisions = division_slots(&config, &mut InService::in_memory(files));
    let event = EventStatus {
        name: bundle.manifest.name.clone(),
        fingerprint: fingerprint.clone(),
        signed_by: Some(trusted.id()),
        changed: Vec::new(),
    };
    let settings = device_settings(&config, event);
    let log = MemoryLog::open(
        format!("this device's slip log of event {fingerprint}"),
        opening.log.clone(),
        opening.head.clone(),
        Some(key),
        keep,
    )
    .map_err(|e| format!("{e}: save it for the director (Save the log), then clear this site's data in the browser's settings"))?;
    let mut adjudicator = Adjudicator::keeping(device, Some(Box::new(log)))
        .with_event(Some(fingerprint.clone()))
        .without_detail();
    adjudicator.set_round(config.event.round);
    let facts = EventFacts {
        name: bundle.manifest.name.clone(),
        packed: bundle.manifest.packed.clone(),
        fingerprint,
        signer: trusted.id(),
        time_zone: config.event.time_zone.clone(),
    };
    Ok((
        Setup {
            settings,
            divisions,
            adjudicator,
            broken: None,
            number_wanted: None,
            lockout: Lockout::default(),
        },
        facts,
        newest,
    ))
}
