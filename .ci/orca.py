"""What a blind pair hears: Orca 43 (Debian 12's screen reader) beside the station, its speech
read from its debug log (every "SPEECH OUTPUT: '...'" line is what it sent to the speech server:
espeak-ng through speech-dispatcher, into libao's null driver on a machine with no sound card).

    /usr/bin/python3 .ci/orca.py ORCA_DEBUG_FILE OUT_DIR LOCALES_DIR ORCA_PID

Run by .ci/e2e-a11y once Orca runs and the station shows its division menu (divisions: 1 demo,
English; 2 catalan, Catalan). It plays, with xdotool:

- in English: a count past the limit (9), a word of one letter, a play judged UNACCEPTABLE
  (DOG XQW: its verdict), then a new challenge on part of it (XQW: the re-challenge guard);
- in Catalan: a count past the limit, a word of one tile;

and checks that Orca spoke each refusal, in the division's language, and the verdict; and that
nothing it spoke puts the failed word XQW anywhere but in the handed-over words. Every line Orca spoke is kept in OUT_DIR/orca-speech.txt.
"""

import os
import re
import signal
import subprocess
import sys
import time

import ftl  # .ci/ftl.py

DEBUG, OUT_DIR, LOCALES, ORCA_PID = sys.argv[1:5]


CATALOGUES = {code: ftl.catalogue(LOCALES, code) for code in ("en", "ca")}


def tr(lang, msg_id, **args):
    return ftl.fill(CATALOGUES[lang][msg_id], **args)


def spoken():
    """Every utterance in the debug log so far, in order."""
    try:
        with open(DEBUG, encoding="utf-8", errors="replace") as f:
            text = f.read()
    except FileNotFoundError:
        return []
    return re.findall(r"SPEECH OUTPUT: '(.*?)'\{", text, re.S)


failures = []


EXPECTED = []


def heard(what, text):
    """Orca must say an utterance beginning with `text`, after the one expected before it:
    checked once Orca has stopped (it writes its debug log through a buffer, so a line may come
    seconds late: the order of what it said is what counts)."""
    EXPECTED.append((what, text))
    time.sleep(1.5)


def check():
    said = spoken()
    cursor = 0
    for what, text in EXPECTED:
        found = next((i for i in range(cursor, len(said)) if said[i].startswith(text)), None)
        if found is None:
            print(f"ORCA FAILED: {what}: Orca did not say {text!r} (after {said[cursor - 1]!r})"
                  if cursor else f"ORCA FAILED: {what}: Orca did not say {text!r}", flush=True)
            failures.append(what)
            continue
        print(f"-- heard ({what}): {said[found]!r}", flush=True)
        cursor = found + 1


def stop_orca(pid):
    """Stops Orca (SIGTERM: it says it stops, and its debug log is written out) and waits."""
    os.kill(pid, signal.SIGTERM)
    end = time.monotonic() + 15
    while time.monotonic() < end and os.path.exists(f"/proc/{pid}"):
        with open(f"/proc/{pid}/stat") as f:
            if f.read().split()[2] == "Z":
                break
        time.sleep(0.2)


def key(*keys):
    subprocess.run(["xdotool", "key", "--delay", "80", *keys], check=True)
    time.sleep(0.6)


def typed(text):
    subprocess.run(["xdotool", "type", "--delay", "80", text], check=True)
    time.sleep(0.6)


def refusals(lang, short):
    """On the count screen of `lang`'s division: a count past the limit, then a word of one
    letter (`short`: the refusal's id, of letters or of tiles); back to the menu."""
    heard(f"{lang} count", tr(lang, "count-title"))
    typed("9")
    heard(f"{lang} count past the limit",
          tr(lang, "hint-press-count", max=8) + ". " + tr(lang, "count-title"))
    typed("1a")
    key("Return")
    heard(f"{lang} a word of one letter",
          tr(lang, short, n=1) + ". " + tr(lang, "entry-title"))
    key("Escape", "Escape", "Escape")


def main():
    # The station's window, given the focus (as a pair's first touch or key does).
    end = time.monotonic() + 20
    while time.monotonic() < end:
        found = subprocess.run(["xdotool", "search", "--name", "^wordjudge$"],
                               capture_output=True, text=True).stdout.split()
        if found:
            subprocess.run(["xdotool", "windowactivate", found[0]], check=False)
            break
        time.sleep(0.3)
    # English. (Orca 43 says "wordjudge frame." when the window is activated, and the menu's
    # name once the first key reaches the station's focus: it is looked for then.)
    typed("1")
    heard("the division menu", tr("en", "choose-division"))
    refusals("en", "hint-short-word")
    typed("1")
    # (Not a play of the a11y run before, in this log: the same failed play again is refused.)
    typed("2dog xqw")
    key("Return")
    time.sleep(1.5)  # the hand-over pause
    key("Tab")
    verdict = tr("en", "verdict-unacceptable")
    heard("en the verdict", verdict + ".")
    time.sleep(2.2)  # the verdict's least time
    key("space")
    typed("1")
    typed("1xqw")
    key("Return")
    # "these words were part of slip N, …": the words up to the slip (N is the log's).
    prefix = CATALOGUES["en"]["hint-part-of-failed-play"].split("{")[0]
    heard("en the re-challenge refused", prefix)
    key("Escape", "Escape", "Escape")
    typed("2")
    refusals("ca", "hint-one-tile")
    stop_orca(int(ORCA_PID))
    check()
    said = spoken()
    with open(os.path.join(OUT_DIR, "orca-speech.txt"), "w", encoding="utf-8") as f:
        for s in said:
            f.write(s.replace("\n", " / ") + "\n")
    # The failed word is said only as a word handed over ("word 2: XQW: X, Q, W"),
    # never beside a verdict or a refusal.
    for s in said:
        if "XQW" in s and not re.search(r"(word \d+: XQW|^XQW$|X, Q, W)", s):
            print(f"ORCA FAILED: Orca said the failed word outside the words typed: {s!r}")
            failures.append("failed word")
    print(f"-- Orca said {len(said)} utterance(s): {OUT_DIR}/orca-speech.txt")
    if failures:
        sys.exit(1)


main()
