"""Chess games as PGN (Portable Game Notation) text, written and read with python-chess.

``write_pgn`` writes one game: the Seven Tag Roster (Event, Site, Date, Round, White,
Black, Result) with "?" and today's date where the caller gives nothing, ``FEN`` and
``SetUp`` when the game did not start from the standard position, any other tags given
(``TimeControl``, ...), then the moves in SAN with move numbers, comments in braces after
the moves they belong to (``{ +0.35/12 }``) and the result token (``1-0``, ``0-1``,
``1/2-1/2``, ``*``), lines wrapped at 80 columns.

``read_pgn`` reads every game of a text (or only its first few: the text after them is
not read, so a database of thousands of games opens at once) and refuses, with
``InvalidRecord`` saying
where and why, a text that is empty, is not text, holds something that is not PGN
(a word that is not a move, a broken tag, a comment or variation never closed: a text
cut off), or a game whose main line has an illegal move, a bad ``FEN`` tag or a variant
other than standard chess. Variations, NAGs and comments are read past; the main line
is kept. python-chess's own reader skips what it cannot read without saying so (and
loses its place after an illegal move inside a variation), so the text is read here,
line by line, and only the main line's moves go to python-chess's SAN parser.

This module uses neither pygame nor ``ai``/``ui``.
"""
from __future__ import annotations

import re
import textwrap
import time
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field

import chess
import chess.pgn

from games.base import FIRST, SECOND, GameText, IllegalMove, InvalidPosition, InvalidRecord, Outcome
from games.chess.rules import ChessState, position_from_fen, starting_position

SEVEN_TAG_ROSTER = ("Event", "Site", "Date", "Round", "White", "Black", "Result")
"""The tags every PGN game has, in the order they are written."""
COLUMNS = 80
"""Movetext lines are wrapped at this many characters (a longer single token stays whole)."""
RECORDED_RESULT = "recorded result"
"""The ``Outcome.reason`` of a result read from a ``Result`` tag (the reason itself,
resignation or time forfeit, is not in the moves)."""

_TAG_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_+#=:-]*")
_RESULT_WINNERS = {"1-0": FIRST, "0-1": SECOND, "1/2-1/2": None}

# -- writing -------------------------------------------------------------------------------------


def result_token(result: Outcome | None) -> str:
    """The PGN result token: ``1-0`` (White won), ``0-1``, ``1/2-1/2`` or ``*`` (not over)."""
    if result is None:
        return "*"
    if result.winner == FIRST:
        return "1-0"
    if result.winner == SECOND:
        return "0-1"
    return "1/2-1/2"


def pgn_date(seconds: float | None = None) -> str:
    """A date as PGN writes it, ``2024.05.17`` (local time; default now)."""
    return time.strftime("%Y.%m.%d", time.localtime(seconds))


def _tag_value(value: object) -> str:
    """``value`` as a PGN tag string: one line, quotes and backslashes escaped."""
    text = " ".join(str(value).split())
    return text.replace("\\", "\\\\").replace('"', '\\"')


def _comment_text(comment: str) -> str:
    """``comment`` fit for braces: one line, no closing brace."""
    return " ".join(comment.replace("}", ")").replace("{", "(").split())


def write_pgn(initial: ChessState, moves: Sequence[chess.Move], result: Outcome | None,
              tags: dict[str, str], comments: dict[int, str]) -> str:
    """The game from ``initial`` through ``moves`` as PGN text ending with a newline.

    ``tags`` fill the header (missing Seven Tag Roster tags become "?", the date today);
    ``Result``, ``FEN`` and ``SetUp`` come from ``result`` and ``initial``, never from
    ``tags``. ``comments[i]`` is written in braces after move ``i`` (0-based); other keys
    are ignored. A result lost on time also gets ``[Termination "time forfeit"]``.
    Several games in one file are separated by an empty line (join with ``"\\n"``).

    Raises ``ValueError`` for a tag name PGN does not allow and ``games.base.IllegalMove``
    (a ``ValueError``) when a move is not legal where it is played.
    """
    game = chess.pgn.Game()
    game.headers["Date"] = pgn_date()
    for name, value in tags.items():
        if not _TAG_NAME.fullmatch(name):
            raise ValueError(f"{name!r} is not a PGN tag name (letters, digits and _ only)")
        if name not in ("Result", "FEN", "SetUp"):
            game.headers[name] = _tag_value(value)
    game.setup(initial.board)
    token = result_token(result)
    game.headers["Result"] = token
    if result is not None and "time" in result.reason.lower() and "Termination" not in tags:
        game.headers["Termination"] = "time forfeit"
    node: chess.pgn.GameNode = game
    state = initial
    for index, move in enumerate(moves):
        if move not in state.legal_moves():
            raise IllegalMove(f"move {index + 1} ({move}) is not legal in the position {state.to_text()}")
        node = node.add_variation(move)
        comment = comments.get(index)
        if comment and comment.strip():
            node.comment = _comment_text(comment)
        state = state.apply(move)
    header = "".join(f'[{name} "{value}"]\n' for name, value in game.headers.items())
    exporter = chess.pgn.StringExporter(columns=None, headers=False, comments=True, variations=False)
    return f"{header}\n{_wrapped(game.accept(exporter))}\n"


def _wrapped(movetext: str) -> str:
    """``movetext`` in lines of at most ``COLUMNS`` characters, never parting a move
    number from its move, nor cutting a token (``O-O-O``, ``1/2-1/2``) or a short comment."""
    glued = re.sub(r"\{[^}]*\}", lambda comment: comment.group().replace(" ", "\u00a0")
                   if len(comment.group()) <= COLUMNS // 2 else comment.group(), movetext.strip())
    glued = re.sub(r"(\d+\.(?:\.\.)?) ", "\\1\u00a0", glued)
    lines = textwrap.wrap(glued, COLUMNS, break_long_words=False, break_on_hyphens=False)
    return "\n".join(line.replace("\u00a0", " ") for line in lines)


# -- reading -------------------------------------------------------------------------------------

_SAN = r"(?:[PNBRQK]?[a-h]?[1-8]?[-x:]?[a-h][1-8](?:=?[NBRQKnbrqk])?|O-O(?:-O)?|0-0(?:-0)?|--|Z0|0000|@@@@)"
_END = r"(?=[\s(){};$]|\Z)"
_TOKEN = re.compile(rf"""
    (?P<space>\s+)
  | (?P<comment>\{{)
  | (?P<rest>;)
  | (?P<open>\()
  | (?P<close>\))
  | (?P<nag>\$\d+)
  | (?P<result>(?:1-0|0-1|1/2-1/2|\*){_END})
  | (?P<number>\d+\.+)
  | (?P<move>{_SAN}(?:e\.p\.)?[+#]?[!?]{{0,2}}{_END})
  | (?P<glyph>(?:[!?]{{1,2}}|e\.p\.|\+-|-\+|\+/=|=/\+|\+/-|-/\+|=|\u221e|\u00b1|\u2213|\u2a72|\u2a71){_END})
""", re.VERBOSE)


@dataclass
class _Chunk:
    """One game as found in the text: the line it starts on, its tags (quotes unescaped),
    the main line's moves as ``(line, token)`` and the result token ("" if none)."""

    first_line: int
    tags: dict[str, str] = field(default_factory=dict)
    moves: list[tuple[int, str]] = field(default_factory=list)
    result: str = ""


class _Splitter:
    """Checks PGN text line by line and cuts it into games; ``InvalidRecord`` at the first
    thing that is not PGN. A game ends at an empty line after its moves, or where the next
    game's tags begin. Comments, NAGs and variations are read past; the main line's move
    tokens are kept with their line numbers."""

    def __init__(self) -> None:
        self.games: list[_Chunk] = []
        self.current: _Chunk | None = None
        self.in_moves = False
        self.comment_line = 0  # the line of an open brace comment, 0 when none is open
        self.open_variations: list[int] = []
        self.dangling_number: tuple[int, str] | None = None
        self.more_follows = False
        """Whether ``split`` stopped at its limit with more than blank lines left."""
        self.complete = True
        """Whether the games found are all there is up to the limit (false when the text
        ended inside the games looked for and more text may follow)."""

    def split(self, lines: Iterable[str], limit: int | None = None, more: bool = False) -> list[_Chunk]:
        """The games of the text whose ``lines`` are given (without their line ends),
        each line checked for control characters as it is read; with ``limit``, the
        first ``limit`` games, the lines after them not read (beyond the blank ones
        that follow). With ``more``, the lines are the beginning of a longer text: a
        game that runs to their end is not counted, and ``complete`` is false when it
        was needed (nothing is said of a comment or variation left open there)."""
        for number, line in enumerate(lines, start=1):
            if limit is not None and len(self.games) >= limit:
                if self.current is not None or (line.strip() and not line.startswith("%")):
                    self.more_follows = True
                    return self.games
                continue
            _refuse_binary(line, number)
            self._line(number, line)
        if more:
            self.complete = limit is not None and len(self.games) >= limit
            return self.games
        if self.comment_line:
            raise InvalidRecord(f"Line {self.comment_line}: the comment opened with {{ is never closed "
                                "(is the text cut off?)")
        self._finish_game()
        return self.games[:limit]

    def _line(self, number: int, line: str) -> None:
        if self.comment_line:
            close = line.find("}")
            if close >= 0:
                self.comment_line = 0
                self._tokens(number, line, close + 1)
            return
        stripped = line.strip()
        if line.startswith("%"):
            return
        if not stripped:
            if self.in_moves:
                self._finish_game()
            return
        if stripped.startswith("["):
            tag = chess.pgn.TAG_REGEX.match(stripped)
            if not tag:
                raise InvalidRecord(f"Line {number}: {_shorten(stripped)} is not a well-formed tag "
                                    '(tags look like [White "Name"])')
            if self.in_moves:
                self._finish_game()
            if self.current is None:
                self.current = _Chunk(number)
            self.current.tags[tag.group(1)] = re.sub(r'\\(["\\])', r"\1", tag.group(2))
            return
        if self.current is None:
            self.current = _Chunk(number)
        self.in_moves = True
        self._tokens(number, line, 0)

    def _tokens(self, number: int, line: str, position: int) -> None:
        game = self.current
        while position < len(line):
            match = _TOKEN.match(line, position)
            if match is None:
                self._junk(number, line, position)
            kind, token = match.lastgroup, match.group()
            position = match.end()
            main_line = not self.open_variations
            if kind == "comment":
                close = line.find("}", position)
                if close < 0:
                    self.comment_line = number
                    return
                position = close + 1
            elif kind == "rest":
                return
            elif kind == "open":
                self.open_variations.append(number)
            elif kind == "close":
                if main_line:
                    raise InvalidRecord(f"Line {number}: ) closes a variation that was never opened with (")
                self.open_variations.pop()
            elif kind == "result" and main_line:
                if game.result:
                    raise InvalidRecord(f"Line {number}: a second result ({token}) after {game.result}; "
                                        "start the next game after an empty line")
                game.result, self.dangling_number = token, None
            elif kind in ("number", "move"):
                if game.result and main_line:
                    raise InvalidRecord(f"Line {number}: {token} comes after the result {game.result}; "
                                        "start the next game after an empty line")
                self.dangling_number = (number, token) if kind == "number" else None
                if kind == "move" and main_line:
                    game.moves.append((number, token))

    def _junk(self, number: int, line: str, position: int) -> None:
        word = line[position:].split()[0]
        if word.startswith("}"):
            raise InvalidRecord(f"Line {number}: }} closes a comment that was never opened with {{")
        raise InvalidRecord(f"Line {number}: {_shorten(word)} is not a move, a move number, a comment or a "
                            "result, so this is not PGN as this app reads it")

    def _finish_game(self) -> None:
        if self.current is None:
            return
        if self.open_variations:
            raise InvalidRecord(f"Line {self.open_variations[-1]}: the variation opened with ( is never closed "
                                "(is the text cut off?)")
        if self.dangling_number is not None:
            line, token = self.dangling_number
            raise InvalidRecord(f"Line {line}: the move number {token} has no move after it "
                                "(is the text cut off?)")
        game = self.current
        if game.tags or game.moves or game.result:  # not only comments
            self.games.append(game)
        self.current, self.in_moves = None, False


def _shorten(text: str, limit: int = 30) -> str:
    """``text`` quoted for a message, cut to ``limit`` characters."""
    return repr(text if len(text) <= limit else text[:limit] + "\u2026")


_CONTROL = re.compile("[\x00-\x08\x0e-\x1f\x7f\ufffd]")
"""A control character (binary data), which PGN text never holds: any below 32 but the
tab, the line ends, vertical tab and form feed, then DEL, and U+FFFD, what undecodable
bytes became."""
_LINE_END = re.compile(r"\r\n?|\n")


BINARY_CHECK = 4096
"""Characters at the start of a text checked for control characters before it is read
(each line is checked again as it is read)."""


def _refuse_binary(text: str, first_line: int = 1) -> None:
    """``InvalidRecord`` naming the line (counted from ``first_line``) of the first control
    character in ``text``, if it holds one: binary data, not PGN text."""
    found = _CONTROL.search(text)
    if found is not None:
        line = first_line + text.count("\n", 0, found.start()) + text.count("\r", 0, found.start()) \
            - text.count("\r\n", 0, found.start())
        raise InvalidRecord(f"Line {line}: the text holds a control character (code {ord(found.group())}), "
                            "so it is not PGN text; is it the right file?")


def _lines(text: str, whole: bool = True) -> Iterator[str]:
    """The lines of ``text`` one by one, without their ends (Unix, Windows or old Mac), as
    ``text.split("\\n")`` would give them after turning every line end into ``\\n``,
    but read only as far as they are asked for. Not ``whole`` (the beginning of a longer
    text): what follows the last line end is left out (the next line's start, if any)."""
    start = 0
    for end in _LINE_END.finditer(text):
        yield text[start:end.start()]
        start = end.end()
    if whole:
        yield text[start:]


def _side(board: chess.Board) -> str:
    return "White" if board.turn == chess.WHITE else "Black"


def _numbered(board: chess.Board, san: str) -> str:
    """``14. Nf3`` or ``14... Nf6``: a move with its number, as PGN writes it."""
    return f"{board.fullmove_number}{'.' if board.turn == chess.WHITE else '...'} {san}"


def _san(token: str) -> str:
    """A move token as python-chess's SAN parser takes it: without annotations (``!?``),
    ``e.p.``, a pawn's ``P`` or a ``:`` for captures."""
    san = re.sub(r"[!?]+$", "", token).replace("e.p.", "").replace(":", "x")
    return san[1:] if re.match(r"P[a-h]", san) else san


def _why_not(error: Exception, board: chess.Board, san: str) -> str:
    """Why python-chess refused ``san`` in ``board``, in words."""
    if isinstance(error, chess.AmbiguousMoveError):
        return f"{san} could be more than one {_side(board)} move (say which piece, e.g. Nbd2)"
    if isinstance(error, chess.IllegalMoveError):
        check = f" ({_side(board)} is in check)" if board.is_check() else ""
        return f"{_side(board)} cannot play {san} in this position{check}"
    return f"{san!r} is not a chess move"


def _game_label(index: int, count: int, tags: dict[str, str]) -> str:
    """How messages name a game: "" when the text holds one, else "Game 2 (A vs B)"."""
    if count == 1:
        return ""
    white, black = tags.get("White", "?"), tags.get("Black", "?")
    names = f" ({white} vs {black})" if (white, black) != ("?", "?") else ""
    return f"Game {index}{names}"


def _refuse(label: str, problem: str) -> InvalidRecord:
    return InvalidRecord(f"{label}: {problem}" if label else problem[:1].upper() + problem[1:])


def _game_text(chunk: _Chunk, label: str) -> GameText:
    """The ``GameText`` of ``chunk``; ``InvalidRecord`` if it is not standard chess, its FEN
    tag is bad or a move of its main line is not legal. The moves are replayed through
    ``ChessState.apply`` so the repetition history is right."""
    tags = chunk.tags
    headers = chess.pgn.Headers(tags)
    try:
        variant = headers.variant()
    except ValueError:
        raise _refuse(label, f"the variant {tags.get('Variant')!r} is not chess as this app plays it") from None
    if variant is not chess.Board or headers.is_chess960():
        raise _refuse(label, f"the game is {tags.get('Variant', 'a chess variant')}, "
                             "which this app does not play")
    fen = tags.get("FEN")
    if fen is not None:
        try:
            initial = position_from_fen(fen)
        except InvalidPosition as problem:
            raise _refuse(label, f"the FEN tag does not give a usable starting position: {problem}") from None
    else:
        initial = starting_position()
    state = initial
    moves: list[chess.Move] = []
    for line, token in chunk.moves:
        board, san = state.board, _san(token)
        where = f"move {_numbered(board, san)} (line {line})"
        try:
            move = board.parse_san(san)
        except ValueError as error:
            raise _refuse(label, f"{where}: {_why_not(error, board, san)}") from None
        if move == chess.Move.null():
            raise _refuse(label, f"{where}: a null move (a pass), which chess does not allow")
        over = state.horizon_outcome()  # parse_san checked the rest: the automatic draws are left
        if over is not None:
            raise _refuse(label, f"{where}: the game was already over ({over.reason})")
        moves.append(move)
        state = state.apply(move)
    result = _recorded_result(tags.get("Result", chunk.result or "*"), state)
    return GameText(initial, tuple(moves), tags, result)


def _recorded_result(token: str, final: ChessState) -> Outcome | None:
    """The result of a game read from text: when the last position is itself over
    (checkmate, stalemate, ...) the rules say how it ended; otherwise the ``Result``
    tag (or the result at the end of the moves when there is no tag), with reason
    ``RECORDED_RESULT``, or ``None`` for ``*`` (or anything unknown)."""
    ended = final.outcome()
    if ended is not None:
        return ended
    token = token.strip()
    if token not in _RESULT_WINNERS:
        return None
    winner = _RESULT_WINNERS[token]
    return Outcome(winner, RECORDED_RESULT, 0 if winner is None else 1)


def decode_pgn(data: bytes) -> str:
    """The text of a PGN file's bytes: UTF-8 (with or without a byte-order mark), else
    Windows-1252/Latin-1, as older PGN files are. Never raises; binary data comes out
    with control characters, which ``read_pgn`` refuses."""
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        try:
            return data.decode("cp1252")
        except UnicodeDecodeError:
            return data.decode("latin-1")


def read_pgn(text: str, limit: int | None = None, more: bool = False) -> list[GameText]:
    """Every game in ``text``, in order (see the module docstring for what is refused),
    or with ``limit`` only the first ``limit`` of them: the text after them is neither
    read nor checked, so the first game of a database of thousands opens at once.

    Each ``GameText`` holds the starting position (from the ``FEN`` tag or the standard
    one), the main line's moves as ``chess.Move``\\ s legal in the ``ChessState``\\ s
    reached by ``apply`` from it, the tags as written (quotes unescaped; no defaults
    added) and the result: the rules' own outcome when the last position is over, else
    the ``Result`` tag's (reason ``RECORDED_RESULT``), ``None`` for ``*``.

    With ``more``, ``text`` is the beginning of a longer text, cut at a line end (a file
    read a piece at a time): a game running to its end may go on after it, so fewer than
    ``limit`` games come back (none at all, not an error) when the text ends inside the
    games asked for; read a longer beginning then. ``InvalidRecord`` is raised for what
    the lines given show to be wrong.

    Windows and old Mac line ends, a byte-order mark and a trailing Ctrl+Z are accepted.
    Raises ``InvalidRecord`` naming the line, or the game and move, and saying why.
    """
    text = text.lstrip("\ufeff")
    if not more:
        text = text.rstrip("\x1a")
        if not text or text.isspace():
            raise InvalidRecord("There is no game here: the text is empty")
    _refuse_binary(text[:BINARY_CHECK])  # binary data is told as such, not by its first odd word
    splitter = _Splitter()
    chunks = splitter.split(_lines(text, whole=not more), limit, more)
    if not splitter.complete:  # the games found, all finished before the text's end; more may follow
        return [_game_text(chunk, _game_label(index, 2, chunk.tags)) for index, chunk in enumerate(chunks, start=1)]
    if not chunks:
        raise InvalidRecord("There is no game here: the text holds only comments")
    count = len(chunks) + (1 if splitter.more_follows else 0)  # "Game 1 (...)" when others follow
    return [_game_text(chunk, _game_label(index, count, chunk.tags)) for index, chunk in enumerate(chunks, start=1)]
