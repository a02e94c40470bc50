# wordjudge — the station's words in Swedish (svenska). Translated by the wordjudge project, not
# yet reviewed by a native speaker: corrections welcome (README, 'Languages'). Placeholders
# { $name } must stay as they are.
#
# wordjudge — stationens ord på svenska. Översatt av wordjudge-projektet, ännu inte granskad av
# någon med svenska som modersmål: rättelser välkomnas (README, ”Languages”). Platshållarna
# { $name } ska stå kvar som de är.
# Status: needs review by a native speaker

## The language itself, as its speakers name it (the director's setting and the division menu).
language-name = Svenska

## Fixed words of the screens (buttons, prompts).
label-out-of-service = UR DRIFT
label-call-director = kalla på tävlingsledaren
label-verdicts-differ = OLIKA BESLUT
label-second-opinion = NY BEDÖMNING (F2)
label-edit-keys = Backspace rättar · Esc rensar
# The tile keyboard's key that ends a word (it types Space).
label-next-word = nästa ord
label-done = KLAR (Enter)
label-any-key-clears = en tangent eller en tryckning rensar
label-judge = BEDÖM
label-words-typed = inskrivna ord
label-word = ord
label-cancel = Avbryt (Esc)
label-backspace = Radera
label-ok = OK
label-pin = PIN
label-pin-digits = siffror
label-director = TÄVLINGSLEDARE
label-scroll = ↑ ↓ PgUp PgDn bläddrar
label-alert = Larm:
label-back = Tillbaka (Esc)
label-unavailable = inte tillgänglig nu
label-about-text = Domarstation för tävlingsscrabble. Licens: GPL-3.0-or-later. Typsnitt: DejaVu Sans (Bitstream Vera-licens).
judge-tab = BEDÖM (Tab)

## The verdict: the words players expect, with the symbol the screen also shows.
verdict-acceptable = ✓ GODKÄNT
verdict-unacceptable = ✗ UNDERKÄNT
# The verdict as a slip or a docket names it, without the symbol.
verdict-word-acceptable = GODKÄNT
verdict-word-unacceptable = UNDERKÄNT

## Player screens.
out-of-service-title = UR DRIFT — kalla på tävlingsledaren
choose-division = Välj din grupp
division-out-of-service = { $division } — UR DRIFT
pinned-by-director = { $division } (låst av tävlingsledaren)
table-title = Ditt BORDSNUMMER, sedan Enter
table-detail = numret på bordet där du spelar
count-title = UTMANARE: hur många ord utmanar du?
count-detail = tryck 1 till { $max }
second-opinion-for = NY BEDÖMNING av lapp { $slip }
slip-number-title = NY BEDÖMNING: skriv lappens nummer, sedan Enter
entry-title = UTMANARE: skriv orden, sedan Enter (KLAR)
entry-count = { $n ->
    [one] { $n } ord
   *[other] { $n } ord
}; mellanslag eller komma mellan orden, Enter efter det sista
entry-no-count = Mellanslag eller komma mellan orden, Enter efter det sista
entry-again = skriv orden igen.
handed-over-title = UTMANAD SPELARE: kontrollera orden mot brädet och lappen, tryck sedan BEDÖM
handed-over-ready = BEDÖM när de stämmer; Backspace ger dem tillbaka till utmanaren
handed-over-pause = UTMANARE: lämna stationen till den utmanade spelaren
slip-line = LAPP { $slip }
slip-not-recorded = LAPP EJ REGISTRERAD
spoken-slip = { $verdict }. Lapp { $slip }.
spoken-not-recorded = { $verdict }. Lappen registrerades inte.
verdicts-differ-title = OLIKA BESLUT — kalla på tävlingsledaren
differ-recorded = ny bedömning av lapp { $slip }, registrerad som lapp { $recorded }
differ-not-recorded = ny bedömning av lapp { $slip } (lapploggen misslyckades)
log-failed-write-time = lapploggen misslyckades: skriv den här tiden på lappen och kalla på tävlingsledaren
verdict-agree = ny bedömning av lapp { $slip }: samma beslut · { $division } · { $time }
verdict-judged = { $division } · bedömt { $time }
verdict-agree-not-recorded = ny bedömning av lapp { $slip }: samma beslut · bedömt { $time }; { $failed }
verdict-not-recorded = bedömt { $time }; { $failed }

## The header's event line.
event-line-event = TÄVLING { $fingerprint }
event-line-event-changed = TÄVLING { $fingerprint } (ÄNDRAD HÄR)
event-line-round = ROND { $round }
event-line-station = STATION { $station }
event-line-table = BORD { $table }

## The lexicons line under the division's name.
edition-effective = utgåva { $code }, gäller från { $date }
edition = utgåva { $code }
edition-unpublished = ingen publicerad utgåva
edition-mislabel = { $edition } (FELMÄRKNING ACCEPTERAD)
header-fallback = { $code } · { $title } ({ $min }+ bokstäver)
header-second-opinions = nya bedömningar: { $header }

## Hints: a short line after a refused key or an incomplete entry.
hint-press-count = tryck 1 till { $max }
hint-type-table = skriv ditt bordsnummer (1 till { $max }), sedan Enter
hint-words-typed = { $n ->
    [one] { $n } ord inskrivet
   *[other] { $n } ord inskrivna
}: tryck Enter (KLAR) för att lämna över, eller Backspace för att rätta
hint-word-too-long = ett ord har högst 15 bokstäver
hint-letters-only = bara bokstäver
hint-not-a-letter = { $char } är ingen bokstav och skrevs inte: bara bokstäver (Backspace för att rätta)
hint-not-a-tile = ingen { $alphabet }-bricka: skriv bokstäverna, eller tryck på brickorna nedan
hint-unfinished-tile = { $tile } är början på en bricka: skriv klart den, eller Backspace
hint-too-many-tiles = ett ord har högst 15 brickor
hint-short-word = ord { $n } behöver minst 2 bokstäver
hint-word-unfinished = ordet slutar inuti en bricka: skriv klart den, eller Backspace
hint-one-tile = ord { $n } behöver minst 2 brickor
hint-words-of = { $typed } av { $of } ord inskrivna
hint-no-words = skriv de utmanade orden först
hint-not-handed-over = utmanaren avslutar först: Enter (KLAR) efter sista ordet
hint-handover-pause = inte än: utmanaren lämnar stationen till den utmanade spelaren, som sedan trycker BEDÖM
failed-play-slip = lapp { $slip }
failed-play-unrecorded = draget från { $time }
hint-part-of-failed-play = orden ingick i { $play }, som bedömdes UNDERKÄNT: inget bedömdes — fråga tävlingsledaren
hint-part-of-failed-play-device = orden ingick i { $play }, som bedömdes UNDERKÄNT här: ett drag bedöms en gång, den här enheten bedömer dem inte — ändra orden, eller be tävlingsledaren bedöma draget
hint-second-words-typed = NY BEDÖMNING: rensa orden först (Esc), tryck sedan igen
hint-second-under-way = detta är redan en ny bedömning: skriv lappens ord igen
hint-second-not-recorded = ingen ny bedömning på stationen: beslutets lapp registrerades inte — kalla på tävlingsledaren
hint-second-differ = ingen ytterligare bedömning på stationen: besluten skiljer sig — tävlingsledaren avgör
hint-second-type-slip = skriv lappens nummer, sedan Enter
hint-second-out-of-service = ur drift: kalla på tävlingsledaren för en ny bedömning
hint-press-judge = BEDÖM (Tab), eller Backspace för att ge tillbaka orden
hint-press-judge-button = tryck BEDÖM, eller Backspace för att ge tillbaka orden
hint-back-to-challenger = UTMANARE: rätta orden, sedan Enter
hint-not-a-word = bara bokstäverna A-Z, 2 till 15 per ord
hint-no-such-slip = ingen lapp { $slip } på den här stationen
hint-division-out-of-service = { $division } är ur drift: kalla på tävlingsledaren
hint-words-do-not-match = det här är inte orden på lapp { $slip }: inget bedömdes; skriv exakt orden på lapp { $slip }
hint-not-reopened = lapp { $slip }: { $why }: be tävlingsledaren om en ny bedömning
not-reopened-second = den är själv en ny bedömning, och en tredje är tävlingsledarens sak
not-reopened-director = tävlingsledaren bedömde den
not-reopened-already = dess nya bedömning gavs som lapp { $other }
not-reopened-other-station = den bedömdes på en annan station
not-reopened-too-old = den bedömdes för mer än { $minutes } minuter sedan
not-reopened-not-among-last = den är inte bland enhetens { $plays } senaste drag
not-reopened-division-not-here = dess grupp finns inte på den här stationen
not-reopened-division-out-of-service = dess grupp är ur drift
hint-wrong-pin = fel PIN
hint-too-many-pins = för många fel PIN
hint-not-recorded = inte sparat: { $error }

## Why the station, or a division, does not judge.
out-of-service-no-division = konfigurationen anger ingen grupp
out-of-service-every-division = ingen grupp är i drift: tävlingsledarens skärm visar varför för var och en

## Alerts: the banner that stays until the director acknowledges it.
alert-log-failed = Lapploggen misslyckades — kalla på tävlingsledaren ({ $error })
alert-log-check = Lapploggen behöver kontrolleras — kalla på tävlingsledaren ({ $problem })
alert-docket = Kvitto för lapp { $slip } ej utskrivet — kontrollera skrivaren; `wordjudge slips print { $slip }` skriver ut igen ({ $error })

## The director's PIN prompt and screen.
pin-title = Tävlingsledarens PIN
pin-locked = låst i { $seconds } s efter { $tries } fel PIN
pin-not-set = den här stationen har ännu ingen PIN för tävlingsledaren: den följer med turneringspaketet; installera turneringen först
director-closes = stängs om { $seconds } s (tillbaka till spelarna)
command-pin = Lås till en grupp (P)
command-slip-detail = Lappdetaljer (D)
command-round = Rond (N)
command-acknowledge = Kvittera larm (A)
command-reload = Läs om och verifiera (R)
command-about = Om (I)
command-install-event = Turnering från minne (E)
command-copy-logs = Loggar till minne (C)
command-allow = Tillåt utmaningen (L)
command-back-to-players = Tillbaka till spelarna (Esc)
command-exit = Avsluta stationen (Q)
command-unpin = 0  Lås upp (paren väljer)
command-yes = Ja (Enter)
command-no = Nej (Esc)
pin-choice-title = Tävlingsledare: lås stationen till en grupp
pin-choice-help = Tryck gruppens nummer (0 låser upp), bekräfta sedan.
confirm-pin = Lås stationen till { $division }? Varje utmaning bedöms då där.
confirm-unpin = Lås upp stationen? Varje par väljer då sin grupp.
confirm-exit = Avsluta stationsprogrammet?
confirm-allow = Låta den väntande utmaningen bedömas? Dess ord ingick i ett drag som bedömdes UNDERKÄNT.
confirm-install-event = Installera turneringen från USB-minnet i den här stationen?
confirm-copy-logs = Kopiera slipploggarna till USB-minnet i den här stationen?
exit-restarts = Det avslutas; under sin systemd-enhet (eller xinit-loopen) startar det igen av sig självt och läser kiosk.toml på nytt.
exit-stop = För att stänga ner stationen, stoppa tjänsten via SSH eller en konsol: systemctl stop wordjudge-station
detail-slip-title = Tävlingsledare: lappen som ska visas — dess nummer, sedan Enter
detail-pin-title = Tävlingsledarens PIN igen: detaljer per ord för lapp { $slip }
detail-pin-shown = visas i { $seconds } s, sedan tävlingsledarens skärm igen
detail-title = Lapp { $slip }: detaljer per ord
detail-closes = stängs om { $seconds } s
round-title = Tävlingsledare: ronden som börjar nu — dess nummer, sedan Enter (0: ingen rond)
round-now = nu: rond { $round }
round-none = nu: ingen rond
pinned-to = Låst: varje utmaning bedöms i { $division } (ingen gruppmeny).
not-pinned = Inte låst: varje par väljer sin grupp.
not-pinned-one = Inte låst (stationen har en grupp).
waiting-challenge = En ny utmaning väntar: { $words }{ $table } — del av { $play } (UNDERKÄNT). L låter den bedömas.
waiting-table = { " " }(bord { $table })
failed-play-any = ett underkänt drag
wrong-pins-since = { $n ->
    [one] { $n } fel PIN har prövats
   *[other] { $n } fel PIN har prövats
} sedan ditt senaste besök
unrecorded-line = LAPP EJ REGISTRERAD — fyll i papperslappen utifrån detta: { $line } (A kvitterar)
division-verified = { $pinned } { $division } — verifierad ✓ { $codes } ({ $header })
division-broken = { $pinned } { $division } — UR DRIFT: { $reason }
log-none-yet = lapplogg: inga lappar än ({ $path })
log-intact = lapplogg: { $n ->
    [one] { $n } post
   *[other] { $n } poster
}, kedjan intakt
log-first-bad = lapplogg: FÖRSTA FELAKTIGA LAPP rad { $line }: { $problem }
log-intact-but = lapplogg: { $n ->
    [one] { $n } post
   *[other] { $n } poster
}, kedjan intakt, men { $problem }
log-error = lapplogg: { $error }
last-anchor = ankare för sista lappen (skriv ner det när ronden slutar): { $anchor }
# A recent slip on the director's screen: R round (rond), B table (bord).
slip-round-short = R{ $round }
slip-table-short = B{ $table }
station-no-event = station { $station }: inte installerad från ett tävlingspaket
station-event = tävling { $name } · fingeravtryck { $fingerprint } · station { $station }
station-key = stationens nyckel: { $key } (listans rad: { $station } { $key })
event-signed = signerad med nyckel { $key }, som stationen litar på
event-files-exact = filer: exakt tävlingspaketets
event-changed = ÄNDRAT HÄR: { $change }
round-set = rond { $round } (N: ange rond)
round-unset = ingen rond angiven (N: ange rond)
detail-heading = lapp { $slip } · { $time } · { $kind } · grupp { $division } · station { $station } · { $verdict }
detail-second-opinion = ny bedömning av lapp { $slip }
detail-acceptable = godkänt (i { $code })
detail-not-acceptable = ✗ UNDERKÄNT
detail-back = Esc: tillbaka till tävlingsledarens skärm

## Slip kinds as the director's screen and the docket name them.
kind-challenge = utmaning
kind-second-opinion = ny bedömning
kind-director = tävlingsledare

## The date and time as people of this language write them. Placeholders: $year, $month, $day
## (two digits), $month_num, $day_num (no leading zero), $hour, $minute, $second (two digits),
## $hour12 and $ampm (a 12-hour clock), $zone (the time zone's abbreviation).
datetime = { $year }-{ $month }-{ $day } { $hour }:{ $minute }:{ $second } { $zone }

## The printed docket (32 columns, letters without accents: the printer's own font).
docket-challenge = WORDJUDGE UTMANING
docket-second-opinion = WORDJUDGE NY BEDÖMNING
docket-director = WORDJUDGE TÄVLINGSLEDARBESLUT
docket-event = Tävling
docket-event-id = Tävlings-ID
docket-station = Station
docket-slip = Lapp
docket-time = Tid
docket-round = Rond
docket-table = Bord
docket-division = Grupp
docket-lexicon = { $n ->
    [one] Ordlista
   *[other] Ordlistor
}
docket-second-on = Ny bedömning av lapp { $slip }
docket-second = Ny bedömning
docket-by-director = Bedömd av tävlingsledaren
docket-words = Ord ({ $n }):
docket-verdict = BESLUT: { $verdict }
docket-seal = Sigill { $seal }
docket-check = Kontroll: wordjudge slips verify

## The event report's headings and table captions (its sentences are in English).
report-slip-logs = Lapploggar
report-logs-caption = Kontroll av varje given logg
report-device-logs = Loggar från bordsenheter
report-device-logs-proof = En bordsenhets logg bevisar vad innehavaren skrev på enheten, inte vad som bedömdes vid bordet: spelarna har sidan, webbläsarens lagring och enhetens nyckel och kan skriva och signera vilken lapp som helst. Räkna lapparna som spelarnas egen redogörelse, inte som en stations logg.
report-anchors = Ankare
report-anchors-caption = Varje ankare antecknat vid en station
report-challenges = Utmaningar
report-by-round = Utmaningar per rond
report-by-station = Utmaningar per station
report-by-division = Utmaningar per grupp
report-second-opinions = Andra bedömningar
report-differing-caption = Andra bedömningar som skiljer sig
report-rechallenges = Nya utmaningar
report-rechallenge-caption = Nya utmaningar av en del av ett underkänt drag

# Director mode: a USB stick (the next event, the logs).
stick-install-help = Minnets mapp wordjudge-event: signerad med nyckeln som stationen litar på, nyare än dess turnering. Stationen behåller sitt id; förra turneringens slippar hålls för sig.
stick-copy-help = Varje turnerings slipplogg, med huvud och ankare, läst tillbaka från minnet. Inget hemligt kopieras.
stick-one-stick = Sätt först i ett USB-minne, bara ett.
stick-working-title = Arbetar med USB-minnet…
stick-working = Låt minnet sitta kvar tills den här sidan säger att det är klart.
stick-done-title = Klart: du kan ta ut minnet
stick-failed-title = Inte utfört
stick-installed = Stationen kör nu den nya turneringen: dess fingeravtryck står i sidhuvudet.

# The table-side judge's page (a phone or tablet at the table): its own buttons and lines.
web-save-log = Spara lapploggen
web-keyboard = Tangentbord
web-device = Enhet { $device }
web-saved = Sparad: ge filen till tävlingsledaren
web-next-event-title = NÄSTA TÄVLING
web-next-event = webbplatsen har nu en annan tävling ({ $fingerprint }): inget bedöms med den förras filer. Filerna laddas; sidan öppnas igen av sig själv. Står det kvar, öppna webbplatsen igen med nätet på.
web-save-log-of = Spara loggen för tävling { $fingerprint }
web-event = { $name } · packad { $when }
web-event-old = tävlingen packades { $when } och enheten kunde inte se efter en nyare: finns det en, öppna webbplatsen med nätet på
web-other-tab-title = EN ANNAN FLIK BEDÖMER
web-other-tab = den här webbplatsen bedömer i en annan flik eller app på enheten: bara en bedömer åt gången, så att varje lapp sparas en gång i en logg. Stäng den andra, så tar den här över.

## The table judge's poster (`web build --url`).
poster-heading = Bedöm utmaningar vid bordet
poster-open = Öppna adressen i en mobil eller surfplatta, eller skanna koden, med nätet på; sedan fungerar den utan nät.
poster-compare = Innan ni bedömer, kontrollera att skärmens överkant nämner den här tävlingen och visar det här fingeravtrycket. Visar den något annat, använd den inte: kalla på tävlingsledaren.
poster-signer = signerad med tävlingsledarens nyckel { $key }
web-game-round = Rond
web-game-table = Bord
web-game-note = valfritt: på varje lapp från den här enheten från och med nu
web-game-refused = rond 1 till { $rounds }, bord 1 till { $tables }, eller tomt: inte ändrat
web-not-kept-moved-on = Den här lappen sparades inte: en annan flik eller app för den här webbplatsen har bedömt sedan den här sidan läste loggen. Stäng den andra och ladda om den här sidan.
web-not-kept-refused = Den här lappen sparades inte: webbläsarens lagring för den här webbplatsen är full eller avstängd. Frigör eller tillåt lagring och ladda om den här sidan.
web-not-kept-other = Den här lappen sparades inte (sidan svarade { $code }): ladda om den här sidan.
web-loading = Läser in turneringen…
web-cannot-run = den här webbläsaren kan inte köra domaren ({ $error }): använd en annan webbläsare eller uppdatera den här
web-no-storage = den här webbläsaren sparar inga data för den här webbplatsen ({ $error }): varje lapp sparas på enheten, så den kan inte bedöma här; låt webbplatsen spara data eller använd en annan webbläsare
web-two-events = webbplatsens filer kommer från två turneringar ({ $site } och { $bundle }): tävlingsledaren bygger webbplatsen igen
web-cannot-read = webbplatsens filer kan inte läsas ({ $error }): öppna den igen med nätet på

# A station image's first boot, the stick naming no station: this machine's number.
station-number-title = Den här stationens NUMMER (1 till { $max }), sedan Enter
station-number-detail = Turneringen ”{ $event }” finns på minnet. Varje maskin får sitt eget nummer: det står på varje skärm, varje lapp och i stationslistan. Skriv in den här maskinens och tryck Enter.
station-number-installing = Turneringen installeras som station { $number }…
station-number-wait = turneringen kontrolleras och installeras från minnet; stationen startar när det är klart
hint-type-station-number = skriv stationens nummer (1 till { $max }), sedan Enter
