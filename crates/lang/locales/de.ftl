# wordjudge — the station's words in German. Translated by the wordjudge project, not yet
# reviewed by a native speaker: corrections welcome (README, 'Languages'). Placeholders { $name }
# must stay as they are.
#
# wordjudge — die Texte der Station auf Deutsch. Übersetzt vom wordjudge-Projekt, noch nicht von
# Muttersprachlern geprüft: Korrekturen willkommen (README, „Languages“). Platzhalter { $name }
# müssen unverändert bleiben.
# Status: needs review by a native speaker

## Die Sprache selbst, wie ihre Sprecher sie nennen (Einstellung der Turnierleitung, Gruppenmenü).
language-name = Deutsch

## Feste Wörter der Bildschirme (Schaltflächen, Aufforderungen).
label-out-of-service = AUSSER BETRIEB
label-call-director = Turnierleitung rufen
label-verdicts-differ = URTEILE WEICHEN AB
label-second-opinion = ZWEITMEINUNG (F2)
label-edit-keys = Backspace korrigiert · Esc löscht
# Die Taste der Steintastatur, die ein Wort beendet (sie tippt Space).
label-next-word = nächstes Wort
label-done = FERTIG (Enter)
label-any-key-clears = Taste oder Berührung löscht
label-judge = PRÜFEN
label-words-typed = Wörter eingegeben
label-word = Wort
label-cancel = Abbrechen (Esc)
label-backspace = Rücktaste
label-ok = OK
label-pin = PIN
label-pin-digits = Ziffern
label-director = TURNIERLEITUNG
label-scroll = ↑ ↓ PgUp PgDn blättern
label-alert = Alarm:
label-back = Zurück (Esc)
label-unavailable = jetzt nicht verfügbar
label-about-text = Schiedsstation für Turnier-Scrabble. Lizenz: GPL-3.0-or-later. Schrift: DejaVu Sans (Bitstream-Vera-Lizenz).
judge-tab = PRÜFEN (Tab)

## Das Urteil: die Wörter, die Spieler erwarten, mit dem Symbol, das der Bildschirm zeigt.
verdict-acceptable = ✓ GÜLTIG
verdict-unacceptable = ✗ UNGÜLTIG
# Das Urteil, wie Zettel und Beleg es nennen, ohne Symbol.
verdict-word-acceptable = GÜLTIG
verdict-word-unacceptable = UNGÜLTIG

## Bildschirme der Spieler.
out-of-service-title = AUSSER BETRIEB — Turnierleitung rufen
choose-division = Gruppe wählen
division-out-of-service = { $division } — AUSSER BETRIEB
pinned-by-director = { $division } (von der Turnierleitung festgelegt)
table-title = TISCH-Nummer eingeben, dann Enter
table-detail = die Nummer des Bretts, an dem gespielt wird
count-title = ZWEIFLER: Wie viele Wörter werden angezweifelt?
count-detail = 1 bis { $max } drücken
second-opinion-for = ZWEITMEINUNG zu Zettel { $slip }
slip-number-title = ZWEITMEINUNG: Zettelnummer eingeben, dann Enter
entry-title = ZWEIFLER: Wörter eingeben, dann Enter (FERTIG)
entry-count = { $n ->
    [one] { $n } Wort; danach Enter
   *[other] { $n } Wörter; Leertaste oder Komma dazwischen, Enter nach dem letzten
}
entry-no-count = Leertaste oder Komma zwischen den Wörtern, Enter nach dem letzten
entry-again = die Wörter erneut eingeben.
handed-over-title = ANGEZWEIFELTER SPIELER: Wörter mit Brett und Zettel vergleichen, dann PRÜFEN drücken
handed-over-ready = PRÜFEN, wenn sie stimmen; Backspace gibt sie dem Zweifler zurück
handed-over-pause = ZWEIFLER: Station dem angezweifelten Spieler übergeben
slip-line = ZETTEL { $slip }
slip-not-recorded = ZETTEL NICHT ERFASST
spoken-slip = { $verdict }. Zettel { $slip }.
spoken-not-recorded = { $verdict }. Zettel nicht erfasst.
verdicts-differ-title = URTEILE WEICHEN AB — Turnierleitung rufen
differ-recorded = Zweitmeinung zu Zettel { $slip }, erfasst als Zettel { $recorded }
differ-not-recorded = Zweitmeinung zu Zettel { $slip } (Zettelprotokoll fehlgeschlagen)
log-failed-write-time = Zettelprotokoll fehlgeschlagen: diese Uhrzeit auf den Zettel schreiben und Turnierleitung rufen
verdict-agree = Zweitmeinung zu Zettel { $slip }: Urteile stimmen überein · { $division } · { $time }
verdict-judged = { $division } · geprüft um { $time }
verdict-agree-not-recorded = Zweitmeinung zu Zettel { $slip }: Urteile stimmen überein · geprüft um { $time }; { $failed }
verdict-not-recorded = geprüft um { $time }; { $failed }

## Die Turnierzeile der Kopfzeile.
event-line-event = TURNIER { $fingerprint }
event-line-event-changed = TURNIER { $fingerprint } (HIER GEÄNDERT)
event-line-round = RUNDE { $round }
event-line-station = STATION { $station }
event-line-table = TISCH { $table }

## Die Zeile der Wortlisten unter dem Namen der Gruppe.
edition-effective = Ausgabe { $code }, gültig ab { $date }
edition = Ausgabe { $code }
edition-unpublished = keine veröffentlichte Ausgabe
edition-mislabel = { $edition } (FALSCHE BEZEICHNUNG AKZEPTIERT)
header-fallback = { $code } · { $title } ({ $min }+ Buchstaben)
header-second-opinions = Zweitmeinungen: { $header }

## Hinweise: eine kurze Zeile nach einer abgelehnten Taste oder unvollständigen Eingabe.
hint-press-count = 1 bis { $max } drücken
hint-type-table = Tischnummer eingeben (1 bis { $max }), dann Enter
hint-words-typed = { $n ->
    [one] { $n } Wort eingegeben: Enter (FERTIG) zum Übergeben, Backspace zum Korrigieren
   *[other] { $n } Wörter eingegeben: Enter (FERTIG) zum Übergeben, Backspace zum Korrigieren
}
hint-word-too-long = ein Wort hat höchstens 15 Buchstaben
hint-letters-only = nur Buchstaben
hint-not-a-letter = { $char } ist kein Buchstabe und wurde nicht eingegeben: nur Buchstaben (Backspace zum Korrigieren)
hint-not-a-tile = kein { $alphabet }-Stein: Buchstaben eingeben oder unten die Steine antippen
hint-unfinished-tile = { $tile } ist der Anfang eines Steins: vervollständigen oder Backspace
hint-too-many-tiles = ein Wort hat höchstens 15 Steine
hint-short-word = Wort { $n } braucht mindestens 2 Buchstaben
hint-word-unfinished = das Wort endet mitten in einem Stein: vervollständigen oder Backspace
hint-one-tile = Wort { $n } braucht mindestens 2 Steine
hint-words-of = { $typed } von { $of } Wörtern eingegeben
hint-no-words = zuerst die angezweifelten Wörter eingeben
hint-not-handed-over = erst beendet der Zweifler die Eingabe: Enter (FERTIG) nach dem letzten Wort
hint-handover-pause = noch nicht: der Zweifler übergibt die Station dem angezweifelten Spieler, der dann PRÜFEN drückt
# $play ist hier immer im Dativ („gehörten zu …“).
failed-play-slip = Zettel { $slip }
failed-play-unrecorded = dem um { $time } geprüften Zug
hint-part-of-failed-play = diese Wörter gehörten zu { $play } (UNGÜLTIG): nichts wurde geprüft — Turnierleitung fragen
hint-part-of-failed-play-device = diese Wörter gehörten zu { $play } (hier UNGÜLTIG): ein Zug wird nur einmal geprüft, dieses Gerät prüft sie nicht — Wörter ändern oder die Turnierleitung den Zug prüfen lassen
hint-second-words-typed = ZWEITMEINUNG: erst die Wörter löschen (Esc), dann erneut drücken
hint-second-under-way = dies ist schon eine Zweitmeinung: die Wörter des Zettels erneut eingeben
hint-second-not-recorded = keine Zweitmeinung an der Station: der Zettel dieses Urteils wurde nicht erfasst — Turnierleitung rufen
hint-second-differ = keine weitere Meinung an der Station: die Urteile weichen ab — die Turnierleitung entscheidet
hint-second-type-slip = Zettelnummer eingeben, dann Enter
hint-second-out-of-service = außer Betrieb: für eine Zweitmeinung Turnierleitung rufen
hint-press-judge = PRÜFEN (Tab) oder Backspace, um die Wörter zurückzugeben
hint-press-judge-button = PRÜFEN drücken oder Backspace, um die Wörter zurückzugeben
hint-back-to-challenger = ZWEIFLER: Wörter korrigieren, dann Enter
hint-not-a-word = nur Buchstaben A-Z, 2 bis 15 pro Wort
hint-no-such-slip = kein Zettel { $slip } an dieser Station
hint-division-out-of-service = { $division } ist außer Betrieb: Turnierleitung rufen
hint-words-do-not-match = das sind nicht die Wörter von Zettel { $slip }: nichts wurde geprüft; genau die Wörter von Zettel { $slip } eingeben
hint-not-reopened = Zettel { $slip }: { $why }: Turnierleitung um eine Zweitmeinung bitten
not-reopened-second = er ist selbst eine Zweitmeinung, eine dritte gibt die Turnierleitung
not-reopened-director = die Turnierleitung hat ihn entschieden
not-reopened-already = seine Zweitmeinung ist Zettel { $other }
not-reopened-other-station = er wurde an einer anderen Station geprüft
not-reopened-too-old = er wurde vor mehr als { $minutes } Minuten geprüft
not-reopened-not-among-last = er ist nicht unter den letzten { $plays } Zügen dieses Geräts
not-reopened-division-not-here = seine Gruppe ist nicht an dieser Station
not-reopened-division-out-of-service = seine Gruppe ist außer Betrieb
hint-wrong-pin = falsche PIN
hint-too-many-pins = zu viele falsche PINs
hint-not-recorded = nicht gespeichert: { $error }

## Warum die Station oder eine Gruppe nicht prüft.
out-of-service-no-division = die Konfiguration definiert keine Gruppe
out-of-service-every-division = keine Gruppe in Betrieb: die Gründe stehen auf dem Bildschirm der Turnierleitung

## Alarme: das Banner, das bleibt, bis die Turnierleitung es bestätigt.
alert-log-failed = Zettelprotokoll fehlgeschlagen — Turnierleitung rufen ({ $error })
alert-log-check = Zettelprotokoll muss geprüft werden — Turnierleitung rufen ({ $problem })
alert-docket = Beleg für Zettel { $slip } nicht gedruckt — Drucker prüfen; `wordjudge slips print { $slip }` druckt erneut ({ $error })

## PIN-Abfrage und Bildschirm der Turnierleitung.
pin-title = PIN der Turnierleitung
pin-locked = gesperrt für { $seconds } s nach { $tries } falschen PINs
pin-not-set = diese Station hat noch keine PIN der Turnierleitung: sie kommt mit dem Turnierpaket; zuerst das Turnier installieren
director-closes = schließt in { $seconds } s (zurück zu den Spielern)
command-pin = Gruppe festlegen (P)
command-slip-detail = Zetteldetails (D)
command-round = Runde (N)
command-acknowledge = Alarm bestätigen (A)
command-reload = Neu laden und prüfen (R)
command-about = Info (I)
command-install-event = Turnier vom Stick (E)
command-copy-logs = Protokolle auf Stick (C)
command-allow = Zweifel zulassen (L)
command-back-to-players = Zurück zu den Spielern (Esc)
command-exit = Station beenden (Q)
command-unpin = 0  Aufheben (Paare wählen)
command-yes = Ja (Enter)
command-no = Nein (Esc)
pin-choice-title = Turnierleitung: Station auf eine Gruppe festlegen
pin-choice-help = Nummer der Gruppe drücken (0 hebt auf), dann bestätigen.
confirm-pin = Station auf { $division } festlegen? Jeder Zweifel wird dann dort geprüft.
confirm-unpin = Festlegung aufheben? Jedes Paar wählt dann seine Gruppe.
confirm-exit = Stationsprogramm beenden?
confirm-allow = Wartenden Zweifel prüfen lassen? Seine Wörter gehörten zu einem UNGÜLTIG geprüften Zug.
confirm-install-event = Das Turnier vom USB-Stick in dieser Station installieren?
confirm-copy-logs = Die Protokolle auf den USB-Stick in dieser Station kopieren?
exit-restarts = Es endet; unter seiner systemd-Unit (oder der xinit-Schleife) startet es von selbst neu und liest kiosk.toml neu ein.
exit-stop = Zum Abschalten der Station ihren Dienst per SSH oder Konsole stoppen: systemctl stop wordjudge-station
detail-slip-title = Turnierleitung: Nummer des Zettels für die Details, dann Enter
detail-pin-title = PIN der Turnierleitung erneut: Wortdetails zu Zettel { $slip }
detail-pin-shown = { $seconds } s angezeigt, dann wieder der Bildschirm der Turnierleitung
detail-title = Zettel { $slip }: Details pro Wort
detail-closes = schließt in { $seconds } s
round-title = Turnierleitung: Nummer der beginnenden Runde, dann Enter (0: keine Runde)
round-now = jetzt: Runde { $round }
round-none = jetzt: keine Runde
pinned-to = Festgelegt: jeder Zweifel wird in { $division } geprüft (kein Gruppenmenü).
not-pinned = Nicht festgelegt: jedes Paar wählt seine Gruppe.
not-pinned-one = Nicht festgelegt (die Station hat eine Gruppe).
waiting-challenge = Neuer Zweifel wartet: { $words }{ $table } — gehört zu { $play } (UNGÜLTIG). L lässt ihn prüfen.
waiting-table = { " " }(Tisch { $table })
# Im Dativ, wie failed-play-slip und failed-play-unrecorded („gehört zu …“).
failed-play-any = einem abgelehnten Zug
wrong-pins-since = { $n ->
    [one] { $n } falsche PIN seit dem letzten Besuch
   *[other] { $n } falsche PINs seit dem letzten Besuch
}
unrecorded-line = ZETTEL NICHT ERFASST — Papierzettel hiernach ausfüllen: { $line } (A bestätigt)
division-verified = { $pinned } { $division } — geprüft ✓ { $codes } ({ $header })
division-broken = { $pinned } { $division } — AUSSER BETRIEB: { $reason }
log-none-yet = Zettelprotokoll: noch keine Zettel ({ $path })
log-intact = { $n ->
    [one] Zettelprotokoll: { $n } Eintrag, Kette intakt
   *[other] Zettelprotokoll: { $n } Einträge, Kette intakt
}
log-first-bad = Zettelprotokoll: ERSTER FEHLERHAFTER ZETTEL Zeile { $line }: { $problem }
log-intact-but = { $n ->
    [one] Zettelprotokoll: { $n } Eintrag, Kette intakt, aber { $problem }
   *[other] Zettelprotokoll: { $n } Einträge, Kette intakt, aber { $problem }
}
log-error = Zettelprotokoll: { $error }
last-anchor = Anker des letzten Zettels (am Rundenende notieren): { $anchor }
# Ein letzter Zettel auf dem Bildschirm der Turnierleitung: R Runde, T Tisch.
slip-round-short = R{ $round }
slip-table-short = T{ $table }
station-no-event = Station { $station }: nicht aus einem Turnierpaket installiert
station-event = Turnier { $name } · Fingerabdruck { $fingerprint } · Station { $station }
station-key = Schlüssel der Station: { $key } (die Zeile der Liste: { $station } { $key })
event-signed = signiert mit Schlüssel { $key }, dem diese Station vertraut
event-files-exact = Dateien: genau die des Turnierpakets
event-changed = HIER GEÄNDERT: { $change }
round-set = Runde { $round } (N: Runde setzen)
round-unset = keine Runde gesetzt (N: Runde setzen)
detail-heading = Zettel { $slip } · { $time } · { $kind } · Gruppe { $division } · Station { $station } · { $verdict }
detail-second-opinion = Zweitmeinung zu Zettel { $slip }
detail-acceptable = gültig (in { $code })
detail-not-acceptable = ✗ NICHT gültig
detail-back = Esc: zurück zum Bildschirm der Turnierleitung

## Zettelarten, wie der Bildschirm der Turnierleitung und der Beleg sie nennen.
kind-challenge = Zweifel
kind-second-opinion = Zweitmeinung
kind-director = Turnierleitung

## Datum und Uhrzeit, wie man sie auf Deutsch schreibt. Platzhalter: $year, $month, $day
## (zweistellig), $month_num, $day_num (ohne führende Null), $hour, $minute, $second (zweistellig),
## $hour12 und $ampm (12-Stunden-Uhr), $zone (Abkürzung der Zeitzone).
datetime = { $day }.{ $month }.{ $year }, { $hour }:{ $minute }:{ $second } { $zone }

## Der gedruckte Beleg (32 Spalten, Buchstaben ohne Akzente: die eigene Schrift des Druckers).
docket-challenge = WORDJUDGE ZWEIFEL
docket-second-opinion = WORDJUDGE ZWEITMEINUNG
docket-director = WORDJUDGE TL-ENTSCHEIDUNG
docket-event = Turnier
docket-event-id = Turnier-ID
docket-station = Station
docket-slip = Zettel
docket-time = Zeit
docket-round = Runde
docket-table = Tisch
docket-division = Gruppe
docket-lexicon = { $n ->
    [one] Wortliste
   *[other] Wortlisten
}
docket-second-on = Zweitmeinung zu Zettel { $slip }
docket-second = Zweitmeinung
docket-by-director = Entscheidung der Turnierleitung
docket-words = { $n ->
    [one] Wort ({ $n }):
   *[other] Wörter ({ $n }):
}
docket-verdict = URTEIL: { $verdict }
docket-seal = Siegel { $seal }
docket-check = Prüfen: wordjudge slips verify

## The event report's headings and table captions (its sentences are in English).
report-slip-logs = Zettelprotokolle
report-logs-caption = Prüfung jedes angegebenen Protokolls
report-device-logs = Protokolle der Tischgeräte
report-device-logs-proof = Das Protokoll eines Tischgeräts beweist, was sein Besitzer darauf geschrieben hat, nicht was am Tisch geprüft wurde: Die Spieler haben die Seite, den Speicher des Browsers und den Schlüssel des Geräts und können jeden Zettel schreiben und signieren. Seine Zettel sind die Angaben der Spieler, nicht das Protokoll einer Station.
report-anchors = Anker
report-anchors-caption = Jeder an einer Station notierte Anker
report-challenges = Anzweiflungen
report-by-round = Anzweiflungen je Runde
report-by-station = Anzweiflungen je Station
report-by-division = Anzweiflungen je Gruppe
report-second-opinions = Zweitmeinungen
report-differing-caption = Abweichende Zweitmeinungen
report-rechallenges = Erneute Anzweiflungen
report-rechallenge-caption = Neue Anzweiflungen eines Teils eines abgelehnten Zugs

# Director mode: a USB stick (the next event, the logs).
stick-install-help = Der Ordner wordjudge-event des Sticks: signiert mit dem Schlüssel, dem diese Station vertraut, neuer als ihr Turnier. Die Station behält ihre Kennung; die Belege des letzten Turniers bleiben getrennt.
stick-copy-help = Das Belegprotokoll jedes Turniers, sein Kopf und Anker, jeweils vom Stick zurückgelesen. Nichts Geheimes wird kopiert.
stick-one-stick = Zuerst einen USB-Stick einstecken, nur einen.
stick-working-title = Arbeit mit dem USB-Stick…
stick-working = Den Stick stecken lassen, bis diese Seite „fertig“ meldet.
stick-done-title = Fertig: Sie können den Stick abziehen
stick-failed-title = Nicht erledigt
stick-installed = Die Station führt jetzt das neue Turnier: sein Fingerabdruck steht in der Kopfzeile.

# The table-side judge's page (a phone or tablet at the table): its own buttons and lines.
web-save-log = Zettelprotokoll speichern
web-keyboard = Tastatur
web-device = Gerät { $device }
web-saved = Gespeichert: die Datei der Turnierleitung geben
web-next-event-title = NÄCHSTES TURNIER
web-next-event = diese Seite bietet jetzt ein anderes Turnier ({ $fingerprint }): mit den Dateien des letzten wird nichts geprüft. Seine Dateien werden geladen; die Seite öffnet sich von selbst neu. Bleibt es so, die Seite mit Netz erneut öffnen.
web-save-log-of = Protokoll des Turniers { $fingerprint } sichern
web-event = { $name } · gepackt { $when }
web-event-old = dieses Turnier wurde am { $when } gepackt, und dieses Gerät konnte nicht nach einem neueren suchen: falls es eines gibt, die Seite mit Netz öffnen
web-other-tab-title = EIN ANDERER TAB PRÜFT
web-other-tab = diese Seite prüft in einem anderen Tab oder einer App auf diesem Gerät: nur eine prüft zugleich, damit jeder Zettel einmal in einem Protokoll steht. Die andere schließen, dann übernimmt diese.

## The table judge's poster (`web build --url`).
poster-heading = Einsprüche am Tisch prüfen
poster-open = Diese Adresse auf einem Handy oder Tablet öffnen oder den Code scannen, mit Netz; danach geht es auch ohne.
poster-compare = Vor dem Prüfen nachsehen, dass oben auf dem Bildschirm dieses Turnier und dieser Fingerabdruck stehen. Steht dort etwas anderes, nicht benutzen: Turnierleitung rufen.
poster-signer = signiert mit dem Schlüssel der Turnierleitung { $key }
web-game-round = Runde
web-game-table = Tisch
web-game-note = freiwillig: ab jetzt auf jedem Zettel dieses Geräts
web-game-refused = Runde 1 bis { $rounds }, Tisch 1 bis { $tables } oder leer: nicht geändert
web-not-kept-moved-on = Dieser Zettel wurde nicht gespeichert: ein anderer Tab oder eine App dieser Seite hat geprüft, seit diese Seite das Protokoll gelesen hat. Die andere schließen, dann diese Seite neu laden.
web-not-kept-refused = Dieser Zettel wurde nicht gespeichert: der Speicher des Browsers für diese Seite ist voll oder abgeschaltet. Speicher freigeben oder erlauben, dann diese Seite neu laden.
web-not-kept-other = Dieser Zettel wurde nicht gespeichert (die Seite antwortete { $code }): diese Seite neu laden.
web-loading = Das Turnier wird geladen…
web-cannot-run = dieser Browser kann den Prüfer nicht ausführen ({ $error }): einen anderen Browser nehmen oder diesen aktualisieren
web-no-storage = dieser Browser speichert für diese Seite nichts ({ $error }): jeder Zettel wird auf dem Gerät gespeichert, daher kann hier nicht geprüft werden; der Seite das Speichern erlauben oder einen anderen Browser nehmen
web-two-events = die Dateien dieser Seite gehören zu zwei Turnieren ({ $site } und { $bundle }): die Turnierleitung baut die Seite neu
web-cannot-read = die Dateien dieser Seite können nicht gelesen werden ({ $error }): die Seite mit Netz erneut öffnen

# A station image's first boot, the stick naming no station: this machine's number.
station-number-title = Die NUMMER dieser Station (1 bis { $max }), dann Enter
station-number-detail = Das Turnier „{ $event }“ ist auf dem Stick. Jedes Gerät bekommt seine eigene Nummer: Sie steht auf jedem Bildschirm, jedem Beleg und in der Stationsliste. Nummer dieses Geräts eingeben und Enter drücken.
station-number-installing = Das Turnier wird als Station { $number } installiert…
station-number-wait = das Turnier wird vom Stick geprüft und installiert; die Station startet danach
hint-type-station-number = die Nummer dieser Station eingeben (1 bis { $max }), dann Enter
