# wordjudge — the station's words in English: the reference catalogue.
#
# Every other catalogue in this folder translates these messages, with the same placeholders
# ({ $name }); a message missing there is shown in English. The project wrote these texts;
# corrections by tournament directors and players are welcome (docs/director.md, "Languages").
#
# Every count chooses its plural form by the number, in English too ("1 word", "2 words").
#
# Keep them short: they are read from a distance, on screens as small as 800x480.

## The language itself, as its speakers name it (the director's setting and the division menu).
language-name = English

## Fixed words of the screens (buttons, prompts).
label-out-of-service = OUT OF SERVICE
label-call-director = call the director
label-verdicts-differ = VERDICTS DIFFER
label-second-opinion = SECOND OPINION (F2)
label-edit-keys = Backspace edits · Esc clears
# The tile keyboard's key that ends a word (it types Space).
label-next-word = next word
label-done = DONE (Enter)
label-any-key-clears = a key or a touch clears
label-judge = JUDGE
label-words-typed = words typed
label-word = word
label-cancel = Cancel (Esc)
label-backspace = Backspace
label-ok = OK
label-pin = PIN
label-pin-digits = digits
label-director = DIRECTOR
label-scroll = ↑ ↓ PgUp PgDn scroll
label-alert = Alert:
label-back = Back (Esc)
label-unavailable = not available now
label-about-text = Adjudication station for tournament Scrabble. Licence: GPL-3.0-or-later. Font: DejaVu Sans (Bitstream Vera licence).
judge-tab = JUDGE (Tab)

## The verdict: the words players expect, with the symbol the screen also shows.
verdict-acceptable = ✓ ACCEPTABLE
verdict-unacceptable = ✗ UNACCEPTABLE
# The verdict as a slip or a docket names it, without the symbol.
verdict-word-acceptable = ACCEPTABLE
verdict-word-unacceptable = UNACCEPTABLE

## Player screens.
out-of-service-title = OUT OF SERVICE — call the director
choose-division = Choose your division
division-out-of-service = { $division } — OUT OF SERVICE
pinned-by-director = { $division } (pinned by the director)
table-title = Your TABLE number, then Enter
table-detail = the number of the board you are playing at
count-title = CHALLENGER: how many words are you challenging?
count-detail = press 1 to { $max }
second-opinion-for = SECOND OPINION for slip { $slip }
slip-number-title = SECOND OPINION: type the slip number, then Enter
entry-title = CHALLENGER: type the words, then Enter (DONE)
entry-count = { $n ->
    [one] { $n } word
   *[other] { $n } words
}; Space or comma between words, Enter after the last
entry-no-count = Space or comma between words, Enter after the last
entry-again = type its words again.
handed-over-title = CHALLENGED PLAYER: check the words against the board and the slip, then press JUDGE
handed-over-ready = JUDGE when they are right; Backspace gives them back to the challenger
handed-over-pause = CHALLENGER: hand the station to the challenged player
slip-line = SLIP { $slip }
slip-not-recorded = SLIP NOT RECORDED
spoken-slip = { $verdict }. Slip { $slip }.
spoken-not-recorded = { $verdict }. Slip not recorded.
verdicts-differ-title = VERDICTS DIFFER — call the director
differ-recorded = second opinion on slip { $slip }, recorded as slip { $recorded }
differ-not-recorded = second opinion on slip { $slip } (the slip log failed)
log-failed-write-time = the slip log failed: write this time on the slip and call the director
verdict-agree = second opinion on slip { $slip }: the verdicts agree · { $division } · { $time }
verdict-judged = { $division } · judged { $time }
verdict-agree-not-recorded = second opinion on slip { $slip }: the verdicts agree · judged { $time }; { $failed }
verdict-not-recorded = judged { $time }; { $failed }

## The header's event line.
event-line-event = EVENT { $fingerprint }
event-line-event-changed = EVENT { $fingerprint } (CHANGED HERE)
event-line-round = ROUND { $round }
event-line-station = STATION { $station }
event-line-table = TABLE { $table }

## The lexicons line under the division's name.
edition-effective = edition { $code }, effective { $date }
edition = edition { $code }
edition-unpublished = not a published edition
edition-mislabel = { $edition } (MISLABEL ACCEPTED)
header-fallback = { $code } · { $title } ({ $min }+ letters)
header-second-opinions = second opinions: { $header }

## Hints: a short line after a refused key or an incomplete entry.
hint-press-count = press 1 to { $max }
hint-type-table = type your table number (1 to { $max }), then Enter
hint-words-typed = { $n ->
    [one] { $n } word typed
   *[other] { $n } words typed
}: press Enter (DONE) to hand over, or Backspace to correct
hint-word-too-long = a word has at most 15 letters
hint-letters-only = letters only
hint-not-a-letter = { $char } is not a letter and was not typed: letters only (Backspace to correct)
hint-not-a-tile = not a { $alphabet } tile: type the letters, or touch the tiles below
hint-unfinished-tile = { $tile } is the start of a tile: finish it, or Backspace
hint-too-many-tiles = a word has at most 15 tiles
hint-short-word = word { $n } needs at least 2 letters
hint-word-unfinished = the word ends inside a tile: finish it, or Backspace
hint-one-tile = word { $n } needs at least 2 tiles
hint-words-of = { $typed } of { $of } words typed
hint-no-words = type the challenged words first
hint-not-handed-over = the challenger ends the entry first: Enter (DONE) after the last word
hint-handover-pause = not yet: the challenger hands the station to the challenged player, who then presses JUDGE
failed-play-slip = slip { $slip }
failed-play-unrecorded = the play judged at { $time }
hint-part-of-failed-play = these words were part of { $play }, judged UNACCEPTABLE: nothing was judged — ask the director
hint-part-of-failed-play-device = these words were part of { $play }, judged UNACCEPTABLE here: a play is judged once, so this device will not judge them — change the words, or ask the director to judge this play
hint-second-words-typed = SECOND OPINION: clear the words first (Esc), then press it again
hint-second-under-way = this is a second opinion already: type the slip's words again
hint-second-not-recorded = no second opinion at the station: this verdict's slip was not recorded — call the director
hint-second-differ = no further opinion at the station: the verdicts differ — the director rules
hint-second-type-slip = type the slip number, then Enter
hint-second-out-of-service = out of service: call the director for a second opinion
hint-press-judge = JUDGE (Tab), or Backspace to give the words back
hint-press-judge-button = press JUDGE, or Backspace to give the words back
hint-back-to-challenger = CHALLENGER: correct the words, then Enter
hint-not-a-word = only letters A-Z, 2 to 15 per word
hint-no-such-slip = no slip { $slip } at this station
hint-division-out-of-service = { $division } is out of service: call the director
hint-words-do-not-match = these are not the words of slip { $slip }: nothing was judged; type exactly the words of slip { $slip }
hint-not-reopened = slip { $slip }: { $why }: ask the director for a second opinion
not-reopened-second = it is itself a second opinion, and a third is the director's
not-reopened-director = the director judged it
not-reopened-already = its second opinion was given as slip { $other }
not-reopened-other-station = it was judged at another station
not-reopened-too-old = it was judged more than { $minutes } minutes ago
not-reopened-not-among-last = it is not among this device's last { $plays } plays
not-reopened-division-not-here = its division is not at this station
not-reopened-division-out-of-service = its division is out of service
hint-wrong-pin = wrong PIN
hint-too-many-pins = too many wrong PINs
hint-not-recorded = not recorded: { $error }

## Why the station, or a division, does not judge.
out-of-service-no-division = the configuration defines no division
out-of-service-every-division = no division is in service: the director's screen says why for each

## Alerts: the banner that stays until the director acknowledges it.
alert-log-failed = Slip log failed — call the director ({ $error })
alert-log-check = Slip log needs checking — call the director ({ $problem })
alert-docket = Docket for slip { $slip } not printed — check the printer; `wordjudge slips print { $slip }` reprints ({ $error })

## The director's PIN prompt and screen.
pin-title = Director PIN
pin-locked = locked for { $seconds } s after { $tries } wrong PINs
pin-not-set = this station has no director's PIN yet: it comes with the event's bundle; install the event first
director-closes = closes in { $seconds } s (back to the players)
command-pin = Pin a division (P)
command-slip-detail = Slip detail (D)
command-round = Round (N)
command-acknowledge = Acknowledge alert (A)
command-reload = Reload and verify (R)
command-about = About (I)
command-install-event = Event from a stick (E)
command-copy-logs = Logs to a stick (C)
command-allow = Allow the challenge (L)
command-back-to-players = Back to players (Esc)
command-exit = Exit station (Q)
command-unpin = 0  Unpin (pairs choose)
command-yes = Yes (Enter)
command-no = No (Esc)
pin-choice-title = Director: pin the station to a division
pin-choice-help = Press the division's number (0 unpins), then confirm.
confirm-pin = Pin the station to { $division }? Every challenge is then judged in it.
confirm-unpin = Unpin the station? Each pair then chooses its division.
confirm-exit = Exit the station program?
confirm-allow = Let the waiting challenge be judged? Its words were part of a play judged UNACCEPTABLE.
confirm-install-event = Install the event on the USB stick in this station?
confirm-copy-logs = Copy the slip logs to the USB stick in this station?
exit-restarts = It ends; under its systemd unit (or the xinit loop) it starts again by itself, reading kiosk.toml afresh.
exit-stop = To take the station down, stop its service from SSH or a console: systemctl stop wordjudge-station
detail-slip-title = Director: the slip whose detail to show — its number, then Enter
detail-pin-title = Director PIN again: slip { $slip }'s per-word detail
detail-pin-shown = shown for { $seconds } s, then the director's screen again
detail-title = Slip { $slip }: per-word detail
detail-closes = closes in { $seconds } s
round-title = Director: the round now starting — its number, then Enter (0: no round)
round-now = now: round { $round }
round-none = now: no round
pinned-to = Pinned: every challenge is judged in { $division } (no division menu).
not-pinned = Not pinned: each pair chooses its division.
not-pinned-one = Not pinned (the station has one division).
waiting-challenge = A new challenge waits: { $words }{ $table } — part of { $play } (UNACCEPTABLE). L lets it be judged.
waiting-table = { " " }(table { $table })
failed-play-any = a failed play
wrong-pins-since = { $n ->
    [one] { $n } wrong PIN was tried since your last visit
   *[other] { $n } wrong PINs were tried since your last visit
}
unrecorded-line = SLIP NOT RECORDED — write the paper slip from this: { $line } (A acknowledges)
division-verified = { $pinned } { $division } — verified ✓ { $codes } ({ $header })
division-broken = { $pinned } { $division } — OUT OF SERVICE: { $reason }
log-none-yet = slip log: no slips yet ({ $path })
log-intact = slip log: { $n ->
    [one] { $n } record
   *[other] { $n } records
}, chain intact
log-first-bad = slip log: FIRST BAD SLIP line { $line }: { $problem }
log-intact-but = slip log: { $n ->
    [one] { $n } record
   *[other] { $n } records
}, chain intact, but { $problem }
log-error = slip log: { $error }
last-anchor = anchor of the last slip (write it down at the end of the round): { $anchor }
# A recent slip on the director's screen: R round, T table.
slip-round-short = R{ $round }
slip-table-short = T{ $table }
station-no-event = station { $station }: not installed from an event bundle
station-event = event { $name } · fingerprint { $fingerprint } · station { $station }
station-key = station key: { $key } (the roster's line: { $station } { $key })
event-signed = signed by key { $key }, which this station trusts
event-files-exact = files: exactly the event bundle's
event-changed = CHANGED HERE: { $change }
round-set = round { $round } (N: set the round)
round-unset = no round set (N: set the round)
detail-heading = slip { $slip } · { $time } · { $kind } · division { $division } · station { $station } · { $verdict }
detail-second-opinion = second opinion on slip { $slip }
detail-acceptable = acceptable (in { $code })
detail-not-acceptable = ✗ NOT acceptable
detail-back = Esc: back to the director's screen

## Slip kinds as the director's screen and the docket name them.
kind-challenge = challenge
kind-second-opinion = second-opinion
kind-director = director

## The date and time as people of this language write them. Placeholders: $year, $month, $day
## (two digits), $month_num, $day_num (no leading zero), $hour, $minute, $second (two digits),
## $hour12 and $ampm (a 12-hour clock), $zone (the time zone's abbreviation).
datetime = { $year }-{ $month }-{ $day } { $hour }:{ $minute }:{ $second } { $zone }

## The printed docket (32 columns, letters without accents: the printer's own font).
docket-challenge = WORDJUDGE CHALLENGE
docket-second-opinion = WORDJUDGE SECOND OPINION
docket-director = WORDJUDGE DIRECTOR'S RULING
docket-event = Event
docket-event-id = Event ID
docket-station = Station
docket-slip = Slip
docket-time = Time
docket-round = Round
docket-table = Table
docket-division = Division
docket-lexicon = { $n ->
    [one] Lexicon
   *[other] Lexicons
}
docket-second-on = Second opinion on slip { $slip }
docket-second = Second opinion
docket-by-director = Judged by the director
docket-words = Words ({ $n }):
docket-verdict = VERDICT: { $verdict }
docket-seal = Seal { $seal }
docket-check = Check: wordjudge slips verify

## The event report's headings and table captions (`slips merge --report --language`); its
## sentences are in English.
report-slip-logs = Slip logs
report-logs-caption = Verification of each log given
report-device-logs = Table devices' logs
report-device-logs-proof = A table device's log proves what its holder wrote on the device, not what was judged at the table: the players hold the page, the browser's storage and the device's key, so they can write any slip and sign it. Count its slips as the players' own account, not as a station's record.
report-anchors = Anchors
report-anchors-caption = Each anchor written down at a station
report-challenges = Challenges
report-by-round = Challenges per round
report-by-station = Challenges per station
report-by-division = Challenges per division
report-second-opinions = Second opinions
report-differing-caption = Second opinions that differ
report-rechallenges = Re-challenges
report-rechallenge-caption = New challenges on part of a failed play

# Director mode: a USB stick (the next event, the logs).
stick-install-help = The stick's wordjudge-event folder: signed by the key this station trusts, newer than its event. The station keeps its id; the last event's slips are kept apart.
stick-copy-help = Every event's slip log, its head and anchor, each read back from the stick. Nothing secret is copied.
stick-one-stick = Put in one USB stick, and only one, first.
stick-working-title = Working with the USB stick…
stick-working = Leave the stick in until this page says it is done.
stick-done-title = Done: you can take the stick out
stick-failed-title = Not done
stick-installed = The station now runs the new event: its fingerprint is in the header.

# The table-side judge's page (a phone or tablet at the table): its own buttons and lines.
web-save-log = Save the log
web-keyboard = Keyboard
web-device = Device { $device }
web-saved = Saved: give the file to the director
web-next-event-title = NEXT EVENT
web-next-event = this site now serves another event ({ $fingerprint }): nothing is judged with the last one's files. Its files are loading; the page opens again by itself. If this stays, open the site again with the network on.
web-save-log-of = Save the log of event { $fingerprint }
web-event = { $name } · packed { $when }
web-event-old = this event was packed on { $when } and this device could not check for a newer one: if there is one, open the site with the network on
web-other-tab-title = ANOTHER TAB IS JUDGING
web-other-tab = this site is judging in another tab or app on this device: one judges at a time, so that each slip is kept once in one log. Close the other, and this one takes over.

## The table judge's poster (`web build --url`).
poster-heading = Judge challenges at your table
poster-open = Open this address on a phone or tablet, or scan the code, with the network on; from then on it works offline.
poster-compare = Before you judge, check that the top of the screen names this event and shows this fingerprint. If it shows anything else, do not use it: call the director.
poster-signer = signed by the director's key { $key }
web-game-round = Round
web-game-table = Table
web-game-note = optional: on every slip of this device from now on
web-game-refused = round 1 to { $rounds }, table 1 to { $tables }, or empty: not changed
web-not-kept-moved-on = This slip was not kept: another tab or app of this site judged since this page read the log. Close the other, then reload this page.
web-not-kept-refused = This slip was not kept: the browser's storage for this site is full or turned off. Free or allow storage, then reload this page.
web-not-kept-other = This slip was not kept (the page answered { $code }): reload this page.
web-loading = Loading the event…
web-cannot-run = this browser cannot run the judge ({ $error }): use another browser, or update this one
web-no-storage = this browser keeps no data for this site ({ $error }): every slip is recorded on the device, so it cannot judge here; allow the site to store data, or use another browser
web-two-events = this site's files are of two events ({ $site } and { $bundle }): the director builds the site again
web-cannot-read = this site's files cannot be read ({ $error }): open it again with the network on

# A station image's first boot, the stick naming no station: this machine's number.
station-number-title = This station's NUMBER (1 to { $max }), then Enter
station-number-detail = Event “{ $event }” is on the stick. Each machine gets its own number: it is on every screen, every slip and the roster line. Type this one's and press Enter.
station-number-installing = Installing the event as station { $number }…
station-number-wait = the event is checked and installed from the stick; the station starts when it is done
hint-type-station-number = type this station's number (1 to { $max }), then Enter
