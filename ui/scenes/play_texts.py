"""The words of the play screen: the status line and the end of a game, from the person's
point of view ("You lost — O won by three in a row" in red, not a neutral "O wins")."""
from __future__ import annotations

from games.base import Outcome
from ui import theme
from ui.session import GameSession

Colour = tuple[int, int, int]


def result_words(session: GameSession, result: Outcome) -> tuple[str, str, Colour]:
    """``(title, sentence, colour)`` for a finished game: "You won!"/"You lost" in green/red
    when one person plays the computer, "X won"/"Draw" otherwise."""
    names = session.game.player_names
    humans = session.humans
    if result.winner is None:
        return "Draw", f"Draw \u2014 {result.reason}", theme.TEXT
    winner = names[result.winner]
    if len(humans) == 1:
        if result.winner == humans[0]:
            return "You won!", f"You won by {result.reason}", theme.GOOD
        return "You lost", f"You lost \u2014 {winner} won by {result.reason}", theme.DANGER
    return f"{winner} won", f"{winner} won by {result.reason}", theme.ACCENT


def status_text(session: GameSession, move_instruction: str) -> tuple[str, Colour]:
    """The status line when no message is showing: the position being reviewed, the
    result, a stopped or paused computer, or whose turn it is."""
    if session.view_index is not None:
        shown, total = session.view_index, len(session.moves)
        text = f"Viewing the position after move {shown} of {total}" if shown else f"Viewing the start (of {total} moves)"
        if session.watch_mode and session.watch.paused_for_review:
            text += " \u2014 the computers are paused while you look back; End (\u25b6|) resumes"
        else:
            text += " \u2014 End (\u25b6|) returns to the game, P plays on from here"
        return text, theme.ACCENT
    result = session.result
    if result is not None:
        _, sentence, colour = result_words(session, result)
        next_game = session.seconds_to_next_game()
        if next_game is not None:
            sentence += " \u00b7 paused" if session.paused else f" \u00b7 next game in {next_game:.0f} s"
        return sentence, colour
    mover = session.state.to_move()
    name = session.game.player_name(mover)
    if session.ai_halted:
        return "The computer is stopped (see the message).", theme.DANGER
    if session.paused and session.players[mover].is_ai:
        return f"Paused \u2014 {name} to move. Space resumes, S plays one move.", theme.WARNING
    if session.thinking:
        return f"{name} is thinking\u2026", theme.TEXT
    wait = session.seconds_to_next_move()
    if wait >= 0.05:
        return f"{name} to move in {wait:.1f} s", theme.TEXT
    if session.players[mover].is_ai:
        return f"{name} to move", theme.TEXT
    who = "Your move" if len(session.humans) == 1 else f"{name} to move"
    return f"{who} \u2014 {move_instruction}", theme.TEXT


def help_sections(board_entries: list[tuple[str, str]]) -> list[tuple[str, list[tuple[str, str]]]]:
    """Every key and mouse action of the play screen, with the board view's own
    ``board_entries`` first: ``(heading, [(keys, action), ...])`` for the help overlay."""
    return [
        ("Playing", [
            *board_entries,
            ("H", "hint: the best move, searched for a second"),
            ("U or Backspace", "take back to your previous turn (from the position shown)"),
            ("N", "new game (asks first while a game is on)"),
            ("F", "flip the board"),
            ("Resign", "give up the game (asks first)"),
            ("Offer draw / Claim draw", "the computer accepts when it is not better; a draw the rules "
                                        "allow (repetition, 50 moves) is claimed"),
            ("Esc", "back to the menu (the game stays saved)"),
        ]),
        ("Reviewing the game", [
            ("\u2190 \u2192, Home, End", "previous, next, first, last position"),
            ("Click a move", "show the position after it"),
            ("Mouse wheel", "scroll the move list"),
            ("P", "play on from the shown position (later moves are removed, after asking)"),
            ("L", "the search lab on the shown position: compare algorithms, see the tree"),
        ]),
        ("Watching two computers", [
            ("Space", "pause or resume"),
            ("S", "step: one move while paused"),
            ("Delay slider", "seconds between moves"),
            ("Looking back", "pauses the match; End resumes it"),
        ]),
        ("Games and positions (the Game\u2026 button)", [
            ("Ctrl+S / Ctrl+O", "save the game as a file / open a saved one (chess: PGN)"),
            ("Ctrl+C / Ctrl+Shift+C", "copy the game / the position shown (chess: FEN)"),
            ("Ctrl+V", "paste a game or a position to play from (asks before replacing a game)"),
        ]),
        ("Engine panel", [
            ("Hover a column title", "what the columns mean"),
        ]),
    ]

