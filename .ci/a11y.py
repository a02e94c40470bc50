"""The station through a screen reader's eyes: the AT-SPI accessibility tree and its events.

    /usr/bin/python3 .ci/a11y.py STATION_DIR OUT_DIR LOCALES_DIR LANG

Run by .ci/e2e-a11y, once for each LANG (en, ca), which starts the station (divisions: 1 demo,
English; 2 catalan, Catalan; the director's language LANG, for the PIN prompt) on an X display
with a private session bus and AT-SPI bus, IsEnabled and ScreenReaderEnabled set. This script
plays the station with xdotool and reads it only through AT-SPI (pyatspi, Debian's
python3-pyatspi: run it with /usr/bin/python3).

In LANG's division (en: the demo division; ca: the catalan division) it reaches every screen the
players reach, walks the station's tree, prints each node (role, name, description, enabled)
and writes it to OUT_DIR/LANG-SCREEN.txt, and checks:

1. labels: every push button has a name; the screen's fixed texts (found by their catalogue ids
   in LOCALES_DIR/LANG.ftl) are there in the screen's language, and for Catalan the English text
   of those ids is not, nor (on every screen but the bilingual division menu) any other English
   catalogue text;
2. the verdict is announced: within a few seconds of JUDGE an `object:announcement` event
   (assertive) carries the spoken verdict, e.g. "✗ UNACCEPTABLE. Slip 2." in the screen's
   language, with the slip number the slip log wrote;
3. the typed words are read back: each word's node is named "word N: WORD" and described by its
   tiles, "C, O, L·L, E, G, I";
4. no announcement names a failed word (see check_failed_words);
5. a screen reader that follows the focus and speaks its name changes (Orca 43, Debian 12's,
   which does not speak live regions) hears the handed-over words spelled and the verdict: the
   focused node is named so;
6. it hears every refusal too, in the screen's language, first in the focused node's name: a
   count past the limit, a word of one letter, a new challenge on part of the play just judged
   UNACCEPTABLE, a second opinion on a slip there is not (see refusals).

Every failed check is collected and printed as "A11Y FAILED: LANG SCREEN: what"; the exit status
is 1 if any failed. A screen that never comes stops the run at once.
"""

import json
import os
import re
import subprocess
import sys
import time

import gi

gi.require_version("Atspi", "2.0")
from gi.repository import Atspi, GLib  # noqa: E402
import pyatspi  # noqa: E402

import ftl  # noqa: E402  (.ci/ftl.py)

STATION_DIR, OUT_DIR, LOCALES, LANG = sys.argv[1:5]
APP_NAME = "wordjudge-station"
ASSERTIVE = 2  # object:announcement's detail1: ATSPI_LIVE_ASSERTIVE

# libatspi 2.46 does not know the signature of AccessKit's Cache.AddAccessible signal and warns
# on every node added ("dbind-WARNING ... unknown signature"): harmless (it asks the node
# instead), and kept out of the output.
GLib.log_set_handler("dbind", GLib.LogLevelFlags.LEVEL_WARNING, lambda *a: None)


CATALOGUES = {code: ftl.catalogue(LOCALES, code) for code in ("en", "ca")}


def tr_raw(lang, msg_id):
    return CATALOGUES[lang][msg_id]


def tr(lang, msg_id, **args):
    text = ftl.fill(CATALOGUES[lang][msg_id], **args)
    if "{" in text:
        raise SystemExit(f"a11y.py: {lang} {msg_id} has a placeholder left: {text}")
    return text


failures = []


def fail(lang, screen, what):
    msg = f"A11Y FAILED: {lang} {screen}: {what}"
    print(msg, flush=True)
    failures.append(msg)


def fatal(lang, screen, what, nodes=None):
    if nodes is not None:
        print(f"-- the tree as last seen ({lang} {screen}):")
        for n in nodes:
            print("   " + n.line())
    print(f"A11Y FAILED: {lang} {screen}: {what}", flush=True)
    for f in failures:
        print(f"  (also) {f}")
    sys.exit(1)


# ---------------------------------------------------------------------------------------------
# Events: every event of these kinds is recorded from the start, with the time it came.
EVENT_KINDS = [
    "object:announcement",
    "object:property-change:accessible-name",
    "object:property-change:accessible-description",
    "object:text-changed",
    "object:children-changed",
    "object:state-changed",
    "object:visible-data-changed",
    "object:attributes-changed",
    "window",
    "focus:",
]
events = []


def on_event(e):
    """Records an event with the texts a screen reader could take from it: its string (an
    announcement, a new name or description, text inserted), the node it added, and the name and
    description of the node it came from -- but not of a node leaving the screen (a node
    removed, or defunct), which nothing reads out."""
    texts = []
    data = e.any_data
    leaving = e.type.startswith("object:children-changed:remove") or \
        e.type == "object:state-changed:defunct"
    if isinstance(data, str):
        texts.append(data)
    elif isinstance(data, Atspi.Accessible) and not leaving:
        for attr in ("name", "description"):
            try:
                texts.append(getattr(data, attr) or "")
            except Exception:  # a node already gone
                pass
    source = ""
    try:
        source = f"{e.source.getRoleName()} {e.source.name!r}"
        if not leaving:
            texts.append(e.source.name or "")
            texts.append(e.source.description or "")
    except Exception:
        pass
    events.append(dict(t=time.monotonic(), type=e.type, detail1=e.detail1,
                       data=data if isinstance(data, str) else None,
                       texts=[t for t in texts if t], source=source))


for kind in EVENT_KINDS:
    pyatspi.Registry.registerEventListener(on_event, kind)
context = GLib.MainContext.default()


def pump(seconds=0.0):
    """Lets events arrive (they are delivered by GLib's main loop) for `seconds`."""
    end = time.monotonic() + seconds
    while True:
        while context.pending():
            context.iteration(False)
        if time.monotonic() >= end:
            return
        time.sleep(0.02)


# ---------------------------------------------------------------------------------------------
# The tree.
class Node:
    def __init__(self, depth, role, name, description, enabled, attributes, focused=False):
        self.depth, self.role, self.name = depth, role, name
        self.description, self.enabled, self.attributes = description, enabled, attributes
        self.focused = focused

    def line(self):
        attrs = f" attributes={self.attributes}" if self.attributes else ""
        focus = " FOCUSED" if self.focused else ""
        return (f"{'  ' * self.depth}[{self.role}] name={self.name!r} "
                f"description={self.description!r} enabled={self.enabled}{attrs}{focus}")


def app():
    desktop = pyatspi.Registry.getDesktop(0)
    for i in range(desktop.childCount):
        a = desktop.getChildAtIndex(i)
        if a is not None and a.name == APP_NAME:
            # No cache: every read asks the station, so a name is never an old one.
            a.set_cache_mask(Atspi.Cache.NONE)
            return a
    return None


def walk():
    """Every descendant of the station's application, depth first; None while the tree is
    changing under the walk (a node gone between two calls)."""
    root = app()
    if root is None:
        return None
    nodes = []

    def visit(acc, depth):
        attributes = acc.getAttributes() or []
        state = acc.getState()
        nodes.append(Node(depth, acc.getRoleName(), acc.name or "", acc.description or "",
                          state.contains(pyatspi.STATE_ENABLED),
                          sorted(attributes), state.contains(pyatspi.STATE_FOCUSED)))
        for i in range(acc.childCount):
            child = acc.getChildAtIndex(i)
            if child is not None:
                visit(child, depth + 1)

    try:
        for i in range(root.childCount):
            visit(root.getChildAtIndex(i), 0)
    except GLib.Error:
        return None
    return nodes


def texts_of(nodes):
    return [t for n in nodes for t in (n.name, n.description) if t]


def has_text(nodes, text):
    return any(text in t for t in texts_of(nodes))


def wait_for(lang, screen, predicate, what, timeout=8.0):
    """Polls the tree until predicate(nodes) holds; stops the run if it never does."""
    end = time.monotonic() + timeout
    nodes = None
    while time.monotonic() < end:
        pump()
        got = walk()
        if got is not None:
            nodes = got
            if predicate(nodes):
                return nodes
        time.sleep(0.1)
    fatal(lang, screen, f"{what} did not appear within {timeout:.0f} s", nodes)


def wait_text(lang, screen, text, timeout=8.0):
    return wait_for(lang, screen, lambda ns: has_text(ns, text), f"a node with {text!r}", timeout)


def dump(lang, screen, nodes):
    path = os.path.join(OUT_DIR, f"{lang}-{screen}.txt")
    with open(path, "w", encoding="utf-8") as f:
        for n in nodes:
            f.write(n.line() + "\n")
    print(f"-- {lang} {screen} ({len(nodes)} nodes, {path}):")
    for n in nodes:
        print("   " + n.line())


# English catalogue texts that must not be on a Catalan screen: every one-line message without
# placeholders whose Catalan text differs (so "PIN" or "Backspace", the same in both, are not
# counted), at least two words or eight letters long (so a short word cannot match by chance).
ENGLISH_ONLY = sorted(
    {text for mid, text in CATALOGUES["en"].items()
     if "{" not in text and CATALOGUES["ca"].get(mid) not in (None, text)
     and (" " in text or len(text) >= 8)},
    key=len, reverse=True)


def check_screen(lang, screen, nodes, ids, multilingual=False):
    """Check 1 on one screen: push buttons named; the ids' texts in `lang`, not in English."""
    dump(lang, screen, nodes)
    for n in nodes:
        if n.role == "push button" and not n.name.strip():
            fail(lang, screen, f"a push button has no name ({n.line().strip()})")
    for msg_id, args in ids:
        want = tr(lang, msg_id, **args)
        if not has_text(nodes, want):
            fail(lang, screen, f"no node says {msg_id} in {lang}: {want!r}")
        if lang != "en" and not multilingual:
            english = tr("en", msg_id, **args)
            if english != want and has_text(nodes, english):
                fail(lang, screen, f"{msg_id} is in English: {english!r}")
    if lang != "en" and not multilingual:
        for n in nodes:
            for t in (n.name, n.description):
                for english in ENGLISH_ONLY:
                    if re.search(r"(?<!\w)" + re.escape(english) + r"(?!\w)", t):
                        fail(lang, screen, f"English on a Catalan screen: {english!r} in "
                                           f"[{n.role}] {t!r}")
                        break


# ---------------------------------------------------------------------------------------------
# Driving the station.
def xdotool(*args):
    subprocess.run(["xdotool", *args], check=True)


def typed(text):
    xdotool("type", "--delay", "40", text)


def shot(name):
    """A screenshot of the display as OUT_DIR/NAME.png, for people to look at."""
    subprocess.run(f"xwd -root -silent | convert xwd:- '{OUT_DIR}/{name}.png'", shell=True,
                   check=False)


def last_slip():
    path = os.path.join(STATION_DIR, "slips.jsonl")
    if not os.path.exists(path):
        return None
    with open(path, encoding="utf-8") as f:
        lines = [json.loads(line) for line in f if line.strip()]
    return lines[-1] if lines else None


def play(lang, division, words, spelled, verdict_id, tag, screens):
    """One challenge from the division menu to the verdict cleared; returns the verdict
    screen's nodes and the events from JUDGE until the verdict cleared."""
    L = lambda mid, **a: tr(lang, mid, **a)  # noqa: E731
    # The division menu: in every division's language at once, by design, so English is not
    # looked for there.
    nodes = wait_text(lang, "menu", tr(lang, "choose-division"))
    if "menu" in screens:
        check_screen(lang, "menu", nodes, [("choose-division", {})], multilingual=True)
        if lang != "en":
            english = [n.name for n in nodes if n.name and any(
                n.name == tr("en", mid) for mid in CATALOGUES["en"] if "{" not in tr_raw("en", mid))]
            print(f"-- NOTE {lang} menu: in the station's default language, before a division "
                  f"is chosen: {english}")
    typed(str(division))
    nodes = wait_text(lang, "count", L("count-title"))
    if "count" in screens:
        check_screen(lang, "count", nodes, [("count-title", {}), ("count-detail", {"max": 8}),
                                            ("label-second-opinion", {})])
        # The director's PIN prompt over this division's screen, then back (Esc).
        xdotool("key", "ctrl+alt+d")
        nodes = wait_text(lang, "pin", L("pin-title"))
        check_screen(lang, "pin", nodes, [("pin-title", {}), ("label-cancel", {})])
        xdotool("key", "Escape")
        wait_for(lang, "pin", lambda ns: not has_text(ns, L("pin-title")),
                 "the players' screen after Esc on the PIN prompt")
        nodes = walk() or []
        if not has_text(nodes, L("count-title")):
            # Esc went back to the division menu: choose the division again.
            wait_text(lang, "menu", tr(lang, "choose-division"))
            typed(str(division))
            wait_text(lang, "count", L("count-title"))
    typed(str(len(words)))
    wait_text(lang, "entry", L("entry-title"))
    typed(" ".join(w.replace("·", ".") for w in words))  # L·L is typed L.L
    names = [f"{L('label-word')} {i + 1}: {w}" for i, w in enumerate(words)]
    nodes = wait_for(lang, "entry", lambda ns: all(any(n.name == x for n in ns) for x in names),
                     f"word nodes named {names}")
    screen = f"entry-{tag}"
    check_screen(lang, screen, nodes, [("entry-title", {}), ("label-words-typed", {}),
                                       ("label-done", {}), ("label-second-opinion", {})])
    # Check 3: each word's node spells it, tile by tile.
    for name, word, tiles in zip(names, words, spelled):
        node = next(n for n in nodes if n.name == name)
        want = ", ".join(tiles)
        if node.description != want:
            fail(lang, screen, f"the node {name!r} is described {node.description!r}, "
                               f"expected its tiles {want!r}")
    xdotool("key", "Return")
    nodes = wait_text(lang, "handover", L("handed-over-title"))
    if "handover" in screens:
        check_screen(lang, "handover", nodes, [("handed-over-title", {}),
                                               ("handed-over-pause", {})])
    # Check 5: a screen reader that follows the focus (and speaks a change of the focused
    # object's name, as Debian 12's Orca 43 does; it does not speak live regions) hears the
    # handed-over words spelled tile by tile.
    want = [", ".join(tiles) for tiles in spelled]
    nodes = wait_for(lang, "handover",
                     lambda ns: any(n.focused and all(w in n.name for w in want) for n in ns),
                     f"the focused node named with every word spelled {want}")
    # JUDGE is taken only after the hand-over pause: its end shows handed-over-ready.
    wait_text(lang, "handover", L("handed-over-ready"))
    pump(0.3)  # the events of the pause's end, so that none is taken for one after JUDGE
    before = last_slip()
    judged_at = time.monotonic()
    xdotool("key", "Tab")
    # The verdict: the slip log has its number once the verdict is on screen.
    verdict = L(verdict_id)
    nodes = wait_for(lang, f"verdict-{tag}",
                     lambda ns: any(n.name.startswith(verdict + ".") for n in ns),
                     f"the verdict node {verdict!r}")
    shot(f"{lang}-verdict-{tag}")
    slip = last_slip()
    if slip is None or (before is not None and slip["slip"] <= before["slip"]):
        fatal(lang, f"verdict-{tag}", "no new slip in slips.jsonl after JUDGE")
    spoken = L("spoken-slip", verdict=verdict, slip=slip["slip"])
    # Check 2: the announcement. AccessKit sends object:announcement (detail1 = politeness)
    # for a node in an assertive live region; wait up to 5 s for the one with the verdict.
    end = time.monotonic() + 5
    while time.monotonic() < end:
        pump(0.05)
        if any(e["type"] == "object:announcement" and e["t"] >= judged_at
               and e["data"] is not None and spoken in e["data"] for e in events):
            break
    announced = [e for e in events if e["type"] == "object:announcement" and e["t"] >= judged_at]
    carrying = [e for e in events if e["t"] >= judged_at and any(spoken in t for t in e["texts"])]
    screen = f"verdict-{tag}"
    check_screen(lang, screen, nodes, [(verdict_id, {}), ("label-any-key-clears", {}),
                                       ("label-second-opinion", {}),
                                       ("spoken-slip", {"verdict": verdict, "slip": slip["slip"]})])
    print(f"-- {lang} {screen}: announcements after JUDGE, in order:")
    for e in announced:
        print(f"   +{e['t'] - judged_at:.2f}s politeness={e['detail1']} {e['data']!r}")
    print(f"-- {lang} {screen}: events carrying {spoken!r}: "
          + ", ".join(sorted({e['type'] for e in carrying})))
    hits = [e for e in announced if e["data"] is not None and spoken in e["data"]]
    if not hits:
        fail(lang, screen, f"no object:announcement with {spoken!r} within 5 s of JUDGE")
    elif all(e["detail1"] != ASSERTIVE for e in hits):
        fail(lang, screen, f"{spoken!r} was announced, but not assertively "
                           f"(politeness {hits[0]['detail1']})")
    others = [e["data"] for e in announced if e["detail1"] == ASSERTIVE and e["data"]
              and spoken not in e["data"]]
    if others:
        # A screen reader may speak each assertive announcement over the last, so the verdict
        # would be cut short by the ones after it: the verdict is the only one (the live region
        # is its own node, not the whole screen, whose every node AccessKit would make live).
        fail(lang, screen, f"{len(others)} other assertive announcement(s) with the verdict: "
                           f"{others!r}")
    # Check 5, on the verdict: the focused node is named by the verdict (what Orca 43 speaks).
    if not any(n.focused and n.name == spoken for n in walk() or []):
        fail(lang, screen, f"the focused node is not named {spoken!r} (a reader that follows "
                           "the focus would not hear the verdict)")
    live = [n for n in nodes if n.name == spoken]
    print(f"-- {lang} {screen}: the verdict node's attributes: "
          + (repr(live[0].attributes) if live else "(no node named exactly the spoken verdict)"))
    # The verdict clears: after its least time (2 s) a key clears it; the division menu is back.
    while time.monotonic() < judged_at + 2.3:
        pump(0.05)
    xdotool("key", "space")
    wait_text(lang, screen, tr(lang, "choose-division"))
    pump(0.3)
    return nodes, [e for e in events if e["t"] >= judged_at], slip


def focus_says(lang, screen, text, what):
    """Check 6: the focused node's name begins with `text` (a refusal, in `lang`): a reader
    that follows the focus and speaks its name changes (Orca 43) hears it. Returns the nodes."""
    nodes = wait_for(lang, screen, lambda ns: any(n.focused and n.name.startswith(text)
                                                  for n in ns),
                     f"the focused node named first by {what} {text!r}")
    focused = [n.name for n in nodes if n.focused]
    print(f"-- {lang} {screen}: the focus is named {focused!r}")
    dump(lang, screen, nodes)
    return nodes


def refusals(lang, division, failed_word, failed_slip):
    """Check 6: whatever judges nothing is said where the focus is, in the division's language:
    a count past the limit, a new challenge on part of the play just judged UNACCEPTABLE (the
    re-challenge guard), a word too short, a second opinion on a slip there is not. Each is
    looked for at the start of the focused node's name."""
    L = lambda mid, **a: tr(lang, mid, **a)  # noqa: E731
    wait_text(lang, "menu", tr(lang, "choose-division"))
    typed(str(division))
    wait_text(lang, "count", L("count-title"))
    typed("9")
    focus_says(lang, "refused-count", L("hint-press-count", max=8), "the count refused")
    typed("1")
    wait_text(lang, "entry", L("entry-title"))
    typed("A")
    xdotool("key", "Return")
    short = "hint-short-word" if lang == "en" else "hint-one-tile"
    focus_says(lang, "refused-word", L(short, n=1), "a word of one letter refused")
    xdotool("key", "Escape")
    typed(failed_word)
    xdotool("key", "Return")
    play = L("failed-play-slip", slip=failed_slip)
    nodes = focus_says(lang, "refused-rechallenge", L("hint-part-of-failed-play", play=play),
                       "the re-challenge refused")
    shot(f"{lang}-refused-rechallenge")
    for n in nodes:
        if n.focused and failed_word in n.name:
            fail(lang, "refused-rechallenge", f"the focus names the word typed: {n.name!r}")
    xdotool("key", "Escape")
    xdotool("key", "Escape")
    wait_text(lang, "count", L("count-title"))
    xdotool("key", "F2")
    wait_text(lang, "slip-number", L("slip-number-title"))
    typed("999")
    xdotool("key", "Return")
    focus_says(lang, "refused-second-opinion", L("hint-no-such-slip", slip=999),
               "the second opinion refused")
    xdotool("key", "Escape")
    wait_for(lang, "menu", lambda ns: has_text(ns, tr(lang, "choose-division"))
             or has_text(ns, L("count-title")), "the menu or the count after Esc")
    xdotool("key", "Escape")
    wait_text(lang, "menu", tr(lang, "choose-division"))


def check_failed_words(lang, screen, words, spelled, failed, nodes, judged_events):
    """Check 4, on an UNACCEPTABLE play with good and failed words.

    What is asserted, exactly: every text a screen reader could be given from JUDGE until the
    verdict cleared -- the name and description of every node on the verdict screen, and every
    event's text (an announcement's or a name change's string, and the name and description of
    the node an event came from or added) -- that mentions a failed word (as a whole word) is
    the echo of the whole play: its words are exactly the play's words, in order, and nothing
    else (no "word 2: QZX", no "QZX: not valid", no verdict word beside it). The echo names
    every word alike, so it cannot single out the one that failed, and then no text anywhere
    puts a failed word beside "unacceptable" or any other word. A word spelled out tile by tile
    ("Q, Z, X", as the entry screen describes its words) counts as naming it; the whole play
    spelled out, every word in order and nothing else, counts as the echo.
    """
    spelling = {w: ", ".join(t) for w, t in zip(words, spelled)}

    def mentions(text, word):
        return any(re.search(r"(?<![\w·])" + re.escape(form) + r"(?![\w·])", text.upper())
                   for form in (word, spelling[word]))

    def is_echo(text):
        if text.upper().split() == [w.upper() for w in words]:
            return True
        rest = text.upper()
        for w in words:  # the whole play spelled out, in order, between separators only
            head, found, rest = rest.partition(spelling[w])
            if not found or re.sub(r"[\s,;.:]", "", head):
                return False
        return not re.sub(r"[\s,;.:]", "", rest)

    for n in nodes:
        for t in (n.name, n.description):
            for w in failed:
                if mentions(t, w) and not is_echo(t):
                    fail(lang, screen, f"the verdict screen names the failed word {w}: "
                                       f"[{n.role}] {t!r}")
    seen = set()
    for e in judged_events:
        for t in e["texts"]:
            for w in failed:
                if mentions(t, w) and not is_echo(t) and (e["type"], t) not in seen:
                    seen.add((e["type"], t))
                    fail(lang, screen, f"the event {e['type']} from {e['source']} names the "
                                       f"failed word {w}: {t!r}")
    echoes = sorted({t for e in judged_events for t in e["texts"]
                     if any(mentions(t, w) for w in failed)})
    print(f"-- {lang} {screen}: texts after JUDGE that name {', '.join(failed)}: {echoes}")


# ---------------------------------------------------------------------------------------------
def main():
    os.makedirs(OUT_DIR, exist_ok=True)
    end = time.monotonic() + 20
    while app() is None:
        if time.monotonic() > end:
            fatal("-", "start", f"no application {APP_NAME!r} on the AT-SPI bus after 20 s "
                                "(is IsEnabled set? does the station run?)")
        pump(0.2)
    every = {"menu", "count", "handover"}
    plays = [
        # lang, division, words, their tiles, verdict, failed words
        ("en", 1, ["CAT", "DOG"], [list("CAT"), list("DOG")], "verdict-acceptable", []),
        # (CAT: a failed play of one longer word and good two-letter words blocks nothing,
        # and check 6 needs one that does.)
        ("en", 1, ["QI", "CAT", "QZX"], [list("QI"), list("CAT"), list("QZX")],
         "verdict-unacceptable", ["QZX"]),
        # (COL·LEGI last: the word being typed when check 3 reads the names, typed
        # COL.LEGI, is named by its tiles.)
        ("ca", 2, ["MUNTANYA", "COL·LEGI"],
         [["M", "U", "N", "T", "A", "NY", "A"], ["C", "O", "L·L", "E", "G", "I"]],
         "verdict-acceptable", []),
        ("ca", 2, ["TAULA", "GATZ"], [list("TAULA"), list("GATZ")],
         "verdict-unacceptable", ["GATZ"]),
    ]
    done_langs = set()
    for lang, division, words, spelled, verdict_id, failed in plays:
        if lang != LANG:
            continue
        tag = "acceptable" if verdict_id == "verdict-acceptable" else "unacceptable"
        print(f"== {lang}: {' '.join(words)} in division {division}, expecting "
              f"{tr(lang, verdict_id)}", flush=True)
        screens = every if lang not in done_langs else set()
        done_langs.add(lang)
        nodes, judged_events, slip = play(lang, division, words, spelled, verdict_id, tag,
                                          screens)
        if slip["words"] != words:
            fail(lang, f"verdict-{tag}", f"the slip holds {slip['words']}, typed {words}")
        if failed:
            check_failed_words(lang, f"verdict-{tag}", words, spelled, failed, nodes,
                               judged_events)
            refusals(lang, division, failed[0], slip["slip"])
    if failures:
        print(f"{len(failures)} check(s) failed:")
        for f in failures:
            print("  " + f)
        sys.exit(1)


main()
