"""The words of the play screen: the status line and the end of a game, from the person's
point of view ("You lost — O won by three in a row" in red, not a neutral "O wins")."""
from __future__ import annotations

from games.base import Outcome
from ui import theme
from ui.game_texts import reason_text
from ui.i18n import format_number, tr, tr_known, tr_plural
from ui.session import GameSession
from ui.widgets.move_list import move_label

Colour = tuple[int, int, int]


def result_words(session: GameSession, result: Outcome) -> tuple[str, str, Colour]:
    """``(title, sentence, colour)`` for a finished game: "You won!"/"You lost" in green/red
    when one person plays the computer, "X won"/"Draw" otherwise."""
    names = session.game.player_names
    humans = session.humans
    reason = reason_text(result.reason)
    if result.winner is None:
        return tr("Draw"), tr("Draw \u2014 {reason}", reason=reason), theme.TEXT
    winner = tr_known(names[result.winner])
    if len(humans) == 1:
        if result.winner == humans[0]:
            return tr("You won!"), tr("You won by {reason}", reason=reason), theme.GOOD
        return tr("You lost"), tr("You lost \u2014 {winner} won by {reason}", winner=winner, reason=reason), theme.DANGER
    return tr("{winner} won", winner=winner), tr("{winner} won by {reason}", winner=winner, reason=reason), theme.ACCENT


def result_message(sentence: str) -> str:
    """The end-of-game dialog's message after the result's ``sentence``."""
    return tr("{sentence}.\nReview the moves, take back and try again, or start a new game.", sentence=sentence)


def failure_message(problem: str, name: str) -> str:
    """The dialog's message when the computer's search failed; ``name`` plays next."""
    return tr("The computer's search failed: {problem}\nThe game is saved and nothing was lost. "
              "Try again, or play {name}'s moves yourself.", problem=problem, name=name)


def shown_move(session: GameSession, shown: int) -> str:
    """The move that led to the position after ``shown`` moves, as the move list numbers
    it (``2. Bc4``, ``2\u2026 Nc6``; ``move_label``), or "" for the start."""
    if not shown:
        return ""
    record = session.record
    return move_label(record.movers, record.display_texts, shown - 1, record.states[0].first_move_number())


def takeback_question(after: str, dropped: int) -> str:
    """Asking before taking back to the position after the move ``after`` (``shown_move``;
    "": the start), which removes ``dropped`` moves."""
    if after:
        return tr_plural(dropped, "Go back to the position after {move} and remove the {count} move after it.",
                         "Go back to the position after {move} and remove the {count} moves after it.",
                         move=after)
    return tr_plural(dropped, "Go back to the start and remove the {count} move after it.",
                     "Go back to the start and remove the {count} moves after it.")


def play_from_here_question(after: str, dropped: int) -> str:
    """Asking before playing on from the position after the move ``after``
    (``shown_move``; "": the start), which removes ``dropped`` later moves."""
    if after:
        return tr_plural(dropped, "Continue the game from the position after {move}. The {count} later move "
                         "will be removed.", "Continue the game from the position after {move}. The {count} "
                         "later moves will be removed.", move=after)
    return tr_plural(dropped, "Continue the game from the start. The {count} later move will be removed.",
                     "Continue the game from the start. The {count} later moves will be removed.")


def status_text(session: GameSession, move_instruction: str) -> tuple[str, Colour]:
    """The status line when no message is showing: the position being reviewed, the
    result, a stopped or paused computer, or whose turn it is."""
    if session.view_index is not None:
        shown = session.view_index
        if shown:
            text = tr("Viewing the position after {move}", move=shown_move(session, shown))
        else:
            text = tr("Viewing the start")
        if session.watch_mode and session.watch.paused_for_review:
            text += tr(" \u2014 the computers are paused while you look back; End (\u25b6|) resumes")
        else:
            text += tr(" \u2014 End (\u25b6|) returns to the game, P plays on from here")
        return text, theme.ACCENT
    result = session.record.result
    if result is not None:
        _, sentence, colour = result_words(session, result)
        next_game = session.watch.seconds_to_next_game()
        if next_game is not None:
            sentence += tr(" \u00b7 paused") if session.paused else tr(" \u00b7 next game in {seconds} s",
                                                                      seconds=format_number(next_game, ".0f"))
        return sentence, colour
    mover = session.record.state.to_move()
    name = tr_known(session.game.player_name(mover))
    if session.ai_halted:
        return tr("The computer is stopped (see the message)."), theme.DANGER
    if session.paused and session.players[mover].is_ai:
        return tr("Paused \u2014 {name} to move. Space resumes, S plays one move.", name=name), theme.WARNING
    if session.thinking:
        return tr("{name} is thinking\u2026", name=name), theme.TEXT
    wait = session.seconds_to_next_move()
    if wait >= 0.05:
        return tr("{name} to move in {seconds} s", name=name, seconds=format_number(wait, ".1f")), theme.TEXT
    if session.players[mover].is_ai:
        return tr("{name} to move", name=name), theme.TEXT
    who = tr("Your move") if len(session.humans) == 1 else tr("{name} to move", name=name)
    return tr("{who} \u2014 {instruction}", who=who, instruction=move_instruction), theme.TEXT


def help_sections(board_entries: list[tuple[str, str]], rollouts: bool = False
                  ) -> list[tuple[str, list[tuple[str, str]]]]:
    """Every key and mouse action of the play screen, with the board view's own
    ``board_entries`` first (and the rollout's keys when ``rollouts``, a game with
    chance): ``(heading, [(keys, action), ...])`` for the help overlay."""
    rollout_entries = [
        (tr("R (or Rollout)"), tr("roll out the candidates listed: games played on from each with the same dice, "
                                  "cut after a few turns; R again, or Esc, stops it")),
        (tr("Shift+R"), tr("a rollout of whole games")),
    ] if rollouts else []
    return [
        (tr("Playing"), [
            *board_entries,
            ("H", tr("hint: the best move, searched for a second, and why in one sentence")),
            (tr("U or Backspace"), tr("take back to your previous turn (from the position shown)")),
            ("N", tr("new game (asks first while a game is on)")),
            ("F", tr("flip the board")),
            (tr("Resign"), tr("give up the game (asks first)")),
            (tr("Offer draw / Claim draw"), tr("the computer accepts when it is not better; a draw the rules "
                                               "allow (repetition, 50 moves) is claimed")),
            ("Esc", tr("back to the menu (the game stays saved)")),
        ]),
        (tr("Reviewing the game"), [
            (tr("\u2190 \u2192, Home, End"), tr("previous, next, first, last position")),
            (tr("Click a move"), tr("show the position after it")),
            (tr("Mouse wheel"), tr("scroll the move list")),
            ("P", tr("play on from the shown position (later moves are removed, after asking)")),
            ("L", tr("the search lab on the shown position: compare algorithms, see the tree")),
        ]),
        (tr("Watching two computers"), [
            (tr("Space"), tr("pause or resume")),
            ("S", tr("step: one move while paused")),
            (tr("Delay slider"), tr("seconds between moves")),
            (tr("Looking back"), tr("pauses the match; End resumes it")),
        ]),
        (tr("Games and positions (the Game\u2026 button)"), [
            (tr("Ctrl+S / Ctrl+O"), tr("save the game as a file / open a saved one (chess: PGN)")),
            (tr("Ctrl+C / Ctrl+Shift+C"), tr("copy the game / the position shown (chess: FEN)")),
            (tr("Ctrl+V"), tr("paste a game or a position to play from (asks before replacing a game)")),
            ("E", tr("the board editor on the position shown (Edit position): put and take off pieces, set the "
                     "side to move, then play, watch or search from there")),
        ]),
        (tr("Engine panel"), [
            (tr("Hover a column title"), tr("what the columns mean")),
            (tr("Pondering on \u2026"), tr("the computer thinks on your time: it searches the position after the reply "
                                          "it expects; play that reply and the search goes on as its move")),
            *rollout_entries,
        ]),
    ]

