"""The line protocol: every message parses and formats back; anything else is rejected."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.net import protocol as P
from game.rules import module

VALID = [
    "HELLO QIPAN 1",
    "HELLO QIPAN 1 banqi",
    "HELLO QIPAN 2 palace",
    "CHALLENGE 0123456789abcdef0123456789abcdef -",
    "CHALLENGE 0123456789abcdef0123456789abcdef 0123abcd",
    "PROOF code 0123456789abcdef0123456789abcdef " + "ab" * 32,
    "PROOF game 0123456789abcdef0123456789abcdef " + "0f" * 32,
    "PROVEN " + "c3" * 32,
    "OFFER 0123abcd palace 0 - - start",
    "OFFER 0123abcdef012345 draughts 1 no_progress=50,variant=x - W:W31-50:B1-20",
    "OFFER 0123abcd palace 1 opening=doors - .-.-./-.B.-/...../.WWW./.W.W./.WWW./...../-.B.-/.-.-. b 16 0",
    "RESUME 0123abcd banqi 0 no_progress=60,repetition=chase - start",
    "ACCEPT 0123abcd",
    "DECLINE 0123abcd",
    "PLAYED 0 c4",
    "PLAYED 12 a1 K",
    "SYNCED 0123abcd 13",
    "SYNCED 0123abcd 13 agreement",
    "MOVE 0 32-28",
    "MOVE 7 25x3x17x44x35",
    "MOVE 3 c7xc5",
    "MOVE 0 d2 p",
    "MOVE 4 32-28 t=295400",
    "MOVE 0 d2 p t=0",
    "PLAYED 5 c4 t=999999999",
    "PLAYED 12 a1 K t=61000",
    "SYNCED 0123abcd 13 time",
    "OFFER 0123abcd palace 0 - base=300000,inc=5000 start",
    "RESUME 0123abcd draughts 1 - base=60000,inc=0,base1=30000,flag=loss start",
    "CLOCK 6 58000 61250",
    "FLAG 6 0",
    "REVEAL 4 h4 C",
    "RESIGN",
    "DRAW OFFER 10",
    "DRAW ACCEPT 10",
    "DRAW DECLINE 10",
    "UNDO REQUEST 9",
    "UNDO ACCEPT 9",
    "UNDO DECLINE 9",
    "REMATCH OFFER 0123abcd",
    "REMATCH ACCEPT 0123abcdef012345",
    "REMATCH DECLINE 0123abcd",
    "PHRASE 0",
    "PHRASE 7",
    "ERROR too_fast quick phrases come too fast: dropped",
    "PING 1",
    "PONG 999999",
    "ERROR illegal_move illegal move 'c9' in this position",
    "ERROR busy",
    "BYE",
]


@pytest.mark.parametrize("line", VALID)
def test_every_message_parses_and_formats_back(line):
    msg = P.parse_line(line)
    assert str(msg) == line
    assert P.parse_line(str(msg)) == msg


def test_every_command_is_covered():
    assert {line.split()[0] for line in VALID} == set(P.COMMANDS)


@pytest.mark.parametrize(
    "line, code",
    [
        ("", P.E_MALFORMED),
        (" HELLO QIPAN 1", P.E_MALFORMED),
        ("HELLO QIPAN 1 ", P.E_MALFORMED),
        ("HELLO  QIPAN 1", P.E_MALFORMED),
        ("HELLO\tQIPAN 1", P.E_MALFORMED),
        ("hello QIPAN 1", P.E_UNKNOWN),
        ("SETGAME B W:W31-50:B1-20", P.E_UNKNOWN),
        ("__import__('os').system('x')", P.E_UNKNOWN),
        ("HELLO QIPAN", P.E_ARGS),
        ("HELLO QIPAN 1 2", P.E_MALFORMED),
        ("HELLO QIPAN 1 banqi x", P.E_ARGS),
        ("HELLO QIPAN one", P.E_MALFORMED),
        ("CHALLENGE 0123 -", P.E_MALFORMED),  # a nonce is 32 hex digits
        ("CHALLENGE 0123456789abcdef0123456789abcdef", P.E_ARGS),
        ("PROOF secret 0123456789abcdef0123456789abcdef " + "ab" * 32, P.E_MALFORMED),
        ("PROOF code 0123456789abcdef0123456789abcdef " + "AB" * 32, P.E_MALFORMED),
        ("PROVEN " + "ab" * 31, P.E_MALFORMED),
        ("MOVE", P.E_ARGS),
        ("MOVE 1", P.E_ARGS),
        ("MOVE 1 c4 K t=5 extra", P.E_ARGS),
        ("MOVE 1 c4 K extra", P.E_MALFORMED),
        ("MOVE -1 c4", P.E_MALFORMED),
        ("MOVE 01 c4", P.E_MALFORMED),
        ("MOVE 1234567 c4", P.E_MALFORMED),
        ("MOVE 1 C4", P.E_MALFORMED),
        ("MOVE 1 c4--c5", P.E_MALFORMED),
        ("MOVE 1 c4 Q", P.E_MALFORMED),
        ("MOVE 1 c4;rm", P.E_MALFORMED),
        ("REVEAL 1 z9 K", P.E_MALFORMED),
        ("REVEAL 1 a1 KK", P.E_MALFORMED),
        ("OFFER 0123abcd chess 0 - - start", P.E_MALFORMED),
        ("OFFER 0123ABCD palace 0 - - start", P.E_MALFORMED),
        ("OFFER 0123 palace 0 - - start", P.E_MALFORMED),
        ("OFFER 0123abcd palace 2 - - start", P.E_MALFORMED),
        ("OFFER 0123abcd palace 0 - - ", P.E_MALFORMED),
        ("OFFER 0123abcd palace 0 - -", P.E_ARGS),
        ("OFFER 0123abcd palace 0 a=1,a=2 - start", P.E_MALFORMED),
        ("OFFER 0123abcd palace 0 a=1;b=2 - start", P.E_MALFORMED),
        ("OFFER 0123abcd palace 0 A=1 - start", P.E_MALFORMED),
        ("OFFER 0123abcd palace 0 a= - start", P.E_MALFORMED),
        ("OFFER 0123abcd palace 0 - - W:W31 [x]", P.E_MALFORMED),
        ("DRAW MAYBE 1", P.E_MALFORMED),
        ("DRAW OFFER", P.E_ARGS),
        ("UNDO REQUEST x", P.E_MALFORMED),
        ("RESIGN now", P.E_ARGS),
        ("BYE bye", P.E_ARGS),
        ("ERROR", P.E_ARGS),
        ("ERROR Bad-Code text", P.E_MALFORMED),
        ("PING 1\x00", P.E_MALFORMED),
        ("MOVE 1 c4\u00e9", P.E_MALFORMED),
        ("X" * P.MAX_LINE, P.E_TOO_LONG),
    ],
)
def test_bad_lines_are_rejected_with_a_code(line, code):
    with pytest.raises(P.ProtocolError) as info:
        P.parse_line(line)
    assert info.value.code == code
    assert "\n" not in str(info.value)


def test_longest_line_is_accepted_and_one_more_byte_is_not():
    text = "a" * (P.MAX_LINE - len("ERROR busy ") - 1)
    assert P.parse_line(f"ERROR busy {text}").args == ("busy", text)
    with pytest.raises(P.ProtocolError) as info:
        P.parse_line(f"ERROR busy {text}a")
    assert info.value.code == P.E_TOO_LONG


def test_decode_checks_ascii_length_and_drops_cr():
    assert P.decode(b"PING 1\r") == "PING 1"
    with pytest.raises(P.ProtocolError):
        P.decode("MOVE 1 c4 \u738b".encode())
    with pytest.raises(P.ProtocolError) as info:
        P.decode(b"x" * P.MAX_LINE)
    assert info.value.code == P.E_TOO_LONG


def test_format_refuses_to_build_an_invalid_line():
    with pytest.raises(P.ProtocolError):
        P.format_message("MOVE", 1, "c4 K extra words")
    with pytest.raises(P.ProtocolError):
        P.format_message("NOPE")


def test_error_line_cleans_and_cuts_any_text():
    line = P.error_line(P.E_ILLEGAL, "bad\nmove \u738b " + "z" * 2000)
    msg = P.parse_line(line)
    assert msg.args[0] == P.E_ILLEGAL and "\n" not in line and len(line) < P.MAX_LINE
    assert P.error_line(P.E_BUSY) == "ERROR busy"


@pytest.mark.parametrize("game", ["palace", "draughts", "banqi"])
def test_options_travel_with_their_types(game):
    rules = module(game)
    for option in rules.OPTIONS:
        for choice in option.choices:
            chosen = {option.key: choice}
            wire = P.options_to_wire(chosen)
            line = P.format_message("OFFER", "0123abcd", game, "0", wire, (), "start")
            back = P.options_from_wire(P.parse_line(line).args[3], rules.OPTIONS)
            assert back == chosen and type(back[option.key]) is type(choice)


def test_options_outside_the_choices_are_refused():
    rules = module("banqi")
    for pairs in ((("no_progress", "61"),), (("nonsense", "1"),), (("repetition", "True"),)):
        with pytest.raises(P.ProtocolError) as info:
            P.options_from_wire(pairs, rules.OPTIONS)
        assert info.value.code == P.E_OPTIONS


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=700))
def test_random_bytes_give_a_message_or_a_protocol_error(raw):
    try:
        msg = P.parse_line(P.decode(raw))
    except P.ProtocolError as exc:
        assert exc.code in P.ERROR_CODES
    else:
        assert msg.command in P.COMMANDS
        assert P.parse_line(str(msg)) == msg


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(VALID), st.integers(0, 60), st.characters(codec="ascii"))
def test_mutated_lines_give_a_message_or_a_protocol_error(line, at, ch):
    mutated = line[:at] + ch + line[at + 1 :]
    try:
        msg = P.parse_line(mutated)
    except P.ProtocolError as exc:
        assert exc.code in P.ERROR_CODES
    else:
        assert str(msg) == mutated


def test_proofs_need_the_key_and_both_nonces():
    a, b = P.new_nonce(), P.new_nonce()
    mac = P.proof("k7m2qx", "guest", a, b, "-")
    assert len(mac) == 64 and P.proof_ok(mac, "k7m2qx", "guest", a, b, "-")
    assert not P.proof_ok(mac, "k7m2qy", "guest", a, b, "-")
    assert not P.proof_ok(mac, "k7m2qx", "host", a, b, "-")  # a proof is not sent back as one
    assert not P.proof_ok(mac, "k7m2qx", "guest", b, a, "-")
    assert P.game_secret("k7m2qx", "0123abcd", a, b) != P.game_secret("k7m2qx", "0123abcd", a, P.new_nonce())
    assert P.normalize_code(" K7M-2QX ") == "k7m2qx"
