#!/usr/bin/env python3
"""The table-side judge driven in headless Chromium through WebDriver (called by .ci/e2e-web).

Serves nothing itself: .ci/e2e-web serves three sites under http://127.0.0.1:PORT/ — site/ (the
event), bad-byte/ (one byte of its bundle changed) and bad-key/ (trusting another key). Here:

1. bad-byte/, bad-key/ and bad-signer/ (the bundle signed by another key) are OUT OF SERVICE,
   saying what;
2. site/ judges a play of eight words in each of the ten divisions (one per language, each in
   its own alphabet) — by touch (the tile keyboard, JUDGE) and by keys (a hardware keyboard, the
   phone's own keyboard into its text field, and an input method composing Ł, Ç, Ñ, L·L … through
   Chrome's IME events) — each verdict the one `wordjudge judge` gives;
   on the way, every screen is checked at 360x640, 390x844, 844x390, 768x1024, 800x480 and 1920x1080: nothing wider
   than the screen, every control and the verdict inside it, every control at least 48 CSS px;
3. a second opinion with fewer words is refused, with no verdict and no slip;
4. the log is saved (one file), verified by `wordjudge slips verify --log` and merged with
   the station's log by `wordjudge slips merge`, listed apart as a device's;
5. the network is cut (the driver's offline mode, and the server stopped), the page reloaded from
   the service worker's cache, and a play judged again;
6. the figures (time to the first screen and to a verdict, key to frame) go to RESULTS/figures.json.
"""

import argparse
import json
import os
import pathlib
import random
import signal
import unicodedata
import subprocess
import sys
import time

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

SIZES = [(360, 640), (390, 844), (844, 390), (768, 1024), (800, 480), (1920, 1080)]
DIVISIONS = [("en", "english"), ("ca", "catalan"), ("es", "spanish"), ("pl", "polish"),
             ("de", "german"), ("fr", "french"), ("nb", "norwegian"), ("nl", "dutch"),
             ("sv", "swedish"), ("sl", "slovene")]
HANDOVER = 1.0
VERDICT_MIN = 2.0

# Everything that must be on the screen, and every control's size.
FIT = """
const W = innerWidth, H = innerHeight, problems = [];
const name = (el) => (el.id ? '#' + el.id : el.tagName.toLowerCase()) + ' "' + el.textContent.slice(0, 24) + '"';
if (document.documentElement.scrollWidth > W + 0.5)
  problems.push('the page is ' + document.documentElement.scrollWidth + 'px wide');
for (const el of document.querySelectorAll('button, #title, #division, #event, #event-name, #stale, #lexicon, #hint, #slip')) {
  if (el.closest('[hidden]') || el.offsetParent === null || el.textContent === '') continue;
  const r = el.getBoundingClientRect();
  if (r.left < -0.5 || r.right > W + 0.5 || r.top < -0.5 || r.bottom > H + 0.5)
    problems.push(name(el) + ' is not wholly on the screen (' + [r.left, r.top, r.right, r.bottom].map(Math.round) + ')');
  if (el.tagName === 'BUTTON' && (r.width < 47.5 || r.height < 47.5))
    problems.push(name(el) + ' is ' + Math.round(r.width) + 'x' + Math.round(r.height) + ', under 48x48');
  if (el.scrollWidth > el.clientWidth + 1) problems.push(name(el) + ' is cut (' + el.scrollWidth + ' > ' + el.clientWidth + ')');
}
// The words: each on one line, and all of them in view where the challenged player checks
// them (handed over) and on the verdict.
const main = document.getElementById('main').getBoundingClientRect(), v = window.wjView;
const inMain = (r) => r.top >= main.top - 0.5 && r.bottom <= main.bottom + 0.5;
if (!inMain(document.getElementById('title').getBoundingClientRect()))
  problems.push('the title is not wholly in view');
for (const w of document.querySelectorAll('#words .word')) {
  const tops = new Set([...w.children].map((t) => Math.round(t.getBoundingClientRect().top)));
  if (tops.size > 1) problems.push('the word ' + w.textContent + ' is broken across lines');
  const r = w.getBoundingClientRect();
  if (r.right > W + 0.5 || r.left < -0.5) problems.push('the word ' + w.textContent + ' is wider than the screen');
  if ((v.handed_over || v.screen === 'verdict') && !inMain(r))
    problems.push('the word ' + w.textContent + ' is not in view');
}
return problems;
"""


class Failed(Exception):
    pass


def fail(message):
    print(f"E2E-WEB FAILED: {message}", file=sys.stderr)
    raise Failed(message)


# WJ_E2E_KEEP_GOING=1: each of issue 51's checks runs even when one before it failed (to show
# each failing on an older build, as the closing note's "before" does); CI stops at the first.
KEEP_GOING = os.environ.get("WJ_E2E_KEEP_GOING") == "1"
FAILED_CHECKS = []


def check(b, base, name, step, *args):
    """Runs one check; with KEEP_GOING, a failure is recorded, the page loaded again, and the
    run goes on."""
    if not KEEP_GOING:
        return step(*args)
    try:
        return step(*args)
    except Exception as e:  # noqa: BLE001 (an older page may lack what a check reads)
        FAILED_CHECKS.append(f"{name}: {str(e).splitlines()[0] if str(e) else type(e).__name__}")
        for handle in b.d.window_handles[1:]:
            b.d.switch_to.window(handle)
            b.d.close()
        b.d.switch_to.window(b.d.window_handles[0])
        b.size(*SIZES[1])
        b.load(f"{base}/site/")
        return None


def words_of(path):
    words = []
    for line in open(path, encoding="utf-8"):
        line = line.strip()
        if line and not line.startswith("#"):
            words.append(line.split()[0])
    return words


class Browser:
    def __init__(self, downloads):
        options = webdriver.ChromeOptions()
        for arg in ["--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=900,1100",
                    "--lang=en-GB"]:
            options.add_argument(arg)
        options.binary_location = "/usr/bin/chromium"
        options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
        self.d = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
        self.cdp("Browser.setDownloadBehavior", behavior="allow", downloadPath=str(downloads))
        self.size(*SIZES[1])

    def cdp(self, command, **args):
        return self.d.execute_cdp_cmd(command, args)

    def size(self, width, height):
        self.cdp("Emulation.setDeviceMetricsOverride", width=width, height=height,
                 deviceScaleFactor=2, mobile=True)
        self.cdp("Emulation.setTouchEmulationEnabled", enabled=True, maxTouchPoints=5)

    def js(self, script, *args):
        return self.d.execute_script(script, *args)

    def view(self):
        return self.js("return window.wjView || null")

    def wait(self, test, what, timeout=15.0):
        end = time.time() + timeout
        while time.time() < end:
            v = self.view()
            if v and test(v):
                return v
            time.sleep(0.05)
        fail(f"{what}; the screen: {json.dumps(self.view())[:600]}; console: {self.console()}")

    def console(self):
        try:
            return [e["message"] for e in self.d.get_log("browser")][-5:]
        except Exception:  # noqa: BLE001 (a driver without logs)
            return []

    def load(self, url):
        self.d.get(url)
        return self.wait(lambda v: v.get("screen") not in (None, "loading"), f"{url} drew no screen")

    def button(self, label):
        el = self.js("return [...document.querySelectorAll('#controls button')]"
                     ".find(b => b.textContent === arguments[0]) || null", label)
        if el is None:
            fail(f"no button {label!r} on the {self.view()['screen']} screen")
        return el

    def touch(self, label):
        self.button(label).click()

    def keys(self, text):
        ActionChains(self.d).send_keys(text).perform()

    def phone_keyboard(self, text):
        """Types into the page's text field, as the phone's own keyboard does."""
        self.d.find_element(By.CSS_SELECTOR, "#controls button.keyboard").click()
        self.d.find_element(By.ID, "typing").send_keys(text)

    def input_method(self, text):
        """Types into the page's text field as a phone's input method does: each letter beyond
        A-Z composed (its plain letter first, then the accented one, then committed), as Chrome
        reports it to the page: composition events, then the committed text."""
        self.d.find_element(By.CSS_SELECTOR, "#controls button.keyboard").click()
        for ch in text:
            if ch.isascii():
                self.cdp("Input.insertText", text=ch)
                continue
            base = unicodedata.normalize("NFD", ch)[0].lower()
            for step in (base, ch.lower()):
                self.cdp("Input.imeSetComposition", text=step, selectionStart=1, selectionEnd=1)
            self.cdp("Input.insertText", text=ch)

    def fit(self, label, shots, problems):
        for w, h in SIZES:
            self.size(w, h)
            time.sleep(0.05)
            for p in self.js(FIT):
                problems.append(f"{label} at {w}x{h}: {p}")
            if shots is not None and (w, h) in ((360, 640), (844, 390)):
                self.d.save_screenshot(str(shots / f"web-{label}-{w}x{h}.png"))
        self.size(*SIZES[1])


def expected(args, division, words):
    r = subprocess.run([args.bin, "--config", f"{args.station}/kiosk.toml", "judge", "--division",
                        division, "--no-log", *words], capture_output=True, text=True)
    if r.returncode not in (0, 1):
        fail(f"wordjudge judge {division} {words}: {r.stdout}{r.stderr}")
    return "ACCEPTABLE" if r.returncode == 0 else "UNACCEPTABLE"


def tiles_of(word, keys):
    """`word` as the tile keyboard's labels, longest first (L·L, NY, QU are one tile each)."""
    out, i = [], 0
    labels = sorted(keys, key=len, reverse=True)
    while i < len(word):
        label = next((k for k in labels if word.startswith(k, i)), None)
        if label is None:
            fail(f"{word!r}: no tile for {word[i:]!r} among {keys}")
        out.append(label)
        i += len(label)
    return out


def play(b, args, index, lang, alphabet, rng, shots, problems, figures):
    """Judges eight words in division `lang`, checking the fit of every screen on the way."""
    words = words_of(f"{args.lists}/{alphabet}.txt")
    chosen = [max(words, key=len)] + rng.sample(words, 7)
    composed = [w for w in words if not w.isascii()]
    if lang != "en" and composed:  # the third word is typed through the input method
        chosen[2] = rng.choice(composed)
    if index % 2:  # a near miss: one letter of one word changed
        w = chosen[3]
        chosen[3] = w[:-1] + ("Z" if w[-1] != "Z" else "X")
    v = b.view()
    if v["screen"] != "choose-division":
        fail(f"{lang}: not the division menu: {v}")
    b.touch(v["choices"][index])
    v = b.wait(lambda v: v["screen"] == "count", f"{lang}: no count screen")
    if v["language"] != lang:
        fail(f"{lang}: the count screen speaks {v['language']}")
    b.fit(f"{lang}-count", shots, problems)
    b.touch("8")
    b.wait(lambda v: v["screen"] == "entry", f"{lang}: no entry screen")
    for n, word in enumerate(chosen):
        last = n == len(chosen) - 1
        if n == 1:  # by touch: the tile keyboard, then NEXT WORD
            for tile in tiles_of(word, b.view()["tile_keys"]):
                b.touch(tile)
            b.touch(b.view()["labels"]["next_word"])
        elif n == 2 and not last and lang == "en":  # the phone's own keyboard
            b.phone_keyboard(word + " ")
        elif n == 2 and not last:  # the phone's input method, composing letters beyond A-Z
            b.input_method(word + " ")
        else:
            b.d.find_element(By.ID, "title").click()
            b.keys(word + ("" if last else " "))
        if n == 6:
            b.fit(f"{lang}-entry", shots, problems)
    b.keys(Keys.ENTER)
    v = b.wait(lambda v: v["handed_over"], f"{lang}: not handed over")
    typed = [w.replace("·", "·") for w in v["words"]]
    if [w.upper() for w in typed] != [w.upper() for w in chosen]:
        fail(f"{lang}: typed {chosen}, the screen shows {typed}")
    b.fit(f"{lang}-handed-over", shots, problems)
    # The challenged player who cannot see the screen hears each word, then its tiles.
    names = [n.get("name", {}).get("value", "") for n in b.cdp("Accessibility.getFullAXTree")["nodes"]]
    for i, word in enumerate(v["words"]):
        if f"{v['labels']['word']} {i + 1}: {word}" not in names:
            fail(f"{lang}: the accessibility tree has no {v['labels']['word']} {i + 1}: {word}")
    time.sleep(HANDOVER + 0.1)
    if index % 2:
        b.touch(v["judge_label"])
    else:
        b.keys(Keys.TAB)
    v = b.wait(lambda v: v["screen"] == "verdict", f"{lang}: no verdict")
    want = expected(args, lang, chosen)
    if v["verdict"] != want:
        fail(f"{lang} {chosen}: the page says {v['verdict']}, wordjudge judge {want}")
    shown = b.d.find_element(By.ID, "app").get_attribute("data-verdict")
    if shown != want:
        fail(f"{lang}: the page draws {shown!r} for {want}")
    figures["judge_to_frame_ms"].append(b.js("return window.wjTimings.keyToFrame.at(-1)"))
    b.fit(f"{lang}-verdict", shots, problems)
    # A screen reader hears the verdict: the live region says it, and the tree holds it.
    said = b.js("return document.getElementById('announce').textContent")
    if said != v["spoken"] or not said:
        fail(f"{lang}: the live region says {said!r}, not {v['spoken']!r}")
    names = [n.get("name", {}).get("value", "") for n in b.cdp("Accessibility.getFullAXTree")["nodes"]]
    if not any(v["title"] in name for name in names):
        fail(f"{lang}: the accessibility tree has no {v['title']!r}")
    print(f"   {lang}: {' '.join(chosen)} -> {want}, as wordjudge judge")
    return chosen, v


def clear_verdict(b):
    time.sleep(VERDICT_MIN + 0.1)
    b.d.find_element(By.ID, "main").click()
    b.wait(lambda v: v["screen"] == "choose-division", "the verdict did not clear to the menu")


def log_lines(b):
    return b.js("const f = window.wjDevice.fingerprint;"
                "return (localStorage.getItem('wordjudge.log.' + f) || '').split('\\n').length - 1")


def second_opinion_with_fewer_words(b, chosen):
    before = log_lines(b)
    b.touch(b.view()["labels"]["second_opinion"])
    b.wait(lambda v: v["screen"] == "count", "SECOND OPINION asked for no count")
    b.touch("7")
    b.d.find_element(By.ID, "title").click()
    b.keys(" ".join(chosen[:7]) + Keys.ENTER)
    time.sleep(HANDOVER + 0.1)
    b.keys(Keys.TAB)
    v = b.wait(lambda v: v["hint"] != "", "the second opinion was neither judged nor refused")
    if v["screen"] == "verdict" or v["verdict"] is not None:
        fail(f"a second opinion with fewer words was judged: {v}")
    if log_lines(b) != before:
        fail("a refused second opinion was recorded")
    print(f"   a second opinion with 7 of the 8 words: refused ({v['hint']!r}), no slip")
    for _ in range(4):
        if b.view()["screen"] == "choose-division":
            break
        b.keys(Keys.ESCAPE)
        time.sleep(0.1)
    b.wait(lambda v: v["screen"] == "choose-division", "Esc did not go back to the menu")


def save_and_merge(b, args, downloads, results):
    """Save the log: one file (issue 51, finding 8: it was two downloads), which `slips verify
    --log` and `slips merge` read."""
    b.d.find_element(By.ID, "save").click()
    end = time.time() + 15
    files = []
    while time.time() < end:
        files = sorted(p for p in downloads.iterdir() if not p.name.endswith(".crdownload"))
        if files:
            break
        time.sleep(0.1)
    time.sleep(1.0)
    files = sorted(p for p in downloads.iterdir() if not p.name.endswith(".crdownload"))
    if len(files) != 1 or not files[0].name.endswith(".wjlog"):
        fail(f"Save the log gave {[p.name for p in files]}, not one .wjlog file")
    log = files[0]
    r = subprocess.run([args.bin, "slips", "verify", "--log", str(log)], capture_output=True, text=True)
    (results / "verify.txt").write_text(r.stdout + r.stderr)
    if r.returncode != 0 or "intact" not in r.stdout:
        fail(f"slips verify --log {log.name}: {r.stdout}{r.stderr}")
    # The device on the roster as a station: its id and key id, read off its menu screen.
    footer = b.d.find_element(By.ID, "device").text
    device, key_id = b.js("return [window.wjDevice.device, window.wjDevice.keyId]")
    if device not in footer or key_id not in footer:
        fail(f"the menu's footer {footer!r} does not give the device {device} and its key {key_id}")
    roster = results / "roster.txt"
    roster.write_text(pathlib.Path(args.roster).read_text() + f"{device} {key_id}\n")
    merged = results / "merged.jsonl"
    r = subprocess.run([args.bin, "slips", "merge", args.station, str(log), "--jsonl", str(merged),
                        "--roster", str(roster), "--report", str(results / "report.html")],
                       capture_output=True, text=True)
    (results / "merge.txt").write_text(r.stdout + r.stderr)
    if r.returncode != 0 or "NOT PROVEN" in r.stdout + r.stderr:
        fail(f"slips merge --roster: {r.stdout}{r.stderr}")
    stations = {json.loads(line)["station"] for line in merged.read_text().splitlines()}
    if stations != {"S1", device}:
        fail(f"the merged log has slips of {stations}, not of S1 and {device}")
    # Issue 51, finding 1: the device's log apart, saying what it proves.
    out = r.stdout
    apart, line = out.find("table devices' logs"), out.find(f": device {device} (log")
    if not (0 <= out.find(": station S1 (log") < apart < line):
        fail(f"the merge does not list the device's log apart from the station's:\n{out}")
    report = (results / "report.html").read_text()
    if 'id="device-logs"' not in report or device not in report[report.find('id="device-logs"'):]:
        fail("the report has no table of the devices' logs holding this device")
    print(f"   saved {log.name}, one file: verified, merged with station S1's log, the roster naming both; "
          "the device's log listed apart, as the players' own account")
    return log


def next_event(b, args, base, fingerprint, downloads):
    """Rebuilds the site in place for the next event; reloads until the page runs it, every load
    wholly one event's, and never a screen that judges with the last event's files once the
    server has the next (issue 51, finding 4); the last event's log is kept apart, and can still
    be saved from the menu."""
    r = subprocess.run([args.bin, "web", "build", "--bundle", args.next_bundle, "--trust", args.trust,
                        "-o", f"{args.root}/site", "--module", args.module], capture_output=True, text=True)
    if r.returncode != 0:
        fail(f"web build (the next event): {r.stdout}{r.stderr}")
    # One visit online: the page finds the new service worker and loads itself again.
    b.d.get(f"{base}/site/")
    seen, judging_old = [], []
    end = time.time() + 20
    while time.time() < end:
        v = b.view()
        now = b.js("return window.wjDevice && window.wjDevice.fingerprint")
        if v and v["screen"] == "out-of-service":
            fail(f"a screen during the update: {v}")
        if v and v["screen"] not in ("loading", "next-event") and now == fingerprint:
            judging_old.append(v["screen"])
        if v and now and v["screen"] != "next-event" and now not in v["event_line"]:
            fail(f"the page shows {v['event_line']!r} with the bundle of event {now}")
        if now and (not seen or seen[-1] != now):
            seen.append(now)
        if now and now != fingerprint:
            break
        time.sleep(0.02)
    if not seen or seen[-1] == fingerprint:
        fail(f"the next event was not picked up in 20 s: {seen}")
    old = b.js("return (localStorage.getItem('wordjudge.log.' + arguments[0]) || '').split('\\n').length - 1", fingerprint)
    if old != len(DIVISIONS) or log_lines(b) != 0:
        fail(f"the last event's log holds {old} slips and the next one's {log_lines(b)}")
    b.wait(lambda v: v["screen"] == "choose-division" and seen[-1] in v["event_line"], "the next event's menu")
    if judging_old:
        fail(f"after the site was rebuilt, the page offered {sorted(set(judging_old))} with the last event's files")
    print(f"   {' -> '.join(seen)}, by itself after one visit, no screen judging with the last event's files; "
          f"the last event's {old} slips kept apart")
    # The last event's log, saved from the menu (under the name the first save gave it: that
    # file is set aside first, as the browser writes over it).
    for p in downloads.iterdir():
        p.rename(p.with_name("first-" + p.name))
    before = set(downloads.iterdir())
    button = b.js("return document.querySelector('#other-logs button[data-event=\"' + arguments[0] + '\"]')", fingerprint)
    if button is None:
        fail("the menu offers no way to save the last event's log")
    button.click()
    end = time.time() + 15
    new = []
    while time.time() < end:
        new = sorted(p for p in set(downloads.iterdir()) - before if not p.name.endswith(".crdownload"))
        if new:
            break
        time.sleep(0.1)
    if len(new) != 1 or fingerprint not in new[0].name:
        fail(f"saving the last event's log gave {[p.name for p in new]}")
    r = subprocess.run([args.bin, "slips", "verify", "--log", str(new[0])], capture_output=True, text=True)
    if r.returncode != 0 or f"{len(DIVISIONS)} record" not in r.stdout:
        fail(f"the last event's log, saved after the switch: {r.stdout}{r.stderr}")
    print(f"   the last event's log saved from the next event's menu: {len(DIVISIONS)} slips, verified")
    return seen[-1]


def storage_full(b, args, rng, problems, figures):
    """The browser's storage full: the verdict shows, its slip is not recorded, and says so."""
    clear_verdict(b)
    figures["storage_chars_filled"] = b.js("""
        let n = 0, chunk = 'x'.repeat(256 * 1024), i = 0;
        for (let size = chunk.length; size >= 1; size = Math.floor(size / 2)) {
          try { for (;;) { localStorage.setItem('junk' + i++, chunk.slice(0, size)); n += size; } }
          catch (e) { i--; }
        }
        return n;""")
    before = log_lines(b)
    _, v = play(b, args, 0, "en", "english", rng, None, problems, figures)
    b.d.save_screenshot(str(b_shots(args) / "web-storage-full-verdict-390x844.png"))
    b.js("for (const k of Object.keys(localStorage)) if (k.startsWith('junk')) localStorage.removeItem(k)")
    if v["slip"] is not None or log_lines(b) != before or not v["slip_line"] or "full or turned off" not in v["banner"] \
            or "director" in v["banner"]:
        fail(f"storage full: slip {v['slip']}, {log_lines(b)} slips (before {before}), {v['slip_line']!r}, {v['banner']!r}")
    print(f"   storage full ({figures['storage_chars_filled']:,} characters of other data): {v['verdict']} shown, "
          f"{v['slip_line']!r}, nothing added to the log; {v['banner']!r}")


def two_tabs(b, args, base, rng, problems, figures):
    """One judging tab (issue 51, finding 5): a second tab of the site waits, saying why, while
    the first judges; the first closed, the second takes over and continues the one chain.
    Without Web Locks (an older browser), the older tab's slip is not recorded, and it says
    another tab judged — not that the storage is full."""
    clear_verdict(b)
    first = b.d.current_window_handle
    before = log_lines(b)
    b.d.switch_to.new_window("tab")
    second = b.d.current_window_handle
    v = b.load(f"{base}/site/")
    if v["screen"] != "other-tab" or "another tab" not in v["detail"]:
        fail(f"a second tab of the site: {v}")
    b.d.save_screenshot(str(b_shots(args) / "web-other-tab-390x844.png"))
    b.d.switch_to.window(first)
    play(b, args, 0, "en", "english", rng, None, problems, figures)
    if log_lines(b) != before + 1:
        fail("the first tab's slip was not kept while a second waited")
    b.d.close()
    b.d.switch_to.window(second)
    b.wait(lambda v: v["screen"] == "choose-division", "the waiting tab did not take over when the first closed")
    _, v = play(b, args, 0, "en", "english", rng, None, problems, figures)
    if v["slip"] != before + 2 or log_lines(b) != before + 2:
        fail(f"the tab that took over wrote slip {v['slip']}, the log {log_lines(b)} slips")
    print(f"   two tabs: the second waited ('another tab is judging'), the first wrote slip "
          f"{before + 1}; closed, the second took over and wrote slip {before + 2}: one chain")
    # A browser without Web Locks: both tabs judge, and the older one's slip is refused for what
    # happened.
    clear_verdict(b)
    no_locks = "Object.defineProperty(Navigator.prototype, 'locks', { get: () => undefined });"
    tabs = []
    for _ in range(2):
        b.d.switch_to.new_window("tab")
        b.cdp("Page.addScriptToEvaluateOnNewDocument", source=no_locks)
        b.load(f"{base}/site/")
        tabs.append(b.d.current_window_handle)
    b.d.switch_to.window(second)
    b.d.close()
    b.d.switch_to.window(tabs[1])
    play(b, args, 0, "en", "english", rng, None, problems, figures)
    b.d.switch_to.window(tabs[0])
    _, v = play(b, args, 0, "en", "english", rng, None, problems, figures)
    if v["slip"] is not None or "another tab" not in v["banner"] or "full" in v["banner"]:
        fail(f"without Web Locks, the older tab: slip {v['slip']}, {v['slip_line']!r}, {v['banner']!r}")
    b.d.close()
    b.d.switch_to.window(tabs[1])
    print(f"   without Web Locks: the older tab's slip not recorded: {v['banner'][:120]!r}")


def words_before_the_module(b, base):
    """Issue 51, finding 6: what the page says before its module runs is in the browser's
    language (from the catalogues, through site.json): a browser that cannot run WebAssembly,
    in Catalan."""
    home = b.d.current_window_handle
    b.d.switch_to.new_window("tab")
    b.cdp("Page.addScriptToEvaluateOnNewDocument", source=(
        "Object.defineProperty(Navigator.prototype, 'languages', { get: () => ['ca-ES', 'ca'] });"
        "Object.defineProperty(Navigator.prototype, 'language', { get: () => 'ca-ES' });"
        "WebAssembly.compile = () => Promise.reject(new Error('cap WebAssembly'));"))
    v = b.load(f"{base}/site/")
    title = b.js("return document.getElementById('title').textContent")
    lang = b.js("return document.documentElement.lang")
    b.d.close()
    b.d.switch_to.window(home)
    if v["screen"] != "out-of-service" or title != "FORA DE SERVEI" or "aquest navegador" not in v["detail"] or lang != "ca":
        fail(f"a Catalan browser without WebAssembly: {title!r} ({lang}), {v}")
    print(f"   a Catalan browser without WebAssembly: {title}: {v['detail']!r}")


def to_entry(b, index, count):
    """From the menu: division `index`, `count` words, the entry ready for keys."""
    b.touch(b.view()["choices"][index])
    b.wait(lambda v: v["screen"] == "count", "no count screen")
    b.touch(str(count))
    b.wait(lambda v: v["screen"] == "entry", "no entry screen")
    b.d.find_element(By.ID, "title").click()


def hand_over(b, index, words):
    """Chooses division `index`, types `words` on the keyboard and presses JUDGE after the
    hand-over; the screen then."""
    to_entry(b, index, len(words))
    b.keys(" ".join(words) + Keys.ENTER)
    time.sleep(HANDOVER + 0.1)
    b.touch(b.view()["judge_label"])
    time.sleep(0.2)
    return b.view()


def back_to_menu(b):
    for _ in range(4):
        if b.view()["screen"] == "choose-division":
            return
        b.keys(Keys.ESCAPE)
        time.sleep(0.1)
    b.wait(lambda v: v["screen"] == "choose-division", "Esc did not go back to the menu")


def typing_at_the_table(b, args):
    """Issue 51, finding 6: a held key types one letter."""
    to_entry(b, 0, 1)
    for repeat in [False] + [True] * 6:
        for kind in ("keyDown", "keyUp") if not repeat else ("keyDown",):
            b.cdp("Input.dispatchKeyEvent", type=kind, key="q", code="KeyQ", text="q" if kind == "keyDown" else "",
                  windowsVirtualKeyCode=81, autoRepeat=repeat)
    b.cdp("Input.dispatchKeyEvent", type="keyUp", key="q", code="KeyQ", windowsVirtualKeyCode=81)
    time.sleep(0.2)
    typed = b.view()["current"]
    back_to_menu(b)
    if typed != "Q":
        fail(f"a held Q typed {typed!r}, not one Q")
    print("   a held Q typed one Q (6 repeats refused)")


def announced_at_the_table(b, args):
    """Issue 51, finding 6: the page draws the words area by the station's rule — a dot for
    each announced word not typed yet."""
    to_entry(b, 0, 3)
    dots = lambda: b.js("return document.querySelectorAll('#words .word.announced').length")
    seen = [dots()]
    b.keys("qi ")
    time.sleep(0.2)
    seen.append(dots())
    b.d.save_screenshot(str(b_shots(args) / "web-announced-390x844.png"))
    back_to_menu(b)
    if seen != [2, 1]:
        fail(f"3 words announced: {seen[0]} dots before any was typed and {seen[1]} after one, not 2 and 1")
    print("   3 words announced: 2 dots, then 1 after QI (the station's rule)")


def game_at_the_table(b, args):
    """Issue 51, finding 8: the players give their game's round and table on the menu; the
    header says them and every slip from then on carries them; out of range is refused, saying
    the range, and changes nothing."""
    def give(round_, table):
        # Both fields filled at once, then Enter (emptying one field alone is a change too).
        b.js("document.getElementById('round').value = arguments[0];"
             "document.getElementById('table').value = arguments[1];", round_, table)
        b.d.find_element(By.ID, "table").send_keys(Keys.ENTER)
        time.sleep(0.2)
        return b.view()

    v = give("3", "7")
    if "ROUND 3" not in v["event_line"] or "TABLE 7" not in v["event_line"]:
        fail(f"round 3 and table 7 given: the header says {v['event_line']!r}")
    b.d.save_screenshot(str(b_shots(args) / "web-game-390x844.png"))
    words = [w for w in words_of(f"{args.lists}/english.txt") if len(w) > 3][:1]
    hand_over(b, 0, words)
    clear_verdict(b)
    last = json.loads(b.js("const f = window.wjDevice.fingerprint;"
                           "return (localStorage.getItem('wordjudge.log.' + f) || '').trim().split('\\n').pop()"))
    if (last.get("round"), last.get("table")) != (3, 7):
        fail(f"the slip after round 3, table 7 were given records round {last.get('round')}, table {last.get('table')}")
    # (The round's field takes 3 digits: 1000 cannot be typed. Not a number is refused.)
    v = give("3x", "7")
    note = b.js("return document.getElementById('game-note').className + ' ' + document.getElementById('game-note').textContent")
    if "refused" not in note or "999" not in note or "ROUND 3" not in v["event_line"]:
        fail(f"round 3x given: the note says {note!r}, the header {v['event_line']!r}")
    v = give("", "")
    if "ROUND" in v["event_line"] or "TABLE" in v["event_line"]:
        fail(f"round and table emptied: the header still says {v['event_line']!r}")
    print(f"   round 3, table 7: on the header and slip {last['slip']}; round 3x refused; emptied, none")


def composing_at_the_table(b, args):
    """Issue 51, finding 6: what a keyboard composes (a whole word, as Gboard does) shows."""
    to_entry(b, 0, 1)
    b.keys("q")
    b.d.find_element(By.CSS_SELECTOR, "#controls button.keyboard").click()
    for step in ("U", "UA", "UAT"):
        b.cdp("Input.imeSetComposition", text=step, selectionStart=len(step), selectionEnd=len(step))
    time.sleep(0.2)
    shown = b.js("return [...document.querySelectorAll('#words .current .composing')].map(t => t.textContent).join('')")
    if shown != "UAT":
        fail(f"while a keyboard composed UAT the word showed {shown!r}")
    b.d.save_screenshot(str(b_shots(args) / "web-composing-390x844.png"))
    b.cdp("Input.insertText", text="UAT")
    b.wait(lambda v: v["current"] == "QUAT", "the composed word was not typed")
    if b.js("return document.querySelectorAll('#words .composing').length"):
        fail("a committed composition still shows as composing")
    back_to_menu(b)
    print("   UAT shown while a keyboard composed it, then typed: QUAT")


def guard_at_the_table(b, args, base):
    """Issue 51, finding 3: a failed play's word alone is refused, and stays refused with the
    phone's clock moved 16 minutes ahead and back and the page reloaded; the refusal says what
    the players can do at the table, on screen at 360x640."""
    words = [w for w in words_of(f"{args.lists}/english.txt") if len(w) > 3][:2]
    v = hand_over(b, 0, [words[0], "QXZVW"])
    if v["verdict"] != "UNACCEPTABLE":
        fail(f"{words[0]} QXZVW: {v}")
    failed = v["slip"]
    clear_verdict(b)
    part = [words[0], words[1]]
    for minutes in (0, 16, -16):
        moved = b.cdp("Page.addScriptToEvaluateOnNewDocument",
                      source=f"{{ const moved = {minutes} * 60000, real = Date.now; Date.now = () => real() + moved; }}")
        try:
            if minutes:
                b.load(f"{base}/site/")
            shift = b.js("return Math.round((Date.now() - performance.timeOrigin - performance.now()) / 60000)")
            if shift != minutes:
                fail(f"the page's clock is {shift} minutes off, not {minutes}")
            v = hand_over(b, 0, part)
        finally:
            b.cdp("Page.removeScriptToEvaluateOnNewDocument", identifier=moved["identifier"])
        if v["screen"] == "verdict" or f"part of slip {failed}" not in v["hint"]:
            fail(f"with the clock moved {minutes} minutes and the page reloaded, {' '.join(part)} "
                 f"(part of slip {failed}) was not refused: {v['screen']} {v['verdict']} {v['hint']!r}")
        back_to_menu(b)
    b.load(f"{base}/site/")
    b.size(360, 640)
    v = hand_over(b, 0, part)
    problems = b.js("""
        const h = document.getElementById('hint').getBoundingClientRect(),
              m = document.getElementById('main').getBoundingClientRect();
        return h.height > 0 && h.top >= m.top - 0.5 && h.bottom <= m.bottom + 0.5 && h.bottom <= innerHeight
          ? [] : ['the refusal is at ' + [h.top, h.bottom].map(Math.round) + ', the screen shows ' + [m.top, m.bottom].map(Math.round)];""")
    b.d.save_screenshot(str(b_shots(args) / "web-guard-refusal-360x640.png"))
    b.size(*SIZES[1])
    if problems:
        fail(f"the refusal at 360x640: {problems}")
    if "this device will not" not in v["hint"]:
        fail(f"the refusal does not say what the players can do at the table: {v['hint']!r}")
    back_to_menu(b)
    print(f"   {words[0]} QXZVW failed (slip {failed}); {' '.join(part)} refused, and refused still with the clock "
          "moved 16 minutes ahead and back, the page reloaded; the refusal on screen at 360x640, saying what to do")


def fetched_once(b, args, figures):
    """Issue 51, finding 7: on the first visit every file of the site is fetched from the server
    once (the module and the bundle were fetched twice: by the page, then by the service worker);
    the bytes fetched are a figure of BENCHMARKS.md."""
    b.wait(lambda v: b.js("return !!navigator.serviceWorker.controller"), "no service worker took over")
    time.sleep(0.5)
    site = pathlib.Path(args.root) / "site"
    counts = {}
    for line in pathlib.Path(args.server_log).read_text().splitlines():
        # Each file's bytes: a 200 answer (a 304, "not modified", sends none).
        if '"GET /site/' in line and '" 200 ' in line:
            name = line.split('"GET /site/', 1)[1].split(" ", 1)[0].split("?", 1)[0] or "index.html"
            counts[name] = counts.get(name, 0) + 1
    served = {n: c for n, c in counts.items() if (site / n).is_file()}
    figures["first_visit_requests"] = served
    figures["first_visit_bytes"] = sum((site / n).stat().st_size * c for n, c in served.items())
    twice = {n: c for n, c in served.items() if c > 1 and n != "site.json"}
    if twice:
        fail(f"on the first visit these files were fetched more than once: {twice}")
    # From a plain static server (python's: nothing compressed), a small event's whole site.
    if figures["first_visit_bytes"] > 2_500_000:
        fail(f"the first visit fetched {figures['first_visit_bytes']:,} bytes, over 2.5 MB")
    print(f"   first visit: {len(served)} files' bytes fetched, each once (site.json {counts.get('site.json', 0)}x: "
          f"the page asks the server which event it serves), {figures['first_visit_bytes']:,} bytes uncompressed")


def event_named(b, fingerprint):
    """Issue 51, finding 2: every screen names the event, when it was packed (on the event's
    clock, America/Toronto, whatever the phone's) and its fingerprint; so does the page's title."""
    v = b.view()
    event = v.get("event") or {}
    title = b.d.title
    shown = b.js("return document.getElementById('event-name').textContent")
    if "Club night" not in title or fingerprint not in title:
        fail(f"the page's title is {title!r}")
    if "Club night" not in shown or not event.get("when") or event["when"] not in shown:
        fail(f"the header names the event as {shown!r}")
    from datetime import datetime
    from zoneinfo import ZoneInfo
    packed = datetime.fromisoformat(event["packed"].replace("Z", "+00:00"))
    hall = packed.astimezone(ZoneInfo("America/Toronto")).strftime("%H:%M")
    if hall not in event["when"]:
        fail(f"packed at {event['packed']}, shown as {event['when']!r}, not on the hall's clock ({hall})")
    print(f"   the header: {shown!r} (Toronto's clock); the title: {title!r}")


def poster(b, base, fingerprint):
    """Issue 51, finding 2: the poster for the tables is one printed page naming the event and
    its fingerprint, and its QR code reads back as the site's address."""
    b.d.get(f"{base}/site/poster.html")
    b.cdp("Emulation.clearDeviceMetricsOverride")
    b.d.set_window_size(900, 1300)
    shot = b_shots_dir / "web-poster.png"
    b.d.save_screenshot(str(shot))
    r = subprocess.run(["zbarimg", "--quiet", "--raw", str(shot)], capture_output=True, text=True)
    address = r.stdout.strip()
    pdf = b.cdp("Page.printToPDF", paperWidth=8.27, paperHeight=11.69, printBackground=True)
    import base64
    data = base64.b64decode(pdf["data"])
    (b_shots_dir / "web-poster.pdf").write_bytes(data)
    pages = data.count(b"/Type /Page") - data.count(b"/Type /Pages")
    text = b.js("return document.body.innerText")
    b.size(*SIZES[1])
    b.load(f"{base}/site/")
    if address != f"{base}/site/":
        fail(f"the poster's QR code reads {address!r} (zbarimg: {r.stderr.strip()!r}), not {base}/site/")
    if pages != 1:
        fail(f"the poster prints on {pages} pages")
    if fingerprint not in text or "Club night" not in text:
        fail(f"the poster does not name the event and its fingerprint: {text[:300]!r}")
    print(f"   the poster: one page, its QR code reads {address}, it names the event and {fingerprint}")


def old_event_offline(b, base, fingerprint):
    """Issue 51, finding 4: offline, with the event packed more than a day ago, every screen
    says so; online (checked), nothing is said."""
    moved = b.cdp("Page.addScriptToEvaluateOnNewDocument",
                  source="{ const real = Date.now; Date.now = () => real() + 25 * 3600000; }")
    try:
        b.load(f"{base}/site/")
        stale = b.js("const s = document.getElementById('stale'); return s ? s.textContent : ''")
        b.d.save_screenshot(str(b_shots_dir / "web-old-event-offline-390x844.png"))
    finally:
        b.cdp("Page.removeScriptToEvaluateOnNewDocument", identifier=moved["identifier"])
    b.load(f"{base}/site/")
    if "could not check for a newer one" not in stale:
        fail(f"offline, an event packed 25 hours ago says {stale!r}")
    if b.js("return document.getElementById('stale').textContent"):
        fail("offline, an event packed a moment ago is called old")
    print(f"   offline, packed 25 h ago: {stale[:90]!r}…")


def b_shots(args):
    return pathlib.Path(args.results) / "screens"


b_shots_dir = None


def main():
    global b_shots_dir
    p = argparse.ArgumentParser()
    for a in ["--bin", "--port", "--station", "--lists", "--results", "--server-pid", "--root",
              "--next-bundle", "--trust", "--module", "--roster", "--server-log"]:
        p.add_argument(a, required=True)
    args = p.parse_args()
    results = pathlib.Path(args.results)
    shots = results / "screens"
    shots.mkdir(parents=True, exist_ok=True)
    b_shots_dir = shots
    downloads = results / "downloads"
    downloads.mkdir(exist_ok=True)
    base = f"http://127.0.0.1:{args.port}"
    rng = random.Random(20261128)
    figures = {"judge_to_frame_ms": []}
    problems = []
    b = Browser(downloads.resolve())
    try:
        print("-- a changed bundle, another key: OUT OF SERVICE")
        for site, why in [("bad-byte", "do not verify"), ("bad-key", "not the event the site was built for"),
                          ("bad-signer", "not the event the site was built for")]:
            v = b.load(f"{base}/{site}/")
            if v["screen"] != "out-of-service" or why not in v["detail"]:
                fail(f"{site}: {v}")
            b.d.save_screenshot(str(shots / f"web-{site}-390x844.png"))
            print(f"   {site}: OUT OF SERVICE: {v['detail'][:110]}…")

        print("-- the event's site: ten divisions, by touch and by keys, at four sizes")
        v = b.load(f"{base}/site/")
        figures["first_screen_ms"] = b.js("return window.wjTimings.firstView")
        fingerprint = b.js("return window.wjDevice.fingerprint")
        if fingerprint not in v["event_line"] or v["screen"] != "choose-division":
            fail(f"the first screen: {v}")
        check(b, base, "each file fetched once", fetched_once, b, args, figures)
        check(b, base, "the event named on every screen", event_named, b, fingerprint)
        check(b, base, "the poster", poster, b, base, fingerprint)
        b.fit("choose-division", shots, problems)
        for i, (lang, alphabet) in enumerate(DIVISIONS):
            chosen, _ = play(b, args, i, lang, alphabet, rng, shots, problems, figures)
            if lang == "ca":
                second_opinion_with_fewer_words(b, chosen)
            else:
                clear_verdict(b)
        figures["first_verdict_ms"] = figures["first_screen_ms"] + figures["judge_to_frame_ms"][0]
        for name in ["keyToFrame", "handled"]:
            keys = sorted(b.js(f"return window.wjTimings.{name}"))
            figures[f"{name}_ms"] = {"inputs": len(keys), "median": keys[len(keys) // 2],
                                     "p95": keys[int(len(keys) * 0.95)], "max": keys[-1]}
        if log_lines(b) != len(DIVISIONS):
            fail(f"the device's log holds {log_lines(b)} slips, not {len(DIVISIONS)}")

        print("-- the log, saved and merged")
        check(b, base, "the device's log apart", save_and_merge, b, args, downloads, results)

        print("-- installable, and the next event picked up whole")
        errors = b.cdp("Page.getInstallabilityErrors")["installabilityErrors"]
        if errors:
            fail(f"the site is not installable: {errors}")
        next_fingerprint = check(b, base, "the next event without a gap", next_event, b, args, base,
                                 fingerprint, downloads)
        if next_fingerprint is None:  # an older build, run with WJ_E2E_KEEP_GOING=1
            b.wait(lambda v: v["screen"] == "choose-division", "no menu after the next event")
            time.sleep(8)
            b.load(f"{base}/site/")
            next_fingerprint = b.js("return window.wjDevice.fingerprint")

        print("-- the last event's site at the same address: refused (issue 49, finding 5)")
        v = b.load(f"{base}/old-site/")
        if v["screen"] != "out-of-service" or "older than the event this device judged" not in v["detail"] \
                or fingerprint not in v["detail"] or next_fingerprint not in v["detail"]:
            fail(f"the older event's site: {v}")
        b.d.save_screenshot(str(shots / "web-older-event-390x844.png"))
        print(f"   OUT OF SERVICE: {v['detail'][:110]}…")
        v = b.load(f"{base}/site/")
        if v["screen"] != "choose-division" or next_fingerprint not in v["event_line"]:
            fail(f"back on the current site: {v}")
        fingerprint = next_fingerprint

        print("-- offline: the network cut, the server stopped, the page reloaded")
        b.js("return navigator.serviceWorker.ready.then(() => true)")
        b.wait(lambda v: b.js("return !!navigator.serviceWorker.controller"), "no service worker controls the page")
        b.cdp("Network.enable")
        b.cdp("Network.emulateNetworkConditions", offline=True, latency=0, downloadThroughput=-1,
              uploadThroughput=-1)
        os.kill(int(args.server_pid), signal.SIGTERM)
        time.sleep(0.3)
        v = b.load(f"{base}/site/")
        figures["first_screen_cached_ms"] = b.js("return window.wjTimings.firstView")
        # The same opening on a slow phone's CPU (Chromium's 4x throttling): measured, reported.
        b.cdp("Emulation.setCPUThrottlingRate", rate=4)
        b.load(f"{base}/site/")
        figures["first_screen_cached_4x_cpu_ms"] = b.js("return window.wjTimings.firstView")
        b.cdp("Emulation.setCPUThrottlingRate", rate=1)
        b.load(f"{base}/site/")
        if v["screen"] != "choose-division" or fingerprint not in v["event_line"]:
            fail(f"offline, the page shows {v}")
        chosen, _ = play(b, args, 0, "en", "english", rng, None, problems, figures)
        figures["first_verdict_cached_ms"] = figures["first_screen_cached_ms"] + figures["judge_to_frame_ms"][-1]
        if log_lines(b) != 1:
            fail("offline, the slip was not the first of the next event's log")
        b.d.save_screenshot(str(shots / "web-offline-verdict-390x844.png"))
        print("   offline: judged, and its slip kept")
        check(b, base, "an old event offline", old_event_offline, b, base, fingerprint)
        check(b, base, "storage full, said so", storage_full, b, args, rng, problems, figures)
        print("-- at the table: a held key, a composing keyboard, the guard and the phone's clock")
        clear_verdict(b)
        check(b, base, "a held key", typing_at_the_table, b, args)
        check(b, base, "announced words", announced_at_the_table, b, args)
        check(b, base, "the players' round and table", game_at_the_table, b, args)
        check(b, base, "a composing keyboard", composing_at_the_table, b, args)
        check(b, base, "the guard and the phone's clock", guard_at_the_table, b, args, base)
        print("-- one judging tab")
        check(b, base, "one judging tab", two_tabs, b, args, base, rng, problems, figures)
        check(b, base, "the words before the module", words_before_the_module, b, base)
    finally:
        b.d.quit()
    figures["judge_to_frame_ms"] = {"median": sorted(figures["judge_to_frame_ms"])[len(figures["judge_to_frame_ms"]) // 2],
                                    "max": max(figures["judge_to_frame_ms"])}
    (results / "figures.json").write_text(json.dumps(figures, indent=2) + "\n")
    print(json.dumps(figures))
    if FAILED_CHECKS:
        (results / "failed-checks.txt").write_text("\n".join(FAILED_CHECKS) + "\n")
        fail(f"{len(FAILED_CHECKS)} check(s) failed:\n  " + "\n  ".join(FAILED_CHECKS))
    if problems:
        (results / "fit-problems.txt").write_text("\n".join(problems) + "\n")
        fail(f"{len(problems)} fit problem(s), e.g.:\n  " + "\n  ".join(problems[:15]))


if __name__ == "__main__":
    try:
        main()
    except Failed:
        sys.exit(1)
