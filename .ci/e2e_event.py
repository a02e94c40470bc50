"""Checks of .ci/e2e-event, one subcommand each (they were heredocs in the script):

    python3 .ci/e2e_event.py NAME ARGS...

Each exits non-zero with a message saying what is wrong; the script fails with it.
"""

import csv
import hashlib
import json
import re
import sys
from html.parser import HTMLParser

def slips():
    slips = [json.loads(l) for l in open(sys.argv[1], encoding="utf-8")]
    want = [
        (1, 7, "world", ["OK", "ZO"], "ACCEPTABLE"),
        (2, 8, "north", ["CAT", "ZO"], "UNACCEPTABLE"),
    ]
    for s, (n, table, division, words, verdict) in zip(slips, want):
        got = (s["slip"], s.get("table"), s["division"], s["words"], s["verdict"])
        if got != (n, table, division, words, verdict):
            sys.exit(f"slip {n}: expected {(n, table, division, words, verdict)}, got {got}")
        if (s["station"], s.get("round"), s["kind"], s.get("event")) != ("3", 2, "challenge", sys.argv[2]):
            sys.exit(f"slip {n}: station/round/kind/event are {(s['station'], s.get('round'), s['kind'], s.get('event'))}")

def docket():
    text_path, log, n, event, fingerprint = sys.argv[1:]
    slip = [json.loads(l) for l in open(log, encoding="utf-8")][int(n) - 1]
    text = open(text_path, encoding="utf-8").read()
    lines = [" ".join(l.split()) for l in text.splitlines() if l.strip()]
    missing = [want for want in [
        f"Event {event}",
        f"Event ID {fingerprint}",
        "Station 3",
        f"Slip {n}",
        "Round 2",
        f"Table {slip['table']}",
        f"Division {slip['division']}",
        f"Words ({len(slip['words'])}):",
        " ".join(slip["words"]),
        f"VERDICT: {slip['verdict']}",
        f"Seal {slip['seal'][:16]}",
        f"--anchor {n}:{slip['seal'][:16]}",
    ] if want not in lines]
    if missing:
        sys.exit(f"docket of slip {n} lacks {missing}:\n{text}")
    # Never which word failed: each word once (on the line of words), no per-word finding.
    for word in slip["words"]:
        if len(re.findall(rf"\b{word}\b", text)) != 1:
            sys.exit(f"docket of slip {n} names {word} more than once:\n{text}")
    for said in ["not acceptable", "found", "fail", "invalid", "phony"]:
        if said in text.lower():
            sys.exit(f"docket of slip {n} says {said!r}:\n{text}")

def export():
    rows = list(csv.DictReader(open(sys.argv[1], newline="", encoding="utf-8")))
    total = int(sys.argv[3])
    if len(rows) != total:
        sys.exit(f"the CSV has {len(rows)} rows, the logs {total} slips")
    times = [r["time"] for r in rows]
    if times != sorted(times):
        sys.exit(f"the CSV is not sorted by time: {times}")
    for r in rows:
        if not (r["station"] and r["round"] and r["table"]):
            sys.exit(f"a row without station, round or table: {r}")
    if sorted({r["station"] for r in rows}) != ["1", "2", "3"]:
        sys.exit(f"stations in the CSV: {sorted({r['station'] for r in rows})}")
    jsonl = [json.loads(l) for l in open(sys.argv[2], encoding="utf-8")]
    if len(jsonl) != total:
        sys.exit(f"the JSON Lines file has {len(jsonl)} slips, the logs {total}")

def forge():
    log, flip = sys.argv[1], int(sys.argv[2])
    head_path = log + ".head"
    original = open(log, "rb").read()
    original_head = open(head_path, "rb").read()
    dumps = lambda o: json.dumps(o, separators=(",", ":"), ensure_ascii=False)
    sha = lambda b: hashlib.sha256(b).hexdigest()

    # The seal covers every field but the signature (which signs the seal). The forger has no
    # station key: from the flipped slip on, records lose their key and signature (a forger who
    # kept them would only break the signatures).
    def reseal(records, flip):
        prev, lines, forging = "0" * 64, [], False
        for r in records:
            if r["slip"] == flip:
                r["verdict"] = {"ACCEPTABLE": "UNACCEPTABLE", "UNACCEPTABLE": "ACCEPTABLE"}[r["verdict"]]
                forging = True
            sig = r.pop("sig", None)
            if forging:
                r.pop("key", None)
                sig = None
            r["prev"] = prev
            r["seal"] = ""
            r["seal"] = sha(dumps(r).encode())
            if sig is not None:
                r["sig"] = sig
            line = dumps(r)
            prev = sha(line.encode())
            lines.append(line)
        head = json.loads(original_head.decode().strip())
        head["slip"], head["line_sha256"] = records[-1]["slip"], prev
        length = 512 if "sig" in head else 256
        if forging:
            # The station signed its head (format 2); the forger cannot, so writes format 1.
            head.pop("v", None)
            head.pop("sig", None)
            length = 256
        head_bytes = (dumps(head).ljust(length - 1) + "\n").encode()
        return ("\n".join(lines) + "\n").encode(), head_bytes

    records = lambda: [json.loads(l) for l in original.decode().splitlines()]
    same, same_head = reseal(records(), None)
    if same != original:
        sys.exit("re-sealing the untouched log with Python's JSON does not reproduce its bytes")
    if same_head != original_head:
        sys.exit(f"re-writing the untouched head does not reproduce it: {original_head!r} vs {same_head!r}")
    forged, forged_head = reseal(records(), flip)
    open(log, "wb").write(forged)
    open(head_path, "wb").write(forged_head)

def forged_row():
    rows = [r for r in csv.DictReader(open(sys.argv[1], newline="", encoding="utf-8"))
            if r["station"] == "1" and r["slip"] == "2"]
    print(f'{rows[0]["words"]} {rows[0]["verdict"]}' if rows else "missing")

def report():

    class Report(HTMLParser):
        def __init__(self):
            super().__init__()
            self.tables, self.svgs, self.cell, self.row = [], 0, None, None
        def handle_starttag(self, tag, attrs):
            if tag == "table":
                self.tables.append({"id": dict(attrs).get("id"), "rows": []})
            elif tag == "tr" and self.tables:
                self.row = []
                self.tables[-1]["rows"].append(self.row)
            elif tag in ("td", "th") and self.row is not None:
                self.cell = []
            elif tag == "svg":
                self.svgs += 1
        def handle_endtag(self, tag):
            if tag in ("td", "th") and self.cell is not None:
                self.row.append("".join(self.cell).strip())
                self.cell = None
            elif tag == "tr":
                self.row = None
        def handle_data(self, data):
            if self.cell is not None:
                self.cell.append(data)

    r = Report()
    r.feed(open(sys.argv[1], encoding="utf-8").read())
    if r.svgs < 1:
        sys.exit("no <svg> element in the report")
    def stations(table):
        header = table["rows"][0] if table["rows"] else []
        if "Stations" not in header and "Station" not in header:
            return set()
        col = header.index("Stations" if "Stations" in header else "Station")
        return {row[col] for row in table["rows"][1:] if len(row) > col}
    named = [(t["id"], stations(t)) for t in r.tables]
    if not any({"1", "2", "3"} <= s for _, s in named):
        sys.exit(f"no table of the report names stations 1, 2 and 3: {named}")
    print(f"{len(r.tables)} tables ({', '.join(str(i) for i, _ in named)}), {r.svgs} <svg>")

def rows_of_station():
    """How many rows of the CSV export sys.argv[1] are of station sys.argv[2]."""
    rows = csv.DictReader(open(sys.argv[1], newline="", encoding="utf-8"))
    print(sum(1 for r in rows if r["station"] == sys.argv[2]))


CHECKS = {
    "slips": slips,
    "docket": docket,
    "export": export,
    "forge": forge,
    "forged-row": forged_row,
    "report": report,
    "rows-of-station": rows_of_station,
}

if __name__ == "__main__":
    if len(sys.argv) < 2 or sys.argv[1] not in CHECKS:
        sys.exit(f"usage: e2e_event.py {{{'|'.join(CHECKS)}}} ARGS...")
    check = CHECKS[sys.argv[1]]
    # Each check reads its arguments as sys.argv[1:], as it did as a heredoc.
    sys.argv = [sys.argv[0]] + sys.argv[2:]
    check()
