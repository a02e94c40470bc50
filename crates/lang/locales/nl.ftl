# wordjudge — the station's words in Nederlands. Translated by the wordjudge project, not yet
# reviewed by a native speaker: corrections welcome (README, 'Languages'). Placeholders { $name }
# must stay as they are.
#
# wordjudge — de woorden van het station in het Nederlands. Vertaald door het wordjudge-project,
# nog niet nagekeken door een moedertaalspreker: verbeteringen welkom (README, 'Languages').
# Placeholders { $name } moeten blijven zoals ze zijn.
# Status: needs review by a native speaker

## De taal zelf, zoals haar sprekers haar noemen (instelling van de wedstrijdleider en het groepsmenu).
language-name = Nederlands

## Vaste woorden van de schermen (knoppen, aanwijzingen).
label-out-of-service = BUITEN GEBRUIK
label-call-director = roep de wedstrijdleider
label-verdicts-differ = OORDELEN VERSCHILLEN
label-second-opinion = TWEEDE OORDEEL (F2)
label-edit-keys = Backspace wist · Esc leegt
# De toets van het steentjestoetsenbord die een woord afsluit (typt een spatie).
label-next-word = volgend woord
label-done = KLAAR (Enter)
label-any-key-clears = een toets of een aanraking wist
label-judge = BEOORDEEL
label-words-typed = getypte woorden
label-word = woord
label-cancel = Annuleren (Esc)
label-backspace = Wissen
label-ok = OK
label-pin = PIN
label-pin-digits = cijfers
label-director = WEDSTRIJDLEIDER
label-scroll = ↑ ↓ PgUp PgDn scrollen
label-alert = Alarm:
label-back = Terug (Esc)
label-unavailable = nu niet beschikbaar
label-about-text = Beoordelingsstation voor wedstrijdscrabble. Licentie: GPL-3.0-or-later. Lettertype: DejaVu Sans (Bitstream Vera-licentie).
judge-tab = BEOORDEEL (Tab)

## Het oordeel: de woorden die spelers verwachten, met het symbool dat het scherm ook toont.
verdict-acceptable = ✓ GELDIG
verdict-unacceptable = ✗ ONGELDIG
# Het oordeel zoals een briefje of bon het noemt, zonder symbool.
verdict-word-acceptable = GELDIG
verdict-word-unacceptable = ONGELDIG

## Spelersschermen.
out-of-service-title = BUITEN GEBRUIK — roep de wedstrijdleider
choose-division = Kies je groep
division-out-of-service = { $division } — BUITEN GEBRUIK
pinned-by-director = { $division } (vastgezet door de wedstrijdleider)
table-title = Je TAFELNUMMER, dan Enter
table-detail = het nummer van het bord waaraan je speelt
count-title = UITDAGER: hoeveel woorden betwist je?
count-detail = druk 1 t/m { $max }
second-opinion-for = TWEEDE OORDEEL voor briefje { $slip }
slip-number-title = TWEEDE OORDEEL: typ het briefjesnummer, dan Enter
entry-title = UITDAGER: typ de woorden, dan Enter (KLAAR)
entry-count = { $n ->
    [one] { $n } woord; spatie of komma tussen woorden, Enter na het laatste
   *[other] { $n } woorden; spatie of komma tussen woorden, Enter na het laatste
}
entry-no-count = Spatie of komma tussen woorden, Enter na het laatste
entry-again = typ de woorden opnieuw.
handed-over-title = UITGEDAAGDE SPELER: controleer de woorden met het bord en het briefje, druk dan op BEOORDEEL
handed-over-ready = BEOORDEEL als ze kloppen; Backspace geeft ze terug aan de uitdager
handed-over-pause = UITDAGER: geef het station aan de uitgedaagde speler
slip-line = BRIEFJE { $slip }
slip-not-recorded = BRIEFJE NIET VASTGELEGD
spoken-slip = { $verdict }. Briefje { $slip }.
spoken-not-recorded = { $verdict }. Briefje niet vastgelegd.
verdicts-differ-title = OORDELEN VERSCHILLEN — roep de wedstrijdleider
differ-recorded = tweede oordeel over briefje { $slip }, vastgelegd als briefje { $recorded }
differ-not-recorded = tweede oordeel over briefje { $slip } (het briefjeslog faalde)
log-failed-write-time = het briefjeslog faalde: schrijf deze tijd op het briefje en roep de wedstrijdleider
verdict-agree = tweede oordeel over briefje { $slip }: de oordelen komen overeen · { $division } · { $time }
verdict-judged = { $division } · beoordeeld { $time }
verdict-agree-not-recorded = tweede oordeel over briefje { $slip }: de oordelen komen overeen · beoordeeld { $time }; { $failed }
verdict-not-recorded = beoordeeld { $time }; { $failed }

## De toernooiregel in de kop.
event-line-event = TOERNOOI { $fingerprint }
event-line-event-changed = TOERNOOI { $fingerprint } (HIER GEWIJZIGD)
event-line-round = RONDE { $round }
event-line-station = STATION { $station }
event-line-table = TAFEL { $table }

## De regel met woordenlijsten onder de naam van de groep.
edition-effective = editie { $code }, geldig vanaf { $date }
edition = editie { $code }
edition-unpublished = geen gepubliceerde editie
edition-mislabel = { $edition } (ONJUIST LABEL AANVAARD)
header-fallback = { $code } · { $title } ({ $min }+ letters)
header-second-opinions = tweede oordelen: { $header }

## Hints: een korte regel na een geweigerde toets of een onvolledige invoer.
hint-press-count = druk 1 t/m { $max }
hint-type-table = typ je tafelnummer (1 t/m { $max }), dan Enter
hint-words-typed = { $n ->
    [one] { $n } woord getypt: Enter (KLAAR) om over te geven, of Backspace om te corrigeren
   *[other] { $n } woorden getypt: Enter (KLAAR) om over te geven, of Backspace om te corrigeren
}
hint-word-too-long = een woord heeft hoogstens 15 letters
hint-letters-only = alleen letters
hint-not-a-letter = { $char } is geen letter en is niet getypt: alleen letters (Backspace om te corrigeren)
hint-not-a-tile = geen { $alphabet }-steen: typ de letters, of raak de stenen hieronder aan
hint-unfinished-tile = { $tile } is het begin van een steen: maak hem af, of Backspace
hint-too-many-tiles = een woord heeft hoogstens 15 stenen
hint-short-word = woord { $n } heeft minstens 2 letters nodig
hint-word-unfinished = het woord eindigt midden in een steen: maak hem af, of Backspace
hint-one-tile = woord { $n } heeft minstens 2 stenen nodig
hint-words-of = { $typed } van { $of } woorden getypt
hint-no-words = typ eerst de betwiste woorden
hint-not-handed-over = de uitdager sluit eerst de invoer af: Enter (KLAAR) na het laatste woord
hint-handover-pause = nog niet: de uitdager geeft het station aan de uitgedaagde speler, die dan op BEOORDEEL drukt
failed-play-slip = briefje { $slip }
failed-play-unrecorded = de zet beoordeeld om { $time }
hint-part-of-failed-play = deze woorden hoorden bij { $play }, beoordeeld als ONGELDIG: niets beoordeeld — vraag de wedstrijdleider
hint-part-of-failed-play-device = deze woorden hoorden bij { $play }, hier beoordeeld als ONGELDIG: een zet wordt één keer beoordeeld, dit apparaat beoordeelt ze niet — verander de woorden, of vraag de wedstrijdleider de zet te beoordelen
hint-second-words-typed = TWEEDE OORDEEL: wis eerst de woorden (Esc), druk dan opnieuw
hint-second-under-way = dit is al een tweede oordeel: typ de woorden van het briefje opnieuw
hint-second-not-recorded = geen tweede oordeel op het station: het briefje van dit oordeel is niet vastgelegd — roep de wedstrijdleider
hint-second-differ = geen verder oordeel op het station: de oordelen verschillen — de wedstrijdleider beslist
hint-second-type-slip = typ het briefjesnummer, dan Enter
hint-second-out-of-service = buiten gebruik: roep de wedstrijdleider voor een tweede oordeel
hint-press-judge = BEOORDEEL (Tab), of Backspace om de woorden terug te geven
hint-press-judge-button = druk op BEOORDEEL, of Backspace om de woorden terug te geven
hint-back-to-challenger = UITDAGER: corrigeer de woorden, dan Enter
hint-not-a-word = alleen letters A-Z, 2 tot 15 per woord
hint-no-such-slip = geen briefje { $slip } op dit station
hint-division-out-of-service = { $division } is buiten gebruik: roep de wedstrijdleider
hint-words-do-not-match = dit zijn niet de woorden van briefje { $slip }: niets beoordeeld; typ precies de woorden van briefje { $slip }
hint-not-reopened = briefje { $slip }: { $why }: vraag de wedstrijdleider om een tweede oordeel
not-reopened-second = het is zelf een tweede oordeel, en een derde is aan de wedstrijdleider
not-reopened-director = de wedstrijdleider heeft het beoordeeld
not-reopened-already = het tweede oordeel erover is gegeven als briefje { $other }
not-reopened-other-station = het is op een ander station beoordeeld
not-reopened-too-old = het is meer dan { $minutes } minuten geleden beoordeeld
not-reopened-not-among-last = het hoort niet bij de laatste { $plays } zetten van dit apparaat
not-reopened-division-not-here = de groep ervan is niet op dit station
not-reopened-division-out-of-service = de groep ervan is buiten gebruik
hint-wrong-pin = verkeerde PIN
hint-too-many-pins = te veel verkeerde PIN's
hint-not-recorded = niet vastgelegd: { $error }

## Waarom het station, of een groep, niet beoordeelt.
out-of-service-no-division = de configuratie definieert geen groep
out-of-service-every-division = geen groep in gebruik: het scherm van de wedstrijdleider zegt per groep waarom

## Alarmen: de banner die blijft tot de wedstrijdleider hem bevestigt.
alert-log-failed = Briefjeslog faalde — roep de wedstrijdleider ({ $error })
alert-log-check = Briefjeslog moet gecontroleerd worden — roep de wedstrijdleider ({ $problem })
alert-docket = Bon voor briefje { $slip } niet afgedrukt — controleer de printer; `wordjudge slips print { $slip }` drukt opnieuw af ({ $error })

## De PIN-vraag en het scherm van de wedstrijdleider.
pin-title = PIN wedstrijdleider
pin-locked = geblokkeerd voor { $seconds } s na { $tries } verkeerde PIN's
pin-not-set = dit station heeft nog geen PIN voor de wedstrijdleider: die komt met het toernooipakket; installeer eerst het toernooi
director-closes = sluit over { $seconds } s (terug naar de spelers)
command-pin = Groep vastzetten (P)
command-slip-detail = Details briefje (D)
command-round = Ronde (N)
command-acknowledge = Alarm bevestigen (A)
command-reload = Herladen en verifiëren (R)
command-about = Over (I)
command-install-event = Toernooi van stick (E)
command-copy-logs = Logboeken naar stick (C)
command-allow = Uitdaging toestaan (L)
command-back-to-players = Terug naar spelers (Esc)
command-exit = Station afsluiten (Q)
command-unpin = 0  Losmaken (paren kiezen)
command-yes = Ja (Enter)
command-no = Nee (Esc)
pin-choice-title = Wedstrijdleider: zet het station vast op een groep
pin-choice-help = Druk het nummer van de groep (0 maakt los), bevestig dan.
confirm-pin = Station vastzetten op { $division }? Elke uitdaging wordt dan daarin beoordeeld.
confirm-unpin = Station losmaken? Elk paar kiest dan zijn groep.
confirm-exit = Stationprogramma afsluiten?
confirm-allow = De wachtende uitdaging laten beoordelen? De woorden hoorden bij een zet beoordeeld als ONGELDIG.
confirm-install-event = Het toernooi installeren van de USB-stick in dit station?
confirm-copy-logs = De logboeken naar de USB-stick in dit station kopiëren?
exit-restarts = Het stopt; onder zijn systemd-unit (of de xinit-lus) start het vanzelf opnieuw en leest kiosk.toml opnieuw in.
exit-stop = Om het station uit te zetten: stop de service via SSH of een console: systemctl stop wordjudge-station
detail-slip-title = Wedstrijdleider: welk briefje tonen? Het nummer, dan Enter
detail-pin-title = PIN wedstrijdleider opnieuw: details per woord van briefje { $slip }
detail-pin-shown = { $seconds } s getoond, dan weer het scherm van de wedstrijdleider
detail-title = Briefje { $slip }: details per woord
detail-closes = sluit over { $seconds } s
round-title = Wedstrijdleider: de ronde die nu begint — het nummer, dan Enter (0: geen ronde)
round-now = nu: ronde { $round }
round-none = nu: geen ronde
pinned-to = Vastgezet: elke uitdaging wordt beoordeeld in { $division } (geen groepsmenu).
not-pinned = Niet vastgezet: elk paar kiest zijn groep.
not-pinned-one = Niet vastgezet (het station heeft één groep).
waiting-challenge = Een nieuwe uitdaging wacht: { $words }{ $table } — deel van { $play } (ONGELDIG). L laat haar beoordelen.
waiting-table = { " " }(tafel { $table })
failed-play-any = een afgekeurde zet
wrong-pins-since = { $n ->
    [one] { $n } verkeerde PIN geprobeerd sinds je laatste bezoek
   *[other] { $n } verkeerde PIN's geprobeerd sinds je laatste bezoek
}
unrecorded-line = BRIEFJE NIET VASTGELEGD — vul het papieren briefje hiermee in: { $line } (A bevestigt)
division-verified = { $pinned } { $division } — geverifieerd ✓ { $codes } ({ $header })
division-broken = { $pinned } { $division } — BUITEN GEBRUIK: { $reason }
log-none-yet = briefjeslog: nog geen briefjes ({ $path })
log-intact = { $n ->
    [one] briefjeslog: { $n } record, keten intact
   *[other] briefjeslog: { $n } records, keten intact
}
log-first-bad = briefjeslog: EERSTE FOUTE BRIEFJE regel { $line }: { $problem }
log-intact-but = { $n ->
    [one] briefjeslog: { $n } record, keten intact, maar { $problem }
   *[other] briefjeslog: { $n } records, keten intact, maar { $problem }
}
log-error = briefjeslog: { $error }
last-anchor = anker van het laatste briefje (noteer het aan het eind van de ronde): { $anchor }
# Een recent briefje op het scherm van de wedstrijdleider: R ronde, T tafel.
slip-round-short = R{ $round }
slip-table-short = T{ $table }
station-no-event = station { $station }: niet geïnstalleerd uit een toernooibundel
station-event = toernooi { $name } · vingerafdruk { $fingerprint } · station { $station }
station-key = sleutel van het station: { $key } (de regel van de lijst: { $station } { $key })
event-signed = ondertekend met sleutel { $key }, die dit station vertrouwt
event-files-exact = bestanden: precies die van de toernooibundel
event-changed = HIER GEWIJZIGD: { $change }
round-set = ronde { $round } (N: ronde instellen)
round-unset = geen ronde ingesteld (N: ronde instellen)
detail-heading = briefje { $slip } · { $time } · { $kind } · groep { $division } · station { $station } · { $verdict }
detail-second-opinion = tweede oordeel over briefje { $slip }
detail-acceptable = geldig (in { $code })
detail-not-acceptable = ✗ NIET geldig
detail-back = Esc: terug naar het scherm van de wedstrijdleider

## Soorten briefjes zoals het scherm van de wedstrijdleider en de bon ze noemen.
kind-challenge = uitdaging
kind-second-opinion = tweede oordeel
kind-director = wedstrijdleider

## Datum en tijd zoals Nederlandstaligen ze schrijven. Placeholders: $year, $month, $day
## (twee cijfers), $month_num, $day_num (zonder voorloopnul), $hour, $minute, $second (twee cijfers),
## $hour12 en $ampm (12-uursklok), $zone (afkorting van de tijdzone).
datetime = { $day }-{ $month }-{ $year } { $hour }:{ $minute }:{ $second } { $zone }

## De afgedrukte bon (32 kolommen, letters zonder accenten: het eigen lettertype van de printer).
docket-challenge = WORDJUDGE UITDAGING
docket-second-opinion = WORDJUDGE TWEEDE OORDEEL
docket-director = WORDJUDGE BESLISSING LEIDING
docket-event = Toernooi
docket-event-id = Toernooi-ID
docket-station = Station
docket-slip = Briefje
docket-time = Tijd
docket-round = Ronde
docket-table = Tafel
docket-division = Groep
docket-lexicon = { $n ->
    [one] Lexicon
   *[other] Lexica
}
docket-second-on = Tweede oordeel over briefje { $slip }
docket-second = Tweede oordeel
docket-by-director = Beoordeeld door wedstrijdleider
docket-words = Woorden ({ $n }):
docket-verdict = OORDEEL: { $verdict }
docket-seal = Zegel { $seal }
docket-check = Controle: wordjudge slips verify

## The event report's headings and table captions (its sentences are in English).
report-slip-logs = Briefjeslogboeken
report-logs-caption = Controle van elk opgegeven logboek
report-device-logs = Logboeken van tafelapparaten
report-device-logs-proof = Het logboek van een tafelapparaat bewijst wat de houder erop schreef, niet wat aan tafel is beoordeeld: de spelers hebben de pagina, de opslag van de browser en de sleutel van het apparaat, en kunnen elk briefje schrijven en ondertekenen. Tel de briefjes als het verslag van de spelers, niet als het logboek van een station.
report-anchors = Ankers
report-anchors-caption = Elk anker genoteerd bij een station
report-challenges = Uitdagingen
report-by-round = Uitdagingen per ronde
report-by-station = Uitdagingen per station
report-by-division = Uitdagingen per groep
report-second-opinions = Tweede oordelen
report-differing-caption = Afwijkende tweede oordelen
report-rechallenges = Heruitdagingen
report-rechallenge-caption = Nieuwe uitdagingen van een deel van een afgekeurde zet

# Director mode: a USB stick (the next event, the logs).
stick-install-help = De map wordjudge-event op de stick: ondertekend met de sleutel die dit station vertrouwt, nieuwer dan zijn toernooi. Het station houdt zijn id; de bonnen van het vorige toernooi blijven apart.
stick-copy-help = Het logboek van elk toernooi, met kop en anker, teruggelezen van de stick. Niets geheims wordt gekopieerd.
stick-one-stick = Steek eerst één USB-stick in, slechts één.
stick-working-title = Bezig met de USB-stick…
stick-working = Laat de stick zitten tot deze pagina zegt dat het klaar is.
stick-done-title = Klaar: u kunt de stick verwijderen
stick-failed-title = Niet gedaan
stick-installed = Het station draait nu het nieuwe toernooi: de vingerafdruk staat in de kop.

# The table-side judge's page (a phone or tablet at the table): its own buttons and lines.
web-save-log = Briefjeslog opslaan
web-keyboard = Toetsenbord
web-device = Apparaat { $device }
web-saved = Opgeslagen: geef het bestand aan de wedstrijdleider
web-next-event-title = VOLGEND EVENEMENT
web-next-event = deze site biedt nu een ander evenement ({ $fingerprint }): er wordt niets beoordeeld met de bestanden van het vorige. De bestanden worden geladen; de pagina opent vanzelf opnieuw. Blijft dit staan, open de site dan opnieuw met het netwerk aan.
web-save-log-of = Logboek van evenement { $fingerprint } opslaan
web-event = { $name } · verpakt { $when }
web-event-old = dit evenement is verpakt op { $when } en dit apparaat kon niet nagaan of er een nieuwer is: is dat er, open de site dan met het netwerk aan
web-other-tab-title = EEN ANDER TABBLAD BEOORDEELT
web-other-tab = deze site beoordeelt in een ander tabblad of app op dit apparaat: er beoordeelt er één tegelijk, zodat elk briefje één keer in één logboek staat. Sluit het andere, dan neemt dit het over.

## The table judge's poster (`web build --url`).
poster-heading = Beoordeel uitdagingen aan tafel
poster-open = Open dit adres op een telefoon of tablet, of scan de code, met netwerk; daarna werkt het offline.
poster-compare = Controleer voor het beoordelen dat bovenaan het scherm dit evenement en deze vingerafdruk staan. Staat er iets anders, gebruik het dan niet: roep de wedstrijdleider.
poster-signer = ondertekend met de sleutel van de wedstrijdleider { $key }
web-game-round = Ronde
web-game-table = Tafel
web-game-note = optioneel: vanaf nu op elk briefje van dit apparaat
web-game-refused = ronde 1 tot { $rounds }, tafel 1 tot { $tables }, of leeg: niet gewijzigd
web-not-kept-moved-on = Dit briefje is niet bewaard: een ander tabblad of een app van deze site heeft beoordeeld sinds deze pagina het logboek las. Sluit de andere en laad deze pagina opnieuw.
web-not-kept-refused = Dit briefje is niet bewaard: de opslag van de browser voor deze site is vol of uitgeschakeld. Maak opslag vrij of sta die toe, en laad deze pagina opnieuw.
web-not-kept-other = Dit briefje is niet bewaard (de pagina antwoordde { $code }): laad deze pagina opnieuw.
web-loading = Het toernooi wordt geladen…
web-cannot-run = deze browser kan de beoordelaar niet uitvoeren ({ $error }): gebruik een andere browser of werk deze bij
web-no-storage = deze browser bewaart geen gegevens voor deze site ({ $error }): elk briefje wordt op het apparaat bewaard, dus hier kan niet beoordeeld worden; sta de site toe gegevens op te slaan of gebruik een andere browser
web-two-events = de bestanden van deze site horen bij twee toernooien ({ $site } en { $bundle }): de wedstrijdleider bouwt de site opnieuw
web-cannot-read = de bestanden van deze site kunnen niet gelezen worden ({ $error }): open haar opnieuw met het netwerk aan

# A station image's first boot, the stick naming no station: this machine's number.
station-number-title = Het NUMMER van dit station (1 tot { $max }), dan Enter
station-number-detail = Het toernooi ‘{ $event }’ staat op de stick. Elke machine krijgt een eigen nummer: het staat op elk scherm, elke bon en de regel in de lijst. Typ dat van deze machine en druk op Enter.
station-number-installing = Het toernooi wordt geïnstalleerd als station { $number }…
station-number-wait = het toernooi wordt gecontroleerd en van de stick geïnstalleerd; daarna start het station
hint-type-station-number = typ het nummer van dit station (1 tot { $max }), dan Enter
