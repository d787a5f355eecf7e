"""The Italian table: every interface text (the English key) and its Italian.

``TEXTS`` holds the interface's own texts (each key is a literal in a ``tr``,
``tr_plural`` or ``mark`` call in ``ui/``; ``{name}`` fields must match the key's);
``GAME_TEXTS`` holds texts made in ``games/`` and ``ai/`` that are shown as they are
(titles, players, levels, rule options, results), translated with ``tr_known``.
tests/test_language.py checks that nothing is missing and nothing is unused.

Terms: chess uses the Italian names (Bianco, Nero, scacco, scacco matto, stallo,
arrocco corto/lungo, patta, abbandona); backgammon keeps gammon and backgammon and
says raddoppio, dadi, pedine, punta; tic-tac-toe is Tris; Quarto stays Quarto; Sum-15 is
Somma 15.
"""
from __future__ import annotations

# fmt: off
TEXTS: dict[str, str] = {
    # -- the app: help, errors ----------------------------------------------------------------
    "{error}\n\nYour game was saved. {where}": "{error}\n\nLa partita è stata salvata. {where}",
    "Details were written to {log}.": "I dettagli sono stati scritti in {log}.",
    "Anywhere": "Ovunque",
    "The details could not be written to the crash log.": "Non è stato possibile scrivere i dettagli nel registro degli errori.",
    "Game Tree Lab stopped": "Game Tree Lab si è fermato",
    "Something went wrong": "Qualcosa è andato storto",
    "F1 or ?": "F1 o ?",
    "show or hide this help": "mostra o nasconde questo aiuto",
    "full screen on or off (for a projector)": "schermo intero sì o no (per un proiettore)",
    "+ and \u2212": "+ e \u2212",
    "larger or smaller text (normal, large, extra large)": "testo più grande o più piccolo (normale, grande, enorme)",
    "close a message or this help": "chiude un messaggio o questo aiuto",
    "\n\nThe app will now close; restart it to resume your game.": "\n\nOra l'app si chiude; riaprila per riprendere la partita.",
    # -- clipboard ----------------------------------------------------------------------------
    "Could not use the system clipboard: {problem}. The text can be pasted only inside this app.":
        "Non è stato possibile usare gli appunti del sistema: {problem}. Il testo si può incollare solo dentro questa app.",
    "this version of pygame has no clipboard functions": "questa versione di pygame non ha funzioni per gli appunti",
    "The clipboard holds no text.": "Negli appunti non c'è testo.",
    "the app's window system is not running": "il sistema delle finestre dell'app non è attivo",
    "the window system could not be asked ({error})": "non è stato possibile interrogare il sistema delle finestre ({error})",
    "Could not use the system clipboard: {problem}.": "Non è stato possibile usare gli appunti del sistema: {problem}.",
    "the system clipboard refused the text ({error})": "gli appunti del sistema hanno rifiutato il testo ({error})",
    "the system clipboard could not be read ({error})": "non è stato possibile leggere gli appunti del sistema ({error})",
    # -- ending a game ------------------------------------------------------------------------
    "The game is over.": "La partita è finita.",
    "Only a person can resign.": "Solo una persona può abbandonare.",
    "There is no draw to claim in this position.": "In questa posizione non c'è una patta da reclamare.",
    "The computer accepts the draw.": "Il computer accetta la patta.",
    "resignation": "abbandono",
    "{game} has no draws.": "{game}: la patta non esiste.",
    "A draw offer is for a game against the computer.": "La proposta di patta vale per una partita contro il computer.",
    "The computer declines: it thinks it is better ({value}).": "Il computer rifiuta: pensa di stare meglio ({value}).",
    "agreement": "accordo",
    "time forfeit": "tempo scaduto",
    "{reason} (claimed)": "{reason} (reclamata)",
    "{reason}, cube at {value}": "{reason}, cubo a {value}",
    "{reason}, counted single (Jacoby rule: the cube was not turned)":
        "{reason}, contato semplice (regola Jacoby: il cubo non è stato girato)",
    # -- game files ---------------------------------------------------------------------------
    "{white} \u2013 {black}, {result}, {count} move": "{white} \u2013 {black}, {result}, {count} mossa",
    "{white} \u2013 {black}, {result}, {count} moves": "{white} \u2013 {black}, {result}, {count} mosse",
    "{game} games cannot be written as text": "le partite di {game} non si possono scrivere come testo",
    "{game} games cannot be read from text": "le partite di {game} non si possono leggere da un testo",
    "the text is {count} characters long, too long to be a game": "il testo è lungo {count} caratteri, troppo per essere una partita",
    "no {format} game was found in the text": "nel testo non c'è nessuna partita {format}",
    "the first game in {name} is too long to be read (more than {count} bytes)":
        "la prima partita di {name} è troppo lunga per essere letta (più di {count} byte)",
    "there is no text to read": "non c'è testo da leggere",
    "This cannot be read: {problem}": "Non si può leggere: {problem}",
    "{name} could not be read ({problem})": "non è stato possibile leggere {name} ({problem})",
    "it is neither a position ({position_problem}) nor a game ({game_problem})":
        "non è né una posizione ({position_problem}) né una partita ({game_problem})",
    # -- levels, clocks, dates ----------------------------------------------------------------
    "No clock": "Senza orologio",
    "Jan": "gen", "Feb": "feb", "Mar": "mar", "Apr": "apr", "May": "mag", "Jun": "giu",
    "Jul": "lug", "Aug": "ago", "Sep": "set", "Oct": "ott", "Nov": "nov", "Dec": "dic",
    "Normal": "Normale",
    "Large": "Grande",
    "Extra large": "Enorme",
    "{seconds} s/move": "{seconds} s/mossa",
    "no depth limit": "nessun limite di profondità",
    "depth {count} ply": "profondità {count} semimossa",
    "a dropped double": "raddoppio rifiutato",
    "bearing off all checkers": "tutte le pedine portate fuori",
    "pips": "pip",
    "Opening roll": "Tiro iniziale",
    "{starter} {high}, {other} {low}: {starter} starts": "{starter} {high}, {other} {low}: inizia {starter}",
    "{starter} {high}, {other} {low}": "{starter} {high}, {other} {low}",
    "{depth} search": "ricerca {depth}",
    "depth {count} plies": "profondità {count} semimosse",
    "up to {count} nodes": "fino a {count} nodi",
    "exact once it sees the end of the game, whatever the time": "esatto appena vede la fine della partita, qualunque sia il tempo",
    "uses its time": "usa il suo tempo",
    "evaluation errors up to \u00b1{size}": "errori di valutazione fino a \u00b1{size}",
    "no capture search beyond it": "nessuna ricerca delle catture oltre",
    "a random move {share} of the time": "una mossa a caso nel {share} dei casi",
    "{name} evaluation": "valutazione {name}",
    "{name} (level {number})": "{name} (livello {number})",
    "Level {number}": "Livello {number}",
    "level {number}": "livello {number}",
    "Person, no clock": "Persona, senza orologio",
    "Person, {clock}": "Persona, {clock}",
    "Elo {elo}": "Elo {elo}",
    "about {elo}": "circa {elo}",
    "below {elo}": "sotto {elo}",
    "above {elo}": "sopra {elo}",
    "about {elo} at {seconds} s/move": "circa {elo} a {seconds} s/mossa",
    "below {elo} at {seconds} s/move": "sotto {elo} a {seconds} s/mossa",
    "above {elo} at {seconds} s/move": "sopra {elo} a {seconds} s/mossa",
    "full strength": "piena forza",
    "Full strength": "Piena forza",
    # -- the file list ------------------------------------------------------------------------
    "date unknown": "data sconosciuta",
    "Today {time}": "Oggi {time}",
    "Yesterday {time}": "Ieri {time}",
    "No saved games yet in {folder}": "Ancora nessuna partita salvata in {folder}",
    "{folder} is a file, not a folder.": "{folder} è un file, non una cartella.",
    "The folder {folder} cannot be read: {problem}.": "Non è possibile leggere la cartella {folder}: {problem}.",
    "Open": "Apri",
    "Cancel": "Annulla",
    "Choosing a file": "Scegliere un file",
    "cannot be read: {problem}": "non si può leggere: {problem}",
    "Click": "Clic",
    "select a file": "seleziona un file",
    "Double click or Enter": "Doppio clic o Invio",
    "open it": "lo apre",
    "\u2191 \u2193, Page Up/Down, Home, End": "\u2191 \u2193, Pag su/giù, Home, Fine",
    "move the selection": "sposta la selezione",
    "Wheel": "Rotellina",
    "scroll": "scorre",
    "cancel": "annulla",
    # -- the Game… button ---------------------------------------------------------------------
    "Copy position copies the position shown (Ctrl+Shift+C); Paste reads a game or a position from the clipboard to play from (Ctrl+V).":
        "Copia posizione copia la posizione mostrata (Ctrl+Maiusc+C); Incolla legge dagli appunti una partita o una "
        "posizione da cui giocare (Ctrl+V).",
    "Saved as {name} in {folder}": "Salvata come {name} in {folder}",
    "Paste a game ({format}) or a position here (Ctrl+V), then OK.": "Incolla qui una partita ({format}) o una posizione (Ctrl+V), poi OK.",
    "Paste a position here (Ctrl+V), then OK.": "Incolla qui una posizione (Ctrl+V), poi OK.",
    "Copy position": "Copia posizione",
    "Paste": "Incolla",
    "Game and position": "Partita e posizione",
    "Save writes the game as {format} into {folder} (Ctrl+S); Open lists the saved games (Ctrl+O); Copy game puts it on the clipboard (Ctrl+C).":
        "Salva scrive la partita in formato {format} in {folder} (Ctrl+S); Apri elenca le partite salvate (Ctrl+O); "
        "Copia partita la mette negli appunti (Ctrl+C).",
    "{game} games cannot be saved as files.": "Le partite di {game} non si possono salvare come file.",
    "Open a saved game": "Apri una partita salvata",
    "The game was copied as {format}.": "La partita è stata copiata in formato {format}.",
    "The position was copied.": "La posizione è stata copiata.",
    "Paste a game or a position": "Incolla una partita o una posizione",
    "Save": "Salva",
    "Open\u2026": "Apri\u2026",
    "Copy game": "Copia partita",
    "The game could not be saved: {problem}": "Non è stato possibile salvare la partita: {problem}",
    "{name} could not be opened: {problem}": "Non è stato possibile aprire {name}: {problem}",
    "Replace the game?": "Sostituire la partita?",
    "The game in progress will be replaced by {name}.": "La partita in corso sarà sostituita da {name}.",
    "Close": "Chiudi",
    "the pasted text": "il testo incollato",
    "Replace": "Sostituisci",
    "Keep playing": "Continua a giocare",
    "Keys and mouse": "Tasti e mouse",
    "Scroll with the wheel or \u2191 \u2193 for more; any other key or a click closes.":
        "Scorri con la rotella o \u2191 \u2193 per il resto; un altro tasto o un clic chiude.",
    "Any key closes.": "Un tasto chiude.",
    "Scroll for more; any other key closes.": "Scorri per il resto; un altro tasto chiude.",
    "Press any key or click to close.": "Premi un tasto o fai clic per chiudere.",
    # -- the menu -----------------------------------------------------------------------------
    "Both sides Computer = watch mode.  Enter starts, R resumes, L search lab.  In a game: \u2190 \u2192 moves, F flip, H hint, U takeback, P play from here, L search lab, N new game, Esc menu; watching: Space pause, S step.  F1 or ? lists every key; F11 full screen; + \u2212 text size; T light or dark; M sound.":
        "Computer da entrambe le parti = modalità spettatore.  Invio inizia, R riprende, L laboratorio.  In "
        "partita: \u2190 \u2192 mosse, F ruota, H consiglio, U annulla, P gioca da qui, L laboratorio, N nuova "
        "partita, Esc menu; da spettatore: Spazio pausa, S un passo.  F1 o ? elenca tutti i tasti; F11 schermo "
        "intero; + \u2212 dimensione del testo; T chiaro o scuro; M suono.",
    "Strength \u2014 {details}": "Forza \u2014 {details}",
    "at an unknown time": "in un momento sconosciuto",
    "Player": "Giocatore",
    "Strength": "Forza",
    "Strength \u2014 an Elo limit the program keeps to": "Forza \u2014 un limite Elo che il programma rispetta",
    "Algorithm": "Algoritmo",
    "Time": "Tempo",
    "Game": "Gioco",
    "Rules": "Regole",
    "Start game": "Inizia la partita",
    "Start": "Inizia",
    "Resume saved game": "Riprendi la partita salvata",
    "Quit": "Esci",
    "Open a saved game\u2026": "Apri una partita salvata\u2026",
    "From a position\u2026": "Da una posizione\u2026",
    "Text size": "Dimensione testo",
    "Language": "Lingua",
    "Full screen (F11)": "Schermo intero (F11)",
    "Help (F1)": "Aiuto (F1)",
    "Details": "Dettagli",
    "Type or paste a position or a whole game ({format}). The position is written like this start position: {example}":
        "Scrivi o incolla una posizione o un'intera partita ({format}). La posizione si scrive come questa posizione "
        "iniziale: {example}",
    "Type or paste a position. The position is written like this start position: {example}":
        "Scrivi o incolla una posizione. La posizione si scrive come questa posizione iniziale: {example}",
    "Person": "Persona",
    "Computer": "Computer",
    "{name} (program)": "{name} (programma)",
    "Position\u2026": "Posizione\u2026",
    "Full screen": "Schermo intero",
    "Problems at start": "Problemi all'avvio",
    "The saved game could not be used. {problem}.": "Non è stato possibile usare la partita salvata. {problem}.",
    "The saved game could not be read ({problem}).": "Non è stato possibile leggere la partita salvata ({problem}).",
    "Review last game": "Rivedi l'ultima partita",
    "Review": "Rivedi",
    "Resume": "Riprendi",
    "Start from a position": "Inizia da una posizione",
    "Resume your game?": "Riprendere la partita?",
    "An unfinished {game} game ({count} move, saved {time}) is waiting.":
        "Una partita di {game} non finita ({count} mossa, salvata {time}) ti aspetta.",
    "An unfinished {game} game ({count} moves, saved {time}) is waiting.":
        "Una partita di {game} non finita ({count} mosse, salvata {time}) ti aspetta.",
    "There is no saved {game} game.": "Non c'è nessuna partita di {game} salvata.",
    "Menu": "Menu",
    "F1 or ? lists every key.": "F1 o ? elenca tutti i tasti.",
    "Play against game-tree search \u2014 and watch it think": "Gioca contro la ricerca sull'albero di gioco \u2014 e guardala pensare",
    "{player} \u2014 moves first": "{player} \u2014 muove per primo",
    "None.": "Nessuno.",
    "The saved game could not be restored ({error}); it was moved aside as {name} in {folder}.":
        "Non è stato possibile ripristinare la partita salvata ({error}); è stata messa da parte come {name} in {folder}.",
    "Saved game damaged": "Partita salvata danneggiata",
    "Not now": "Non ora",
    "Click \u25c0 \u25b6 or the value": "Clic su \u25c0 \u25b6 o sul valore",
    "change a choice (the mouse wheel over it works too)": "cambia una scelta (funziona anche la rotellina sopra)",
    "Enter": "Invio",
    "start the game": "inizia la partita",
    "resume (or review) the saved game": "riprende (o rivede) la partita salvata",
    "a game saved from the play screen (chess: PGN), to review or play on":
        "una partita salvata dalla schermata di gioco (scacchi: PGN), da rivedere o continuare",
    "type or paste a position (chess: FEN, or a whole PGN game) to start from":
        "scrivi o incolla una posizione (scacchi: FEN, o un'intera partita PGN) da cui iniziare",
    "Both sides Computer": "Computer da entrambe le parti",
    "watch mode: the computer plays itself": "modalità spettatore: il computer gioca contro sé stesso",
    "English or Italiano: the whole interface changes at once": "English o Italiano: tutta l'interfaccia cambia subito",
    # -- the play screen ----------------------------------------------------------------------
    "Delay": "Attesa",
    "The game changed while you were asked: nothing was removed.": "La partita è cambiata mentre rispondevi: non è stato tolto nulla.",
    "{name} could not be read, so it was kept; the game is saved as {saved}.":
        "Non è stato possibile leggere {name}, che è stato conservato; la partita è salvata come {saved}.",
    "Claim draw": "Reclama patta",
    "Offer draw": "Proponi patta",
    "Pause": "Pausa",
    "the computer": "il computer",
    "New game": "Nuova partita",
    "Takeback": "Annulla mossa",
    "Flip": "Ruota",
    "Hint": "Consiglio",
    "Tip": "Cons.",
    "Play from here": "Gioca da qui",
    "Step": "Passo",
    "Resign": "Abbandona",
    "Game\u2026": "Partita\u2026",
    "Help ?": "Aiuto ?",
    "Paused after the takeback: Space resumes, S plays one move.": "In pausa dopo l'annullamento: Spazio riprende, S gioca una mossa.",
    "Play from here is for an earlier position: pick a move in the list or press \u2190.":
        "Gioca da qui vale per una posizione precedente: scegli una mossa nell'elenco o premi \u2190.",
    "Play on from here?": "Continuare da qui?",
    "{option}: on": "{option}: sì",
    "{option}: off": "{option}: no",
    "There is no game of yours to resign.": "Non c'è una tua partita da abbandonare.",
    "Resign?": "Abbandonare?",
    "You lose this game. (Takeback can undo it afterwards.)": "Perdi questa partita. (Annulla mossa può rimediare dopo.)",
    "Searching for a hint\u2026": "Cerco un consiglio\u2026",
    "Paused while you look back: End (\u25b6|) returns and resumes.": "In pausa mentre guardi indietro: Fine (\u25b6|) torna e riprende.",
    "Pause and Step are for watching two computers play.": "Pausa e Un passo servono a guardare due computer che giocano.",
    "Could not save the game: {problem}": "Non è stato possibile salvare la partita: {problem}",
    "You are looking at an earlier position: End (\u25b6|) returns, P plays on from here.":
        "Stai guardando una posizione precedente: Fine (\u25b6|) torna, P continua da qui.",
    "The game is over: start a new game or take back.": "La partita è finita: iniziane una nuova o annulla una mossa.",
    "The AI stopped": "L'IA si è fermata",
    "New": "Nuova",
    "Undo": "Annulla",
    "Here": "Da qui",
    "Draw": "Patta",
    "Text": "Testo",
    "Auto-queen": "Auto-donna",
    "nothing to place yet: click the piece of the pool your opponent must place":
        "niente da piazzare: scegli il pezzo da dare all'avversario",
    "Reviewing the last game: Space (or Resume) starts the next one.": "Rivedi l'ultima partita: Spazio (o Riprendi) avvia la prossima.",
    "Resumed paused: press Space (or Resume) to let the computers play.": "Ripresa in pausa: premi Spazio (o Riprendi) per far giocare i computer.",
    "Start a new game?": "Iniziare una nuova partita?",
    "The game in progress will be replaced by a new one.": "La partita in corso sarà sostituita da una nuova.",
    "Nothing to take back.": "Nessuna mossa da annullare.",
    "Take back from here?": "Annullare da qui?",
    "Wait for the computer's move.": "Aspetta la mossa del computer.",
    "It is not your turn.": "Non è il tuo turno.",
    "There is no move of yours to take back yet (New game starts over).": "Non hai ancora mosse da annullare (Nuova partita ricomincia).",
    "Nothing to take back before the start.": "Prima dell'inizio non c'è nulla da annullare.",
    "Play on": "Continua",
    "Try again": "Riprova",
    "I'll play {name}": "Gioco io con {name}",
    "Take back": "Annulla",
    "{sentence}.\nReview the moves, take back and try again, or start a new game.":
        "{sentence}.\nRivedi le mosse, annulla e riprova, o inizia una nuova partita.",
    "The computer's search failed: {problem}\nThe game is saved and nothing was lost. Try again, or play {name}'s moves yourself.":
        "La ricerca del computer non è riuscita: {problem}\nLa partita è salvata e non si è perso nulla. Riprova, o gioca "
        "tu le mosse di {name}.",
    "Go back to the start and remove the {count} move after it.": "Torna all'inizio e togli {count} mossa successiva.",
    "Go back to the start and remove the {count} moves after it.": "Torna all'inizio e togli le {count} mosse successive.",
    "Continue the game from the start. The {count} later move will be removed.": "Continua la partita dall'inizio. {count} mossa successiva sarà tolta.",
    "Continue the game from the start. The {count} later moves will be removed.": "Continua la partita dall'inizio. Le {count} mosse successive saranno tolte.",
    "Go back to the position after {move} and remove the {count} move after it.":
        "Torna alla posizione dopo {move} e togli {count} mossa successiva.",
    "Go back to the position after {move} and remove the {count} moves after it.":
        "Torna alla posizione dopo {move} e togli le {count} mosse successive.",
    "Continue the game from the position after {move}. The {count} later move will be removed.":
        "Continua la partita dalla posizione dopo {move}. {count} mossa successiva sarà tolta.",
    "Continue the game from the position after {move}. The {count} later moves will be removed.":
        "Continua la partita dalla posizione dopo {move}. Le {count} mosse successive saranno tolte.",
    "{winner} won": "Ha vinto {winner}",
    "{winner} won by {reason}": "Ha vinto {winner} per {reason}",
    "Your move": "Tocca a te",
    "{name} to move": "Muove {name}",
    "{who} \u2014 {instruction}": "{who} \u2014 {instruction}",
    "Draw \u2014 {reason}": "Patta \u2014 {reason}",
    "You lost": "Hai perso",
    "You lost \u2014 {winner} won by {reason}": "Hai perso \u2014 ha vinto {winner} per {reason}",
    "You won!": "Hai vinto!",
    "You won by {reason}": "Hai vinto per {reason}",
    "Viewing the position after {move}": "Posizione dopo {move}",
    "Viewing the start": "Posizione iniziale",
    " \u2014 the computers are paused while you look back; End (\u25b6|) resumes":
        " \u2014 i computer sono in pausa mentre guardi indietro; Fine (\u25b6|) riprende",
    " \u2014 End (\u25b6|) returns to the game, P plays on from here": " \u2014 Fine (\u25b6|) torna alla partita, P continua da qui",
    "The computer is stopped (see the message).": "Il computer è fermo (vedi il messaggio).",
    "Paused \u2014 {name} to move. Space resumes, S plays one move.": "In pausa \u2014 muove {name}. Spazio riprende, S gioca una mossa.",
    "{name} is thinking\u2026": "{name} sta pensando\u2026",
    "{name} to move in {seconds} s": "Muove {name} tra {seconds} s",
    " \u00b7 paused": " \u00b7 in pausa",
    " \u00b7 next game in {seconds} s": " \u00b7 prossima partita tra {seconds} s",
    # -- the play screen's help ---------------------------------------------------------------
    "Playing": "Giocare",
    "Reviewing the game": "Rivedere la partita",
    "Watching two computers": "Guardare due computer",
    "Games and positions (the Game\u2026 button)": "Partite e posizioni (il pulsante Partita\u2026)",
    "Engine panel": "Pannello del motore",
    "hint: the best move, searched for a second, and why in one sentence":
        "consiglio: la mossa migliore, cercata per un secondo, e il perché in una frase",
    "U or Backspace": "U o Backspace",
    "take back to your previous turn (from the position shown)": "annulla fino al tuo turno precedente (dalla posizione mostrata)",
    "new game (asks first while a game is on)": "nuova partita (chiede prima, se una partita è in corso)",
    "flip the board": "ruota la scacchiera",
    "give up the game (asks first)": "abbandona la partita (chiede prima)",
    "Offer draw / Claim draw": "Proponi patta / Reclama patta",
    "the computer accepts when it is not better; a draw the rules allow (repetition, 50 moves) is claimed":
        "il computer accetta se non sta meglio; una patta prevista dalle regole (ripetizione, 50 mosse) si reclama",
    "back to the menu (the game stays saved)": "torna al menu (la partita resta salvata)",
    "\u2190 \u2192, Home, End": "\u2190 \u2192, Home, Fine",
    "previous, next, first, last position": "posizione precedente, successiva, prima, ultima",
    "Click a move": "Clic su una mossa",
    "show the position after it": "mostra la posizione dopo la mossa",
    "Mouse wheel": "Rotellina del mouse",
    "scroll the move list": "scorre l'elenco delle mosse",
    "play on from the shown position (later moves are removed, after asking)":
        "continua dalla posizione mostrata (le mosse successive sono tolte, dopo aver chiesto)",
    "Space": "Spazio",
    "pause or resume": "pausa o ripresa",
    "step: one move while paused": "un passo: una mossa durante la pausa",
    "Delay slider": "Cursore dell'attesa",
    "seconds between moves": "secondi tra una mossa e l'altra",
    "Looking back": "Guardare indietro",
    "pauses the match; End resumes it": "mette in pausa l'incontro; Fine lo riprende",
    "Ctrl+S / Ctrl+O": "Ctrl+S / Ctrl+O",
    "save the game as a file / open a saved one (chess: PGN)": "salva la partita come file / ne apre una salvata (scacchi: PGN)",
    "Ctrl+C / Ctrl+Shift+C": "Ctrl+C / Ctrl+Maiusc+C",
    "copy the game / the position shown (chess: FEN)": "copia la partita / la posizione mostrata (scacchi: FEN)",
    "Ctrl+V": "Ctrl+V",
    "paste a game or a position to play from (asks before replacing a game)":
        "incolla una partita o una posizione da cui giocare (chiede prima di sostituire una partita)",
    "Hover a column title": "Puntatore su un titolo di colonna",
    "what the columns mean": "cosa significano le colonne",
    # -- the text field -----------------------------------------------------------------------
    "Copied.": "Copiato.",
    "The field holds at most {count} characters; the rest was left out.": "Il campo contiene al massimo {count} caratteri; il resto è stato escluso.",
    "{count} character": "{count} carattere",
    "{count} characters": "{count} caratteri",
    "Ctrl+V pastes, Ctrl+Enter is OK, Esc cancels": "Ctrl+V incolla, Ctrl+Invio è OK, Esc annulla",
    "Ctrl+V pastes, Enter is OK, Esc cancels": "Ctrl+V incolla, Invio è OK, Esc annulla",
    "OK": "OK",
    "Text field": "Campo di testo",
    "new line": "nuova riga",
    "Ctrl+Enter": "Ctrl+Invio",
    "paste": "incolla",
    "select everything": "seleziona tutto",
    "copy everything": "copia tutto",
    # -- searches -----------------------------------------------------------------------------
    "{algorithm}, strongest level, {seconds}\u00a0s": "{algorithm}, livello più forte, {seconds}\u00a0s",
    "Hint for {name}: {how}": "Consiglio per {name}: {how}",
    "You are looking at an earlier position: go to the last move (End) to play, or Play from here.":
        "Stai guardando una posizione precedente: vai all'ultima mossa (Fine) per giocare, o Gioca da qui.",
    "{move} is not legal here.": "{move} qui non è legale.",
    "Hints are for a person's turn.": "I consigli sono per il turno di una persona.",
    "Go to the last move first.": "Prima vai all'ultima mossa.",
    # -- settings -----------------------------------------------------------------------------
    "Some settings were not valid and their defaults are used: {problems}.":
        "Alcune impostazioni non erano valide e si usano quelle predefinite: {problems}.",
    "{name} could not be read, so it was left as it is; settings are saved in {saved}.":
        "Non è stato possibile leggere {name}, che è stato lasciato com'è; le impostazioni sono salvate in {saved}.",
    "Your settings could not be saved ({problem}).": "Non è stato possibile salvare le impostazioni ({problem}).",
    "Your saved settings could not be used, so the defaults are shown. {problem}.":
        "Non è stato possibile usare le impostazioni salvate, quindi sono mostrate quelle predefinite. {problem}.",
    "Your settings could not be read ({problem}). The defaults are shown.":
        "Non è stato possibile leggere le impostazioni ({problem}). Sono mostrate quelle predefinite.",
    "The saved players for {game} were not valid ({problem}); the defaults are shown.":
        "I giocatori salvati per {game} non erano validi ({problem}); sono mostrati quelli predefiniti.",
    # -- backgammon ---------------------------------------------------------------------------
    "Roll": "Tira",
    "Double": "Raddoppia",
    "Take": "Accetta",
    "Drop": "Rifiuta",
    "click a checker, then where it goes (the tray bears off); the dice undo a step":
        "clic su una pedina, poi dove va (il vassoio la porta fuori); i dadi annullano un passo",
    "That checker cannot move with the dice left.": "Quella pedina non può muovere con i dadi rimasti.",
    "Auto forced": "Forzate",
    "Roll, or Double the stakes (the buttons on the board)": "Tira, o Raddoppia la posta (i pulsanti sul tavoliere)",
    "That checker cannot go there with the dice left.": "Quella pedina non può andare lì con i dadi rimasti.",
    "Your only move with {dice}: {move} (played for you).": "La tua unica mossa con {dice}: {move} (giocata per te).",
    "A checker on the bar must enter first.": "Prima deve rientrare una pedina dalla barra.",
    "Click one of your own checkers.": "Fai clic su una delle tue pedine.",
    "{count} off": "{count} fuori",
    "your opponent doubles to {doubled}: Take (play on) or Drop (lose {points})":
        "l'avversario raddoppia a {doubled}: Accetta (si continua) o Rifiuta (perdi {points})",
    "No legal move with {dice}: your turn passes.": "Nessuna mossa legale con {dice}: il turno passa.",
    "First choose {first} or {second} (the buttons in the middle of the board).":
        "Prima scegli {first} o {second} (i pulsanti in mezzo al tavoliere).",
    "Click a checker, then a point": "Clic su una pedina, poi su una punta",
    "moves it by one die; green marks where it may go": "la muove di un dado; il verde segna dove può andare",
    "Click the tray": "Clic sul vassoio",
    "bears the selected checker off": "porta fuori la pedina selezionata",
    "Click the dice": "Clic sui dadi",
    "takes the last step of this turn back": "annulla l'ultimo passo di questo turno",
    "Drag a checker": "Trascina una pedina",
    "to the point where it goes, the same as two clicks": "sulla punta dove va, come con due clic",
    "No move possible": "Nessuna mossa possibile",
    "click the board to pass (or let the Auto forced option do it)": "clic sul tavoliere per passare (o lascia fare all'opzione Forzate)",
    "Roll / Double": "Tira / Raddoppia",
    "with the doubling cube, at the start of your turn: roll, or double the stakes":
        "con il cubo del raddoppio, all'inizio del turno: tira i dadi, o raddoppia la posta",
    "Take / Drop": "Accetta / Rifiuta",
    "answer a double: play on for twice the stakes, or give up the game at the current ones":
        "risposta a un raddoppio: continua per il doppio della posta, o cedi la partita alla posta attuale",
    # -- every board --------------------------------------------------------------------------
    "click to move": "fai clic per muovere",
    "Click the board": "Clic sulla scacchiera",
    "click an empty square": "fai clic su una casella vuota",
    "{square} is already taken: choose an empty square.": "{square} è già occupata: scegli una casella vuota.",
    # -- chess --------------------------------------------------------------------------------
    "White": "Bianco",
    "Black": "Nero",
    "the pawn on {square}": "il pedone in {square}",
    "the knight on {square}": "il cavallo in {square}",
    "the bishop on {square}": "l'alfiere in {square}",
    "the rook on {square}": "la torre in {square}",
    "the queen on {square}": "la donna in {square}",
    "the king on {square}": "il re in {square}",
    "drag a piece, or click it and then its square": "trascina un pezzo, o fai clic su pezzo e casa",
    "Every move of {piece} would leave your king in check": "Ogni mossa con {piece} lascerebbe il tuo re sotto scacco",
    "You cannot castle {side} now": "Ora non puoi arroccare {side}",
    "Always queen": "Sempre donna",
    "There is no piece on {square}: choose one of {mover}'s pieces": "In {square} non c'è nessun pezzo: scegli un pezzo del {mover}",
    "That is {other}'s piece: it is {mover}'s turn": "Quello è un pezzo del {other}: tocca al {mover}",
    "Your king is in check: {piece} cannot get it out of check": "Il tuo re è sotto scacco: {piece} non può pararlo",
    "Your king has no safe square to move to": "Il tuo re non ha case sicure dove andare",
    "That move would leave your king in check": "Quella mossa lascerebbe il tuo re sotto scacco",
    "{piece} cannot move to {square}": "{piece} non può andare in {square}",
    "kingside": "corto",
    "queenside": "lungo",
    "{mover} can no longer castle {side}: the king or that rook has already moved":
        "Il {mover} non può più arroccare {side}: il re o quella torre hanno già mosso",
    "You cannot castle while your king is in check": "Non puoi arroccare mentre il tuo re è sotto scacco",
    "You cannot castle {side}: the squares between the king and the rook must be empty":
        "Non puoi arroccare {side}: le case tra il re e la torre devono essere vuote",
    "You cannot castle {side}: the king may not pass through {square}, which is attacked":
        "Non puoi arroccare {side}: il re non può attraversare {square}, che è attaccata",
    "You cannot castle {side}: the king would be in check on {square}":
        "Non puoi arroccare {side}: in {square} il re sarebbe sotto scacco",
    "Drag a piece": "Trascina un pezzo",
    "drop it on a square to move it there; dots show where it may go, rings show what it may capture":
        "lascialo su una casa per muoverlo lì; i punti mostrano dove può andare, i cerchi cosa può catturare",
    "Click a piece, then a square": "Clic su un pezzo, poi su una casa",
    "the same move in two clicks; click the piece again or an empty square to put it down, another of yours to choose that one":
        "la stessa mossa in due clic; clic di nuovo sul pezzo o su una casa vuota per posarlo, su un altro tuo pezzo "
        "per scegliere quello",
    "King onto its rook": "Re sulla sua torre",
    "castles (or move the king two squares)": "arrocca (o muovi il re di due case)",
    "Pawn to the last rank": "Pedone all'ultima traversa",
    "choose queen, knight, rook or bishop on the board; a click elsewhere cancels (Always queen: a queen at once)":
        "scegli donna, cavallo, torre o alfiere sulla scacchiera; un clic altrove annulla (Sempre donna: subito una donna)",
    "{piece} has no move: it is blocked": "{piece} non ha mosse: la strada è chiusa",
    "Your king is in check and has no safe square: block the check or capture the checking piece":
        "Il tuo re è sotto scacco e non ha case sicure: para lo scacco o cattura il pezzo che dà scacco",
    "{piece} is pinned: moving it would leave your king in check":
        "{piece} non può muoversi: lascerebbe il tuo re sotto scacco (inchiodatura)",
    "The king cannot move to {square}: it would be in check there": "Il re non può andare in {square}: lì sarebbe sotto scacco",
    "Your king is in check: that move does not get out of it": "Il tuo re è sotto scacco: quella mossa non lo para",
    "{piece} is pinned: moving it to {square} would leave your king in check":
        "{piece} non può andare in {square}: lascerebbe il tuo re sotto scacco (inchiodatura)",
    # -- Quarto -------------------------------------------------------------------------------
    "click a square for the piece in hand, then the piece to give": "posa il pezzo in mano, poi scegli quello da dare",
    "Pool: pieces to give": "Riserva: pezzi da dare",
    "Piece {piece} is already on the board: give one from the pool.": "Il pezzo {piece} è già sulla scacchiera: danne uno della riserva.",
    "Piece {piece} is the one you are placing: give another.": "Il pezzo {piece} è quello che stai piazzando: danne un altro.",
    "First click a square for piece {piece}, then the piece to give.": "Prima clic su una casella per il pezzo {piece}, poi sul pezzo da dare.",
    "Game over": "Partita finita",
    "Pool": "Riserva",
    "big = tall, small = short": "grande = alto, piccolo = basso",
    "blue = dark, cream = light": "blu = scuro, crema = chiaro",
    "square or round; hole = hollow": "quadrato o rotondo; foro = cavo",
    "{square} is taken: choose an empty square for piece {piece}.": "{square} è occupata: scegli una casella vuota per il pezzo {piece}.",
    "Click an empty square": "Clic su una casella vuota",
    "puts the piece in hand there (faded until you give a piece); click it again to take it back, or another square to move it":
        "ci mette il pezzo in mano (sbiadito finché non dai un pezzo); clic di nuovo per riprenderlo, o su un'altra "
        "casella per spostarlo",
    "Then click a pool piece": "Poi clic su un pezzo della riserva",
    "gives it to your opponent: the turn is played": "lo dai all'avversario: il turno è giocato",
    "First turn": "Primo turno",
    "only click the piece your opponent must place": "solo clic sul pezzo che l'avversario deve piazzare",
    "Reading a piece": "Leggere un pezzo",
    "big = tall, small = short; blue = dark, cream = light; square or round; a hole = hollow":
        "grande = alto, piccolo = basso; blu = scuro, crema = chiaro; quadrato o rotondo; un foro = cavo",
    "Choose the piece to give": "Scegli il pezzo da dare",
    "To place: piece {piece}": "Da piazzare: pezzo {piece}",
    "Piece {piece}": "Pezzo {piece}",
    "Give a piece": "Dai un pezzo",
    "Give": "Dai",
    "1st": "1°",
    "2nd": "2°",
    # -- Sum-15 ------------------------------------------------------------------------------
    "click a free number to take it": "clic su un numero libero per prenderlo",
    "{number} is already taken by {player}: choose a free number.": "Il {number} è già di {player}: scegli un numero libero.",
    "Magic square": "Quadrato magico",
    "Every row, column and diagonal of the magic square adds up to 15, and no other three numbers do: three numbers that make 15 are a line. Sum-15 is tic-tac-toe.":
        "Ogni riga, colonna e diagonale del quadrato magico fa 15, e nessun'altra terna di numeri: tre numeri che "
        "fanno 15 sono una linea. Somma 15 è il tris.",
    "Take numbers in turn: whoever first holds three numbers that add up to 15 wins.":
        "Prendete i numeri a turno: vince chi per primo ha tre numeri che sommati fanno 15.",
    "Click a free number": "Clic su un numero libero",
    "takes it; three of your numbers that add up to 15 win": "lo prende; vincono tre tuoi numeri che sommati fanno 15",
    "lays the numbers out as the magic square 2 7 6 / 9 5 1 / 4 3 8: every line adds up to 15, so the game is tic-tac-toe":
        "dispone i numeri nel quadrato magico 2 7 6 / 9 5 1 / 4 3 8: ogni linea fa 15, quindi il gioco è il tris",
    # -- the engine panel ---------------------------------------------------------------------
    "depth": "prof",
    "sel": "sel",
    "score": "valore",
    "nodes": "nodi",
    "n/s": "n/s",
    "time": "tempo",
    "best line": "linea migliore",
    "line": "linea",
    "depth = plies searched \u00b7 sel = deepest ply reached \u00b7 score for {player}: +1.00 = a unit better (a pawn in chess), win/loss in N = forced in N plies \u00b7 n/s = nodes per second":
        "prof = semimosse cercate \u00b7 sel = semimossa più profonda raggiunta \u00b7 valore per {player}: +1.00 = "
        "un'unità meglio (un pedone negli scacchi), vittoria/sconfitta in N = forzata in N semimosse \u00b7 n/s = "
        "nodi al secondo",
    "book": "libro",
    "table": "tab.",
    "cube": "cubo",
    "the searching side": "la parte che cerca",
    "Candidates at depth {depth} for {player} (\u2264 pruned)": "Candidate a profondità {depth} per {player} (\u2264 potata)",
    "each side": "ciascuna parte",
    "{name}: no search yet": "{name}: ancora nessuna ricerca",
    "Engine: no search yet": "Motore: ancora nessuna ricerca",
    "searching depth {depth} \u00b7 {nodes} nodes \u00b7 {speed} nodes/s \u00b7 {seconds} s":
        "ricerca a profondità {depth} \u00b7 {nodes} nodi \u00b7 {speed} nodi/s \u00b7 {seconds} s",
    "from the opening book: no search needed": "dal libro delle aperture: nessuna ricerca necessaria",
    "scores include this level's deliberate mistakes": "i valori includono gli errori voluti di questo livello",
    "from the endgame tables: perfect play, no search needed": "dalle tabelle dei finali: gioco perfetto, nessuna ricerca necessaria",
    "whole game tree searched": "cercato l'intero albero di gioco",
    "depth {depth}": "profondità {depth}",
    "This level makes deliberate mistakes and its scores include them; the evaluation bar shows a noise-free estimate instead.":
        "Questo livello fa errori voluti e i suoi valori li includono; la barra di valutazione mostra invece una stima "
        "senza rumore.",
    "decided by the game's {rule} rule, no search needed": "deciso dalla regola del gioco ({rule}), nessuna ricerca necessaria",
    "finished: {how}, {nodes} nodes in {seconds} s": "finita: {how}, {nodes} nodi in {seconds} s",
    "stopped before a depth was complete": "fermata prima di completare una profondità",
    # -- the evaluation and the players -------------------------------------------------------
    "no estimate": "nessuna stima",
    "Starting position": "Posizione iniziale",
    "{move}: no estimate": "{move}: nessuna stima",
    "{move}: {percent}, proven": "{move}: {percent}, dimostrato",
    "{move}: {percent}": "{move}: {percent}",
    "Win chance of {player}": "Probabilità di vittoria: {player}",
    "\u25cf proven": "\u25cf dimostrato",
    "{winner} wins in {count} move": "{winner} vince in {count} mossa",
    "{winner} wins in {count} moves": "{winner} vince in {count} mosse",
    "draw, proven": "patta, dimostrata",
    "even, 50%": "pari, 50%",
    "No moves yet": "Ancora nessuna mossa",
    "Score: {first} {first_games}, {second} {second_games}": "Punteggio: {first} {first_games}, {second} {second_games}",
    "Points: {first} {first_points}, {second} {second_points} (games {first_games}-{second_games})":
        "Punti: {first} {first_points}, {second} {second_points} (partite {first_games}-{second_games})",
    ", {count} draw": ", {count} patta",
    ", {count} draws": ", {count} patte",
    "{name} (you)": "{name} (tu)",
    "{name} (computer)": "{name} (computer)",
    # -- the search lab -------------------------------------------------------------------------
    "No display could be opened, so Game Tree Lab cannot show its window. Start it from a desktop "
    "session (on Linux, check that DISPLAY or WAYLAND_DISPLAY names a running display).":
        "Non è stato possibile aprire uno schermo, quindi Game Tree Lab non può mostrare la sua finestra. "
        "Avvialo da una sessione desktop (su Linux, controlla che DISPLAY o WAYLAND_DISPLAY indichi uno "
        "schermo in funzione).",
    "The lab is not available during a timed game: your clock would keep running.":
        "Il laboratorio non è disponibile durante una partita a tempo: il tuo orologio continuerebbe a correre.",
    "The computers are paused while the lab is open: Space resumes them when you are back.":
        "I computer sono in pausa mentre il laboratorio è aperto: Spazio li riavvia quando torni.",
    "win in {plies}": "vince in {plies}",
    "loss in {plies}": "perde in {plies}",
    "the search failed: {error}": "la ricerca non è riuscita: {error}",
    "Compare": "Confronto",
    "Tree": "Albero",
    "Deepening": "Approfondimento",
    "Retrograde": "Retrograda",
    "Every algorithm searches this position to the same depth, first plainly, then with a transposition table and killer and history move ordering. The values must agree; the bars show the nodes each needed. A search that needs more than the lab's budget of nodes is stopped.":
        "Ogni algoritmo cerca questa posizione alla stessa profondità, prima da solo, poi con una tabella delle "
        "trasposizioni e l'ordinamento delle mosse (killer e storia). I valori devono coincidere; le barre mostrano i "
        "nodi che ciascuno ha richiesto. Una ricerca che supera il budget di nodi del laboratorio viene fermata.",
    "The search drawn node by node: step through it with the arrows or Play. Hover a node for its alpha-beta window and value and to see its position on the board; click a node to collapse or open it; the wheel zooms and a drag moves the tree.":
        "La ricerca disegnata nodo per nodo: seguila passo passo con le frecce o con Riproduci. Punta un nodo per "
        "vederne la finestra alfa-beta, il valore e la posizione sulla scacchiera; un clic su un nodo lo chiude o lo "
        "apre; la rotellina ingrandisce e trascinando si sposta l'albero.",
    "The engine searches depth 1, then 2, then 3... Each depth searches the previous depth's best move first and finds the table filled by the depths before, so a new depth costs a few times the last.":
        "Il motore cerca a profondità 1, poi 2, poi 3... Ogni profondità cerca per prima la mossa migliore della "
        "precedente e trova la tabella già riempita, così una nuova profondità costa poche volte l'ultima.",
    "Search lab \u00b7 {game}": "Laboratorio di ricerca \u00b7 {game}",
    "Minimax visits about b^d nodes: here b = {branching} per ply, {nodes} nodes at depth {depth}. With the best move always searched first, alpha-beta visits at best b^⌈d/2⌉ + b^⌊d/2⌋ − 1 positions at depth d of a tree with b moves everywhere (Knuth and Moore): about {ideal_leaves} here, {ideal_nodes} nodes with those above them, a branching factor near {ideal}. Plain alpha-beta reached {plain}; the best here, {best}, {best_branching} ({best_nodes} nodes). A table also finds positions reached by other move orders: its hits are nodes not searched again.":
        "Minimax visita circa b^d nodi: qui b = {branching} per semimossa, {nodes} nodi a profondità {depth}. Se la "
        "mossa migliore è sempre cercata per prima, alfa-beta visita come minimo b^⌈d/2⌉ + b^⌊d/2⌋ − 1 posizioni "
        "a profondità d di un albero con b mosse ovunque (Knuth e Moore): circa {ideal_leaves} qui, {ideal_nodes} nodi con quelli sopra di esse, un "
        "fattore di ramificazione vicino a {ideal}. Alfa-beta semplice ha ottenuto {plain}; il migliore qui, {best}, "
        "{best_branching} ({best_nodes} nodi). Una tabella trova anche le posizioni raggiunte con altri ordini di "
        "mosse: i suoi successi sono nodi non cercati di nuovo.",
    "Back": "Indietro",
    "Run": "Avvia",
    "Stop": "Ferma",
    "Save CSV": "Salva CSV",
    "Quiescence": "Quiescenza",
    "Quiet": "Quiesc.",
    "Depth (plies)": "Profondità",
    "Tree of": "Albero di",
    "Steps per second": "Passi al secondo",
    "Speed": "Velocità",
    "Demonstration: {title}.": "Dimostrazione: {title}.",
    "Searching\u2026": "Ricerca in corso\u2026",
    "Play": "Riproduci",
    "All {count} finished searches agree: value {value}.": "Tutte le {count} ricerche finite concordano: valore {value}.",
    "Value {value}.": "Valore {value}.",
    " {search} needed {share}% of {first}'s nodes.": " {search} ha richiesto il {share}% dei nodi di {first}.",
    " {count} stopped at the budget of nodes.": " {count} fermate al budget di nodi.",
    "Saved the table to {file}": "Tabella salvata in {file}",
    "Demonstrations": "Dimostrazioni",
    "Demonstrations\u2026": "Dimostrazioni\u2026",
    "Demos\u2026": "Demo\u2026",
    "Each one loads a position and runs the search that shows one idea of the course; its explanation is under the board.":
        "Ognuna carica una posizione e avvia la ricerca che mostra un'idea del corso; la spiegazione è sotto la "
        "scacchiera.",
    "the demonstrations: one click loads one and runs it": "le dimostrazioni: un clic ne carica una e la avvia",
    "Fit": "Adatta",
    "Open all": "Apri tutto",
    "{search}, quiescence on": "{search}, quiescenza sì",
    "{search}, quiescence off": "{search}, quiescenza no",
    "The game is over in this position: there is nothing to search. Pick a demonstration, or go back and choose an earlier position in the move list.":
        "In questa posizione la partita è finita: non c'è nulla da cercare. Scegli una dimostrazione, o torna indietro "
        "e scegli una posizione precedente nell'elenco delle mosse.",
    "The dice are to be rolled in this position: the comparison and the deepening search from a player's decision. The Tree view searches the roll itself (a chance node), or go back and pick a position after the roll.":
        "In questa posizione si devono tirare i dadi: il confronto e l'approfondimento partono da una decisione di un "
        "giocatore. La vista Albero cerca il tiro stesso (un nodo di caso), oppure torna indietro e scegli una "
        "posizione dopo il tiro.",
    "Stopped.": "Fermata.",
    "No search finished within the budget: lower the depth.": "Nessuna ricerca è finita entro il budget: riduci la profondità.",
    "Run the comparison first: there is no table to save yet.": "Prima avvia il confronto: non c'è ancora una tabella da salvare.",
    "Search lab": "Laboratorio di ricerca",
    "Lab": "Lab",
    "Could not save the table: {problem}": "Non è stato possibile salvare la tabella: {problem}",
    "the next view: Compare, Tree, Deepening (and Retrograde where the game has one)":
        "la vista successiva: Confronto, Albero, Approfondimento (e Retrograda dove il gioco la ha)",
    "Enter or R": "Invio o R",
    "run the search": "avvia la ricerca",
    "stop a search, or back to the game": "ferma una ricerca, o torna alla partita",
    "quiescence on or off (games with captures)": "quiescenza sì o no (giochi con catture)",
    "Up and Down": "Su e Giù",
    "a deeper or shallower search (Retrograde: a larger or smaller database)":
        "una ricerca più o meno profonda (Retrograda: un database più grande o più piccolo)",
    "Left and Right": "Sinistra e Destra",
    "one step back or forward": "un passo indietro o avanti",
    "Home and End": "Home e Fine",
    "the start or the end": "l'inizio o la fine",
    "play or pause": "riproduci o pausa",
    "fit the tree to the width": "adatta l'albero alla larghezza",
    "export the tree as shown to PNG and SVG pictures for slides":
        "esporta l'albero così come appare in immagini PNG e SVG per le diapositive",
    "Export": "Esporta",
    "Run the tree first: there is no tree to export yet.":
        "Prima avvia l'albero: non c'è ancora un albero da esportare.",
    "Could not export the tree: {problem}": "Non è stato possibile esportare l'albero: {problem}",
    "Saved the tree for slides ({width}\u00d7{height}) to {png} and {svg}":
        "Albero per le diapositive ({width}\u00d7{height}) salvato in {png} e {svg}",
    "{game}: {algorithm}, depth {depth}, value {value} for the side to move at the root":
        "{game}: {algorithm}, profondità {depth}, valore {value} per chi muove alla radice",
    "Wheel, drag": "Rotellina, trascinamento",
    "zoom, move the tree": "ingrandisce, sposta l'albero",
    "Click a node": "Clic su un nodo",
    "collapse or open it": "lo chiude o lo apre",
    "Hover a node": "Puntatore su un nodo",
    "its window, value and position": "la sua finestra, il valore e la posizione",
    "Searching {search}\u2026 {seconds} s": "Ricerca {search}\u2026 {seconds} s",
    "{algorithm}, depth {depth}: {drawn} nodes drawn ({searched} searched, quiescence included), value {value} for the side to move at the root. Press Play to watch it search.":
        "{algorithm}, profondità {depth}: {drawn} nodi disegnati ({searched} cercati, quiescenza compresa), valore "
        "{value} per chi muove alla radice. Premi Riproduci per guardarla cercare.",
    "{algorithm}, depth {depth}: {drawn} nodes drawn ({searched} searched), value {value} for the side to move at the root. Press Play to watch it search.":
        "{algorithm}, profondità {depth}: {drawn} nodi disegnati ({searched} cercati), valore {value} per chi muove "
        "alla radice. Premi Riproduci per guardarla cercare.",
    "Quiescence on: {move}, {value}": "Quiescenza sì: {move}, {value}",
    "Quiescence off: {move}, {value}": "Quiescenza no: {move}, {value}",
    "{count} depth searched.": "{count} profondità cercata.",
    "{count} depths searched.": "{count} profondità cercate.",
    "No depth was completed.": "Nessuna profondità è stata completata.",
    "L or Search lab": "L o Laboratorio di ricerca",
    "the search lab on the chosen game's start, with the demonstrations": "il laboratorio di ricerca sull'inizio del gioco scelto, con le dimostrazioni",
    "the search lab on the shown position: compare algorithms, see the tree": "il laboratorio di ricerca sulla posizione mostrata: confronta gli algoritmi, guarda l'albero",
    "growth": "crescita",
    "seconds": "secondi",
    "searched first (its share of the nodes)": "cercata per prima (la sua quota dei nodi)",
    "searched first": "cercata per prima",
    "\u2013 (no earlier depth)": "\u2013 (nessuna profondità precedente)",
    "{move} ({share}% of nodes): replaced": "{move} ({share}% dei nodi): sostituita",
    "{move} ({share}% of nodes): still best": "{move} ({share}% dei nodi): ancora la migliore",
    "nodes per depth (log scale)": "nodi per profondità (scala log)",
    "seconds per depth (log scale)": "secondi per profondità (scala log)",
    "EBF = effective branching factor, nodes^(1/depth) \u00b7 TT+ord = with a transposition table and killer and history move ordering \u00b7 bars: nodes on a log scale, % of the first row":
        "EBF = fattore di ramificazione effettivo, nodi^(1/profondità) \u00b7 TT+ord = con tabella delle trasposizioni "
        "e ordinamento killer e storia \u00b7 barre: nodi in scala log, % della prima riga",
    "algorithm": "algoritmo",
    "TT+ord": "TT+ord",
    "value": "valore",
    "best": "migliore",
    "EBF": "EBF",
    "TT hits": "successi TT",
    "cut-offs": "tagli",
    "{algorithm} + table and ordering": "{algorithm} + tabella e ordinamento",
    "stopped": "fermata",
    "{algorithm}, no quiescence": "{algorithm}, senza quiescenza",
    "{algorithm} ({evaluation})": "{algorithm} ({evaluation})",
    "Evaluation": "Valutazione",
    "side by side": "a confronto",
    "{evaluation} evaluation: {move}, {value}": "valutazione {evaluation}: {move}, {value}",
    "The searches of each evaluation agree.": "Le ricerche di ciascuna valutazione concordano.",
    "The search is the same for each evaluation; only the judgement of the positions at its horizon differs, so where the best moves differ, the evaluations disagree about those positions. At depth 1 each move is judged by the evaluation alone; a deeper search looks at the replies too and can make up for some of a weaker evaluation's mistakes. Which evaluation plays better is settled by many games, not by one position.":
        "La ricerca è la stessa per ogni valutazione; cambia solo il giudizio sulle posizioni al suo orizzonte, così "
        "dove le mosse migliori differiscono, le valutazioni non concordano su quelle posizioni. A profondità 1 ogni "
        "mossa è giudicata dalla sola valutazione; una ricerca più profonda guarda anche le risposte e può rimediare "
        "ad alcuni errori di una valutazione più debole. Quale valutazione gioca meglio lo decidono molte partite, "
        "non una posizione.",
    "yes": "sì",
    "\u25b2 MAX   \u25bc MIN   \u25cf chance   \u25a0 evaluated   \u2702 pruned by a cut-off   blue +12 or dot = 12 nodes folded inside, click to open   W3 / L3 = win / loss in 3 plies   thick = principal variation":
        "\u25b2 MAX   \u25bc MIN   \u25cf caso   \u25a0 valutato   \u2702 potato da un taglio   +12 blu o punto = 12 "
        "nodi ripiegati dentro, clic per aprire   V3 / S3 = vittoria / sconfitta in 3 semimosse   spesso = variante "
        "principale",
    "MAX: the player to move at the root chooses the highest value": "MAX: chi muove alla radice sceglie il valore più alto",
    "MIN: the opponent chooses the lowest value": "MIN: l'avversario sceglie il valore più basso",
    "chance: the average over the outcomes, weighted by their probabilities": "caso: la media degli esiti, pesata con le loro probabilità",
    "the game's value is known here without searching on": "qui il valore della partita è noto senza cercare oltre",
    "Step {step} of {total}: ": "Passo {step} di {total}: ",
    "W{plies}": "V{plies}",
    "L{plies}": "S{plies}",
    "Step 0 of {total}: the search has not started.": "Passo 0 di {total}: la ricerca non è iniziata.",
    "the root": "la radice",
    "leaves {node} with value {value}.": "lascia {node} con valore {value}.",
    "enters {node}.": "entra in {node}.",
    "enters {node} with window {window}.": "entra in {node} con finestra {window}.",
    "leaves {node} with value {value}; cut-off: {count} move not searched.": "lascia {node} con valore {value}; taglio: {count} mossa non cercata.",
    "leaves {node} with value {value}; cut-off: {count} moves not searched.": "lascia {node} con valore {value}; taglio: {count} mosse non cercate.",
    "Not searched: {count} move after {node}": "Non cercata: {count} mossa dopo {node}",
    "Not searched: {count} moves after {node}": "Non cercate: {count} mosse dopo {node}",
    "A cut-off proved they cannot change the value above.": "Un taglio ha dimostrato che non possono cambiare il valore sopra.",
    "The root (the position on the board)": "La radice (la posizione sulla scacchiera)",
    "evaluated at the horizon": "valutato all'orizzonte",
    "window (alpha, beta): {window}": "finestra (alfa, beta): {window}",
    " (a lower bound: it reached beta)": " (un limite inferiore: ha raggiunto beta)",
    " (an upper bound: at most alpha)": " (un limite superiore: al massimo alfa)",
    "value: {value}": "valore: {value}",
    "value: not known yet": "valore: non ancora noto",
    "probability of this outcome: {probability}": "probabilità di questo esito: {probability}",
    "cut-off: {count} move not searched": "taglio: {count} mossa non cercata",
    "cut-off: {count} moves not searched": "taglio: {count} mosse non cercate",
    "{count} node hidden: click to open": "{count} nodo nascosto: clic per aprire",
    "{count} nodes hidden: click to open": "{count} nodi nascosti: clic per aprire",
    "wins at once with {move}": "vince subito con {move}",
    "click to collapse": "clic per chiudere",
    # -- the data folder and its files ----------------------------------------------------------
    "{variable} names {folder}, which is not a folder the app can write to (it was left as it is); your files are kept in {used} instead.":
        "{variable} indica {folder}, che non è una cartella in cui l'app possa scrivere (è stata lasciata com'è); i tuoi "
        "file sono tenuti invece in {used}.",
    "The usual data folder {folder} cannot be used; your files are kept in {used} instead.":
        "Non si può usare la solita cartella dei dati {folder}; i tuoi file sono tenuti invece in {used}.",
    " That is a temporary folder: copy anything you want to keep.": " È una cartella temporanea: copia ciò che vuoi conservare.",
    "no folder can be written: tried {folders}": "non si può scrivere in nessuna cartella: provate {folders}",
    "it holds {name}, which is not a number JSON allows": "contiene {name}, che non è un numero ammesso da JSON",
    "it holds the number {number}, too large to use": "contiene il numero {number}, troppo grande per essere usato",
    "{name} could not be read (permission denied), so it was left as it is; from now on your changes are saved in {other} next to it":
        "non è stato possibile leggere {name} (permesso negato), che è stato lasciato com'è; d'ora in poi le tue "
        "modifiche sono salvate in {other} accanto a esso",
    "It was moved aside as {name} in {folder}": "È stato messo da parte come {name} in {folder}",
    "It could not be moved aside": "Non è stato possibile metterlo da parte",
    "{name} is damaged: {problem}. {where}": "{name} è danneggiato: {problem}. {where}",
    "{name} could not be written": "non è stato possibile scrivere {name}",
    "{name} is not a regular file": "{name} non è un file normale",
    "it does not hold a JSON object": "non contiene un oggetto JSON",
    "it is not a regular file (a folder or a named pipe stood in its place)":
        "non è un file normale (al suo posto c'era una cartella o una pipe con nome)",
    "it is {size} KB, far larger than any file the app writes": "è di {size} KB, molto più grande di qualsiasi file che l'app scrive",
    "it is nested too deeply to be one of our files": "è annidato troppo in profondità per essere uno dei nostri file",
    "{name} could not be examined ({problem})": "non è stato possibile esaminare {name} ({problem})",
    "{name} could not be read ({problem}); it was left as it is": "non è stato possibile leggere {name} ({problem}); è stato lasciato com'è",
    "it is not text": "non è testo",
    "it is not valid JSON (a mistake on line {line})": "non è JSON valido (un errore alla riga {line})",
    "it is not valid JSON": "non è JSON valido",
    # -- checks of saved settings and games (ui/validation.py and its callers) ------------------
    "{name} is {value}, not one of {choices}": "{name}: vale {value}, non uno tra {choices}",
    "{name} is not a set of named values": "{name}: non è un insieme di valori con nome",
    "{name} is not a list": "{name}: non è un elenco",
    "{name} should have {length} entries, not {count}": "{name}: dovrebbe avere {length} voci, non {count}",
    "{name} has {count} entries, more than the {maximum} allowed": "{name}: ha {count} voci, più delle {maximum} ammesse",
    "{name} is not a number": "{name}: non è un numero",
    "{name} is {value}, not between {minimum} and {maximum}": "{name}: vale {value}, non è tra {minimum} e {maximum}",
    "{name} is not a whole number": "{name}: non è un numero intero",
    "{name} is not text": "{name}: non è testo",
    "{name} is {count} characters long, more than {maximum}": "{name}: è lungo {count} caratteri, più di {maximum}",
    "{name} is far too large": "{name}: è troppo grande",
    "the player settings": "le impostazioni del giocatore",
    "the player kind": "il tipo di giocatore",
    "the level": "il livello",
    "the algorithm": "l'algoritmo",
    "the time control": "il controllo del tempo",
    "the time control {control} is longer than the app offers": "il controllo del tempo {control} è più lungo di quelli offerti dall'app",
    "the program": "il programma",
    "the Elo limit": "il limite Elo",
    "the saved game": "la partita salvata",
    "the players": "i giocatori",
    "the moves": "le mosse",
    "the delay between moves": "l'attesa tra le mosse",
    "the score": "il punteggio",
    "the time it was saved": "l'ora del salvataggio",
    "the rule options": "le opzioni delle regole",
    "the rule options {wanted} are not a combination {game} offers": "le opzioni delle regole {wanted} non sono una combinazione offerta da {game}",
    "the result": "il risultato",
    "the winner": "il vincitore",
    "the reason for the result": "il motivo del risultato",
    "the points won": "i punti vinti",
    "the evaluations": "le valutazioni",
    "it is in an unknown format (version {version})": "è in un formato sconosciuto (versione {version})",
    "move {number}": "la mossa {number}",
    "a rule option": "un'opzione delle regole",
    "the clock history": "la storia degli orologi",
    "the name of the game": "il nome del gioco",
    "the start position": "la posizione iniziale",
    "the start position: {problem}": "la posizione iniziale: {problem}",
    "move {number} ({move}) comes after the end of the game": "la mossa {number} ({move}) viene dopo la fine della partita",
    "move {number} ({move}): {problem}": "la mossa {number} ({move}): {problem}",
    "an evaluation": "una valutazione",
    "a score": "un valore",
    "a depth": "una profondità",
    "a line": "una linea",
    "a move": "una mossa",
    "the points scored": "i punti segnati",
    "the window size": "la dimensione della finestra",
    "the board options": "le opzioni della scacchiera",
    "{what} of {game}": "{what} di {game}",
    "an option": "un'opzione",
    "the game": "il gioco",
    "the text size": "la dimensione del testo",
    "full screen": "lo schermo intero",
    "the language": "la lingua",
    "light or dark colours (light suits a projector in a bright room)":
        "colori chiari o scuri (i chiari si leggono meglio con un proiettore in una stanza luminosa)",
    "Colours (T)": "Colori (T)",
    "Dark": "Scuri",
    "Light": "Chiari",
    "Light/dark": "Chiaro/scuro",
    "Theme": "Tema",
    "the theme": "il tema",
    # -- sounds --------------------------------------------------------------------------------
    "Sound on (M)": "Suono attivo (M)",
    "Sound off (M)": "Suono spento (M)",
    "Sound on (M), but no audio device was found: nothing can be heard":
        "Suono attivo (M), ma non è stato trovato un dispositivo audio: non si sente nulla",
    "sound on or off (moves, captures, dice, the end of a game)":
        "suono attivo o spento (mosse, catture, dadi, la fine della partita)",
    "Sound (M)": "Suono (M)",
    "On": "Sì",
    "Off": "No",
    "the sound": "il suono",
    # -- the folder of a game's tables (chess: endgame tables) ---------------------------------
    "the folders of the tables": "le cartelle delle tabelle",
    "{what}: {game} is not a game with tables": "{what}: {game} non è un gioco con tabelle",
    "none, searches without them": "nessuna, cerca senza",
    "{folders}: {found}": "{folders}: {found}",
    "no tables found": "nessuna tabella trovata",
    "{count} file, up to {largest} {unit}": "{count} file, fino a {largest} {unit}",
    "{count} files, up to {largest} {unit}": "{count} file, fino a {largest} {unit}",
    "There is no folder {folder}.": "La cartella {folder} non esiste.",
    "No tables found in {folders}: their files are named like {example}.":
        "Nessuna tabella trovata in {folders}: i loro file si chiamano come {example}.",
    "{name} (a change applies from the next game)": "{name} (una modifica vale dalla prossima partita)",
    "{purpose}\n\nType or paste the folder that holds them (files named like {example}; several folders separated "
    "by {separator}), or leave the field empty to search without them. A change applies from the next game you "
    "start.\nDefault: {default}\nNow: {status}":
        "{purpose}\n\nScrivi o incolla la cartella che le contiene (file con nomi come {example}; più cartelle "
        "separate da {separator}), oppure lascia il campo vuoto per cercare senza. Una modifica vale dalla prossima "
        "partita che inizi.\nPredefinita: {default}\nOra: {status}",
    "Use the default": "Usa la predefinita",
    # -- pondering (thinking on the person's time) ---------------------------------------------
    "Pondering": "Ponderazione",
    "the computer thinks on your time, searching the position after the reply it expects (its strongest "
    "level only, not in games with dice)":
        "il computer pensa nel tuo tempo e cerca la posizione dopo la risposta che si aspetta (solo al suo "
        "livello più forte, non nei giochi con i dadi)",
    "pondering": "la ponderazione",
    "pondering on {move} (the reply it expects): depth {depth} \u00b7 {nodes} nodes \u00b7 {seconds} s":
        "pondera su {move} (la risposta che si aspetta): profondità {depth} \u00b7 {nodes} nodi \u00b7 {seconds} s",
    "pondering on {move} (the reply it expects): done at depth {depth}, ready if you play it":
        "pondera su {move} (la risposta che si aspetta): finito a profondità {depth}, pronto se la giochi",
    "began on your time: you played {move}, the reply it expected":
        "iniziata nel tuo tempo: hai giocato {move}, la risposta che si aspettava",
    "Pondering on \u2026": "Ponderazione su \u2026",
    "the computer thinks on your time: it searches the position after the reply it expects; play that reply and the "
    "search goes on as its move":
        "il computer pensa nel tuo tempo: cerca la posizione dopo la risposta che si aspetta; gioca quella risposta e "
        "la ricerca continua come sua mossa",
    # -- bots -----------------------------------------------------------------------------------
    "{name} (example bot)": "{name} (bot di esempio)",
    "{name} (bot)": "{name} (bot)",
    "the program sent its move without search details (no info lines)":
        "il programma ha mandato la sua mossa senza dettagli della ricerca (nessuna riga info)",
    # -- rollouts (games with chance) -----------------------------------------------------------
    "Ask for a hint (H) first: a rollout plays on from the candidates of a search.":
        "Chiedi prima un consiglio (H): un rollout gioca a partire dalle candidate di una ricerca.",
    "Rollouts are for games with dice.": "I rollout sono per i giochi con i dadi.",
    "Wait until the search has finished.": "Aspetta che la ricerca sia finita.",
    "The candidates were searched in another position: go back to it in the move list first.":
        "Le candidate sono state cercate in un'altra posizione: prima torna a quella nella lista delle mosse.",
    "the rollout failed: {error}": "il rollout non è riuscito: {error}",
    "the rollout's process ended unexpectedly (exit code {code})":
        "il processo del rollout è finito inaspettatamente (codice di uscita {code})",
    "Rollout stopped.": "Rollout fermato.",
    "Rolling out whole games\u2026": "Rollout di partite intere\u2026",
    "Rolling out\u2026": "Rollout in corso\u2026",
    # -- the hint's explanation (ui/hint_texts.py) ---------------------------------------------
    "Hint: {move} \u2014 {explanation}": "Consiglio: {move} \u2014 {explanation}",
    "forced: the only legal move": "forzata: l'unica mossa legale",
    "a move of the opening book": "una mossa del libro delle aperture",
    "decided by the game's {rule} rule": "decisa dalla regola del gioco ({rule})",
    "wins at once": "vince subito",
    "wins in {count} moves": "vince in {count} mosse",
    "every move loses; this one lasts longest (lost at the next move)":
        "ogni mossa perde; questa resiste di più (persa alla mossa seguente)",
    "every move loses; this one lasts longest (lost in {count} moves)":
        "ogni mossa perde; questa resiste di più (persa in {count} mosse)",
    "the only move that keeps the draw": "l'unica mossa che tiene il pareggio",
    "draws with best play": "pareggia con il gioco migliore",
    "the only move that does not lose": "l'unica mossa che non perde",
    "the only winning move": "l'unica mossa che vince",
    "a first guess: the search had no time to finish a depth":
        "una prima idea: la ricerca non ha avuto il tempo di completare una profondità",
    "best by the evaluation ({score}), expecting {line}": "la migliore secondo la valutazione ({score}), prevedendo {line}",
    "best by the evaluation ({score})": "la migliore secondo la valutazione ({score})",
    "from the endgame tables": "dalle tabelle dei finali",
    "from {source}": "da {source}",
    "Why {move}: {explanation}": "Perché {move}: {explanation}",
    "Expected line: {line}": "Linea prevista: {line}",
    "Next best: {move} ({score})": "La seconda migliore: {move} ({score})",
    "R (or Rollout)": "R (o Rollout)",
    "roll out the candidates listed: games played on from each with the same dice, cut after a few turns; R again, or Esc, stops it":
        "rollout delle candidate elencate: partite giocate da ciascuna con gli stessi dadi, interrotte dopo qualche "
        "turno; R di nuovo, o Esc, lo ferma",
    "Shift+R": "Maiusc+R",
    "a rollout of whole games": "un rollout di partite intere",
    "Rollout for {player}: {games} of {target} games": "Rollout per {player}: {games} di {target} partite",
    "Rollout for {player}: stopped at {games} of {target} games":
        "Rollout per {player}: fermato a {games} di {target} partite",
    "Rollout for {player}: {games} games": "Rollout per {player}: {games} partite",
    "depth 1": "profondità 1",
    "Played at {depth} with the same dice for every move; whole games, cut only where the evaluation is exact":
        "Giocate a {depth} con gli stessi dadi per ogni mossa; partite intere, interrotte solo dove la valutazione è "
        "esatta",
    "Played at {depth} with the same dice for every move; cut after {count} decisions or where the evaluation is exact":
        "Giocate a {depth} con gli stessi dadi per ogni mossa; interrotte dopo {count} decisioni o dove la valutazione "
        "è esatta",
    "Rollout": "Rollout",
    "Candidates, {depth}, for {player} (\u2264 pruned)": "Candidate, {depth}, per {player} (\u2264 potata)",
    "exact ({source})": "esatto ({source})",
    "judged by the {source}": "valutazione: {source}",
    "Leads: {move}, {equity}": "In testa: {move}, {equity}",
    "Best: {move}, {equity}": "Migliore: {move}, {equity}",
    # -- the lab's Retrograde view -----------------------------------------------------------------
    "Retrograde analysis builds a database from the end of the game backwards, one layer at a time: every move leads to a lower layer, so each position's best choices point to positions solved already. Click a bar for a position of that layer, a row for where its best choice leads.":
        "L'analisi retrograda costruisce un database dalla fine della partita all'indietro, uno strato alla volta: "
        "ogni mossa porta a uno strato più basso, così le scelte migliori di ogni posizione puntano a posizioni già "
        "risolte. Clicca una barra per una posizione di quello strato, una riga per dove porta la sua scelta migliore.",
    "Layer {layer} {layer_name} solved: {count} position, {value} {value_name}; {solved} positions solved in {layers} of {total} layers.":
        "Strato {layer} {layer_name} risolto: {count} posizione, {value} {value_name}; {solved} posizioni risolte in "
        "{layers} di {total} strati.",
    "Layer {layer} {layer_name} solved: {count} positions, mean {value} {value_name}; {solved} positions solved in {layers} of {total} layers.":
        "Strato {layer} {layer_name} risolto: {count} posizioni, in media {value} {value_name}; {solved} posizioni "
        "risolte in {layers} di {total} strati.",
    "Nothing solved yet: the first layer is the end of the game.":
        "Ancora nulla di risolto: il primo strato è la fine della partita.",
    "one layer less or more": "uno strato in meno o in più",
    "Click a bar": "Clic su una barra",
    "a position of that layer": "una posizione di quello strato",
    "Click a row": "Clic su una riga",
    "the position its best choice leads to": "la posizione a cui porta la sua scelta migliore",
    "Building the {title} from the end: Space pauses, \u2190 \u2192 step.":
        "Costruzione del {title} dalla fine: Spazio mette in pausa, \u2190 \u2192 vanno per passi.",
    "Bars: the positions of each layer (outlined: not solved yet); dots: their mean value. Click a bar for a position of that layer, a row for the position its best choice leads to; hover a row to see it.":
        "Barre: le posizioni di ogni strato (solo contorno: non ancora risolte); punti: il loro valore medio. Clicca "
        "una barra per una posizione di quello strato, una riga per la posizione a cui porta la sua scelta migliore; "
        "punta una riga per vederla.",
    "{solved} of {total} positions solved": "{solved} di {total} posizioni risolte",
    "Position {position}: {layer} {layer_name}, {value} {value_name}": "Posizione {position}: {layer} {layer_name}, {value} {value_name}",
    "{value} = {step} + {average}: the average over the outcomes, each weighted by its chance, of the value where its best choice leads; those positions have fewer {layer_name}, so they were solved before.":
        "{value} = {step} + {average}: la media sugli esiti, ognuno pesato con la sua probabilità, del valore dove "
        "porta la sua scelta migliore; quelle posizioni hanno meno {layer_name}, quindi sono state risolte prima.",
    "{layers} of {count} layers; bars: up to {most} positions": "{layers} di {count} strati; barre: fino a {most} posizioni",
    "Position {position}: {layer} {layer_name}, not solved yet": "Posizione {position}: {layer} {layer_name}, non ancora risolta",
    "dots: {name} up to {value}": "punti: {name} fino a {value}",
    "Its layer comes later: step on (\u2192) until it is solved. Each layer needs only the layers before it.":
        "Il suo strato viene dopo: vai avanti (\u2192) finché è risolto. Ogni strato ha bisogno solo degli strati "
        "prima di lui.",
    "Nothing is left to do here: the end of the game, where the build starts.":
        "Qui non resta nulla da fare: la fine della partita, da cui parte la costruzione.",
    "leads to": "porta a",
    "chance": "prob.",
    "Run builds the database from the end of the game backwards, one layer at a time.":
        "Avvia costruisce il database dalla fine della partita all'indietro, uno strato alla volta.",
    # -- the board editor (ui/scenes/editor.py) --------------------------------------------------
    "Set up a position: {game}": "Prepara una posizione: {game}",
    "Take off (or right-click)": "Togli (o clic destro)",
    "Take off": "Togli",
    "Watch from here": "Guarda da qui",
    "Watch": "Guarda",
    "Pieces": "Pezzi",
    "Clear board": "Svuota",
    "Clear": "Svuota",
    "Start position": "Posizione iniziale",
    "Initial": "Iniziale",
    "Position text\u2026": "Posizione come testo\u2026",
    "Text\u2026": "Testo\u2026",
    "Position text": "Posizione come testo",
    "The position set up, as text. Copy it, or type or paste another (the start is written {example}).":
        "La posizione preparata, come testo. Copiala, o scrivine o incollane un'altra (l'inizio si scrive {example}).",
    "Copy": "Copia",
    "Board editor": "Editor della posizione",
    "Not playable yet: {reason}": "Non ancora giocabile: {reason}",
    "Ready: the dice are rolled first. Play, Watch or Lab starts from here.":
        "Pronta: prima si tirano i dadi. Gioca, Guarda o Laboratorio partono da qui.",
    "Ready: {player} to move. Play, Watch or Lab starts from here.":
        "Pronta: muove {player}. Gioca, Guarda o Laboratorio partono da qui.",
    "Ready: {player} to move (it follows from the pieces). Play, Watch or Lab starts from here.":
        "Pronta: muove {player} (lo dicono i pezzi). Gioca, Guarda o Laboratorio partono da qui.",
    "This position cannot be played: {reason}": "Da questa posizione non si può giocare: {reason}",
    "Click a piece of the palette": "Clic su un pezzo della tavolozza",
    "chooses it; then a click on the board puts it there": "lo sceglie; poi un clic sulla scacchiera lo mette lì",
    "Right-click the board": "Clic destro sulla scacchiera",
    "takes a piece off (or choose Take off, key X, and click)": "toglie un pezzo (o scegli Togli, tasto X, e fai clic)",
    "Selectors and switches": "Selettori e interruttori",
    "the side to move and what else the position holds (castling, en passant, the dice, the cube)":
        "chi muove e il resto della posizione (arrocchi, en passant, i dadi, il cubo)",
    "U, Backspace or Ctrl+Z": "U, Backspace o Ctrl+Z",
    "undoes the last change": "annulla l'ultima modifica",
    "Enter, W, L": "Invio, W, L",
    "play from here, watch the computer play from here, open the search lab":
        "gioca da qui, guarda il computer giocare da qui, apri il laboratorio di ricerca",
    "back, leaving the position unused": "indietro, senza usare la posizione",
    "the position set up": "la posizione preparata",
    "Keep editing": "Continua a modificare",
    "The board editor is not available during a timed game: your clock would keep running.":
        "L'editor della posizione non è disponibile durante una partita a tempo: il tuo orologio continuerebbe a correre.",
    "Set up a position\u2026": "Prepara una posizione\u2026",
    "Set up\u2026": "Prepara\u2026",
    "E or Set up a position\u2026": "E o Prepara una posizione\u2026",
    "the board editor: set a position up, then play, watch or search it":
        "l'editor della posizione: prepara una posizione, poi giocala, guardala o esplorala",
    "Edit position": "Modifica posizione",
    "the board editor on the position shown (Edit position): put and take off pieces, set the side to move, then "
    "play, watch or search from there":
        "l'editor della posizione su quella mostrata (Modifica posizione): metti e togli pezzi, scegli chi muove, "
        "poi gioca, guarda o esplora da lì",
    "Edit position opens the board editor on the position shown (E): put pieces on and take them off, then play, "
    "watch or search from there.":
        "Modifica posizione apre l'editor della posizione su quella mostrata (E): metti e togli pezzi, poi gioca, "
        "guarda o esplora da lì.",
    "In hand: piece {piece}": "In mano: pezzo {piece}",
    "In hand: none": "In mano: nessuno",
}

GAME_TEXTS: dict[str, str] = {
    "Retrograde analysis: the bear-off database, built backwards":
        "Analisi retrograda: il database del bear-off, costruito all'indietro",
    "Retrograde analysis solves from the end backwards: with all its checkers off a side needs 0 rolls, and every play lowers the pip count, so the layers are solved from 0 pips up. With up to 4 checkers: 210 positions in 25 layers. For White's 6 5 3 1, each roll's best play leads to a solved position; its mean rolls are 1 plus their average.":
        "L'analisi retrograda risolve dalla fine all'indietro: con tutte le pedine fuori a un lato servono 0 tiri, "
        "e ogni giocata abbassa il conteggio dei pip, così gli strati si risolvono da 0 pip in su. Con fino a 4 "
        "pedine: 210 posizioni in 25 strati. Per il 6 5 3 1 del Bianco, la giocata migliore di ogni tiro porta a "
        "una posizione risolta; i suoi tiri medi sono 1 più la loro media.",
    "one-sided bear-off database": "database del bear-off di un lato",
    "checkers": "pedine",
    "pips": "pip",
    "mean rolls": "tiri medi",
    "roll": "tiro",
    "best play": "giocata migliore",
    "bear-off database": "database del bear-off",
    "race network": "rete della corsa",
    "contact network": "rete di contatto",
    # -- games ----------------------------------------------------------------------------------
    "Tic-tac-toe": "Tris",
    "Sum-15": "Somma 15",
    "Chess": "Scacchi",
    "Backgammon": "Backgammon",
    "White": "Bianco",
    "Black": "Nero",
    "First": "Primo",
    "Second": "Secondo",
    "chance": "caso",
    # -- tables a game reads from folders (games/external_tables.py) ----------------------------
    "Endgame tables": "Tabelle dei finali",
    "pieces": "pezzi",
    "Gaviota endgame tables know the exact result of every position with few pieces: the computer plays such "
    "endings perfectly, and its search stops where an exchange leads into one.":
        "Le tabelle dei finali Gaviota conoscono il risultato esatto di ogni posizione con pochi pezzi: il computer "
        "gioca questi finali alla perfezione, e la sua ricerca si ferma dove un cambio porta in uno di essi.",
    # -- rule options ---------------------------------------------------------------------------
    "Basic rules": "Regole di base",
    "Doubling cube": "Cubo del raddoppio",
    "Jacoby rule": "Regola Jacoby",
    "Squares win too": "Vincono anche i quadrati",
    # -- results --------------------------------------------------------------------------------
    "checkmate": "scacco matto",
    "stalemate": "stallo",
    "insufficient material": "materiale insufficiente",
    "fivefold repetition": "ripetizione per cinque volte",
    "the 75-move rule": "la regola delle 75 mosse",
    "threefold repetition": "ripetizione per tre volte",
    "the 50-move rule": "la regola delle 50 mosse",
    "three in a row": "tre in fila",
    "board full": "griglia piena",
    "three numbers that add up to 15": "tre numeri che sommati fanno 15",
    "all nine numbers taken": "tutti e nove i numeri presi",
    "recorded result": "risultato registrato",
    "four in a line sharing an attribute": "quattro in linea con una caratteristica in comune",
    "four in a block sharing an attribute": "quattro in un quadrato con una caratteristica in comune",
    "no line can be completed": "nessuna linea si può completare",
    "double dropped": "raddoppio rifiutato",
    "all checkers borne off": "tutte le pedine portate fuori",
    "gammon": "gammon",
    "backgammon": "backgammon",
    # -- Quarto's pieces ------------------------------------------------------------------------
    "tall": "alto", "short": "basso", "dark": "scuro", "light": "chiaro",
    "square": "quadrato", "round": "rotondo", "hollow": "cavo", "solid": "pieno",
    # -- algorithms -----------------------------------------------------------------------------
    "Alpha-beta": "Alfa-beta",
    "alpha-beta": "alfa-beta",
    # -- levels ---------------------------------------------------------------------------------
    "Beginner": "Principiante",
    "Novice": "Novizio",
    "Casual": "Dilettante",
    "Club": "Circolo",
    "Good": "Buono",
    "Strong": "Forte",
    "Expert": "Esperto",
    "Maximum": "Massimo",
    "Perfect": "Perfetto",
    "makes mistakes often": "sbaglia spesso",
    "makes a mistake now and then": "ogni tanto sbaglia",
    "rarely makes a mistake": "sbaglia di rado",
    "no deliberate mistakes, but looks only 5 turns ahead": "nessun errore voluto, ma guarda solo 5 turni avanti",
    "never loses": "non perde mai",
    "grabs material without looking at your reply": "prende materiale senza guardare la tua risposta",
    "sees your reply, but misses exchanges": "vede la tua risposta, ma non vede gli scambi",
    "sees exchanges, errs now and then": "vede gli scambi, ogni tanto sbaglia",
    "solid, but short-sighted": "solido, ma miope",
    "rarely errs, looks up to 4 turns ahead": "sbaglia di rado, guarda fino a 4 turni avanti",
    "no deliberate mistakes, looks up to 5 turns ahead": "nessun errore voluto, guarda fino a 5 turni avanti",
    "looks up to 6 turns ahead": "guarda fino a 6 turni avanti",
    "as deep as its time allows, and judges mobility and king safety":
        "fin dove il tempo permette, e giudica mobilità e sicurezza del re",
    "gives away winning pieces now and then": "ogni tanto regala pezzi vincenti",
    "never hands over a win it can see, but looks one turn ahead": "non regala mai una vittoria che vede, ma guarda un turno avanti",
    "looks two turns ahead, errs a little": "guarda due turni avanti, sbaglia un po'",
    "no deliberate mistakes, looks three turns ahead": "nessun errore voluto, guarda tre turni avanti",
    "perfect from 9 empty squares on (searches to the end); before, uses its time":
        "perfetto da 9 caselle vuote in poi (cerca fino alla fine); prima, usa il suo tempo",
    "misjudges positions often (errors up to 0.3 points)": "valuta male spesso (errori fino a 0,3 punti)",
    "judges each of its moves, sometimes wrongly": "valuta ogni sua mossa, a volte male",
    "picks the move its evaluation likes best (0-ply)": "sceglie la mossa che la sua valutazione preferisce (0-ply)",
    "{proper}: no double {no_double:+.3f}, double/take {double_take:+.3f}, double/drop {double_drop:+.3f} ({plies}-ply)":
        "{proper}: niente raddoppio {no_double:+.3f}, raddoppio/accetta {double_take:+.3f}, "
        "raddoppio/rifiuta {double_drop:+.3f} ({plies}-ply)",
    "Double, take": "Raddoppio, accetta",
    "Double, drop": "Raddoppio, rifiuta",
    "No double, take": "Niente raddoppio, accetta",
    "No double, drop": "Niente raddoppio, rifiuta",
    "Too good to double, take": "Troppo forte per raddoppiare, accetta",
    "Too good to double, drop": "Troppo forte per raddoppiare, rifiuta",
    "Optional double, take": "Raddoppio facoltativo, accetta",
    "Optional double, drop": "Raddoppio facoltativo, rifiuta",
    "also averages over every roll of your reply (1-ply)": "fa anche la media su ogni tiro della tua risposta (1-ply)",
    "as Strong, then 2-ply on its best two moves as far as its time allows":
        "come Forte, poi 2-ply sulle sue due mosse migliori finché il tempo lo consente",
    # -- the search lab's demonstrations (ai/demonstrations.py) and tree notes ------------------
    "the game is over": "la partita è finita",
    "a repetition: a draw": "una ripetizione: patta",
    "Why alpha-beta visits fewer nodes": "Perché alfa-beta visita meno nodi",
    "An alpha-beta tree, node by node": "Un albero alfa-beta, nodo per nodo",
    "A Quarto endgame, searched to the end": "Un finale di Quarto, cercato fino alla fine",
    "The horizon effect, and quiescence search": "L'effetto orizzonte e la ricerca di quiescenza",
    "Where the transposition table saves most": "Dove la tabella delle trasposizioni risparmia di più",
    "Iterative deepening re-uses the last line": "L'approfondimento iterativo riusa l'ultima linea",
    "A chance node: what the dice average": "Un nodo di caso: la media dei dadi",
    "Sum-15 is tic-tac-toe in disguise": "Somma 15 è il tris travestito",
    "The same position searched to the end of the game by every algorithm. Minimax looks at every node; alpha-beta skips branches that cannot change the result and finds the same value with a small fraction of the nodes; a table and good move ordering save more again.":
        "La stessa posizione cercata fino alla fine della partita da ogni algoritmo. Minimax guarda ogni nodo; "
        "alfa-beta salta i rami che non possono cambiare il risultato e trova lo stesso valore con una piccola parte "
        "dei nodi; una tabella e un buon ordinamento delle mosse risparmiano ancora di più.",
    "Step through the search with the arrows or Play. Grey stubs are moves alpha-beta never searched: a cut-off proved they cannot matter. Hover a node for its window (alpha, beta); the thick line is the principal variation.":
        "Segui la ricerca passo passo con le frecce o con Riproduci. I mozziconi grigi sono mosse che alfa-beta non ha "
        "mai cercato: un taglio ha dimostrato che non contano. Punta un nodo per vederne la finestra (alfa, beta); la "
        "linea spessa è la variante principale.",
    "Five squares are left: each move places the piece you were given, then gives one away. The tree is the whole rest of the game. Eight of the 20 moves give away a piece that wins at once (L2); three moves win, a1 giving 9 the fastest (W3). Alpha-beta proves it in 66 nodes; choose minimax and run it again for the full 214.":
        "Restano cinque caselle: ogni mossa piazza il pezzo ricevuto, poi ne dà via uno. L'albero è tutto il resto "
        "della partita. Otto delle 20 mosse danno via un pezzo che vince subito (S2); tre mosse vincono, a1 dando il "
        "9 la più rapida (V3). Alfa-beta lo dimostra in 66 nodi; scegli minimax e avvia di nuovo per tutti i 214.",
    "Searched one ply deep without quiescence, the queen takes the pawn on d5: the search stops right after Qxd5 and counts a pawn won, blind to ...exd5 one ply beyond its horizon. Quiescence search goes on through the captures until the position is quiet, sees that Qxd5 loses the queen, and plays a quiet move instead: the status line names each search's move.":
        "Cercando a una semimossa senza quiescenza, la donna prende il pedone in d5: la ricerca si ferma subito dopo "
        "Qxd5 e conta un pedone guadagnato, cieca a ...exd5 una semimossa oltre il suo orizzonte. La ricerca di "
        "quiescenza prosegue con le catture finché la posizione è tranquilla, vede che Qxd5 perde la donna e gioca "
        "invece una mossa tranquilla: la riga di stato dice la mossa di ciascuna ricerca.",
    "Lasker and Reichhelm's king-and-pawn ending (1901): the kings reach the same squares by many move orders, so the same positions come up again and again. With a table each is searched once; look at the nodes and the table hits. (The plain search, run first, takes by far the longest: the status line counts its seconds.)":
        "Il finale di re e pedoni di Lasker e Reichhelm (1901): i re raggiungono le stesse case con molti ordini di "
        "mosse, così le stesse posizioni si ripresentano di continuo. Con una tabella ognuna è cercata una volta sola; "
        "guarda i nodi e i successi della tabella. (La ricerca semplice, avviata per prima, è di gran lunga la più "
        "lunga: la riga di stato ne conta i secondi.)",
    "The engine searches depth 1, then 2, then 3... Each iteration searches the previous iteration's best line first, and the table remembers the rest, so a new depth costs only a few times the last. The chart shows nodes (log scale) and time per depth.":
        "Il motore cerca a profondità 1, poi 2, poi 3... Ogni iterazione cerca per prima la linea migliore della "
        "precedente e la tabella ricorda il resto, così una nuova profondità costa solo poche volte l'ultima. Il "
        "grafico mostra i nodi (scala log) e il tempo per profondità.",
    "The first player has taken 5. In the magic square 2 7 6 / 9 5 1 / 4 3 8 every row, column and diagonal adds up to 15, and no other three numbers do: taking a number is marking its square, and this is tic-tac-toe after X took the centre (in a game, the Magic square button shows it). The two game trees are the same size: minimax visits 55,505 nodes here, exactly as many as from that tic-tac-toe position, and finds the same value, a draw. The pruning algorithms' counts differ a little: they try the numbers in another order than the squares.":
        "Il primo giocatore ha preso il 5. Nel quadrato magico 2 7 6 / 9 5 1 / 4 3 8 ogni riga, colonna e "
        "diagonale fa 15, e nessun'altra terna di numeri: prendere un numero è segnare la sua casella, e questo è "
        "il tris dopo che X ha preso il centro (in partita lo mostra il pulsante Quadrato magico). I due alberi di "
        "gioco hanno la stessa grandezza: minimax visita qui 55.505 nodi, esattamente quanti dalla posizione di "
        "tris corrispondente, e trova lo stesso valore, patta. I conteggi degli algoritmi con potatura differiscono "
        "un po': provano i numeri in un altro ordine rispetto alle caselle.",
    "White is to roll, with three checkers left to bear off. The root is a chance node: its value is the average of White's best play after each of the 21 rolls, a double weighing 1/36 and any other roll 2/36. Hover a roll to see its probability and its value.":
        "Tocca al Bianco tirare, con tre pedine ancora da portare fuori. La radice è un nodo di caso: il suo valore è la "
        "media del gioco migliore del Bianco dopo ciascuno dei 21 tiri, un doppio con peso 1/36 e ogni altro tiro "
        "2/36. Punta un tiro per vederne la probabilità e il valore.",
    # -- a game's words for a hint (games/*/explanation.py) --------------------------------------
    "wins the queen": "vince la donna",
    "wins a rook": "vince una torre",
    "wins a bishop": "vince un alfiere",
    "wins a knight": "vince un cavallo",
    "wins a pawn": "vince un pedone",
    "wins {count} pawns": "vince {count} pedoni",
    "wins the exchange": "vince la qualità",
    "wins {won} for {paid}": "vince {won} per {paid}",
    "the queen": "la donna",
    "a rook": "una torre",
    "a bishop": "un alfiere",
    "a knight": "un cavallo",
    "a pawn": "un pedone",
    "wins material worth a pawn": "vince materiale per un pedone",
    "wins material worth {count} pawns": "vince materiale per {count} pedoni",
    "promotes to a queen": "promuove a donna",
    "promotes to a rook": "promuove a torre",
    "promotes to a bishop": "promuove ad alfiere",
    "promotes to a knight": "promuove a cavallo",
    "gives checkmate": "dà scacco matto",
    "mates in {count}": "dà matto in {count} mosse",
    "every other piece gives the opponent a win": "ogni altro pezzo dà la vittoria all'avversario",
    "avoids the one piece that gives the opponent a win": "evita l'unico pezzo che dà la vittoria all'avversario",
    "avoids {count} pieces that give the opponent a win": "evita {count} pezzi che danno la vittoria all'avversario",
    "hits a blot": "colpisce una pedina scoperta",
    "hits {count} blots": "colpisce {count} pedine scoperte",
    "makes the {point} point": "fa la punta {point}",
    "makes {count} points: {points}": "fa {count} punte: {points}",
    "the database says {percent} to bear off first": "secondo il database, {percent} di finire per primo il bear-off",
    "Hand-made vs learned evaluation": "Valutazione fatta a mano o appresa",
    "learned": "appresa",
    "hand-made": "fatta a mano",
    "basic": "di base",
    "full": "completa",
    "White enters with 3-3, judged at 0-ply. The hand-made evaluation, a formula over features a person chose, hits: bar/22 13/10 10/7 7/4*, leaving 3 blots. The learned one, networks trained by self-play, makes the 10 point: bar/22 16/13 13/10(2). At depth 2 the hand-made one agrees. In the benchmarks the learned one is far stronger.":
        "Il Bianco entra con 3-3, giudicato a 0-ply. La valutazione fatta a mano, una formula su caratteristiche "
        "scelte da una persona, colpisce: bar/22 13/10 10/7 7/4*, con 3 pedine scoperte. Quella appresa, reti "
        "addestrate giocando da sole, fa la punta 10: bar/22 16/13 13/10(2). A profondità 2 quella fatta a mano "
        "concorda. Nei benchmark quella appresa è molto più forte.",
    # -- the board editor (games/setup.py and each game's setup.py) -----------------------------
    "the game is already over in this position ({reason})": "in questa posizione la partita è già finita ({reason})",
    "{place} is held by both players": "{place} è di entrambi i giocatori",
    "{x_count} X and {o_count} O cannot happen: X moves first, so X has as many marks as O or one more":
        "{x_count} X e {o_count} O non possono capitare: X muove per primo, quindi X ha tanti segni quanti O o uno in più",
    "both X and O have three in a row": "sia X sia O hanno tre in fila",
    "O moved after X had already won": "O ha mosso dopo che X aveva già vinto",
    "X moved after O had already won": "X ha mosso dopo che O aveva già vinto",
    "the game went on after a line was completed": "la partita è andata avanti dopo che una linea era completa",
    "the first player holds {first_count} numbers and the second {second_count}, which cannot happen: the first "
    "player moves first, so holds as many as the second or one more":
        "il primo giocatore ha {first_count} numeri e il secondo {second_count}, il che non può capitare: il primo "
        "giocatore muove per primo, quindi ne ha tanti quanti il secondo o uno in più",
    "both players hold three numbers that add up to 15": "entrambi i giocatori hanno tre numeri che sommati fanno 15",
    "the second player moved after the first had won": "il secondo giocatore ha mosso dopo che il primo aveva vinto",
    "the first player moved after the second had won": "il primo giocatore ha mosso dopo che il secondo aveva vinto",
    "piece {piece} is on the board twice": "il pezzo {piece} è sulla scacchiera due volte",
    "the game went on after four in a line were complete":
        "la partita è andata avanti dopo che quattro in linea erano complete",
    "piece {piece} is in hand and on the board": "il pezzo {piece} è in mano e sulla scacchiera",
    "the game is over, so no piece can be in hand": "la partita è finita, quindi nessun pezzo può essere in mano",
    "a game in progress needs the piece in hand": "una partita in corso ha bisogno del pezzo in mano",
    "To move": "Al tratto",
    "White O-O": "Bianco O-O",
    "White O-O-O": "Bianco O-O-O",
    "Black O-O": "Nero O-O",
    "Black O-O-O": "Nero O-O-O",
    "En passant": "En passant",
    "None": "Nessuna",
    "White has no king": "il Bianco non ha il re",
    "Black has no king": "il Nero non ha il re",
    "a side has more than one king": "un lato ha più di un re",
    "White has more than 8 pawns": "il Bianco ha più di 8 pedoni",
    "Black has more than 8 pawns": "il Nero ha più di 8 pedoni",
    "a pawn stands on the first or last rank": "un pedone sta sulla prima o sull'ultima traversa",
    "White has more than 16 pieces": "il Bianco ha più di 16 pezzi",
    "Black has more than 16 pieces": "il Nero ha più di 16 pezzi",
    "the castling rights do not fit the kings and rooks": "i diritti di arrocco non corrispondono ai re e alle torri",
    "the en passant square is impossible": "la casella en passant è impossibile",
    "the side not to move is in check": "il lato che non ha il tratto è sotto scacco",
    "the board is empty": "la scacchiera è vuota",
    "the king is checked by more than two pieces": "il re è sotto scacco da più di due pezzi",
    "the check could not have come from a legal move": "lo scacco non può venire da una mossa legale",
    "it is not a possible position": "non è una posizione possibile",
    "On roll": "Di turno",
    "Before the opening roll": "Prima del tiro d'apertura",
    "Dice": "Dadi",
    "To roll": "Da tirare",
    "Cube value": "Valore del cubo",
    "Cube owner": "Possessore del cubo",
    "Centred": "Al centro",
    "point {point} holds {player}'s checkers: take them off first":
        "la punta {point} ha le pedine del {player}: prima toglile",
    "all 15 of {player}'s checkers are on the board already: take one off first":
        "tutte le 15 pedine del {player} sono già sul tavoliere: prima togline una",
    "{player} has {count} checkers on the board and the bar (a side has 15)":
        "il {player} ha {count} pedine sul tavoliere e sulla barra (un lato ne ha 15)",
    "both sides have checkers on point {point}": "entrambi i lati hanno pedine sulla punta {point}",
    "before the opening roll there are no dice yet": "prima del tiro d'apertura non ci sono ancora dadi",
    "before the opening roll the cube is centred at 1": "prima del tiro d'apertura il cubo è al centro, a 1",
    "only the starting position comes before the opening roll":
        "solo la posizione iniziale viene prima del tiro d'apertura",
    "the cube is centred exactly while its value is 1": "il cubo è al centro esattamente quando vale 1",
    "a double is offered only before the dice are rolled": "un raddoppio si offre solo prima di tirare i dadi",
    "a double is dropped only before the dice are rolled": "un raddoppio si rifiuta solo prima di tirare i dadi",
    "only the cube's owner, or either side while it is centred, can double":
        "solo chi possiede il cubo, o ciascun lato finché è al centro, può raddoppiare",
    "the game is over: no dice can be rolled": "la partita è finita: non si possono tirare i dadi",
}
