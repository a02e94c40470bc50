# wordjudge — the station's words in Norwegian Bokmål (norsk bokmål). Translated by the wordjudge
# project, not yet reviewed by a native speaker: corrections welcome (README, 'Languages').
# Placeholders { $name } must stay as they are.
#
# wordjudge — stasjonens ord på norsk bokmål. Oversatt av wordjudge-prosjektet, ennå ikke
# gjennomgått av en med norsk som morsmål: rettelser er velkomne (README, «Languages»).
# Plassholdere { $name } må stå som de er.
# Status: needs review by a native speaker

## The language itself, as its speakers name it (the director's setting and the division menu).
language-name = Norsk bokmål

## Fixed words of the screens (buttons, prompts).
label-out-of-service = UTE AV DRIFT
label-call-director = tilkall turneringsleder
label-verdicts-differ = ULIKE AVGJØRELSER
label-second-opinion = NY VURDERING (F2)
label-edit-keys = Backspace retter · Esc tømmer
# The tile keyboard's key that ends a word (it types Space).
label-next-word = neste ord
label-done = FERDIG (Enter)
label-any-key-clears = en tast eller et trykk fjerner
label-judge = BEDØM
label-words-typed = ord skrevet
label-word = ord
label-cancel = Avbryt (Esc)
label-backspace = Slett tilbake
label-ok = OK
label-pin = PIN
label-pin-digits = sifre
label-director = TURNERINGSLEDER
label-scroll = ↑ ↓ PgUp PgDn blar
label-alert = Varsel:
label-back = Tilbake (Esc)
label-unavailable = ikke tilgjengelig nå
label-about-text = Dommerstasjon for turneringsscrabble. Lisens: GPL-3.0-or-later. Skrift: DejaVu Sans (Bitstream Vera-lisens).
judge-tab = BEDØM (Tab)

## The verdict: the words players expect, with the symbol the screen also shows.
verdict-acceptable = ✓ GYLDIG
verdict-unacceptable = ✗ UGYLDIG
# The verdict as a slip or a docket names it, without the symbol.
verdict-word-acceptable = GYLDIG
verdict-word-unacceptable = UGYLDIG

## Player screens.
out-of-service-title = UTE AV DRIFT — tilkall turneringsleder
choose-division = Velg gruppe
division-out-of-service = { $division } — UTE AV DRIFT
pinned-by-director = { $division } (låst av turneringsleder)
table-title = Ditt BORDNUMMER, så Enter
table-detail = nummeret på bordet du spiller ved
count-title = UTFORDRER: hvor mange ord utfordrer du?
count-detail = trykk 1 til { $max }
second-opinion-for = NY VURDERING av lapp { $slip }
slip-number-title = NY VURDERING: skriv lappnummeret, så Enter
entry-title = UTFORDRER: skriv ordene, så Enter (FERDIG)
entry-count = { $n ->
    [one] { $n } ord
   *[other] { $n } ord
}; mellomrom eller komma mellom ordene, Enter etter det siste
entry-no-count = Mellomrom eller komma mellom ordene, Enter etter det siste
entry-again = skriv ordene igjen.
handed-over-title = UTFORDRET SPILLER: sjekk ordene mot brettet og lappen, trykk så BEDØM
handed-over-ready = BEDØM når de stemmer; Backspace gir dem tilbake til utfordreren
handed-over-pause = UTFORDRER: gi stasjonen til den utfordrede spilleren
slip-line = LAPP { $slip }
slip-not-recorded = LAPP IKKE REGISTRERT
spoken-slip = { $verdict }. Lapp { $slip }.
spoken-not-recorded = { $verdict }. Lappen er ikke registrert.
verdicts-differ-title = ULIKE AVGJØRELSER — tilkall turneringsleder
differ-recorded = ny vurdering av lapp { $slip }, registrert som lapp { $recorded }
differ-not-recorded = ny vurdering av lapp { $slip } (lappeloggen feilet)
log-failed-write-time = lappeloggen feilet: skriv dette klokkeslettet på lappen og tilkall turneringsleder
verdict-agree = ny vurdering av lapp { $slip }: samme avgjørelse · { $division } · { $time }
verdict-judged = { $division } · bedømt { $time }
verdict-agree-not-recorded = ny vurdering av lapp { $slip }: samme avgjørelse · bedømt { $time }; { $failed }
verdict-not-recorded = bedømt { $time }; { $failed }

## The header's event line.
event-line-event = TURNERING { $fingerprint }
event-line-event-changed = TURNERING { $fingerprint } (ENDRET HER)
event-line-round = RUNDE { $round }
event-line-station = STASJON { $station }
event-line-table = BORD { $table }

## The lexicons line under the division's name.
edition-effective = utgave { $code }, gjelder fra { $date }
edition = utgave { $code }
edition-unpublished = ikke en publisert utgave
edition-mislabel = { $edition } (FEILMERKING GODTATT)
header-fallback = { $code } · { $title } ({ $min }+ bokstaver)
header-second-opinions = nye vurderinger: { $header }

## Hints: a short line after a refused key or an incomplete entry.
hint-press-count = trykk 1 til { $max }
hint-type-table = skriv bordnummeret (1 til { $max }), så Enter
hint-words-typed = { $n ->
    [one] { $n } ord skrevet
   *[other] { $n } ord skrevet
}: trykk Enter (FERDIG) for å gi videre, eller Backspace for å rette
hint-word-too-long = et ord har høyst 15 bokstaver
hint-letters-only = bare bokstaver
hint-not-a-letter = { $char } er ikke en bokstav og ble ikke skrevet: bare bokstaver (Backspace for å rette)
hint-not-a-tile = ikke en { $alphabet }-brikke: skriv bokstavene, eller trykk på brikkene under
hint-unfinished-tile = { $tile } er starten på en brikke: fullfør den, eller Backspace
hint-too-many-tiles = et ord har høyst 15 brikker
hint-short-word = ord { $n } trenger minst 2 bokstaver
hint-word-unfinished = ordet slutter inne i en brikke: fullfør den, eller Backspace
hint-one-tile = ord { $n } trenger minst 2 brikker
hint-words-of = { $typed } av { $of } ord skrevet
hint-no-words = skriv de utfordrede ordene først
hint-not-handed-over = utfordreren avslutter først: Enter (FERDIG) etter siste ord
hint-handover-pause = ikke ennå: utfordreren gir stasjonen til den utfordrede spilleren, som så trykker BEDØM
failed-play-slip = lapp { $slip }
failed-play-unrecorded = trekket fra kl. { $time }
hint-part-of-failed-play = disse ordene var del av { $play }, bedømt UGYLDIG: ingenting ble bedømt — spør turneringsleder
hint-part-of-failed-play-device = disse ordene var del av { $play }, bedømt UGYLDIG her: et trekk bedømmes én gang, og denne enheten bedømmer dem ikke — endre ordene, eller be turneringsleder bedømme trekket
hint-second-words-typed = NY VURDERING: tøm ordene først (Esc), trykk så igjen
hint-second-under-way = dette er allerede en ny vurdering: skriv lappens ord igjen
hint-second-not-recorded = ingen ny vurdering på stasjonen: lappen for denne avgjørelsen ble ikke registrert — tilkall turneringsleder
hint-second-differ = ingen flere vurderinger på stasjonen: avgjørelsene er ulike — turneringsleder avgjør
hint-second-type-slip = skriv lappnummeret, så Enter
hint-second-out-of-service = ute av drift: tilkall turneringsleder for ny vurdering
hint-press-judge = BEDØM (Tab), eller Backspace for å gi ordene tilbake
hint-press-judge-button = trykk BEDØM, eller Backspace for å gi ordene tilbake
hint-back-to-challenger = UTFORDRER: rett ordene, så Enter
hint-not-a-word = bare bokstavene A-Z, 2 til 15 per ord
hint-no-such-slip = ingen lapp { $slip } på denne stasjonen
hint-division-out-of-service = { $division } er ute av drift: tilkall turneringsleder
hint-words-do-not-match = dette er ikke ordene på lapp { $slip }: ingenting ble bedømt; skriv nøyaktig ordene på lapp { $slip }
hint-not-reopened = lapp { $slip }: { $why }: be turneringsleder om ny vurdering
not-reopened-second = den er selv en ny vurdering, og en tredje er turneringsleders sak
not-reopened-director = turneringsleder bedømte den
not-reopened-already = den nye vurderingen ble gitt som lapp { $other }
not-reopened-other-station = den ble bedømt på en annen stasjon
not-reopened-too-old = den ble bedømt for mer enn { $minutes } minutter siden
not-reopened-not-among-last = den er ikke blant de { $plays } siste trekkene på denne enheten
not-reopened-division-not-here = gruppen er ikke på denne stasjonen
not-reopened-division-out-of-service = gruppen er ute av drift
hint-wrong-pin = feil PIN
hint-too-many-pins = for mange feil PIN-koder
hint-not-recorded = ikke lagret: { $error }

## Why the station, or a division, does not judge.
out-of-service-no-division = konfigurasjonen har ingen gruppe
out-of-service-every-division = ingen gruppe er i drift: turneringsleders skjerm viser hvorfor for hver

## Alerts: the banner that stays until the director acknowledges it.
alert-log-failed = Lappeloggen feilet — tilkall turneringsleder ({ $error })
alert-log-check = Lappeloggen må sjekkes — tilkall turneringsleder ({ $problem })
alert-docket = Kvittering for lapp { $slip } ikke skrevet ut — sjekk skriveren; `wordjudge slips print { $slip }` skriver ut på nytt ({ $error })

## The director's PIN prompt and screen.
pin-title = Turneringsleders PIN
pin-locked = låst i { $seconds } s etter { $tries } feil PIN-koder
pin-not-set = denne stasjonen har ennå ingen PIN for turneringsleder: den følger med turneringspakken; installer turneringen først
director-closes = lukkes om { $seconds } s (tilbake til spillerne)
command-pin = Lås til en gruppe (P)
command-slip-detail = Lappdetaljer (D)
command-round = Runde (N)
command-acknowledge = Kvitter for varsel (A)
command-reload = Last på nytt og kontroller (R)
command-about = Om (I)
command-install-event = Turnering fra pinne (E)
command-copy-logs = Logger til pinne (C)
command-allow = Tillat utfordringen (L)
command-back-to-players = Tilbake til spillerne (Esc)
command-exit = Avslutt stasjonen (Q)
command-unpin = 0  Lås opp (parene velger)
command-yes = Ja (Enter)
command-no = Nei (Esc)
pin-choice-title = Turneringsleder: lås stasjonen til en gruppe
pin-choice-help = Trykk gruppens nummer (0 låser opp), og bekreft.
confirm-pin = Lås stasjonen til { $division }? Alle utfordringer bedømmes da der.
confirm-unpin = Lås opp stasjonen? Hvert par velger da sin gruppe.
confirm-exit = Avslutte stasjonsprogrammet?
confirm-allow = La den ventende utfordringen bli bedømt? Ordene var del av et trekk bedømt UGYLDIG.
confirm-install-event = Installere turneringen fra USB-pinnen i denne stasjonen?
confirm-copy-logs = Kopiere slipploggene til USB-pinnen i denne stasjonen?
exit-restarts = Det avsluttes; under sin systemd-enhet (eller xinit-løkken) starter det igjen av seg selv og leser kiosk.toml på nytt.
exit-stop = For å ta ned stasjonen, stopp tjenesten fra SSH eller en konsoll: systemctl stop wordjudge-station
detail-slip-title = Turneringsleder: lappen som skal vises — nummeret, så Enter
detail-pin-title = Turneringsleders PIN igjen: detaljer per ord for lapp { $slip }
detail-pin-shown = vises i { $seconds } s, så turneringsleders skjerm igjen
detail-title = Lapp { $slip }: detaljer per ord
detail-closes = lukkes om { $seconds } s
round-title = Turneringsleder: runden som starter nå — nummeret, så Enter (0: ingen runde)
round-now = nå: runde { $round }
round-none = nå: ingen runde
pinned-to = Låst: alle utfordringer bedømmes i { $division } (ingen gruppemeny).
not-pinned = Ikke låst: hvert par velger sin gruppe.
not-pinned-one = Ikke låst (stasjonen har én gruppe).
waiting-challenge = En ny utfordring venter: { $words }{ $table } — del av { $play } (UGYLDIG). L lar den bli bedømt.
waiting-table = { " " }(bord { $table })
failed-play-any = et ugyldig trekk
wrong-pins-since = { $n ->
    [one] { $n } feil PIN-kode ble prøvd
   *[other] { $n } feil PIN-koder ble prøvd
} siden ditt forrige besøk
unrecorded-line = LAPP IKKE REGISTRERT — fyll ut papirlappen fra dette: { $line } (A kvitterer)
division-verified = { $pinned } { $division } — kontrollert ✓ { $codes } ({ $header })
division-broken = { $pinned } { $division } — UTE AV DRIFT: { $reason }
log-none-yet = lappelogg: ingen lapper ennå ({ $path })
log-intact = lappelogg: { $n ->
    [one] { $n } post
   *[other] { $n } poster
}, kjeden er intakt
log-first-bad = lappelogg: FØRSTE FEIL LAPP linje { $line }: { $problem }
log-intact-but = lappelogg: { $n ->
    [one] { $n } post
   *[other] { $n } poster
}, kjeden er intakt, men { $problem }
log-error = lappelogg: { $error }
last-anchor = anker for siste lapp (noter det når runden er slutt): { $anchor }
# A recent slip on the director's screen: R round (runde), B table (bord).
slip-round-short = R{ $round }
slip-table-short = B{ $table }
station-no-event = stasjon { $station }: ikke installert fra en turneringspakke
station-event = turnering { $name } · fingeravtrykk { $fingerprint } · stasjon { $station }
station-key = stasjonens nøkkel: { $key } (linjen i listen: { $station } { $key })
event-signed = signert med nøkkel { $key }, som denne stasjonen stoler på
event-files-exact = filer: nøyaktig turneringspakkens
event-changed = ENDRET HER: { $change }
round-set = runde { $round } (N: sett runden)
round-unset = ingen runde satt (N: sett runden)
detail-heading = lapp { $slip } · { $time } · { $kind } · gruppe { $division } · stasjon { $station } · { $verdict }
detail-second-opinion = ny vurdering av lapp { $slip }
detail-acceptable = gyldig (i { $code })
detail-not-acceptable = ✗ UGYLDIG
detail-back = Esc: tilbake til turneringsleders skjerm

## Slip kinds as the director's screen and the docket name them.
kind-challenge = utfordring
kind-second-opinion = ny vurdering
kind-director = turneringsleder

## The date and time as people of this language write them. Placeholders: $year, $month, $day
## (two digits), $month_num, $day_num (no leading zero), $hour, $minute, $second (two digits),
## $hour12 and $ampm (a 12-hour clock), $zone (the time zone's abbreviation).
datetime = { $day }.{ $month }.{ $year } { $hour }:{ $minute }:{ $second } { $zone }

## The printed docket (32 columns, letters without accents: the printer's own font).
docket-challenge = WORDJUDGE UTFORDRING
docket-second-opinion = WORDJUDGE NY VURDERING
docket-director = WORDJUDGE LEDERENS AVGJØRELSE
docket-event = Turnering
docket-event-id = Turn.-ID
docket-station = Stasjon
docket-slip = Lapp
docket-time = Tid
docket-round = Runde
docket-table = Bord
docket-division = Gruppe
docket-lexicon = { $n ->
    [one] Ordliste
   *[other] Ordlister
}
docket-second-on = Ny vurdering av lapp { $slip }
docket-second = Ny vurdering
docket-by-director = Bedømt av turneringsleder
docket-words = Ord ({ $n }):
docket-verdict = AVGJØRELSE: { $verdict }
docket-seal = Segl { $seal }
docket-check = Sjekk: wordjudge slips verify

## The event report's headings and table captions (its sentences are in English).
report-slip-logs = Lapplogger
report-logs-caption = Kontroll av hver logg som er gitt
report-device-logs = Logger fra bordenheter
report-device-logs-proof = Loggen fra en bordenhet beviser hva innehaveren skrev på enheten, ikke hva som ble bedømt ved bordet: spillerne har siden, nettleserens lagring og enhetens nøkkel, og kan skrive og signere hvilken som helst lapp. Regn lappene som spillernes egen beretning, ikke som en stasjons logg.
report-anchors = Ankere
report-anchors-caption = Hvert anker notert ved en stasjon
report-challenges = Utfordringer
report-by-round = Utfordringer per runde
report-by-station = Utfordringer per stasjon
report-by-division = Utfordringer per gruppe
report-second-opinions = Andre vurderinger
report-differing-caption = Andre vurderinger som avviker
report-rechallenges = Nye utfordringer
report-rechallenge-caption = Nye utfordringer av en del av et avvist trekk

# Director mode: a USB stick (the next event, the logs).
stick-install-help = Pinnens mappe wordjudge-event: signert med nøkkelen denne stasjonen stoler på, nyere enn turneringen den kjører. Stasjonen beholder sin id; forrige turnerings slipper holdes for seg.
stick-copy-help = Hver turnerings slipplogg, med hode og anker, lest tilbake fra pinnen. Ingenting hemmelig kopieres.
stick-one-stick = Sett inn én USB-pinne, bare én, først.
stick-working-title = Arbeider med USB-pinnen…
stick-working = La pinnen sitte til denne siden sier at det er ferdig.
stick-done-title = Ferdig: du kan ta ut pinnen
stick-failed-title = Ikke utført
stick-installed = Stasjonen kjører nå den nye turneringen: fingeravtrykket står i toppfeltet.

# The table-side judge's page (a phone or tablet at the table): its own buttons and lines.
web-save-log = Lagre lappeloggen
web-keyboard = Tastatur
web-device = Enhet { $device }
web-saved = Lagret: gi filen til turneringsleder
web-next-event-title = NESTE TURNERING
web-next-event = nettstedet har nå en annen turnering ({ $fingerprint }): ingenting bedømmes med filene til den forrige. Filene lastes; siden åpnes på nytt av seg selv. Blir den stående, åpne siden igjen med nettet på.
web-save-log-of = Lagre loggen for turnering { $fingerprint }
web-event = { $name } · pakket { $when }
web-event-old = denne turneringen ble pakket { $when }, og denne enheten kunne ikke se etter en nyere: finnes det en, åpne siden med nettet på
web-other-tab-title = EN ANNEN FANE BEDØMMER
web-other-tab = dette nettstedet bedømmer i en annen fane eller app på denne enheten: bare én bedømmer om gangen, så hver lapp lagres én gang i én logg. Lukk den andre, så tar denne over.

## The table judge's poster (`web build --url`).
poster-heading = Bedøm utfordringer ved bordet
poster-open = Åpne denne adressen på en mobil eller et nettbrett, eller skann koden, med nettet på; etterpå virker den uten nett.
poster-compare = Før dere bedømmer, sjekk at toppen av skjermen nevner denne turneringen og viser dette fingeravtrykket. Viser den noe annet, ikke bruk den: tilkall turneringsleder.
poster-signer = signert med turneringsleders nøkkel { $key }
web-game-round = Runde
web-game-table = Bord
web-game-note = valgfritt: på hver lapp fra denne enheten fra nå av
web-game-refused = runde 1 til { $rounds }, bord 1 til { $tables }, eller tomt: ikke endret
web-not-kept-moved-on = Denne lappen ble ikke lagret: en annen fane eller app for dette nettstedet har bedømt siden denne siden leste loggen. Lukk den andre, og last denne siden på nytt.
web-not-kept-refused = Denne lappen ble ikke lagret: nettleserens lagring for dette nettstedet er full eller slått av. Frigjør eller tillat lagring, og last denne siden på nytt.
web-not-kept-other = Denne lappen ble ikke lagret (siden svarte { $code }): last denne siden på nytt.
web-loading = Laster turneringen…
web-cannot-run = denne nettleseren kan ikke kjøre dommeren ({ $error }): bruk en annen nettleser, eller oppdater denne
web-no-storage = denne nettleseren lagrer ingen data for dette nettstedet ({ $error }): hver lapp lagres på enheten, så den kan ikke bedømme her; la nettstedet lagre data, eller bruk en annen nettleser
web-two-events = filene på dette nettstedet er fra to turneringer ({ $site } og { $bundle }): turneringslederen bygger nettstedet på nytt
web-cannot-read = filene på dette nettstedet kan ikke leses ({ $error }): åpne det igjen med nettet på

# A station image's first boot, the stick naming no station: this machine's number.
station-number-title = NUMMERET til denne stasjonen (1 til { $max }), så Enter
station-number-detail = Turneringen «{ $event }» ligger på minnepinnen. Hver maskin får sitt eget nummer: det står på hver skjerm, hver lapp og i stasjonslisten. Skriv inn denne maskinens og trykk Enter.
station-number-installing = Turneringen installeres som stasjon { $number }…
station-number-wait = turneringen kontrolleres og installeres fra minnepinnen; stasjonen starter når det er gjort
hint-type-station-number = skriv stasjonens nummer (1 til { $max }), så Enter
