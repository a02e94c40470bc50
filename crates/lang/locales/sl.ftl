# wordjudge — the station's words in Slovene. Translated by the wordjudge project, not yet
# reviewed by a native speaker: corrections welcome (README, 'Languages'). Placeholders { $name }
# must stay as they are.
#
# wordjudge — besedila postaje v slovenščini. Prevedel projekt wordjudge, materni govorec prevoda
# še ni pregledal: popravki so dobrodošli (README, 'Languages'). Oznake { $name } morajo ostati
# nespremenjene.
#
# Status: needs review by a native speaker

## The language itself, as its speakers name it (the director's setting and the division menu).
language-name = Slovenščina

## Fixed words of the screens (buttons, prompts).
label-out-of-service = NE DELUJE
label-call-director = pokličite vodjo turnirja
label-verdicts-differ = RAZSODBI STA RAZLIČNI
label-second-opinion = DRUGO MNENJE (F2)
label-edit-keys = Backspace popravi · Esc pobriše
# The tile keyboard's key that ends a word (it types Space).
label-next-word = naslednja beseda
label-done = KONČANO (Enter)
label-any-key-clears = tipka ali dotik pobriše
label-judge = RAZSODI
label-words-typed = vnesene besede
label-word = beseda
label-cancel = Prekliči (Esc)
label-backspace = Vračalka
label-ok = V redu
label-pin = PIN
label-pin-digits = števke
label-director = VODJA TURNIRJA
label-scroll = ↑ ↓ PgUp PgDn drsenje
label-alert = Opozorilo:
label-back = Nazaj (Esc)
label-unavailable = trenutno ni na voljo
label-about-text = Postaja za razsojanje izzivov na turnirjih v scrabblu. Licenca: GPL-3.0-or-later. Pisava: DejaVu Sans (licenca Bitstream Vera).
judge-tab = RAZSODI (Tab)

## The verdict: the words players expect, with the symbol the screen also shows.
verdict-acceptable = ✓ VELJAVNO
verdict-unacceptable = ✗ NEVELJAVNO
# The verdict as a slip or a docket names it, without the symbol.
verdict-word-acceptable = VELJAVNO
verdict-word-unacceptable = NEVELJAVNO

## Player screens.
out-of-service-title = NE DELUJE — pokličite vodjo turnirja
choose-division = Izberite svojo skupino
division-out-of-service = { $division } — NE DELUJE
pinned-by-director = { $division } (pripel vodja turnirja)
table-title = Številka vaše MIZE, nato Enter
table-detail = številka plošče, za katero igrate
count-title = IZZIVALEC: koliko besed izpodbijate?
count-detail = pritisnite od 1 do { $max }
second-opinion-for = DRUGO MNENJE za listek { $slip }
slip-number-title = DRUGO MNENJE: vnesite številko listka, nato Enter
entry-title = IZZIVALEC: vnesite besede, nato Enter (KONČANO)
entry-count = { $n ->
    [one] { $n } beseda; Preslednica ali vejica med besedami, Enter za zadnjo
    [two] { $n } besedi; Preslednica ali vejica med besedami, Enter za zadnjo
    [few] { $n } besede; Preslednica ali vejica med besedami, Enter za zadnjo
   *[other] { $n } besed; Preslednica ali vejica med besedami, Enter za zadnjo
}
entry-no-count = Preslednica ali vejica med besedami, Enter za zadnjo
entry-again = znova vnesite besede tega listka.
handed-over-title = IZZVANI IGRALEC: preverite besede glede na ploščo in listek, nato pritisnite RAZSODI
handed-over-ready = RAZSODI, ko so pravilne; Backspace jih vrne izzivalcu
handed-over-pause = IZZIVALEC: predajte postajo izzvanemu igralcu
slip-line = LISTEK { $slip }
slip-not-recorded = LISTEK NI ZAPISAN
spoken-slip = { $verdict }. Listek { $slip }.
spoken-not-recorded = { $verdict }. Listek ni zapisan.
verdicts-differ-title = RAZSODBI STA RAZLIČNI — pokličite vodjo turnirja
differ-recorded = drugo mnenje o listku { $slip }, zapisano kot listek { $recorded }
differ-not-recorded = drugo mnenje o listku { $slip } (dnevnik listkov je odpovedal)
log-failed-write-time = dnevnik listkov je odpovedal: ta čas zapišite na listek in pokličite vodjo turnirja
verdict-agree = drugo mnenje o listku { $slip }: razsodbi se ujemata · { $division } · { $time }
verdict-judged = { $division } · razsojeno ob { $time }
verdict-agree-not-recorded = drugo mnenje o listku { $slip }: razsodbi se ujemata · razsojeno ob { $time }; { $failed }
verdict-not-recorded = razsojeno ob { $time }; { $failed }

## The header's event line.
event-line-event = TURNIR { $fingerprint }
event-line-event-changed = TURNIR { $fingerprint } (SPREMENJENO TUKAJ)
event-line-round = KROG { $round }
event-line-station = POSTAJA { $station }
event-line-table = MIZA { $table }

## The lexicons line under the division's name.
edition-effective = izdaja { $code }, velja od { $date }
edition = izdaja { $code }
edition-unpublished = ni objavljena izdaja
edition-mislabel = { $edition } (NAPAČNA OZNAKA SPREJETA)
header-fallback = { $code } · { $title } ({ $min }+ črk)
header-second-opinions = druga mnenja: { $header }

## Hints: a short line after a refused key or an incomplete entry.
hint-press-count = pritisnite od 1 do { $max }
hint-type-table = vnesite številko mize (od 1 do { $max }), nato Enter
hint-words-typed = { $n ->
    [one] vnesli ste { $n } besedo: Enter (KONČANO) za predajo ali Backspace za popravek
    [two] vnesli ste { $n } besedi: Enter (KONČANO) za predajo ali Backspace za popravek
    [few] vnesli ste { $n } besede: Enter (KONČANO) za predajo ali Backspace za popravek
   *[other] vnesli ste { $n } besed: Enter (KONČANO) za predajo ali Backspace za popravek
}
hint-word-too-long = beseda ima največ 15 črk
hint-letters-only = samo črke
hint-not-a-letter = znak { $char } ni črka in ni bil vnesen: samo črke (Backspace za popravek)
hint-not-a-tile = to ni ploščica iz nabora { $alphabet }: vnesite črke ali se dotaknite ploščic spodaj
hint-unfinished-tile = { $tile } je začetek ploščice: dokončajte jo ali Backspace
hint-too-many-tiles = beseda ima največ 15 ploščic
hint-short-word = beseda { $n } mora imeti vsaj 2 črki
hint-word-unfinished = beseda se konča sredi ploščice: dokončajte jo ali Backspace
hint-one-tile = beseda { $n } mora imeti vsaj 2 ploščici
hint-words-of = vnesene besede: { $typed } od { $of }
hint-no-words = najprej vnesite izpodbijane besede
hint-not-handed-over = vnos najprej konča izzivalec: Enter (KONČANO) po zadnji besedi
hint-handover-pause = še ne: izzivalec preda postajo izzvanemu igralcu, ta nato pritisne RAZSODI
failed-play-slip = listka { $slip }
failed-play-unrecorded = poteze, razsojene ob { $time }
hint-part-of-failed-play = te besede so bile del { $play } z razsodbo NEVELJAVNO: nič ni razsojeno — vprašajte vodjo turnirja
hint-part-of-failed-play-device = te besede so bile del { $play } z razsodbo NEVELJAVNO tukaj: poteza se razsodi enkrat, ta naprava jih ne bo — spremenite besede ali prosite vodjo turnirja, da razsodi potezo
hint-second-words-typed = DRUGO MNENJE: najprej pobrišite besede (Esc), nato ga pritisnite znova
hint-second-under-way = to je že drugo mnenje: znova vnesite besede listka
hint-second-not-recorded = na postaji ni drugega mnenja: listek te razsodbe ni zapisan — pokličite vodjo turnirja
hint-second-differ = na postaji ni nadaljnjega mnenja: razsodbi sta različni — odloči vodja turnirja
hint-second-type-slip = vnesite številko listka, nato Enter
hint-second-out-of-service = ne deluje: za drugo mnenje pokličite vodjo turnirja
hint-press-judge = RAZSODI (Tab) ali Backspace za vrnitev besed
hint-press-judge-button = pritisnite RAZSODI ali Backspace za vrnitev besed
hint-back-to-challenger = IZZIVALEC: popravite besede, nato Enter
hint-not-a-word = samo črke A-Z, od 2 do 15 na besedo
hint-no-such-slip = na tej postaji ni listka { $slip }
hint-division-out-of-service = { $division } ne deluje: pokličite vodjo turnirja
hint-words-do-not-match = to niso besede listka { $slip }: nič ni razsojeno; vnesite natanko besede listka { $slip }
hint-not-reopened = listek { $slip }: { $why }: za drugo mnenje vprašajte vodjo turnirja
not-reopened-second = sam je že drugo mnenje, tretje poda vodja turnirja
not-reopened-director = razsodil ga je vodja turnirja
not-reopened-already = drugo mnenje o njem je bilo dano kot listek { $other }
not-reopened-other-station = razsojen je bil na drugi postaji
not-reopened-too-old = razsojen je bil pred več kot { $minutes } min
not-reopened-not-among-last = ni med zadnjimi { $plays } potezami te naprave
not-reopened-division-not-here = njegove skupine ni na tej postaji
not-reopened-division-out-of-service = njegova skupina ne deluje
hint-wrong-pin = napačen PIN
hint-too-many-pins = preveč napačnih PIN-ov
hint-not-recorded = ni zapisano: { $error }

## Why the station, or a division, does not judge.
out-of-service-no-division = konfiguracija ne določa nobene skupine
out-of-service-every-division = nobena skupina ne deluje: zakaj, piše za vsako na zaslonu vodje turnirja

## Alerts: the banner that stays until the director acknowledges it.
alert-log-failed = Dnevnik listkov je odpovedal — pokličite vodjo turnirja ({ $error })
alert-log-check = Dnevnik listkov je treba preveriti — pokličite vodjo turnirja ({ $problem })
alert-docket = Potrdilo za listek { $slip } ni natisnjeno — preverite tiskalnik; `wordjudge slips print { $slip }` ga natisne znova ({ $error })

## The director's PIN prompt and screen.
pin-title = PIN vodje turnirja
pin-locked = zaklenjeno za { $seconds } s po { $tries } napačnih PIN-ih
pin-not-set = ta postaja še nima PIN-a vodje turnirja: pride s paketom turnirja; najprej namestite turnir
director-closes = zapre se čez { $seconds } s (nazaj k igralcem)
command-pin = Pripni skupino (P)
command-slip-detail = Podrobnosti listka (D)
command-round = Krog (N)
command-acknowledge = Potrdi opozorilo (A)
command-reload = Znova naloži in preveri (R)
command-about = O programu (I)
command-install-event = Turnir s ključka (E)
command-copy-logs = Dnevniki na ključek (C)
command-allow = Dovoli izziv (L)
command-back-to-players = Nazaj k igralcem (Esc)
command-exit = Zapri postajo (Q)
command-unpin = 0  Odpni (pari izberejo)
command-yes = Da (Enter)
command-no = Ne (Esc)
pin-choice-title = Vodja turnirja: pripnite postajo na skupino
pin-choice-help = Pritisnite številko skupine (0 odpne), nato potrdite.
confirm-pin = Pripnem postajo na { $division }? Vsak izziv se nato razsodi v tej skupini.
confirm-unpin = Odpnem postajo? Vsak par nato izbere svojo skupino.
confirm-exit = Zaprem program postaje?
confirm-allow = Naj se čakajoči izziv razsodi? Njegove besede so bile del poteze z razsodbo NEVELJAVNO.
confirm-install-event = Namestim turnir s ključka USB v tej postaji?
confirm-copy-logs = Kopiram dnevnike listkov na ključek USB v tej postaji?
exit-restarts = Program se konča; pod svojo enoto systemd (ali v zanki xinit) se sam znova zažene in na novo prebere kiosk.toml.
exit-stop = Za izklop postaje ustavite njeno storitev prek SSH ali konzole: systemctl stop wordjudge-station
detail-slip-title = Vodja turnirja: listek, katerega podrobnosti želite — njegova številka, nato Enter
detail-pin-title = Znova PIN vodje turnirja: podrobnosti listka { $slip } po besedah
detail-pin-shown = prikazano { $seconds } s, nato spet zaslon vodje turnirja
detail-title = Listek { $slip }: podrobnosti po besedah
detail-closes = zapre se čez { $seconds } s
round-title = Vodja turnirja: krog, ki se začenja — njegova številka, nato Enter (0: brez kroga)
round-now = zdaj: krog { $round }
round-none = zdaj: brez kroga
pinned-to = Pripeto: vsak izziv se razsodi v skupini { $division } (brez menija skupin).
not-pinned = Ni pripeto: vsak par izbere svojo skupino.
not-pinned-one = Ni pripeto (postaja ima eno skupino).
waiting-challenge = Čaka nov izziv: { $words }{ $table } — del { $play } (NEVELJAVNO). L dovoli razsojanje.
waiting-table = { " " }(miza { $table })
failed-play-any = neuspele poteze
wrong-pins-since = { $n ->
    [one] { $n } napačen PIN od vašega zadnjega obiska
    [two] { $n } napačna PIN-a od vašega zadnjega obiska
    [few] { $n } napačni PIN-i od vašega zadnjega obiska
   *[other] { $n } napačnih PIN-ov od vašega zadnjega obiska
}
unrecorded-line = LISTEK NI ZAPISAN — po tem izpolnite papirni listek: { $line } (A potrdi)
division-verified = { $pinned } { $division } — preverjeno ✓ { $codes } ({ $header })
division-broken = { $pinned } { $division } — NE DELUJE: { $reason }
log-none-yet = dnevnik listkov: še brez listkov ({ $path })
log-intact = { $n ->
    [one] dnevnik listkov: { $n } zapis, veriga nepoškodovana
    [two] dnevnik listkov: { $n } zapisa, veriga nepoškodovana
    [few] dnevnik listkov: { $n } zapisi, veriga nepoškodovana
   *[other] dnevnik listkov: { $n } zapisov, veriga nepoškodovana
}
log-first-bad = dnevnik listkov: PRVI NAPAČNI LISTEK v vrstici { $line }: { $problem }
log-intact-but = { $n ->
    [one] dnevnik listkov: { $n } zapis, veriga nepoškodovana, vendar { $problem }
    [two] dnevnik listkov: { $n } zapisa, veriga nepoškodovana, vendar { $problem }
    [few] dnevnik listkov: { $n } zapisi, veriga nepoškodovana, vendar { $problem }
   *[other] dnevnik listkov: { $n } zapisov, veriga nepoškodovana, vendar { $problem }
}
log-error = dnevnik listkov: { $error }
last-anchor = sidro zadnjega listka (zapišite ga ob koncu kroga): { $anchor }
# A recent slip on the director's screen: R round, T table.
slip-round-short = K{ $round }
slip-table-short = M{ $table }
station-no-event = postaja { $station }: ni nameščena iz paketa turnirja
station-event = turnir { $name } · prstni odtis { $fingerprint } · postaja { $station }
station-key = ključ postaje: { $key } (vrstica seznama: { $station } { $key })
event-signed = podpisano s ključem { $key }, ki mu ta postaja zaupa
event-files-exact = datoteke: natanko tiste iz paketa turnirja
event-changed = SPREMENJENO TUKAJ: { $change }
round-set = krog { $round } (N: nastavi krog)
round-unset = krog ni nastavljen (N: nastavi krog)
detail-heading = listek { $slip } · { $time } · { $kind } · skupina { $division } · postaja { $station } · { $verdict }
detail-second-opinion = drugo mnenje o listku { $slip }
detail-acceptable = veljavno (v { $code })
detail-not-acceptable = ✗ NI veljavno
detail-back = Esc: nazaj na zaslon vodje turnirja

## Slip kinds as the director's screen and the docket name them.
kind-challenge = izziv
kind-second-opinion = drugo mnenje
kind-director = vodja turnirja

## The date and time as people of this language write them. Placeholders: $year, $month, $day
## (two digits), $month_num, $day_num (no leading zero), $hour, $minute, $second (two digits),
## $hour12 and $ampm (a 12-hour clock), $zone (the time zone's abbreviation).
datetime = { $day }. { $month }. { $year }, { $hour }:{ $minute }:{ $second } { $zone }

## The printed docket (32 columns, letters without accents: the printer's own font).
docket-challenge = WORDJUDGE IZZIV
docket-second-opinion = WORDJUDGE DRUGO MNENJE
docket-director = WORDJUDGE RAZSODBA VODJE
docket-event = Turnir
docket-event-id = ID turnirja
docket-station = Postaja
docket-slip = Listek
docket-time = Čas
docket-round = Krog
docket-table = Miza
docket-division = Skupina
docket-lexicon = { $n ->
    [one] Slovar
    [two] Slovarja
    [few] Slovarji
   *[other] Slovarji
}
docket-second-on = Drugo mnenje o listku { $slip }
docket-second = Drugo mnenje
docket-by-director = Razsodil vodja turnirja
docket-words = Besede ({ $n }):
docket-verdict = RAZSODBA: { $verdict }
docket-seal = Pečat { $seal }
docket-check = Preverjanje: wordjudge slips verify

## The event report's headings and table captions (its sentences are in English).
report-slip-logs = Dnevniki listkov
report-logs-caption = Preverjanje vsakega danega dnevnika
report-device-logs = Dnevniki naprav ob mizah
report-device-logs-proof = Dnevnik naprave ob mizi dokazuje, kaj je nanjo zapisal njen imetnik, ne pa, kaj je bilo razsojeno ob mizi: igralci imajo stran, shrambo brskalnika in ključ naprave, zato lahko zapišejo in podpišejo katerikoli listek. Njene listke štejte kot poročilo igralcev, ne kot zapis postaje.
report-anchors = Sidra
report-anchors-caption = Vsako sidro, zapisano na postaji
report-challenges = Izzivi
report-by-round = Izzivi po krogih
report-by-station = Izzivi po postajah
report-by-division = Izzivi po skupinah
report-second-opinions = Druga mnenja
report-differing-caption = Druga mnenja, ki se razlikujejo
report-rechallenges = Ponovni izzivi
report-rechallenge-caption = Novi izzivi dela zavrnjene poteze

# Director mode: a USB stick (the next event, the logs).
stick-install-help = Mapa wordjudge-event na ključku: podpisana s ključem, ki mu ta postaja zaupa, novejša od njenega turnirja. Postaja obdrži svojo oznako; listki zadnjega turnirja ostanejo ločeni.
stick-copy-help = Dnevnik vsakega turnirja, njegova glava in sidro, prebrani nazaj s ključka. Nič skrivnega se ne kopira.
stick-one-stick = Najprej vstavite en ključek USB, samo enega.
stick-working-title = Delo s ključkom USB…
stick-working = Pustite ključek, dokler ta stran ne pove, da je končano.
stick-done-title = Končano: ključek lahko odstranite
stick-failed-title = Ni opravljeno
stick-installed = Postaja zdaj vodi novi turnir: njegov prstni odtis je v glavi.

# The table-side judge's page (a phone or tablet at the table): its own buttons and lines.
web-save-log = Shrani dnevnik listkov
web-keyboard = Tipkovnica
web-device = Naprava { $device }
web-saved = Shranjeno: datoteko dajte vodji turnirja
web-next-event-title = NASLEDNJI DOGODEK
web-next-event = ta stran zdaj ponuja drug dogodek ({ $fingerprint }): z datotekami prejšnjega se nič ne razsoja. Njegove datoteke se nalagajo; stran se bo odprla sama. Če ostane tako, stran odprite znova z vklopljenim omrežjem.
web-save-log-of = Shrani dnevnik dogodka { $fingerprint }
web-event = { $name } · zapakirano { $when }
web-event-old = ta dogodek je bil zapakiran { $when } in ta naprava ni mogla preveriti, ali obstaja novejši: če obstaja, odprite stran z vklopljenim omrežjem
web-other-tab-title = DRUG ZAVIHEK RAZSOJA
web-other-tab = ta stran razsoja v drugem zavihku ali aplikaciji te naprave: naenkrat razsoja le eden, da je vsak listek zapisan enkrat v enem dnevniku. Zaprite drugega in ta prevzame.

## The table judge's poster (`web build --url`).
poster-heading = Razsojajte izpodbijanja ob mizi
poster-open = To naslov odprite na telefonu ali tablici ali skenirajte kodo, z vklopljenim omrežjem; potem deluje brez omrežja.
poster-compare = Pred razsojanjem preverite, da vrh zaslona imenuje ta dogodek in kaže ta prstni odtis. Če kaže kaj drugega, ga ne uporabljajte: pokličite vodjo turnirja.
poster-signer = podpisano s ključem vodje turnirja { $key }
web-game-round = Krog
web-game-table = Miza
web-game-note = neobvezno: odslej na vsakem listku te naprave
web-game-refused = krog od 1 do { $rounds }, miza od 1 do { $tables } ali prazno: nespremenjeno
web-not-kept-moved-on = Ta listek ni bil shranjen: drug zavihek ali aplikacija tega mesta je sodila, odkar je ta stran prebrala dnevnik. Zaprite drugega in znova naložite to stran.
web-not-kept-refused = Ta listek ni bil shranjen: shramba brskalnika za to mesto je polna ali izklopljena. Sprostite ali dovolite shrambo in znova naložite to stran.
web-not-kept-other = Ta listek ni bil shranjen (stran je odgovorila { $code }): znova naložite to stran.
web-loading = Nalaganje turnirja…
web-cannot-run = ta brskalnik ne more zagnati sodnika ({ $error }): uporabite drug brskalnik ali posodobite tega
web-no-storage = ta brskalnik za to mesto ne hrani podatkov ({ $error }): vsak listek se shrani na napravi, zato tu ne more soditi; mestu dovolite shranjevanje podatkov ali uporabite drug brskalnik
web-two-events = datoteke tega mesta so iz dveh turnirjev ({ $site } in { $bundle }): vodja turnirja mora mesto zgraditi znova
web-cannot-read = datotek tega mesta ni mogoče prebrati ({ $error }): znova ga odprite z vklopljenim omrežjem

# A station image's first boot, the stick naming no station: this machine's number.
station-number-title = ŠTEVILKA te postaje (1 do { $max }), nato Enter
station-number-detail = Turnir »{ $event }« je na ključku. Vsaka naprava dobi svojo številko: je na vsakem zaslonu, vsakem listku in v vrstici seznama. Vnesite številko te naprave in pritisnite Enter.
station-number-installing = Turnir se namešča kot postaja { $number }…
station-number-wait = turnir se preveri in namesti s ključka; postaja se zažene, ko je končano
hint-type-station-number = vnesite številko te postaje (1 do { $max }), nato Enter
