# wordjudge — the station's words in Spanish (Español). Translated by the wordjudge project, not yet
# reviewed by a native speaker: corrections welcome (README, 'Languages'). Placeholders { $name }
# must stay as they are.
#
# wordjudge — las palabras de la estación en español. Traducido por el proyecto wordjudge, aún sin
# revisar por un hablante nativo: se agradecen correcciones (README, 'Languages'). Los marcadores
# { $name } deben quedar tal cual.
# Status: needs review by a native speaker

## The language itself, as its speakers name it (the director's setting and the division menu).
language-name = Español

## Fixed words of the screens (buttons, prompts).
label-out-of-service = FUERA DE SERVICIO
label-call-director = llama al director
label-verdicts-differ = VEREDICTOS DISTINTOS
label-second-opinion = SEGUNDA OPINIÓN (F2)
label-edit-keys = Backspace corrige · Esc borra todo
# The tile keyboard's key that ends a word (it types Space).
label-next-word = siguiente palabra
label-done = LISTO (Enter)
label-any-key-clears = una tecla o un toque borra
label-judge = JUZGAR
label-words-typed = palabras escritas
label-word = palabra
label-cancel = Cancelar (Esc)
label-backspace = Borrar
label-ok = Aceptar
label-pin = PIN
label-pin-digits = dígitos
label-director = DIRECTOR
label-scroll = ↑ ↓ PgUp PgDn desplazar
label-alert = Alerta:
label-back = Volver (Esc)
label-unavailable = no disponible ahora
label-about-text = Estación de arbitraje para torneos de Scrabble. Licencia: GPL-3.0-or-later. Fuente: DejaVu Sans (licencia Bitstream Vera).
judge-tab = JUZGAR (Tab)

## The verdict: the words players expect, with the symbol the screen also shows.
verdict-acceptable = ✓ VÁLIDA
verdict-unacceptable = ✗ NO VÁLIDA
# The verdict as a slip or a docket names it, without the symbol.
verdict-word-acceptable = VÁLIDA
verdict-word-unacceptable = NO VÁLIDA

## Player screens.
out-of-service-title = FUERA DE SERVICIO — llama al director
choose-division = Elige tu división
division-out-of-service = { $division } — FUERA DE SERVICIO
pinned-by-director = { $division } (fijada por el director)
table-title = Tu número de MESA y Enter
table-detail = el número del tablero en que juegas
count-title = IMPUGNANTE: ¿cuántas palabras impugnas?
count-detail = pulsa de 1 a { $max }
second-opinion-for = SEGUNDA OPINIÓN sobre la papeleta { $slip }
slip-number-title = SEGUNDA OPINIÓN: escribe el número de papeleta y Enter
entry-title = IMPUGNANTE: escribe las palabras y Enter (LISTO)
entry-count = { $n ->
    [one] { $n } palabra; espacio o coma entre palabras, Enter tras la última
   *[other] { $n } palabras; espacio o coma entre palabras, Enter tras la última
}
entry-no-count = Espacio o coma entre palabras, Enter tras la última
entry-again = vuelve a escribir sus palabras.
handed-over-title = JUGADOR IMPUGNADO: compara las palabras con el tablero y la papeleta y pulsa JUZGAR
handed-over-ready = JUZGAR si son correctas; Backspace las devuelve al impugnante
handed-over-pause = IMPUGNANTE: pasa la estación al jugador impugnado
slip-line = PAPELETA { $slip }
slip-not-recorded = PAPELETA NO REGISTRADA
spoken-slip = { $verdict }. Papeleta { $slip }.
spoken-not-recorded = { $verdict }. Papeleta no registrada.
verdicts-differ-title = VEREDICTOS DISTINTOS — llama al director
differ-recorded = segunda opinión sobre la papeleta { $slip }, registrada como papeleta { $recorded }
differ-not-recorded = segunda opinión sobre la papeleta { $slip } (falló el registro de papeletas)
log-failed-write-time = falló el registro de papeletas: anota esta hora en la papeleta y llama al director
verdict-agree = segunda opinión sobre la papeleta { $slip }: los veredictos coinciden · { $division } · { $time }
verdict-judged = { $division } · juzgada a las { $time }
verdict-agree-not-recorded = segunda opinión sobre la papeleta { $slip }: los veredictos coinciden · juzgada a las { $time }; { $failed }
verdict-not-recorded = juzgada a las { $time }; { $failed }

## The header's event line.
event-line-event = EVENTO { $fingerprint }
event-line-event-changed = EVENTO { $fingerprint } (CAMBIADO AQUÍ)
event-line-round = RONDA { $round }
event-line-station = ESTACIÓN { $station }
event-line-table = MESA { $table }

## The lexicons line under the division's name.
edition-effective = edición { $code }, vigente desde { $date }
edition = edición { $code }
edition-unpublished = edición no publicada
edition-mislabel = { $edition } (ETIQUETA ERRÓNEA ACEPTADA)
header-fallback = { $code } · { $title } ({ $min }+ letras)
header-second-opinions = segundas opiniones: { $header }

## Hints: a short line after a refused key or an incomplete entry.
hint-press-count = pulsa de 1 a { $max }
hint-type-table = escribe tu número de mesa (1 a { $max }) y Enter
hint-words-typed = { $n ->
    [one] { $n } palabra escrita: Enter (LISTO) para entregar, o Backspace para corregir
   *[other] { $n } palabras escritas: Enter (LISTO) para entregar, o Backspace para corregir
}
hint-word-too-long = una palabra tiene como máximo 15 letras
hint-letters-only = solo letras
hint-not-a-letter = { $char } no es una letra y no se escribió: solo letras (Backspace para corregir)
hint-not-a-tile = no es una ficha de { $alphabet }: escribe las letras o toca las fichas de abajo
hint-unfinished-tile = { $tile } es el inicio de una ficha: complétala, o Backspace
hint-too-many-tiles = una palabra tiene como máximo 15 fichas
hint-short-word = la palabra { $n } necesita al menos 2 letras
hint-word-unfinished = la palabra acaba dentro de una ficha: complétala, o Backspace
hint-one-tile = la palabra { $n } necesita al menos 2 fichas
hint-words-of = { $typed } de { $of } palabras escritas
hint-no-words = escribe primero las palabras impugnadas
hint-not-handed-over = primero el impugnante termina: Enter (LISTO) tras la última palabra
hint-handover-pause = aún no: el impugnante pasa la estación al jugador impugnado, que luego pulsa JUZGAR
failed-play-slip = la papeleta { $slip }
failed-play-unrecorded = la jugada de las { $time }
hint-part-of-failed-play = estas palabras eran parte de { $play }, juzgada NO VÁLIDA: no se juzgó nada — consulta al director
hint-part-of-failed-play-device = estas palabras eran parte de { $play }, juzgada NO VÁLIDA aquí: una jugada se juzga una sola vez y este aparato no las juzgará — cambia las palabras o pide al director que juzgue la jugada
hint-second-words-typed = SEGUNDA OPINIÓN: borra antes las palabras (Esc) y vuelve a pulsarla
hint-second-under-way = esto ya es una segunda opinión: vuelve a escribir las palabras de la papeleta
hint-second-not-recorded = no hay segunda opinión en la estación: la papeleta de este veredicto no se registró — llama al director
hint-second-differ = no hay más opiniones en la estación: los veredictos difieren — decide el director
hint-second-type-slip = escribe el número de papeleta y Enter
hint-second-out-of-service = fuera de servicio: llama al director para una segunda opinión
hint-press-judge = JUZGAR (Tab), o Backspace para devolver las palabras
hint-press-judge-button = pulsa JUZGAR, o Backspace para devolver las palabras
hint-back-to-challenger = IMPUGNANTE: corrige las palabras y Enter
hint-not-a-word = solo letras A-Z, de 2 a 15 por palabra
hint-no-such-slip = no hay papeleta { $slip } en esta estación
hint-division-out-of-service = { $division } está fuera de servicio: llama al director
hint-words-do-not-match = no son las palabras de la papeleta { $slip }: no se juzgó nada; escribe exactamente las palabras de la papeleta { $slip }
hint-not-reopened = papeleta { $slip }: { $why }: pide al director una segunda opinión
not-reopened-second = ya es una segunda opinión, y la tercera corresponde al director
not-reopened-director = la juzgó el director
not-reopened-already = su segunda opinión se dio como papeleta { $other }
not-reopened-other-station = se juzgó en otra estación
not-reopened-too-old = se juzgó hace más de { $minutes } minutos
not-reopened-not-among-last = no está entre las últimas { $plays } jugadas de este aparato
not-reopened-division-not-here = su división no está en esta estación
not-reopened-division-out-of-service = su división está fuera de servicio
hint-wrong-pin = PIN incorrecto
hint-too-many-pins = demasiados PIN incorrectos
hint-not-recorded = no guardado: { $error }

## Why the station, or a division, does not judge.
out-of-service-no-division = la configuración no define ninguna división
out-of-service-every-division = ninguna división está en servicio: la pantalla del director indica el motivo de cada una

## Alerts: the banner that stays until the director acknowledges it.
alert-log-failed = Falló el registro de papeletas — llama al director ({ $error })
alert-log-check = Hay que revisar el registro de papeletas — llama al director ({ $problem })
alert-docket = Comprobante de la papeleta { $slip } sin imprimir — revisa la impresora; `wordjudge slips print { $slip }` lo reimprime ({ $error })

## The director's PIN prompt and screen.
pin-title = PIN del director
pin-locked = { $tries ->
    [one] bloqueado { $seconds } s tras { $tries } PIN incorrecto
   *[other] bloqueado { $seconds } s tras { $tries } PIN incorrectos
}
pin-not-set = esta estación aún no tiene PIN de director: llega con el paquete del torneo; instala primero el torneo
director-closes = se cierra en { $seconds } s (vuelve a los jugadores)
command-pin = Fijar una división (P)
command-slip-detail = Detalle de papeleta (D)
command-round = Ronda (N)
command-acknowledge = Confirmar alerta (A)
command-reload = Recargar y verificar (R)
command-about = Acerca de (I)
command-install-event = Torneo desde USB (E)
command-copy-logs = Registros a USB (C)
command-allow = Permitir la impugnación (L)
command-back-to-players = Volver a los jugadores (Esc)
command-exit = Salir de la estación (Q)
command-unpin = 0  Liberar (las parejas eligen)
command-yes = Sí (Enter)
command-no = No (Esc)
pin-choice-title = Director: fijar la estación a una división
pin-choice-help = Pulsa el número de la división (0 la libera) y confirma.
confirm-pin = ¿Fijar la estación a { $division }? Toda impugnación se juzgará en ella.
confirm-unpin = ¿Liberar la estación? Cada pareja elegirá su división.
confirm-exit = ¿Salir del programa de la estación?
confirm-allow = ¿Juzgar la impugnación en espera? Sus palabras eran parte de una jugada juzgada NO VÁLIDA.
confirm-install-event = ¿Instalar el torneo desde la memoria USB de este puesto?
confirm-copy-logs = ¿Copiar los registros de boletas a la memoria USB de este puesto?
exit-restarts = El programa termina; bajo su unidad systemd (o el bucle de xinit) vuelve a arrancar solo y relee kiosk.toml.
exit-stop = Para apagar la estación, detén su servicio por SSH o en una consola: systemctl stop wordjudge-station
detail-slip-title = Director: la papeleta cuyo detalle mostrar — su número y Enter
detail-pin-title = PIN del director otra vez: detalle por palabra de la papeleta { $slip }
detail-pin-shown = se muestra { $seconds } s; luego, la pantalla del director
detail-title = Papeleta { $slip }: detalle por palabra
detail-closes = se cierra en { $seconds } s
round-title = Director: la ronda que empieza — su número y Enter (0: sin ronda)
round-now = ahora: ronda { $round }
round-none = ahora: sin ronda
pinned-to = Fijada: toda impugnación se juzga en { $division } (sin menú de divisiones).
not-pinned = Sin fijar: cada pareja elige su división.
not-pinned-one = Sin fijar (la estación tiene una sola división).
waiting-challenge = Una nueva impugnación espera: { $words }{ $table } — parte de { $play } (NO VÁLIDA). L permite juzgarla.
waiting-table = { " " }(mesa { $table })
failed-play-any = una jugada no válida
wrong-pins-since = { $n ->
    [one] se probó { $n } PIN incorrecto desde tu última visita
   *[other] se probaron { $n } PIN incorrectos desde tu última visita
}
unrecorded-line = PAPELETA NO REGISTRADA — rellena la papeleta de papel con esto: { $line } (A confirma)
division-verified = { $pinned } { $division } — verificada ✓ { $codes } ({ $header })
division-broken = { $pinned } { $division } — FUERA DE SERVICIO: { $reason }
log-none-yet = registro de papeletas: aún no hay papeletas ({ $path })
log-intact = { $n ->
    [one] registro de papeletas: { $n } entrada, cadena intacta
   *[other] registro de papeletas: { $n } entradas, cadena intacta
}
log-first-bad = registro de papeletas: PRIMERA PAPELETA ERRÓNEA, línea { $line }: { $problem }
log-intact-but = { $n ->
    [one] registro de papeletas: { $n } entrada, cadena intacta, pero { $problem }
   *[other] registro de papeletas: { $n } entradas, cadena intacta, pero { $problem }
}
log-error = registro de papeletas: { $error }
last-anchor = ancla de la última papeleta (anótala al final de la ronda): { $anchor }
# A recent slip on the director's screen: R round (ronda), M table (mesa).
slip-round-short = R{ $round }
slip-table-short = M{ $table }
station-no-event = estación { $station }: no instalada desde un paquete de evento
station-event = evento { $name } · huella { $fingerprint } · estación { $station }
station-key = clave de la estación: { $key } (la línea de la lista: { $station } { $key })
event-signed = firmado con la clave { $key }, de confianza para esta estación
event-files-exact = archivos: exactamente los del paquete del evento
event-changed = CAMBIADO AQUÍ: { $change }
round-set = ronda { $round } (N: fijar la ronda)
round-unset = sin ronda fijada (N: fijar la ronda)
detail-heading = papeleta { $slip } · { $time } · { $kind } · división { $division } · estación { $station } · { $verdict }
detail-second-opinion = segunda opinión sobre la papeleta { $slip }
detail-acceptable = válida (en { $code })
detail-not-acceptable = ✗ NO válida
detail-back = Esc: volver a la pantalla del director

## Slip kinds as the director's screen and the docket name them.
kind-challenge = impugnación
kind-second-opinion = segunda opinión
kind-director = director

## The date and time as people of this language write them. Placeholders: $year, $month, $day
## (two digits), $month_num, $day_num (no leading zero), $hour, $minute, $second (two digits),
## $hour12 and $ampm (a 12-hour clock), $zone (the time zone's abbreviation).
datetime = { $day }/{ $month }/{ $year } { $hour }:{ $minute }:{ $second } { $zone }

## The printed docket (32 columns, letters without accents: the printer's own font).
docket-challenge = WORDJUDGE IMPUGNACIÓN
docket-second-opinion = WORDJUDGE SEGUNDA OPINIÓN
docket-director = WORDJUDGE DECISIÓN DEL DIRECTOR
docket-event = Evento
docket-event-id = ID evento
docket-station = Estación
docket-slip = Papeleta
docket-time = Hora
docket-round = Ronda
docket-table = Mesa
docket-division = División
docket-lexicon = { $n ->
    [one] Léxico
   *[other] Léxicos
}
docket-second-on = Segunda opinión: papeleta { $slip }
docket-second = Segunda opinión
docket-by-director = Juzgada por el director
docket-words = Palabras ({ $n }):
docket-verdict = VEREDICTO: { $verdict }
docket-seal = Sello { $seal }
docket-check = Control: wordjudge slips verify

## The event report's headings and table captions (its sentences are in English).
report-slip-logs = Registros de papeletas
report-logs-caption = Verificación de cada registro dado
report-device-logs = Registros de los aparatos de mesa
report-device-logs-proof = El registro de un aparato de mesa prueba lo que escribió en él quien lo tiene, no lo que se juzgó en la mesa: los jugadores tienen la página, el almacenamiento del navegador y la clave del aparato, y pueden escribir y firmar cualquier papeleta. Cuenta sus papeletas como el relato de los jugadores, no como el registro de una estación.
report-anchors = Anclas
report-anchors-caption = Cada ancla anotada en una estación
report-challenges = Impugnaciones
report-by-round = Impugnaciones por ronda
report-by-station = Impugnaciones por estación
report-by-division = Impugnaciones por división
report-second-opinions = Segundas opiniones
report-differing-caption = Segundas opiniones que difieren
report-rechallenges = Reimpugnaciones
report-rechallenge-caption = Nuevas impugnaciones sobre parte de una jugada rechazada

# Director mode: a USB stick (the next event, the logs).
stick-install-help = La carpeta wordjudge-event de la memoria: firmada con la clave en que confía este puesto, más reciente que su torneo. El puesto conserva su identificador; las boletas del último torneo se guardan aparte.
stick-copy-help = El registro de cada torneo, su cabecera y su ancla, releídos desde la memoria. No se copia nada secreto.
stick-one-stick = Primero inserte una memoria USB, solo una.
stick-working-title = Trabajando con la memoria USB…
stick-working = Deje la memoria puesta hasta que esta página diga que ha terminado.
stick-done-title = Hecho: puede retirar la memoria
stick-failed-title = No hecho
stick-installed = El puesto ejecuta ahora el nuevo torneo: su huella está en la cabecera.

# The table-side judge's page (a phone or tablet at the table): its own buttons and lines.
web-save-log = Guardar el registro de papeletas
web-keyboard = Teclado
web-device = Dispositivo { $device }
web-saved = Guardado: da el archivo al director
web-next-event-title = SIGUIENTE EVENTO
web-next-event = este sitio sirve ahora otro evento ({ $fingerprint }): no se juzga nada con los archivos del anterior. Se están cargando; la página se abrirá sola. Si no cambia, abre el sitio de nuevo con la red activada.
web-save-log-of = Guardar el registro del evento { $fingerprint }
web-event = { $name } · empaquetado el { $when }
web-event-old = este evento se empaquetó el { $when } y este aparato no pudo comprobar si hay uno más nuevo: si lo hay, abre el sitio con la red activada
web-other-tab-title = OTRA PESTAÑA ESTÁ JUZGANDO
web-other-tab = este sitio juzga en otra pestaña o aplicación de este aparato: solo una juzga a la vez, para que cada papeleta se guarde una vez en un solo registro. Cierra la otra y esta tomará el relevo.

## The table judge's poster (`web build --url`).
poster-heading = Juzga las impugnaciones en tu mesa
poster-open = Abre esta dirección en un móvil o tableta, o escanea el código, con la red activada; después funciona sin red.
poster-compare = Antes de juzgar, comprueba que la parte de arriba de la pantalla nombra este evento y muestra esta huella. Si muestra otra cosa, no lo uses: llama al director.
poster-signer = firmado con la clave del director { $key }
web-game-round = Ronda
web-game-table = Mesa
web-game-note = opcional: en cada papeleta de este aparato desde ahora
web-game-refused = ronda de 1 a { $rounds }, mesa de 1 a { $tables }, o vacío: sin cambios
web-not-kept-moved-on = Esta papeleta no se guardó: otra pestaña o aplicación de este sitio juzgó después de que esta página leyera el registro. Cierra la otra y vuelve a cargar esta página.
web-not-kept-refused = Esta papeleta no se guardó: el almacenamiento del navegador para este sitio está lleno o desactivado. Libera o permite el almacenamiento y vuelve a cargar esta página.
web-not-kept-other = Esta papeleta no se guardó (la página respondió { $code }): vuelve a cargar esta página.
web-loading = Cargando el evento…
web-cannot-run = este navegador no puede ejecutar el juez ({ $error }): usa otro navegador o actualiza este
web-no-storage = este navegador no guarda datos de este sitio ({ $error }): cada papeleta se guarda en el aparato, así que aquí no puede juzgar; permite que el sitio guarde datos o usa otro navegador
web-two-events = los archivos de este sitio son de dos eventos ({ $site } y { $bundle }): el director debe volver a construir el sitio
web-cannot-read = los archivos de este sitio no se pueden leer ({ $error }): ábrelo de nuevo con la red activada

# A station image's first boot, the stick naming no station: this machine's number.
station-number-title = El NÚMERO de esta estación (1 a { $max }) y Intro
station-number-detail = El torneo «{ $event }» está en la memoria USB. Cada máquina tiene su propio número: aparece en cada pantalla, cada hoja y la línea de la lista. Escribe el de esta y pulsa Intro.
station-number-installing = Instalando el torneo como estación { $number }…
station-number-wait = el torneo se comprueba y se instala desde la memoria USB; la estación arranca al terminar
hint-type-station-number = escribe el número de esta estación (1 a { $max }) y pulsa Intro
