# wordjudge — the station's words in French. Translated by the wordjudge project, not yet
# reviewed by a native speaker: corrections welcome (README, 'Languages'). Placeholders { $name }
# must stay as they are.
#
# wordjudge — les textes du poste en français. Traduit par le projet wordjudge, pas encore relu
# par un locuteur natif : corrections bienvenues (README, « Languages »). Les paramètres { $name }
# doivent rester tels quels.
#
# Status: needs review by a native speaker

## La langue elle-même, telle que ses locuteurs la nomment (réglage de l'arbitre et menu des groupes).
language-name = Français

## Mots fixes des écrans (boutons, invites).
label-out-of-service = HORS SERVICE
label-call-director = appelez l'arbitre
label-verdicts-differ = VERDICTS DIFFÉRENTS
label-second-opinion = DEUXIÈME AVIS (F2)
label-edit-keys = Backspace corrige · Esc efface
# La touche du clavier de jetons qui termine un mot (elle tape Espace).
label-next-word = mot suivant
label-done = FINI (Enter)
label-any-key-clears = une touche ou un toucher efface
label-judge = JUGER
label-words-typed = mots saisis
label-word = mot
label-cancel = Annuler (Esc)
label-backspace = Effacer
label-ok = OK
label-pin = PIN
label-pin-digits = chiffres
label-director = ARBITRE
label-scroll = ↑ ↓ PgUp PgDn défiler
label-alert = Alerte :
label-back = Retour (Esc)
label-unavailable = indisponible pour le moment
label-about-text = Poste d'arbitrage pour tournois de Scrabble. Licence : GPL-3.0-or-later. Police : DejaVu Sans (licence Bitstream Vera).
judge-tab = JUGER (Tab)

## Le verdict : les mots qu'attendent les joueurs, avec le symbole que l'écran affiche aussi.
verdict-acceptable = ✓ VALABLE
verdict-unacceptable = ✗ NON VALABLE
# Le verdict tel que le nomment un bulletin ou un ticket, sans le symbole.
verdict-word-acceptable = VALABLE
verdict-word-unacceptable = NON VALABLE

## Écrans des joueurs.
out-of-service-title = HORS SERVICE — appelez l'arbitre
choose-division = Choisissez votre groupe
division-out-of-service = { $division } — HORS SERVICE
pinned-by-director = { $division } (fixé par l'arbitre)
table-title = Votre numéro de TABLE, puis Enter
table-detail = le numéro du plateau où vous jouez
count-title = CONTESTATAIRE : combien de mots contestez-vous ?
count-detail = tapez de 1 à { $max }
second-opinion-for = DEUXIÈME AVIS sur le bulletin { $slip }
slip-number-title = DEUXIÈME AVIS : tapez le numéro du bulletin, puis Enter
entry-title = CONTESTATAIRE : tapez les mots, puis Enter (FINI)
entry-count = { $n ->
    [one] { $n } mot ; Espace ou virgule entre les mots, Enter après le dernier
   *[other] { $n } mots ; Espace ou virgule entre les mots, Enter après le dernier
}
entry-no-count = Espace ou virgule entre les mots, Enter après le dernier
entry-again = retapez ses mots.
handed-over-title = JOUEUR CONTESTÉ : comparez les mots au plateau et au bulletin, puis appuyez sur JUGER
handed-over-ready = JUGER s'ils sont justes ; Backspace les rend au contestataire
handed-over-pause = CONTESTATAIRE : passez le poste au joueur contesté
slip-line = BULLETIN { $slip }
slip-not-recorded = BULLETIN NON ENREGISTRÉ
spoken-slip = { $verdict }. Bulletin { $slip }.
spoken-not-recorded = { $verdict }. Bulletin non enregistré.
verdicts-differ-title = VERDICTS DIFFÉRENTS — appelez l'arbitre
differ-recorded = deuxième avis sur le bulletin { $slip }, enregistré comme bulletin { $recorded }
differ-not-recorded = deuxième avis sur le bulletin { $slip } (échec du journal des bulletins)
log-failed-write-time = échec du journal des bulletins : notez cette heure sur le bulletin et appelez l'arbitre
verdict-agree = deuxième avis sur le bulletin { $slip } : les verdicts concordent · { $division } · { $time }
verdict-judged = { $division } · jugé à { $time }
verdict-agree-not-recorded = deuxième avis sur le bulletin { $slip } : les verdicts concordent · jugé à { $time } ; { $failed }
verdict-not-recorded = jugé à { $time } ; { $failed }

## La ligne du tournoi dans l'en-tête.
event-line-event = TOURNOI { $fingerprint }
event-line-event-changed = TOURNOI { $fingerprint } (MODIFIÉ ICI)
event-line-round = RONDE { $round }
event-line-station = POSTE { $station }
event-line-table = TABLE { $table }

## La ligne des lexiques sous le nom du groupe.
edition-effective = édition { $code }, en vigueur le { $date }
edition = édition { $code }
edition-unpublished = édition non publiée
edition-mislabel = { $edition } (ÉTIQUETTE ERRONÉE ACCEPTÉE)
header-fallback = { $code } · { $title } ({ $min }+ lettres)
header-second-opinions = deuxièmes avis : { $header }

## Indications : une courte ligne après une touche refusée ou une saisie incomplète.
hint-press-count = tapez de 1 à { $max }
hint-type-table = tapez votre numéro de table (1 à { $max }), puis Enter
hint-words-typed = { $n ->
    [one] { $n } mot saisi : Enter (FINI) pour passer le poste, ou Backspace pour corriger
   *[other] { $n } mots saisis : Enter (FINI) pour passer le poste, ou Backspace pour corriger
}
hint-word-too-long = 15 lettres au plus par mot
hint-letters-only = lettres uniquement
hint-not-a-letter = { $char } n'est pas une lettre et n'a pas été saisi : lettres uniquement (Backspace pour corriger)
hint-not-a-tile = pas un jeton { $alphabet } : tapez les lettres, ou touchez les jetons ci-dessous
hint-unfinished-tile = { $tile } est le début d'un jeton : complétez-le, ou Backspace
hint-too-many-tiles = 15 jetons au plus par mot
hint-short-word = le mot { $n } doit avoir au moins 2 lettres
hint-word-unfinished = le mot finit au milieu d'un jeton : complétez-le, ou Backspace
hint-one-tile = le mot { $n } doit avoir au moins 2 jetons
hint-words-of = mots saisis : { $typed } sur { $of }
hint-no-words = tapez d'abord les mots contestés
hint-not-handed-over = le contestataire termine d'abord la saisie : Enter (FINI) après le dernier mot
hint-handover-pause = pas encore : le contestataire passe le poste au joueur contesté, qui appuie ensuite sur JUGER
failed-play-slip = le bulletin { $slip }
failed-play-unrecorded = le coup de { $time }
hint-part-of-failed-play = ces mots figuraient dans { $play }, jugé NON VALABLE : rien n'a été jugé — demandez à l'arbitre
hint-part-of-failed-play-device = ces mots figuraient dans { $play }, jugé NON VALABLE ici : un coup n'est jugé qu'une fois, cet appareil ne les jugera pas — changez les mots, ou demandez à l'arbitre de juger ce coup
hint-second-words-typed = DEUXIÈME AVIS : effacez d'abord les mots (Esc), puis appuyez à nouveau
hint-second-under-way = c'est déjà un deuxième avis : retapez les mots du bulletin
hint-second-not-recorded = pas de deuxième avis au poste : le bulletin de ce verdict n'a pas été enregistré — appelez l'arbitre
hint-second-differ = pas d'autre avis au poste : les verdicts diffèrent — l'arbitre tranche
hint-second-type-slip = tapez le numéro du bulletin, puis Enter
hint-second-out-of-service = hors service : appelez l'arbitre pour un deuxième avis
hint-press-judge = JUGER (Tab), ou Backspace pour rendre les mots
hint-press-judge-button = appuyez sur JUGER, ou Backspace pour rendre les mots
hint-back-to-challenger = CONTESTATAIRE : corrigez les mots, puis Enter
hint-not-a-word = lettres A-Z uniquement, 2 à 15 par mot
hint-no-such-slip = pas de bulletin { $slip } à ce poste
hint-division-out-of-service = { $division } est hors service : appelez l'arbitre
hint-words-do-not-match = ce ne sont pas les mots du bulletin { $slip } : rien n'a été jugé ; tapez exactement les mots du bulletin { $slip }
hint-not-reopened = bulletin { $slip } : { $why } : demandez un deuxième avis à l'arbitre
not-reopened-second = c'est déjà un deuxième avis, et le troisième revient à l'arbitre
not-reopened-director = l'arbitre l'a jugé
not-reopened-already = son deuxième avis est le bulletin { $other }
not-reopened-other-station = il a été jugé à un autre poste
not-reopened-too-old = il a été jugé il y a plus de { $minutes } minutes
not-reopened-not-among-last = il n'est pas parmi les { $plays } derniers coups de cet appareil
not-reopened-division-not-here = son groupe n'est pas sur ce poste
not-reopened-division-out-of-service = son groupe est hors service
hint-wrong-pin = PIN erroné
hint-too-many-pins = trop de PIN erronés
hint-not-recorded = non enregistré : { $error }

## Pourquoi le poste, ou un groupe, ne juge pas.
out-of-service-no-division = la configuration ne définit aucun groupe
out-of-service-every-division = aucun groupe en service : l'écran de l'arbitre indique pourquoi pour chacun

## Alertes : le bandeau qui reste jusqu'à ce que l'arbitre l'acquitte.
alert-log-failed = Échec du journal des bulletins — appelez l'arbitre ({ $error })
alert-log-check = Journal des bulletins à vérifier — appelez l'arbitre ({ $problem })
alert-docket = Ticket du bulletin { $slip } non imprimé — vérifiez l'imprimante ; `wordjudge slips print { $slip }` le réimprime ({ $error })

## L'invite du PIN de l'arbitre et son écran.
pin-title = PIN de l'arbitre
pin-locked = bloqué { $seconds } s après { $tries } PIN erronés
pin-not-set = ce poste n'a pas encore de PIN d'arbitre : il arrive avec le paquet du tournoi ; installez d'abord le tournoi
director-closes = se ferme dans { $seconds } s (retour aux joueurs)
command-pin = Fixer un groupe (P)
command-slip-detail = Détail d'un bulletin (D)
command-round = Ronde (N)
command-acknowledge = Acquitter l'alerte (A)
command-reload = Recharger et vérifier (R)
command-about = À propos (I)
command-install-event = Événement d'une clé (E)
command-copy-logs = Journaux sur une clé (C)
command-allow = Autoriser la contestation (L)
command-back-to-players = Retour aux joueurs (Esc)
command-exit = Quitter le poste (Q)
command-unpin = 0  Libérer (chaque table choisit)
command-yes = Oui (Enter)
command-no = Non (Esc)
pin-choice-title = Arbitre : fixer le poste sur un groupe
pin-choice-help = Tapez le numéro du groupe (0 libère), puis confirmez.
confirm-pin = Fixer le poste sur { $division } ? Toute contestation y sera alors jugée.
confirm-unpin = Libérer le poste ? Chaque table choisira alors son groupe.
confirm-exit = Quitter le programme du poste ?
confirm-allow = Laisser juger la contestation en attente ? Ses mots figuraient dans un coup jugé NON VALABLE.
confirm-install-event = Installer l'événement de la clé USB insérée dans ce poste ?
confirm-copy-logs = Copier les journaux des bulletins sur la clé USB insérée dans ce poste ?
exit-restarts = Il s'arrête ; sous son unité systemd (ou la boucle xinit), il redémarre seul en relisant kiosk.toml.
exit-stop = Pour arrêter le poste, arrêtez son service par SSH ou depuis une console : systemctl stop wordjudge-station
detail-slip-title = Arbitre : le bulletin à détailler — son numéro, puis Enter
detail-pin-title = PIN de l'arbitre à nouveau : détail par mot du bulletin { $slip }
detail-pin-shown = affiché { $seconds } s, puis retour à l'écran de l'arbitre
detail-title = Bulletin { $slip } : détail par mot
detail-closes = se ferme dans { $seconds } s
round-title = Arbitre : la ronde qui commence — son numéro, puis Enter (0 : aucune ronde)
round-now = en cours : ronde { $round }
round-none = en cours : aucune ronde
pinned-to = Fixé : toute contestation est jugée dans { $division } (pas de menu des groupes).
not-pinned = Non fixé : chaque table choisit son groupe.
not-pinned-one = Non fixé (le poste n'a qu'un groupe).
waiting-challenge = Une contestation attend : { $words }{ $table } — ses mots figurent dans { $play } (NON VALABLE). L permet de la juger.
waiting-table = { " " }(table { $table })
failed-play-any = un coup refusé
wrong-pins-since = { $n ->
    [one] { $n } PIN erroné essayé depuis votre dernière visite
   *[other] { $n } PIN erronés essayés depuis votre dernière visite
}
unrecorded-line = BULLETIN NON ENREGISTRÉ — remplissez le bulletin papier ainsi : { $line } (A acquitte)
division-verified = { $pinned } { $division } — vérifié ✓ { $codes } ({ $header })
division-broken = { $pinned } { $division } — HORS SERVICE : { $reason }
log-none-yet = journal des bulletins : encore aucun bulletin ({ $path })
log-intact = { $n ->
    [one] journal des bulletins : { $n } entrée, chaîne intacte
   *[other] journal des bulletins : { $n } entrées, chaîne intacte
}
log-first-bad = journal des bulletins : PREMIER BULLETIN INVALIDE ligne { $line } : { $problem }
log-intact-but = { $n ->
    [one] journal des bulletins : { $n } entrée, chaîne intacte, mais { $problem }
   *[other] journal des bulletins : { $n } entrées, chaîne intacte, mais { $problem }
}
log-error = journal des bulletins : { $error }
last-anchor = ancre du dernier bulletin (à noter en fin de ronde) : { $anchor }
# Un bulletin récent sur l'écran de l'arbitre : R ronde, T table.
slip-round-short = R{ $round }
slip-table-short = T{ $table }
station-no-event = poste { $station } : non installé depuis un paquet de tournoi
station-event = tournoi { $name } · empreinte { $fingerprint } · poste { $station }
station-key = clé de la station : { $key } (la ligne de la liste : { $station } { $key })
event-signed = signé par la clé { $key }, reconnue par ce poste
event-files-exact = fichiers : exactement ceux du paquet de tournoi
event-changed = MODIFIÉ ICI : { $change }
round-set = ronde { $round } (N : définir la ronde)
round-unset = aucune ronde définie (N : définir la ronde)
detail-heading = bulletin { $slip } · { $time } · { $kind } · groupe { $division } · station { $station } · { $verdict }
detail-second-opinion = deuxième avis sur le bulletin { $slip }
detail-acceptable = valable (dans { $code })
detail-not-acceptable = ✗ NON valable
detail-back = Esc : retour à l'écran de l'arbitre

## Types de bulletin, tels que les nomment l'écran de l'arbitre et le ticket.
kind-challenge = contestation
kind-second-opinion = deuxième avis
kind-director = arbitre

## La date et l'heure telles que les écrivent les francophones. Paramètres : $year, $month, $day
## (deux chiffres), $month_num, $day_num (sans zéro initial), $hour, $minute, $second (deux
## chiffres), $hour12 et $ampm (horloge de 12 heures), $zone (abréviation du fuseau horaire).
datetime = { $day }/{ $month }/{ $year } { $hour }:{ $minute }:{ $second } { $zone }

## Le ticket imprimé (32 colonnes, lettres sans accents : la police de l'imprimante).
docket-challenge = WORDJUDGE CONTESTATION
docket-second-opinion = WORDJUDGE DEUXIÈME AVIS
docket-director = WORDJUDGE DÉCISION DE L'ARBITRE
docket-event = Tournoi
docket-event-id = ID tournoi
docket-station = Poste
docket-slip = Bulletin
docket-time = Heure
docket-round = Ronde
docket-table = Table
docket-division = Groupe
docket-lexicon = { $n ->
    [one] Lexique
   *[other] Lexiques
}
docket-second-on = Deuxième avis, bulletin { $slip }
docket-second = Deuxième avis
docket-by-director = Jugé par l'arbitre
docket-words = Mots ({ $n }) :
docket-verdict = VERDICT : { $verdict }
docket-seal = Sceau { $seal }
docket-check = Vérif. : wordjudge slips verify

## The event report's headings and table captions (its sentences are in English).
report-slip-logs = Journaux de bulletins
report-logs-caption = Vérification de chaque journal fourni
report-device-logs = Journaux des appareils de table
report-device-logs-proof = Le journal d'un appareil de table prouve ce que son détenteur y a écrit, pas ce qui a été jugé à la table : les joueurs détiennent la page, le stockage du navigateur et la clé de l'appareil, et peuvent écrire et signer n'importe quel bulletin. Comptez ses bulletins comme le récit des joueurs, non comme le registre d'un poste.
report-anchors = Ancres
report-anchors-caption = Chaque ancre notée à un poste
report-challenges = Contestations
report-by-round = Contestations par ronde
report-by-station = Contestations par poste
report-by-division = Contestations par groupe
report-second-opinions = Seconds avis
report-differing-caption = Seconds avis divergents
report-rechallenges = Recontestations
report-rechallenge-caption = Nouvelles contestations sur une partie d'un coup refusé

# Director mode: a USB stick (the next event, the logs).
stick-install-help = Le dossier wordjudge-event de la clé : signé par la clé de confiance de ce poste, plus récent que son événement. Le poste garde son identifiant ; les bulletins du dernier événement sont conservés à part.
stick-copy-help = Le journal de chaque événement, sa tête et son ancre, relus sur la clé. Rien de secret n'est copié.
stick-one-stick = Insérez d'abord une clé USB, une seule.
stick-working-title = Travail en cours avec la clé USB…
stick-working = Laissez la clé en place jusqu'à ce que cette page dise que c'est fait.
stick-done-title = Fait : vous pouvez retirer la clé
stick-failed-title = Non fait
stick-installed = Le poste exécute maintenant le nouvel événement : son empreinte est dans l'en-tête.

# The table-side judge's page (a phone or tablet at the table): its own buttons and lines.
web-save-log = Enregistrer le journal des bulletins
web-keyboard = Clavier
web-device = Appareil { $device }
web-saved = Enregistré : donnez le fichier à l'arbitre
web-next-event-title = ÉVÉNEMENT SUIVANT
web-next-event = ce site sert maintenant un autre événement ({ $fingerprint }) : rien n'est jugé avec les fichiers du précédent. Ses fichiers se chargent ; la page se rouvre d'elle-même. Si rien ne change, rouvrez le site avec le réseau.
web-save-log-of = Enregistrer le journal de l'événement { $fingerprint }
web-event = { $name } · empaqueté le { $when }
web-event-old = cet événement a été empaqueté le { $when } et cet appareil n'a pas pu vérifier s'il y en a un plus récent : s'il y en a un, ouvrez le site avec le réseau
web-other-tab-title = UN AUTRE ONGLET JUGE
web-other-tab = ce site juge dans un autre onglet ou une appli de cet appareil : un seul juge à la fois, pour que chaque bulletin soit gardé une fois dans un seul journal. Fermez l'autre, et celui-ci prend le relais.

## The table judge's poster (`web build --url`).
poster-heading = Jugez les contestations à votre table
poster-open = Ouvrez cette adresse sur un téléphone ou une tablette, ou scannez le code, avec le réseau ; ensuite, cela marche hors ligne.
poster-compare = Avant de juger, vérifiez que le haut de l'écran nomme cet événement et montre cette empreinte. S'il montre autre chose, ne l'utilisez pas : appelez l'arbitre.
poster-signer = signé par la clé de l'arbitre { $key }
web-game-round = Ronde
web-game-table = Table
web-game-note = facultatif : sur chaque bulletin de cet appareil dès maintenant
web-game-refused = ronde de 1 à { $rounds }, table de 1 à { $tables }, ou vide : rien n'a changé
web-not-kept-moved-on = Ce bulletin n'a pas été gardé : un autre onglet ou une appli de ce site a jugé depuis que cette page a lu le journal. Fermez l'autre, puis rechargez cette page.
web-not-kept-refused = Ce bulletin n'a pas été gardé : le stockage du navigateur pour ce site est plein ou désactivé. Libérez ou autorisez le stockage, puis rechargez cette page.
web-not-kept-other = Ce bulletin n'a pas été gardé (la page a répondu { $code }) : rechargez cette page.
web-loading = Chargement de l'événement…
web-cannot-run = ce navigateur ne peut pas exécuter l'arbitre ({ $error }) : utilisez un autre navigateur ou mettez celui-ci à jour
web-no-storage = ce navigateur ne garde aucune donnée pour ce site ({ $error }) : chaque bulletin est gardé sur l'appareil, il ne peut donc pas juger ici ; autorisez le site à stocker des données ou utilisez un autre navigateur
web-two-events = les fichiers de ce site sont de deux événements ({ $site } et { $bundle }) : l'arbitre reconstruit le site
web-cannot-read = les fichiers de ce site ne peuvent pas être lus ({ $error }) : rouvrez-le avec le réseau

# A station image's first boot, the stick naming no station: this machine's number.
station-number-title = Le NUMÉRO de ce poste (1 à { $max }), puis Entrée
station-number-detail = Le tournoi « { $event } » est sur la clé. Chaque machine a son propre numéro : il figure sur chaque écran, chaque fiche et la ligne de la liste. Tapez celui de ce poste puis Entrée.
station-number-installing = Installation du tournoi comme poste { $number }…
station-number-wait = le tournoi est vérifié et installé depuis la clé ; le poste démarre ensuite
hint-type-station-number = tapez le numéro de ce poste (1 à { $max }), puis Entrée
