"""The Qipan line protocol: parse and format every message, with strict validation.

One message per line, printable ASCII (0x20..0x7E), ended by LF (a CR before it is dropped), at
most MAX_LINE bytes including the newline. Tokens are separated by single spaces. The first token
is the command, in upper case; the command table below fixes how many arguments each takes and
what they look like. Nothing received is ever evaluated or unpickled: a line either becomes a
Message of plain strings and ints, or parse_line raises ProtocolError naming the fault.

The full description, with the flow of a game, is docs/PROTOCOL.md.
"""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets
from dataclasses import dataclass

from game import games
from game.clock import ClockError, TimeControl

#: protocol name and version sent in HELLO; peers with another version are refused
#: (version 2 added the proof of the join code or the game secret: CHALLENGE, PROOF, PROVEN;
#: version 3 the clocks: a time control in OFFER / RESUME, the mover's time left on the host's MOVE
#: and PLAYED lines, CLOCK and FLAG; version 4 the rematch question REMATCH OFFER|ACCEPT|DECLINE and
#: the quick phrases, PHRASE <n>; version 5 the draughts option `variant` in OFFER, and the
#: Russian capture notation d4:b6 in MOVE)
NAME = "QIPAN"
VERSION = 5

#: longest accepted line, in bytes, including the newline
MAX_LINE = 512

GAMES = games.NAMES

#: the quick phrases a player may send (PHRASE <n>, n the index here): only numbers travel, each
#: side shows the phrase in its own player's language, and there is no free text to moderate
PHRASES = ("hello", "good_luck", "good_game", "thanks", "well_played", "oops", "your_move", "rematch")

# ---- argument kinds -----------------------------------------------------------------------------
_ID = re.compile(r"[0-9a-f]{8,32}")
_INT = re.compile(r"0|[1-9][0-9]{0,5}")  # 0..999999: plies, ping counters, versions
_MOVE = re.compile(r"[a-z0-9]+(?:[-x:][a-z0-9]+)*")  # c4, c8-c7, c7xc5, 32-28, 25x3x17x44x35, d4:b6
_SQUARE = re.compile(r"[a-h][1-9]")  # a Banqi square
_PIECE = re.compile(r"[KABRNCPkabrncp]")  # a Banqi piece, letters of the position text
_OPTION = re.compile(r"[a-z][a-z0-9_]{0,31}=[A-Za-z0-9_.+-]{1,32}")
_CODE = re.compile(r"[a-z_]{1,24}")
_WORD = re.compile(r"[A-Za-z0-9_.-]{1,32}")
_POSITION = re.compile(r"[A-Za-z0-9:/,.\- ]{1,400}")
_NONCE = re.compile(r"[0-9a-f]{32}")
_MAC = re.compile(r"[0-9a-f]{64}")
_GAME_REF = re.compile(r"-|[0-9a-f]{8,32}")  # a game id, or - for none
_MS = re.compile(r"0|[1-9][0-9]{0,8}")  # milliseconds, 0..999999999 (about 277 hours)
#: the most milliseconds a clock figure may hold on the wire (a sender clamps to it)
MAX_MS = 999_999_999

# error codes of ERROR lines
E_MALFORMED = "malformed"  # bad characters, spacing or argument
E_TOO_LONG = "too_long"  # a line over MAX_LINE bytes
E_UNKNOWN = "unknown_command"
E_ARGS = "bad_arguments"  # wrong number of arguments
E_VERSION = "version"  # HELLO with another protocol name or version
E_STATE = "unexpected"  # a valid message that makes no sense now (e.g. MOVE before the game)
E_TURN = "not_your_turn"
E_SYNC = "out_of_sync"  # the ply number does not match the game
E_ILLEGAL = "illegal_move"
E_OPTIONS = "bad_offer"  # unknown game, option or position in OFFER / RESUME
E_BUSY = "busy"  # the host already has a guest
E_OVER = "game_over"
E_PROOF = "wrong_code"  # PROOF made with a wrong join code or game secret
E_TIMEOUT = "timeout"  # HELLO and PROOF did not come within the handshake limit
E_TOO_FAST = "too_fast"  # a PHRASE beyond the rate limit: dropped
ERROR_CODES = (
    E_MALFORMED,
    E_TOO_LONG,
    E_UNKNOWN,
    E_ARGS,
    E_VERSION,
    E_STATE,
    E_TURN,
    E_SYNC,
    E_ILLEGAL,
    E_OPTIONS,
    E_BUSY,
    E_OVER,
    E_PROOF,
    E_TIMEOUT,
    E_TOO_FAST,
)
#: ERROR codes after which the sender hangs up: the receiver stops on them too
FATAL_CODES = (E_VERSION, E_BUSY, E_PROOF, E_TIMEOUT)


class ProtocolError(ValueError):
    """A line that is not a valid message. `code` is one of ERROR_CODES, str() the detail."""

    def __init__(self, code: str, detail: str):
        super().__init__(detail)
        self.code = code


@dataclass(frozen=True)
class Message:
    """A parsed line: the command and its arguments (ints where the table says int)."""

    command: str
    args: tuple = ()

    def __str__(self) -> str:
        return format_message(self.command, *self.args)


def _kind(pattern, name):
    def check(token: str):
        if not pattern.fullmatch(token):
            raise ProtocolError(E_MALFORMED, f"bad {name} {token[:40]!r}")
        return token

    return check


def _int(token: str) -> int:
    if not _INT.fullmatch(token):
        raise ProtocolError(E_MALFORMED, f"bad number {token[:40]!r}")
    return int(token)


class Left(int):
    """A clock figure of a MOVE or PLAYED line: the mover's time left in milliseconds, written
    `t=<ms>` (an int, so that it reads as one; str() gives the token back)."""

    def __str__(self) -> str:
        return f"t={int(self)}"


def _ms(token: str) -> int:
    if not _MS.fullmatch(token):
        raise ProtocolError(E_MALFORMED, f"bad milliseconds {token[:40]!r}")
    return int(token)


def _left(token: str) -> Left:
    if not token.startswith("t="):
        raise ProtocolError(E_MALFORMED, f"bad time left {token[:40]!r} (t=<milliseconds>)")
    return Left(_ms(token[2:]))


def _piece_or_left(token: str):
    return _left(token) if token.startswith("t=") else _piece(token)


#: keys of a time control on the wire (milliseconds, and the flag-fall rule)
_CLOCK_KEYS = ("base", "inc", "base1", "flag")


def _clock(token: str) -> tuple:
    """`-` (no clock) or `base=<ms>,inc=<ms>[,base1=<ms>][,flag=draw|loss]`: (key, value) pairs,
    keys known and unique, milliseconds as ints."""
    if token == "-":
        return ()
    if len(token) > 80:
        raise ProtocolError(E_MALFORMED, "time control too long")
    pairs: list = []
    for item in token.split(","):
        key, sep, value = item.partition("=")
        if not sep or key not in _CLOCK_KEYS or any(key == k for k, _ in pairs):
            raise ProtocolError(E_MALFORMED, f"bad time control item {item[:40]!r}")
        if key == "flag":
            if value not in ("draw", "loss"):
                raise ProtocolError(E_MALFORMED, f"flag must be draw or loss, not {value[:20]!r}")
            pairs.append((key, value))
        else:
            pairs.append((key, _ms(value)))
    if [k for k, _ in pairs][:2] != ["base", "inc"]:
        raise ProtocolError(E_MALFORMED, "a time control starts base=<ms>,inc=<ms>")
    return tuple(pairs)


def _choice(*values):
    def check(token: str):
        if token not in values:
            raise ProtocolError(E_MALFORMED, f"expected one of {'|'.join(values)}, got {token[:40]!r}")
        return token

    return check


def _options(token: str) -> tuple:
    """`-` (none) or `key=value,key=value`: a tuple of (key, value) strings, keys unique."""
    if token == "-":
        return ()
    if len(token) > 300:
        raise ProtocolError(E_MALFORMED, "options too long")
    pairs = []
    for item in token.split(","):
        if not _OPTION.fullmatch(item):
            raise ProtocolError(E_MALFORMED, f"bad option {item[:40]!r}")
        key, value = item.split("=", 1)
        if any(key == k for k, _ in pairs):
            raise ProtocolError(E_MALFORMED, f"option {key!r} given twice")
        pairs.append((key, value))
    return tuple(pairs)


def _position(rest: str) -> str:
    if rest == "start":
        return rest
    if not _POSITION.fullmatch(rest) or "  " in rest or rest != rest.strip():
        raise ProtocolError(E_MALFORMED, "bad position text")
    return rest


_id = _kind(_ID, "game id")
_game = _choice(*GAMES)
_seat = _choice("0", "1")
_move = _kind(_MOVE, "move")
_square = _kind(_SQUARE, "square")
_piece = _kind(_PIECE, "piece")
_code = _kind(_CODE, "error code")
_word = _kind(_WORD, "word")
_answer = _choice("OFFER", "ACCEPT", "DECLINE")
_undo = _choice("REQUEST", "ACCEPT", "DECLINE")
_ending = _choice("resign", "agreement", "time")
_nonce = _kind(_NONCE, "nonce")
_mac = _kind(_MAC, "proof")
_game_ref = _kind(_GAME_REF, "game id")
_key_kind = _choice("code", "game")


def _phrase(token: str) -> int:
    n = _int(token)
    if n >= len(PHRASES):
        raise ProtocolError(E_MALFORMED, f"no phrase {n} (0..{len(PHRASES) - 1})")
    return n


#: command -> (required argument checkers, optional argument checkers, rest-of-line checker)
#: A rest-of-line checker receives everything after the fixed arguments (it may hold spaces).
COMMANDS = {
    "HELLO": ((_word, _int), (_game,), None),  # HELLO QIPAN 2 [the host's game]
    "CHALLENGE": ((_nonce, _game_ref), (), None),  # host: its nonce, the id of its game or -
    "PROOF": ((_key_kind, _nonce, _mac), (), None),  # guest: code|game, its nonce, the HMAC
    "PROVEN": ((_mac,), (), None),  # host: its own HMAC, once the guest's proof is right
    "OFFER": ((_id, _game, _seat, _options, _clock), (), _position),  # host: a new game
    "RESUME": ((_id, _game, _seat, _options, _clock), (), _position),  # host: a game in progress
    "ACCEPT": ((_id,), (), None),  # guest takes the offer / resume
    "DECLINE": ((_id,), (), None),  # guest refuses the offer
    "PLAYED": ((_int, _move), (_piece_or_left, _left), None),  # host, after RESUME: one ply of the record
    "SYNCED": ((_id, _int), (_ending,), None),  # host: end of the record, its ply count[, how it ended]
    "MOVE": ((_int, _move), (_piece_or_left, _left), None),  # MOVE <ply> <notation> [piece] [t=<ms>]
    "CLOCK": ((_int, _ms, _ms), (), None),  # host: both seats' time left after <ply> plies
    "FLAG": ((_int, _seat), (), None),  # host: the seat to move at <ply> ran out of time
    "REVEAL": ((_int, _square, _piece), (), None),  # host: the piece the guest's flip turned up
    "RESIGN": ((), (), None),
    "DRAW": ((_answer, _int), (), None),  # DRAW OFFER|ACCEPT|DECLINE <ply>
    "UNDO": ((_undo, _int), (), None),  # UNDO REQUEST|ACCEPT|DECLINE <target ply>
    "REMATCH": ((_answer, _id), (), None),  # REMATCH OFFER|ACCEPT|DECLINE <id of the finished game>
    "PHRASE": ((_phrase,), (), None),  # PHRASE <n>: quick phrase number n of PHRASES
    "PING": ((_int,), (), None),
    "PONG": ((_int,), (), None),
    "ERROR": ((_code,), (), lambda rest: rest),  # ERROR <code> [free text]
    "BYE": ((), (), None),
}


def _check_text(line: str) -> None:
    for ch in line:
        if not " " <= ch <= "~":
            raise ProtocolError(E_MALFORMED, f"character {ord(ch):#04x} not allowed")


def decode(raw: bytes) -> str:
    """Bytes of one line (without its LF) -> text, or ProtocolError (oversized / not ASCII)."""
    if len(raw) + 1 > MAX_LINE:
        raise ProtocolError(E_TOO_LONG, f"line of {len(raw) + 1} bytes, limit {MAX_LINE}")
    if raw.endswith(b"\r"):
        raw = raw[:-1]
    try:
        return raw.decode("ascii")
    except UnicodeDecodeError:
        raise ProtocolError(E_MALFORMED, "bytes outside ASCII") from None


def parse_line(line: str) -> Message:
    """One line of text (no newline) -> Message; ProtocolError on anything not in the table."""
    if len(line) + 1 > MAX_LINE:
        raise ProtocolError(E_TOO_LONG, f"line of {len(line) + 1} bytes, limit {MAX_LINE}")
    _check_text(line)
    if not line or line != line.strip(" ") or "  " in line:
        raise ProtocolError(E_MALFORMED, "empty line or stray spaces")
    command, _, rest = line.partition(" ")
    entry = COMMANDS.get(command)
    if entry is None:
        raise ProtocolError(E_UNKNOWN, f"unknown command {command[:24]!r}")
    required, optional, tail = entry
    n_fixed = len(required) + len(optional)
    if tail is None:
        tokens = rest.split(" ") if rest else []
        if not len(required) <= len(tokens) <= n_fixed:
            want = str(len(required)) if not optional else f"{len(required)}..{n_fixed}"
            raise ProtocolError(E_ARGS, f"{command} takes {want} arguments, got {len(tokens)}")
        checkers = required + optional
        return Message(command, tuple(check(tok) for check, tok in zip(checkers, tokens)))
    tokens = rest.split(" ", len(required)) if rest else []
    if len(tokens) < len(required) + (0 if command == "ERROR" else 1):
        raise ProtocolError(E_ARGS, f"{command} takes {len(required)} arguments and a text")
    args = tuple(check(tok) for check, tok in zip(required, tokens))
    text = tokens[len(required)] if len(tokens) > len(required) else ""
    return Message(command, args + (tail(text),))


def _format_arg(arg) -> str:
    if isinstance(arg, bool):
        raise TypeError("booleans are sent as option values, not arguments")
    if isinstance(arg, tuple):  # options, a time control
        return ",".join(f"{k}={v}" for k, v in arg) or "-"
    return str(arg)


def format_message(command: str, *args) -> str:
    """The line (without newline) of a message; it is checked by parse_line before it is sent,
    so this program never puts an invalid line on the wire."""
    if args and args[-1] == "":  # ERROR without a text
        args = args[:-1]
    line = " ".join([command] + [_format_arg(a) for a in args])
    parse_line(line)
    return line


def error_line(code: str, text: str = "") -> str:
    """An ERROR line; the text is reduced to allowed characters and cut to fit MAX_LINE."""
    clean = "".join(ch if " " <= ch <= "~" else "?" for ch in text)
    clean = " ".join(clean.split())[: MAX_LINE - 40]
    return format_message("ERROR", code, clean) if clean else format_message("ERROR", code)


def encode(line: str) -> bytes:
    return line.encode("ascii") + b"\n"


# ---- option values ------------------------------------------------------------------------------
def options_to_wire(options: dict) -> tuple:
    """{key: value} -> (key, str(value)) pairs in key order (values are Option choices)."""
    return tuple((k, str(options[k])) for k in sorted(options))


def options_from_wire(pairs, rule_options) -> dict:
    """(key, text) pairs -> {key: value} using the rules' Option list: the text must be str() of
    one of the option's choices (so ints, bools and strings come back as they were, and nothing
    outside the choices is accepted). Raises ProtocolError(E_OPTIONS)."""
    known = {o.key: o for o in rule_options}
    out = {}
    for key, text in pairs:
        option = known.get(key)
        if option is None:
            raise ProtocolError(E_OPTIONS, f"unknown option {key!r}")
        for choice in option.choices:
            if str(choice) == text:
                out[key] = choice
                break
        else:
            raise ProtocolError(E_OPTIONS, f"option {key!r} cannot be {text!r}")
    return out


# ---- clocks -------------------------------------------------------------------------------------
def to_ms(seconds: float) -> int:
    """Seconds -> whole milliseconds for the wire, within 0..MAX_MS."""
    return max(0, min(MAX_MS, round(float(seconds) * 1000)))


def clock_to_wire(control: TimeControl | None) -> tuple:
    """A time control -> its (key, value) pairs (() for none): base (seat 0's), inc, base1 under a
    handicap, flag=loss when a flag fall always loses."""
    if control is None:
        return ()
    bases = control.start_times()
    pairs: list = [("base", to_ms(bases[0])), ("inc", to_ms(control.inc))]
    if bases[0] != bases[1]:
        pairs.append(("base1", to_ms(bases[1])))
    if not control.flag_draw:
        pairs.append(("flag", "loss"))
    return tuple(pairs)


def clock_from_wire(pairs) -> TimeControl | None:
    """(key, value) pairs of `_clock` -> a TimeControl (None for none); ProtocolError(E_OPTIONS)
    for figures no time control may have (a base of 0, over the limits)."""
    if not pairs:
        return None
    d = dict(pairs)
    try:
        base, inc = d["base"] / 1000, d["inc"] / 1000
        control = TimeControl(base, inc, None, d.get("flag", "draw") == "draw")
        if "base1" in d and d["base1"] != d["base"]:
            control = control.handicap(base, d["base1"] / 1000)
    except (ClockError, KeyError, TypeError) as exc:
        raise ProtocolError(E_OPTIONS, f"bad time control: {exc}") from None
    return control


# ---- proofs -------------------------------------------------------------------------------------
#: letters of a join code: no 0/o, 1/l/i, so that it reads and types without doubt
CODE_ALPHABET = "23456789abcdefghjkmnpqrstuvwxyz"
CODE_LENGTH = 6


def new_join_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def normalize_code(text: str) -> str:
    """A typed join code as the host made it: lower case, without spaces or dashes."""
    return "".join(ch for ch in text.lower() if ch not in " -")


def new_nonce() -> str:
    return secrets.token_hex(16)


def _hmac(key: str, *parts: str) -> str:
    # parts are protocol tokens (no "|" in them), so the joined message is unambiguous
    return hmac.new(
        key.encode("utf-8"), "|".join(("qipan", str(VERSION)) + parts).encode("ascii"), hashlib.sha256
    ).hexdigest()


def proof(key: str, side: str, host_nonce: str, guest_nonce: str, game_ref: str) -> str:
    """The HMAC a side ("guest" in PROOF, "host" in PROVEN) sends to show it knows `key` (the
    join code or the game secret) without sending it: both nonces make every proof new."""
    return _hmac(key, side, host_nonce, guest_nonce, game_ref)


def proof_ok(received: str, key: str, side: str, host_nonce: str, guest_nonce: str, game_ref: str) -> bool:
    return hmac.compare_digest(received, proof(key, side, host_nonce, guest_nonce, game_ref))


def game_secret(key: str, game_id: str, host_nonce: str, guest_nonce: str) -> str:
    """The secret of a game both sides derive when it is accepted, from the key the connection
    was proven with; it never travels and both autosaves keep it for resuming."""
    return _hmac(key, "game", game_id, host_nonce, guest_nonce)
