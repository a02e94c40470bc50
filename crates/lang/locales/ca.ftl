# wordjudge — the station's words in Català. Translated by the wordjudge project, not yet
# reviewed by a native speaker: corrections welcome (README, 'Languages'). Placeholders { $name }
# must stay as they are.
#
# wordjudge — els textos de l'estació en català. Traducció del projecte wordjudge, encara no
# revisada per una persona de llengua materna catalana: s'agraeixen les correccions (README,
# 'Languages'). Els marcadors { $name } s'han de deixar tal com són.
#
# Status: needs review by a native speaker

## La llengua mateixa, tal com l'anomenen els parlants (configuració de l'àrbitre i menú de divisions).
language-name = Català

## Paraules fixes de les pantalles (botons, indicacions).
label-out-of-service = FORA DE SERVEI
label-call-director = aviseu l'àrbitre
label-verdicts-differ = VEREDICTES DIFERENTS
label-second-opinion = SEGONA OPINIÓ (F2)
label-edit-keys = Backspace esborra · Esc buida
# La tecla del teclat de fitxes que acaba una paraula (escriu un espai).
label-next-word = paraula següent
label-done = FET (Enter)
label-any-key-clears = una tecla o un toc esborra
label-judge = JUTJA
label-words-typed = paraules escrites
label-word = paraula
label-cancel = Cancel·la (Esc)
label-backspace = Esborra
label-ok = D'acord
label-pin = PIN
label-pin-digits = xifres
label-director = ÀRBITRE
label-scroll = ↑ ↓ PgUp PgDn desplaça
label-alert = Alerta:
label-back = Enrere (Esc)
label-unavailable = ara no disponible
label-about-text = Estació d'arbitratge per a tornejos d'Scrabble. Llicència: GPL-3.0-or-later. Lletra: DejaVu Sans (llicència Bitstream Vera).
judge-tab = JUTJA (Tab)

## El veredicte: les paraules que esperen els jugadors, amb el símbol que també mostra la pantalla.
verdict-acceptable = ✓ VÀLIDA
verdict-unacceptable = ✗ NO VÀLIDA
# El veredicte tal com l'anomenen la butlleta i el tiquet, sense el símbol.
verdict-word-acceptable = VÀLIDA
verdict-word-unacceptable = NO VÀLIDA

## Pantalles dels jugadors.
out-of-service-title = FORA DE SERVEI — aviseu l'àrbitre
choose-division = Trieu la vostra divisió
division-out-of-service = { $division } — FORA DE SERVEI
pinned-by-director = { $division } (fixada per l'àrbitre)
table-title = Número de TAULA, i Enter
table-detail = el número de la taula on jugueu
count-title = IMPUGNADOR: quantes paraules impugneu?
count-detail = premeu entre 1 i { $max }
second-opinion-for = SEGONA OPINIÓ de la butlleta { $slip }
slip-number-title = SEGONA OPINIÓ: número de butlleta, i Enter
entry-title = IMPUGNADOR: escriviu les paraules, i Enter (FET)
entry-count = { $n ->
    [one] { $n } paraula; Espai o coma entre paraules, Enter després de l'última
   *[other] { $n } paraules; Espai o coma entre paraules, Enter després de l'última
}
entry-no-count = Espai o coma entre paraules, Enter després de l'última
entry-again = torneu a escriure'n les paraules.
handed-over-title = JUGADOR IMPUGNAT: comproveu les paraules amb el tauler i la butlleta, i premeu JUTJA
handed-over-ready = JUTJA si són correctes; Backspace les retorna a l'impugnador
handed-over-pause = IMPUGNADOR: passeu l'estació al jugador impugnat
slip-line = BUTLLETA { $slip }
slip-not-recorded = BUTLLETA NO REGISTRADA
spoken-slip = { $verdict }. Butlleta { $slip }.
spoken-not-recorded = { $verdict }. Butlleta no registrada.
verdicts-differ-title = VEREDICTES DIFERENTS — aviseu l'àrbitre
differ-recorded = segona opinió de la butlleta { $slip }, registrada com a butlleta { $recorded }
differ-not-recorded = segona opinió de la butlleta { $slip } (ha fallat el registre de butlletes)
log-failed-write-time = ha fallat el registre de butlletes: anoteu aquesta hora a la butlleta i aviseu l'àrbitre
verdict-agree = segona opinió de la butlleta { $slip }: els veredictes coincideixen · { $division } · { $time }
verdict-judged = { $division } · jutjada a les { $time }
verdict-agree-not-recorded = segona opinió de la butlleta { $slip }: els veredictes coincideixen · jutjada a les { $time }; { $failed }
verdict-not-recorded = jutjada a les { $time }; { $failed }

## La línia del torneig a la capçalera.
event-line-event = TORNEIG { $fingerprint }
event-line-event-changed = TORNEIG { $fingerprint } (CANVIAT AQUÍ)
event-line-round = RONDA { $round }
event-line-station = ESTACIÓ { $station }
event-line-table = TAULA { $table }

## La línia dels diccionaris sota el nom de la divisió.
edition-effective = edició { $code }, vigent des de { $date }
edition = edició { $code }
edition-unpublished = edició no publicada
edition-mislabel = { $edition } (ETIQUETA ERRÒNIA ACCEPTADA)
header-fallback = { $code } · { $title } ({ $min }+ lletres)
header-second-opinions = segones opinions: { $header }

## Indicacions: una línia curta després d'una tecla refusada o d'una entrada incompleta.
hint-press-count = premeu entre 1 i { $max }
hint-type-table = escriviu el número de taula (entre 1 i { $max }), i Enter
hint-words-typed = { $n ->
    [one] { $n } paraula escrita: Enter (FET) per passar-la, o Backspace per corregir
   *[other] { $n } paraules escrites: Enter (FET) per passar-les, o Backspace per corregir
}
hint-word-too-long = una paraula té com a màxim 15 lletres
hint-letters-only = només lletres
hint-not-a-letter = { $char } no és una lletra i no s'ha escrit: només lletres (Backspace per corregir)
hint-not-a-tile = no és una fitxa de l'alfabet { $alphabet }: escriviu les lletres o toqueu les fitxes de sota
hint-unfinished-tile = { $tile } és l'inici d'una fitxa: acabeu-la, o Backspace
hint-too-many-tiles = una paraula té com a màxim 15 fitxes
hint-short-word = la paraula { $n } necessita almenys 2 lletres
hint-word-unfinished = la paraula acaba dins d'una fitxa: acabeu-la, o Backspace
hint-one-tile = la paraula { $n } necessita almenys 2 fitxes
hint-words-of = { $typed } de { $of } paraules escrites
hint-no-words = primer escriviu les paraules impugnades
hint-not-handed-over = primer l'impugnador acaba l'entrada: Enter (FET) després de l'última paraula
hint-handover-pause = encara no: l'impugnador passa l'estació al jugador impugnat, que després prem JUTJA
failed-play-slip = la butlleta { $slip }
failed-play-unrecorded = la jugada jutjada a les { $time }
hint-part-of-failed-play = aquestes paraules pertanyien a { $play }, jutjada NO VÀLIDA: no s'ha jutjat res — consulteu l'àrbitre
hint-part-of-failed-play-device = aquestes paraules pertanyien a { $play }, jutjada NO VÀLIDA aquí: una jugada es jutja un sol cop i aquest aparell no les jutjarà — canvieu les paraules o demaneu a l'àrbitre que jutgi la jugada
hint-second-words-typed = SEGONA OPINIÓ: primer esborreu les paraules (Esc), i torneu-la a prémer
hint-second-under-way = això ja és una segona opinió: torneu a escriure les paraules de la butlleta
hint-second-not-recorded = no hi ha segona opinió a l'estació: la butlleta d'aquest veredicte no es va registrar — aviseu l'àrbitre
hint-second-differ = no hi ha més opinions a l'estació: els veredictes difereixen — decideix l'àrbitre
hint-second-type-slip = escriviu el número de butlleta, i Enter
hint-second-out-of-service = fora de servei: demaneu una segona opinió a l'àrbitre
hint-press-judge = JUTJA (Tab), o Backspace per retornar les paraules
hint-press-judge-button = premeu JUTJA, o Backspace per retornar les paraules
hint-back-to-challenger = IMPUGNADOR: corregiu les paraules, i Enter
hint-not-a-word = només lletres A-Z, de 2 a 15 per paraula
hint-no-such-slip = no hi ha cap butlleta { $slip } en aquesta estació
hint-division-out-of-service = { $division } està fora de servei: aviseu l'àrbitre
hint-words-do-not-match = no són les paraules de la butlleta { $slip }: no s'ha jutjat res; escriviu exactament les paraules de la butlleta { $slip }
hint-not-reopened = butlleta { $slip }: { $why }: demaneu una segona opinió a l'àrbitre
not-reopened-second = ja és una segona opinió, i la tercera és cosa de l'àrbitre
not-reopened-director = la va jutjar l'àrbitre
not-reopened-already = la seva segona opinió es va donar com a butlleta { $other }
not-reopened-other-station = es va jutjar en una altra estació
not-reopened-too-old = es va jutjar fa més de { $minutes } minuts
not-reopened-not-among-last = no és entre les { $plays } últimes jugades d'aquest aparell
not-reopened-division-not-here = la seva divisió no és en aquesta estació
not-reopened-division-out-of-service = la seva divisió està fora de servei
hint-wrong-pin = PIN incorrecte
hint-too-many-pins = massa PIN incorrectes
hint-not-recorded = no s'ha desat: { $error }

## Per què l'estació, o una divisió, no jutja.
out-of-service-no-division = la configuració no defineix cap divisió
out-of-service-every-division = cap divisió en servei: la pantalla de l'àrbitre en diu el motiu per a cadascuna

## Alertes: el bàner que es queda fins que l'àrbitre el confirma.
alert-log-failed = Ha fallat el registre de butlletes — aviseu l'àrbitre ({ $error })
alert-log-check = Cal revisar el registre de butlletes — aviseu l'àrbitre ({ $problem })
alert-docket = No s'ha imprès el tiquet de la butlleta { $slip } — reviseu la impressora; `wordjudge slips print { $slip }` el torna a imprimir ({ $error })

## El PIN i la pantalla de l'àrbitre.
pin-title = PIN de l'àrbitre
pin-locked = bloquejat { $seconds } s després de { $tries } PIN incorrectes
pin-not-set = aquesta estació encara no té PIN d'àrbitre: arriba amb el paquet de l'esdeveniment; instal·leu primer l'esdeveniment
director-closes = es tanca en { $seconds } s (torna als jugadors)
command-pin = Fixa una divisió (P)
command-slip-detail = Detall de butlleta (D)
command-round = Ronda (N)
command-acknowledge = Confirma l'alerta (A)
command-reload = Recarrega i verifica (R)
command-about = Quant a (I)
command-install-event = Torneig des d'USB (E)
command-copy-logs = Registres a USB (C)
command-allow = Permet la impugnació (L)
command-back-to-players = Torna als jugadors (Esc)
command-exit = Surt de l'estació (Q)
command-unpin = 0  Allibera (trien les parelles)
command-yes = Sí (Enter)
command-no = No (Esc)
pin-choice-title = Àrbitre: fixeu l'estació a una divisió
pin-choice-help = Premeu el número de la divisió (0 l'allibera), i confirmeu.
confirm-pin = Voleu fixar l'estació a { $division }? Totes les impugnacions s'hi jutjaran.
confirm-unpin = Voleu alliberar l'estació? Cada parella triarà la seva divisió.
confirm-exit = Voleu sortir del programa de l'estació?
confirm-allow = Voleu que es jutgi la impugnació en espera? Les seves paraules pertanyien a una jugada jutjada NO VÀLIDA.
confirm-install-event = Voleu instal·lar el torneig des de la memòria USB d'aquest lloc?
confirm-copy-logs = Voleu copiar els registres de butlletes a la memòria USB d'aquest lloc?
exit-restarts = Es tanca; amb la seva unitat systemd (o el bucle xinit) es torna a iniciar sola i rellegeix kiosk.toml.
exit-stop = Per aturar l'estació, atureu-ne el servei per SSH o des d'una consola: systemctl stop wordjudge-station
detail-slip-title = Àrbitre: la butlleta de la qual voleu el detall — número, i Enter
detail-pin-title = Torneu a posar el PIN de l'àrbitre: detall per paraula de la butlleta { $slip }
detail-pin-shown = es mostra { $seconds } s, i després torna la pantalla de l'àrbitre
detail-title = Butlleta { $slip }: detall per paraula
detail-closes = es tanca en { $seconds } s
round-title = Àrbitre: la ronda que comença ara — número, i Enter (0: cap ronda)
round-now = ara: ronda { $round }
round-none = ara: cap ronda
pinned-to = Fixada: totes les impugnacions es jutgen a { $division } (sense menú de divisions).
not-pinned = No fixada: cada parella tria la seva divisió.
not-pinned-one = No fixada (l'estació té una sola divisió).
waiting-challenge = Una impugnació nova espera: { $words }{ $table } — pertany a { $play } (NO VÀLIDA). L permet jutjar-la.
waiting-table = { " " }(taula { $table })
failed-play-any = una jugada no vàlida
wrong-pins-since = { $n ->
    [one] s'ha provat { $n } PIN incorrecte des de la vostra última visita
   *[other] s'han provat { $n } PIN incorrectes des de la vostra última visita
}
unrecorded-line = BUTLLETA NO REGISTRADA — ompliu la butlleta de paper amb això: { $line } (A confirma)
division-verified = { $pinned } { $division } — verificada ✓ { $codes } ({ $header })
division-broken = { $pinned } { $division } — FORA DE SERVEI: { $reason }
log-none-yet = registre de butlletes: encara cap butlleta ({ $path })
log-intact = { $n ->
    [one] registre de butlletes: { $n } entrada, cadena intacta
   *[other] registre de butlletes: { $n } entrades, cadena intacta
}
log-first-bad = registre de butlletes: PRIMERA BUTLLETA ERRÒNIA, línia { $line }: { $problem }
log-intact-but = { $n ->
    [one] registre de butlletes: { $n } entrada, cadena intacta, però { $problem }
   *[other] registre de butlletes: { $n } entrades, cadena intacta, però { $problem }
}
log-error = registre de butlletes: { $error }
last-anchor = àncora de l'última butlleta (anoteu-la al final de la ronda): { $anchor }
# Una butlleta recent a la pantalla de l'àrbitre: R ronda, T taula.
slip-round-short = R{ $round }
slip-table-short = T{ $table }
station-no-event = estació { $station }: no instal·lada des d'un paquet de torneig
station-event = torneig { $name } · empremta { $fingerprint } · estació { $station }
station-key = clau de l'estació: { $key } (la línia de la llista: { $station } { $key })
event-signed = signat amb la clau { $key }, de confiança per a aquesta estació
event-files-exact = fitxers: exactament els del paquet del torneig
event-changed = CANVIAT AQUÍ: { $change }
round-set = ronda { $round } (N: defineix la ronda)
round-unset = cap ronda definida (N: defineix la ronda)
detail-heading = butlleta { $slip } · { $time } · { $kind } · divisió { $division } · estació { $station } · { $verdict }
detail-second-opinion = segona opinió de la butlleta { $slip }
detail-acceptable = vàlida (a { $code })
detail-not-acceptable = ✗ NO vàlida
detail-back = Esc: torna a la pantalla de l'àrbitre

## Tipus de butlleta tal com els anomenen la pantalla de l'àrbitre i el tiquet.
kind-challenge = impugnació
kind-second-opinion = segona opinió
kind-director = àrbitre

## La data i l'hora tal com les escriuen els catalanoparlants (dia/mes/any, 24 hores).
datetime = { $day }/{ $month }/{ $year } { $hour }:{ $minute }:{ $second } { $zone }

## El tiquet imprès (32 columnes; la impressora treu els accents).
docket-challenge = WORDJUDGE IMPUGNACIÓ
docket-second-opinion = WORDJUDGE SEGONA OPINIÓ
docket-director = WORDJUDGE DECISIÓ DE L'ÀRBITRE
docket-event = Torneig
docket-event-id = ID torneig
docket-station = Estació
docket-slip = Butlleta
docket-time = Hora
docket-round = Ronda
docket-table = Taula
docket-division = Divisió
docket-lexicon = { $n ->
    [one] Diccionari
   *[other] Diccionaris
}
docket-second-on = Segona opinió: butlleta { $slip }
docket-second = Segona opinió
docket-by-director = Jutjada per l'àrbitre
docket-words = Paraules ({ $n }):
docket-verdict = VEREDICTE: { $verdict }
docket-seal = Segell { $seal }
docket-check = Comprova: wordjudge slips verify

## The event report's headings and table captions (its sentences are in English).
report-slip-logs = Registres de butlletes
report-logs-caption = Verificació de cada registre donat
report-device-logs = Registres dels aparells de taula
report-device-logs-proof = El registre d'un aparell de taula prova el que hi va escriure qui el té, no el que es va jutjar a la taula: els jugadors tenen la pàgina, l'emmagatzematge del navegador i la clau de l'aparell, i poden escriure i signar qualsevol butlleta. Compteu-ne les butlletes com el relat dels jugadors, no com el registre d'una estació.
report-anchors = Àncores
report-anchors-caption = Cada àncora anotada en una estació
report-challenges = Impugnacions
report-by-round = Impugnacions per ronda
report-by-station = Impugnacions per estació
report-by-division = Impugnacions per divisió
report-second-opinions = Segones opinions
report-differing-caption = Segones opinions que difereixen
report-rechallenges = Reimpugnacions
report-rechallenge-caption = Noves impugnacions sobre part d'una jugada rebutjada

# Director mode: a USB stick (the next event, the logs).
stick-install-help = La carpeta wordjudge-event de la memòria: signada amb la clau en què confia aquest lloc, més recent que el seu torneig. El lloc conserva el seu identificador; les butlletes de l'últim torneig es guarden a part.
stick-copy-help = El registre de cada torneig, la capçalera i l'àncora, rellegits des de la memòria. No es copia res de secret.
stick-one-stick = Primer inseriu una memòria USB, només una.
stick-working-title = Treballant amb la memòria USB…
stick-working = Deixeu la memòria posada fins que aquesta pàgina digui que s'ha acabat.
stick-done-title = Fet: podeu treure la memòria
stick-failed-title = No fet
stick-installed = El lloc executa ara el nou torneig: la seva empremta és a la capçalera.

# The table-side judge's page (a phone or tablet at the table): its own buttons and lines.
web-save-log = Desa el registre de butlletes
web-keyboard = Teclat
web-device = Dispositiu { $device }
web-saved = Desat: doneu el fitxer a l'àrbitre
web-next-event-title = ESDEVENIMENT SEGÜENT
web-next-event = aquest lloc ara serveix un altre esdeveniment ({ $fingerprint }): no es jutja res amb els fitxers de l'anterior. S'estan carregant; la pàgina s'obrirà sola. Si no canvia, torneu a obrir el lloc amb la xarxa activada.
web-save-log-of = Desa el registre de l'esdeveniment { $fingerprint }
web-event = { $name } · empaquetat el { $when }
web-event-old = aquest esdeveniment es va empaquetar el { $when } i aquest aparell no ha pogut comprovar si n'hi ha un de més nou: si n'hi ha, obriu el lloc amb la xarxa activada
web-other-tab-title = UNA ALTRA PESTANYA JUTJA
web-other-tab = aquest lloc jutja en una altra pestanya o aplicació d'aquest aparell: només en jutja una alhora, perquè cada butlleta es desi un sol cop en un sol registre. Tanqueu l'altra i aquesta prendrà el relleu.

## The table judge's poster (`web build --url`).
poster-heading = Jutgeu les impugnacions a la taula
poster-open = Obriu aquesta adreça en un mòbil o una tauleta, o escanegeu el codi, amb la xarxa activada; després funciona sense xarxa.
poster-compare = Abans de jutjar, comproveu que la part de dalt de la pantalla anomena aquest esdeveniment i mostra aquesta empremta. Si mostra una altra cosa, no l'utilitzeu: aviseu l'àrbitre.
poster-signer = signat amb la clau de l'àrbitre { $key }
web-game-round = Ronda
web-game-table = Taula
web-game-note = opcional: a cada butlleta d'aquest aparell a partir d'ara
web-game-refused = ronda de 1 a { $rounds }, taula de 1 a { $tables }, o buit: no s'ha canviat
web-not-kept-moved-on = Aquesta butlleta no s'ha desat: una altra pestanya o aplicació d'aquest lloc ha jutjat després que aquesta pàgina llegís el registre. Tanqueu l'altra i torneu a carregar aquesta pàgina.
web-not-kept-refused = Aquesta butlleta no s'ha desat: l'emmagatzematge del navegador per a aquest lloc és ple o desactivat. Allibereu-ne o permeteu-lo, i torneu a carregar aquesta pàgina.
web-not-kept-other = Aquesta butlleta no s'ha desat (la pàgina ha respost { $code }): torneu a carregar aquesta pàgina.
web-loading = S'està carregant l'esdeveniment…
web-cannot-run = aquest navegador no pot executar el jutge ({ $error }): feu servir un altre navegador o actualitzeu aquest
web-no-storage = aquest navegador no desa dades per a aquest lloc ({ $error }): cada butlleta es desa a l'aparell, així que aquí no pot jutjar; permeteu que el lloc desi dades o feu servir un altre navegador
web-two-events = els fitxers d'aquest lloc són de dos esdeveniments ({ $site } i { $bundle }): l'àrbitre ha de tornar a construir el lloc
web-cannot-read = els fitxers d'aquest lloc no es poden llegir ({ $error }): torneu-lo a obrir amb la xarxa activada

# A station image's first boot, the stick naming no station: this machine's number.
station-number-title = El NÚMERO d'aquesta estació (1 a { $max }), i Retorn
station-number-detail = L'esdeveniment «{ $event }» és a la memòria USB. Cada màquina té el seu número: surt a cada pantalla, a cada full i a la línia de la llista. Escriviu el d'aquesta i premeu Retorn.
station-number-installing = S'instal·la l'esdeveniment com a estació { $number }…
station-number-wait = l'esdeveniment es comprova i s'instal·la des de la memòria USB; l'estació s'engega en acabar
hint-type-station-number = escriviu el número d'aquesta estació (1 a { $max }) i Retorn
