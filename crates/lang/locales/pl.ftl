# wordjudge — the station's words in Polish (Polski). Translated by the wordjudge project, not yet
# reviewed by a native speaker: corrections welcome (README, 'Languages'). Placeholders { $name }
# must stay as they are.
#
# wordjudge — teksty stanowiska po polsku. Przetłumaczone przez projekt wordjudge, jeszcze
# niesprawdzone przez rodzimego użytkownika języka: poprawki mile widziane (README, „Languages”).
# Symbole zastępcze { $name } muszą pozostać bez zmian.
# Status: needs review by a native speaker

## Nazwa języka w tym języku (ustawienie sędziego i menu grup).
language-name = Polski

## Stałe słowa ekranów (przyciski, polecenia).
label-out-of-service = NIECZYNNE
label-call-director = wezwij sędziego
label-verdicts-differ = WERDYKTY SIĘ RÓŻNIĄ
label-second-opinion = DRUGA OPINIA (F2)
label-edit-keys = Backspace poprawia · Esc czyści
# Klawisz klawiatury płytek kończący słowo (wpisuje Space).
label-next-word = następne słowo
label-done = GOTOWE (Enter)
label-any-key-clears = klawisz lub dotyk czyści
label-judge = SPRAWDŹ
label-words-typed = wpisane słowa
label-word = słowo
label-cancel = Anuluj (Esc)
label-backspace = Usuń
label-ok = OK
label-pin = PIN
label-pin-digits = cyfry
label-director = SĘDZIA
label-scroll = ↑ ↓ PgUp PgDn przewijanie
label-alert = Alarm:
label-back = Wstecz (Esc)
label-unavailable = teraz niedostępne
label-about-text = Stanowisko sędziowskie do turniejowego Scrabble. Licencja: GPL-3.0-or-later. Czcionka: DejaVu Sans (licencja Bitstream Vera).
judge-tab = SPRAWDŹ (Tab)

## Werdykt: słowa, których oczekują gracze, z symbolem pokazywanym na ekranie.
verdict-acceptable = ✓ DOPUSZCZALNE
verdict-unacceptable = ✗ NIEDOPUSZCZALNE
# Werdykt na kartce i na wydruku, bez symbolu.
verdict-word-acceptable = DOPUSZCZALNE
verdict-word-unacceptable = NIEDOPUSZCZALNE

## Ekrany graczy.
out-of-service-title = NIECZYNNE — wezwij sędziego
choose-division = Wybierz swoją grupę
division-out-of-service = { $division } — NIECZYNNE
pinned-by-director = { $division } (przypięta przez sędziego)
table-title = Numer STOŁU, potem Enter
table-detail = numer planszy, przy której gracie
count-title = SPRAWDZAJĄCY: ile słów sprawdzasz?
count-detail = naciśnij od 1 do { $max }
second-opinion-for = DRUGA OPINIA dla kartki { $slip }
slip-number-title = DRUGA OPINIA: wpisz numer kartki, potem Enter
entry-title = SPRAWDZAJĄCY: wpisz słowa, potem Enter (GOTOWE)
entry-count = { $n ->
    [one] { $n } słowo
    [few] { $n } słowa
    [many] { $n } słów
   *[other] { $n } słowa
}; Spacja lub przecinek między słowami, Enter po ostatnim
entry-no-count = Spacja lub przecinek między słowami, Enter po ostatnim
entry-again = wpisz jej słowa ponownie.
handed-over-title = SPRAWDZANY: porównaj słowa z planszą i kartką, potem naciśnij SPRAWDŹ
handed-over-ready = SPRAWDŹ, gdy są poprawne; Backspace oddaje je sprawdzającemu
handed-over-pause = SPRAWDZAJĄCY: przekaż stanowisko przeciwnikowi
slip-line = KARTKA { $slip }
slip-not-recorded = KARTKA NIEZAPISANA
spoken-slip = { $verdict }. Kartka { $slip }.
spoken-not-recorded = { $verdict }. Kartka niezapisana.
verdicts-differ-title = WERDYKTY SIĘ RÓŻNIĄ — wezwij sędziego
differ-recorded = druga opinia dla kartki { $slip }, zapisana jako kartka { $recorded }
differ-not-recorded = druga opinia dla kartki { $slip } (błąd dziennika kartek)
log-failed-write-time = błąd dziennika kartek: wpisz tę godzinę na kartkę i wezwij sędziego
verdict-agree = druga opinia dla kartki { $slip }: werdykty zgodne · { $division } · { $time }
verdict-judged = { $division } · sprawdzono { $time }
verdict-agree-not-recorded = druga opinia dla kartki { $slip }: werdykty zgodne · sprawdzono { $time }; { $failed }
verdict-not-recorded = sprawdzono { $time }; { $failed }

## Wiersz turnieju w nagłówku.
event-line-event = TURNIEJ { $fingerprint }
event-line-event-changed = TURNIEJ { $fingerprint } (ZMIENIONO TUTAJ)
event-line-round = RUNDA { $round }
event-line-station = STANOWISKO { $station }
event-line-table = STÓŁ { $table }

## Wiersz słowników pod nazwą grupy.
edition-effective = wydanie { $code }, obowiązuje od { $date }
edition = wydanie { $code }
edition-unpublished = wydanie nieopublikowane
edition-mislabel = { $edition } (BŁĘDNA ETYKIETA ZAAKCEPTOWANA)
header-fallback = { $code } · { $title } (liter: { $min }+)
header-second-opinions = drugie opinie: { $header }

## Podpowiedzi: krótki wiersz po odrzuconym klawiszu lub niepełnym wpisie.
hint-press-count = naciśnij od 1 do { $max }
hint-type-table = wpisz numer stołu (od 1 do { $max }), potem Enter
hint-words-typed = wpisano { $n ->
    [one] { $n } słowo
    [few] { $n } słowa
    [many] { $n } słów
   *[other] { $n } słowa
}: Enter (GOTOWE) przekazuje, Backspace poprawia
hint-word-too-long = słowo ma najwyżej 15 liter
hint-letters-only = tylko litery
hint-not-a-letter = { $char } to nie litera, nie wpisano jej: tylko litery (Backspace poprawia)
hint-not-a-tile = nie ma takiej płytki ({ $alphabet }): wpisz litery lub dotknij płytek poniżej
hint-unfinished-tile = { $tile } to początek płytki: dokończ ją lub Backspace
hint-too-many-tiles = słowo ma najwyżej 15 płytek
hint-short-word = słowo { $n } musi mieć co najmniej 2 litery
hint-word-unfinished = słowo kończy się w środku płytki: dokończ ją lub Backspace
hint-one-tile = słowo { $n } musi mieć co najmniej 2 płytki
hint-words-of = wpisano { $typed } z { $of ->
    [one] { $of } słowa
   *[other] { $of } słów
}
hint-no-words = najpierw wpisz sprawdzane słowa
hint-not-handed-over = sprawdzający najpierw kończy wpis: Enter (GOTOWE) po ostatnim słowie
hint-handover-pause = jeszcze nie: sprawdzający przekazuje stanowisko przeciwnikowi, który naciska SPRAWDŹ
failed-play-slip = ruchu z kartki { $slip }
failed-play-unrecorded = ruchu sprawdzonego o { $time }
hint-part-of-failed-play = te słowa były częścią { $play } z werdyktem NIEDOPUSZCZALNE: nic nie sprawdzono — poproś sędziego
hint-part-of-failed-play-device = te słowa były częścią { $play } z werdyktem NIEDOPUSZCZALNE tutaj: ruch sprawdza się raz, to urządzenie ich nie sprawdzi — zmień słowa albo poproś sędziego o sprawdzenie ruchu
hint-second-words-typed = DRUGA OPINIA: najpierw wyczyść słowa (Esc), potem naciśnij ponownie
hint-second-under-way = to już jest druga opinia: wpisz ponownie słowa z kartki
hint-second-not-recorded = brak drugiej opinii na stanowisku: kartka tego werdyktu nie została zapisana — wezwij sędziego
hint-second-differ = brak kolejnej opinii na stanowisku: werdykty się różnią — rozstrzyga sędzia
hint-second-type-slip = wpisz numer kartki, potem Enter
hint-second-out-of-service = nieczynne: wezwij sędziego po drugą opinię
hint-press-judge = SPRAWDŹ (Tab) lub Backspace, aby oddać słowa
hint-press-judge-button = naciśnij SPRAWDŹ lub Backspace, aby oddać słowa
hint-back-to-challenger = SPRAWDZAJĄCY: popraw słowa, potem Enter
hint-not-a-word = tylko litery A-Z, od 2 do 15 w słowie
hint-no-such-slip = brak kartki { $slip } na tym stanowisku
hint-division-out-of-service = { $division } nie działa: wezwij sędziego
hint-words-do-not-match = to nie są słowa z kartki { $slip }: nic nie sprawdzono; wpisz dokładnie słowa z kartki { $slip }
hint-not-reopened = kartka { $slip }: { $why }: poproś sędziego o drugą opinię
not-reopened-second = sama jest drugą opinią, a trzecia należy do sędziego
not-reopened-director = sprawdził ją sędzia
not-reopened-already = jej druga opinia to kartka { $other }
not-reopened-other-station = sprawdzono ją na innym stanowisku
not-reopened-too-old = sprawdzono ją ponad { $minutes } min temu
not-reopened-not-among-last = nie jest wśród { $plays } ostatnich ruchów tego urządzenia
not-reopened-division-not-here = jej grupy nie ma na tym stanowisku
not-reopened-division-out-of-service = jej grupa jest nieczynna
hint-wrong-pin = błędny PIN
hint-too-many-pins = zbyt wiele błędnych PIN-ów
hint-not-recorded = nie zapisano: { $error }

## Dlaczego stanowisko lub grupa nie sprawdza.
out-of-service-no-division = konfiguracja nie definiuje żadnej grupy
out-of-service-every-division = żadna grupa nie jest czynna: ekran sędziego podaje powód dla każdej

## Alarmy: komunikat, który trwa, dopóki sędzia go nie potwierdzi.
alert-log-failed = Błąd dziennika kartek — wezwij sędziego ({ $error })
alert-log-check = Dziennik kartek wymaga sprawdzenia — wezwij sędziego ({ $problem })
alert-docket = Nie wydrukowano kartki { $slip } — sprawdź drukarkę; `wordjudge slips print { $slip }` drukuje ponownie ({ $error })

## Prośba o PIN sędziego i ekran sędziego.
pin-title = PIN sędziego
pin-locked = zablokowane na { $seconds } s po { $tries } błędnych PIN-ach
pin-not-set = to stanowisko nie ma jeszcze PIN-u sędziego: przychodzi z paczką turnieju; najpierw zainstaluj turniej
director-closes = zamknie się za { $seconds } s (powrót do graczy)
command-pin = Przypnij grupę (P)
command-slip-detail = Szczegóły kartki (D)
command-round = Runda (N)
command-acknowledge = Potwierdź alarm (A)
command-reload = Wczytaj i zweryfikuj (R)
command-about = O programie (I)
command-install-event = Turniej z pendrive'a (E)
command-copy-logs = Dzienniki na pendrive (C)
command-allow = Zezwól na sprawdzenie (L)
command-back-to-players = Powrót do graczy (Esc)
command-exit = Zamknij stanowisko (Q)
command-unpin = 0  Odepnij (pary wybierają)
command-yes = Tak (Enter)
command-no = Nie (Esc)
pin-choice-title = Sędzia: przypnij stanowisko do grupy
pin-choice-help = Naciśnij numer grupy (0 odpina), potem potwierdź.
confirm-pin = Przypiąć stanowisko do grupy { $division }? Wszystkie sprawdzenia będą w tej grupie.
confirm-unpin = Odpiąć stanowisko? Każda para wybierze wtedy swoją grupę.
confirm-exit = Zamknąć program stanowiska?
confirm-allow = Zezwolić na czekające sprawdzenie? Jego słowa były częścią ruchu z werdyktem NIEDOPUSZCZALNE.
confirm-install-event = Zainstalować turniej z pendrive'a w tym stanowisku?
confirm-copy-logs = Skopiować dzienniki kwitów na pendrive w tym stanowisku?
exit-restarts = Program się zakończy; jako usługa systemd (lub w pętli xinit) uruchomi się sam ponownie, od nowa czytając kiosk.toml.
exit-stop = Aby wyłączyć stanowisko, zatrzymaj usługę przez SSH lub z konsoli: systemctl stop wordjudge-station
detail-slip-title = Sędzia: numer kartki, której szczegóły pokazać, potem Enter
detail-pin-title = Ponownie PIN sędziego: szczegóły słów kartki { $slip }
detail-pin-shown = widoczne przez { $seconds } s, potem znów ekran sędziego
detail-title = Kartka { $slip }: szczegóły słów
detail-closes = zamknie się za { $seconds } s
round-title = Sędzia: numer zaczynającej się rundy, potem Enter (0: bez rundy)
round-now = teraz: runda { $round }
round-none = teraz: bez rundy
pinned-to = Przypięte: każde sprawdzenie w grupie { $division } (bez menu grup).
not-pinned = Nieprzypięte: każda para wybiera swoją grupę.
not-pinned-one = Nieprzypięte (stanowisko ma jedną grupę).
waiting-challenge = Czeka nowe sprawdzenie: { $words }{ $table } — część { $play } (NIEDOPUSZCZALNE). L pozwala je sprawdzić.
waiting-table = { " " }(stół { $table })
failed-play-any = odrzuconego ruchu
wrong-pins-since = od Twojej ostatniej wizyty wpisano { $n ->
    [one] { $n } błędny PIN
    [few] { $n } błędne PIN-y
    [many] { $n } błędnych PIN-ów
   *[other] { $n } błędnego PIN-u
}
unrecorded-line = KARTKA NIEZAPISANA — wypełnij papierową kartkę według: { $line } (A potwierdza)
division-verified = { $pinned } { $division } — zweryfikowano ✓ { $codes } ({ $header })
division-broken = { $pinned } { $division } — NIECZYNNE: { $reason }
log-none-yet = dziennik kartek: jeszcze brak kartek ({ $path })
log-intact = dziennik kartek: { $n ->
    [one] { $n } wpis
    [few] { $n } wpisy
    [many] { $n } wpisów
   *[other] { $n } wpisu
}, łańcuch nienaruszony
log-first-bad = dziennik kartek: PIERWSZA ZŁA KARTKA, wiersz { $line }: { $problem }
log-intact-but = dziennik kartek: { $n ->
    [one] { $n } wpis
    [few] { $n } wpisy
    [many] { $n } wpisów
   *[other] { $n } wpisu
}, łańcuch nienaruszony, ale { $problem }
log-error = dziennik kartek: { $error }
last-anchor = kotwica ostatniej kartki (zapisz ją na koniec rundy): { $anchor }
# Ostatnia kartka na ekranie sędziego: R runda, S stół.
slip-round-short = R{ $round }
slip-table-short = S{ $table }
station-no-event = stanowisko { $station }: niezainstalowane z pakietu turnieju
station-event = turniej { $name } · odcisk { $fingerprint } · stanowisko { $station }
station-key = klucz stanowiska: { $key } (wiersz listy: { $station } { $key })
event-signed = podpisany kluczem { $key }, zaufanym przez to stanowisko
event-files-exact = pliki: dokładnie te z pakietu turnieju
event-changed = ZMIENIONO TUTAJ: { $change }
round-set = runda { $round } (N: ustaw rundę)
round-unset = runda nieustawiona (N: ustaw rundę)
detail-heading = kartka { $slip } · { $time } · { $kind } · grupa { $division } · stanowisko { $station } · { $verdict }
detail-second-opinion = druga opinia dla kartki { $slip }
detail-acceptable = dopuszczalne (w { $code })
detail-not-acceptable = ✗ NIEDOPUSZCZALNE
detail-back = Esc: powrót do ekranu sędziego

## Rodzaje kartek na ekranie sędziego i na wydruku.
kind-challenge = sprawdzenie
kind-second-opinion = druga opinia
kind-director = sędzia

## Data i godzina tak, jak piszą je Polacy. Symbole zastępcze: $year, $month, $day
## (dwie cyfry), $month_num, $day_num (bez zera na początku), $hour, $minute, $second (dwie cyfry),
## $hour12 i $ampm (zegar 12-godzinny), $zone (skrót strefy czasowej).
datetime = { $day }.{ $month }.{ $year }, { $hour }:{ $minute }:{ $second } { $zone }

## Wydruk (32 kolumny, litery bez znaków diakrytycznych: własna czcionka drukarki).
docket-challenge = WORDJUDGE SPRAWDZENIE
docket-second-opinion = WORDJUDGE DRUGA OPINIA
docket-director = WORDJUDGE DECYZJA SĘDZIEGO
docket-event = Turniej
docket-event-id = ID turnieju
docket-station = Stanowisko
docket-slip = Kartka
docket-time = Godzina
docket-round = Runda
docket-table = Stół
docket-division = Grupa
docket-lexicon = { $n ->
    [one] Słownik
    [few] Słowniki
    [many] Słowniki
   *[other] Słowniki
}
docket-second-on = Druga opinia dla kartki { $slip }
docket-second = Druga opinia
docket-by-director = Rozstrzygnął sędzia
docket-words = Słowa ({ $n }):
docket-verdict = WERDYKT: { $verdict }
docket-seal = Pieczęć { $seal }
docket-check = Sprawdź: wordjudge slips verify

## The event report's headings and table captions (its sentences are in English).
report-slip-logs = Dzienniki kartek
report-logs-caption = Weryfikacja każdego podanego dziennika
report-device-logs = Dzienniki urządzeń przy stołach
report-device-logs-proof = Dziennik urządzenia przy stole dowodzi tego, co zapisał na nim jego posiadacz, a nie tego, co sprawdzono przy stole: gracze mają stronę, pamięć przeglądarki i klucz urządzenia, więc mogą zapisać i podpisać dowolną kartkę. Traktuj jego kartki jako relację graczy, nie jako zapis stanowiska.
report-anchors = Kotwice
report-anchors-caption = Każda kotwica zapisana na stanowisku
report-challenges = Sprawdzenia
report-by-round = Sprawdzenia według rund
report-by-station = Sprawdzenia według stanowisk
report-by-division = Sprawdzenia według grup
report-second-opinions = Drugie opinie
report-differing-caption = Drugie opinie, które się różnią
report-rechallenges = Ponowne sprawdzenia
report-rechallenge-caption = Nowe sprawdzenia części odrzuconego ruchu

# Director mode: a USB stick (the next event, the logs).
stick-install-help = Folder wordjudge-event na pendrivie: podpisany kluczem, któremu ufa to stanowisko, nowszy niż jego turniej. Stanowisko zachowuje swój identyfikator; kwity poprzedniego turnieju są przechowywane osobno.
stick-copy-help = Dziennik każdego turnieju, jego nagłówek i kotwica, odczytane z pendrive'a. Nic tajnego nie jest kopiowane.
stick-one-stick = Najpierw włóż jeden pendrive, tylko jeden.
stick-working-title = Praca z pendrive'em…
stick-working = Nie wyjmuj pendrive'a, dopóki ta strona nie powie, że gotowe.
stick-done-title = Gotowe: możesz wyjąć pendrive
stick-failed-title = Nie wykonano
stick-installed = Stanowisko prowadzi teraz nowy turniej: jego odcisk jest w nagłówku.

# The table-side judge's page (a phone or tablet at the table): its own buttons and lines.
web-save-log = Zapisz dziennik kartek
web-keyboard = Klawiatura
web-device = Urządzenie { $device }
web-saved = Zapisano: przekaż plik sędziemu
web-next-event-title = NASTĘPNE WYDARZENIE
web-next-event = ta strona podaje teraz inne wydarzenie ({ $fingerprint }): nic nie jest sprawdzane plikami poprzedniego. Jego pliki się wczytują; strona otworzy się sama. Jeśli to się nie zmienia, otwórz stronę ponownie z włączoną siecią.
web-save-log-of = Zapisz dziennik wydarzenia { $fingerprint }
web-event = { $name } · spakowano { $when }
web-event-old = to wydarzenie spakowano { $when }, a to urządzenie nie mogło sprawdzić, czy jest nowsze: jeśli jest, otwórz stronę z włączoną siecią
web-other-tab-title = INNA KARTA SPRAWDZA
web-other-tab = ta strona sprawdza w innej karcie lub aplikacji na tym urządzeniu: sprawdza tylko jedna naraz, by każda kartka była zapisana raz w jednym dzienniku. Zamknij tamtą, a ta przejmie.

## The table judge's poster (`web build --url`).
poster-heading = Sprawdzaj sprawdzenia przy stole
poster-open = Otwórz ten adres na telefonie lub tablecie albo zeskanuj kod, z włączoną siecią; potem działa bez sieci.
poster-compare = Przed sprawdzeniem upewnij się, że u góry ekranu jest nazwa tego wydarzenia i ten odcisk. Jeśli jest coś innego, nie używaj: zawołaj sędziego.
poster-signer = podpisano kluczem sędziego { $key }
web-game-round = Runda
web-game-table = Stół
web-game-note = nieobowiązkowe: od teraz na każdym kwitku tego urządzenia
web-game-refused = runda od 1 do { $rounds }, stół od 1 do { $tables } albo puste: nie zmieniono
web-not-kept-moved-on = Ten kwitek nie został zapisany: inna karta lub aplikacja tej strony sędziowała, odkąd ta strona odczytała rejestr. Zamknij tamtą i wczytaj tę stronę ponownie.
web-not-kept-refused = Ten kwitek nie został zapisany: pamięć przeglądarki dla tej strony jest pełna lub wyłączona. Zwolnij lub zezwól na pamięć i wczytaj tę stronę ponownie.
web-not-kept-other = Ten kwitek nie został zapisany (strona odpowiedziała { $code }): wczytaj tę stronę ponownie.
web-loading = Wczytywanie turnieju…
web-cannot-run = ta przeglądarka nie może uruchomić sędziego ({ $error }): użyj innej przeglądarki lub zaktualizuj tę
web-no-storage = ta przeglądarka nie przechowuje danych tej strony ({ $error }): każdy kwitek jest zapisywany na urządzeniu, więc nie można tu sędziować; zezwól stronie na przechowywanie danych lub użyj innej przeglądarki
web-two-events = pliki tej strony pochodzą z dwóch turniejów ({ $site } i { $bundle }): sędzia musi zbudować stronę ponownie
web-cannot-read = nie można odczytać plików tej strony ({ $error }): otwórz ją ponownie z włączoną siecią

# A station image's first boot, the stick naming no station: this machine's number.
station-number-title = NUMER tego stanowiska (1 do { $max }), potem Enter
station-number-detail = Turniej „{ $event }” jest na pendrive. Każda maszyna ma własny numer: widać go na każdym ekranie, każdym kwicie i w wierszu listy. Wpisz numer tej maszyny i naciśnij Enter.
station-number-installing = Instalowanie turnieju jako stanowisko { $number }…
station-number-wait = turniej jest sprawdzany i instalowany z pendrive; stanowisko ruszy po zakończeniu
hint-type-station-number = wpisz numer tego stanowiska (1 do { $max }), potem Enter
