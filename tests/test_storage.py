"""game.storage: settings, atomic writes, game records, replay, autosave and named saves."""

import json
import os
import random
import signal
import subprocess
import sys
import textwrap
import time

import pytest
from hypothesis import HealthCheck, given
from hypothesis import settings as hsettings
from hypothesis import strategies as st

from game import record, storage
from game.match import Match
from game.storage import GameRecord, SaveError


def replay(record):
    """Every state of a record, the last one ended (what storage.replay gave before Match)."""
    m = Match.from_record(record)
    return [*m.states[:-1], m.state]


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    home = tmp_path / "storage_home"
    home.mkdir()
    monkeypatch.setenv("QIPAN_HOME", str(home))
    monkeypatch.setattr(record, "message_lang", "en")
    return home


def _rules(name):
    from game.rules import module

    return module(name)


def _random_game(name, plies, seed):
    """(record, states) of a random game of `name` with up to `plies` moves."""
    rules = _rules(name)
    rng = random.Random(seed)
    if name == "banqi":
        state = rules.new_game(seed=seed)
        start = {"seed": seed}
    else:
        state = rules.new_game()
        start = {"text": rules.to_text(state)}
    states, moves = [state], []
    for _ in range(plies):
        legal = state.legal_moves()
        if not legal:
            break
        move = rng.choice(legal)
        moves.append(str(move))
        state = state.play(move)
        states.append(state)
    return GameRecord(game=name, start=start, moves=moves), states


# ---- settings -------------------------------------------------------------------------------------
def test_settings_default_when_missing_and_round_trip(home):
    settings, notice = storage.load_settings()
    assert notice is None and settings == storage.DEFAULT_SETTINGS
    settings.update(
        lang="zh", sound=False, volume=0.25, anim_speed=1.5, show_legal=False, auto_flip=True, fullscreen=False
    )
    storage.save_settings(settings)
    again, notice = storage.load_settings()
    assert notice is None and again == settings
    assert record.message_lang == "zh"
    assert [p.name for p in home.iterdir()] == ["settings.json"]  # no temp file left


@pytest.mark.parametrize(
    "content",
    [
        b"{not json",
        b"\xff\xfe\x00garbage",
        b"[1, 2, 3]",
        b'"text"',
        b'{"window": 3, "theme": "dark"}',
        b"[" * 100000,
        b'{"format": "other-app", "lang": "en"}',
    ],
)
def test_broken_or_foreign_settings_give_defaults_notice_and_backup(home, content):
    path = home / "settings.json"
    path.write_bytes(content)
    settings, notice = storage.load_settings()
    assert settings == storage.DEFAULT_SETTINGS
    assert notice and "\n" not in notice and "settings.json.bak" in notice
    assert (home / "settings.json.bak").read_bytes() == content
    assert not path.exists()


def test_settings_unknown_keys_dropped_wrong_types_reset_numbers_clamped(home):
    (home / "settings.json").write_text(
        json.dumps(
            {
                "lang": "fr",
                "sound": "yes",
                "volume": 7,
                "anim_speed": 0.1,
                "show_legal": 0,
                "auto_flip": True,
                "ponder": "off",
                "fullscreen": None,
                "colour": "red",
            }
        )
    )
    settings, notice = storage.load_settings()
    assert notice is None
    d = storage.DEFAULT_SETTINGS
    assert settings == {
        "lang": d["lang"],
        "sound": True,
        "volume": 1.0,
        "anim_speed": 0.5,
        "show_legal": True,
        "auto_flip": True,
        "ponder": True,
        "fullscreen": True,
        "board_labels": True,
        "lesson_offered": False,
        "mailbox_url": d["mailbox_url"],
    }
    (home / "settings.json").write_text('{"volume": NaN, "anim_speed": true, "sound": false}')
    settings, _ = storage.load_settings()
    assert settings["volume"] == d["volume"] and settings["anim_speed"] == d["anim_speed"]
    assert settings["sound"] is False


def test_huge_settings_file_refused(home):
    with open(home / "settings.json", "wb") as f:
        f.truncate(storage.MAX_SETTINGS_BYTES + 1)
    settings, notice = storage.load_settings()
    assert settings == storage.DEFAULT_SETTINGS and notice


@pytest.mark.parametrize(
    "env,expected",
    [
        ({"LANG": "zh_CN.UTF-8"}, "zh"),
        ({"LANG": "zh_TW"}, "zh"),
        ({"LANG": "en_US.UTF-8"}, "en"),
        ({"LANG": "de_DE"}, "en"),
        ({"LC_ALL": "zh_CN.UTF-8", "LANG": "en_US"}, "zh"),
    ],
)
def test_language_default_follows_the_system_locale(monkeypatch, env, expected):
    for key in ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE"):
        monkeypatch.delenv(key, raising=False)
    for key, value in env.items():
        monkeypatch.setenv(key, value)
    assert storage.system_lang() == expected  # (i18n.system_lang, as storage imports it)


# ---- atomic writes ---------------------------------------------------------------------------------
def test_failed_write_keeps_the_old_file_and_no_temp(home, monkeypatch):
    path = home / "autosave.json"
    path.write_text("old")

    def boom(fd):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", boom)
    with pytest.raises(SaveError) as info:
        storage.write_autosave(GameRecord(game="palace", start={"text": "x"}), wait=True)
    assert "No space left" in str(info.value) and "\n" not in str(info.value)
    storage.write_autosave(GameRecord(game="palace", start={"text": "y"}))  # in the background
    with pytest.raises(SaveError):
        storage.flush_autosave()
    assert path.read_text() == "old"
    assert sorted(p.name for p in home.iterdir()) == ["autosave.json"]
    with pytest.raises(SaveError):  # a failure nobody flushed shows on the next write
        storage.write_autosave(GameRecord(game="palace", start={"text": "z"}))
        time.sleep(0.3)
        storage.write_autosave(GameRecord(game="palace", start={"text": "z"}))
    monkeypatch.undo()
    storage.flush_autosave()


def test_background_autosave_is_ordered_flushed_and_cleared(home):
    records = [_random_game("draughts", n, seed=9)[0] for n in (2, 4, 6)]
    for rec in records:
        storage.write_autosave(rec)
    assert storage.read_autosave() == (records[-1], None)  # reading waits for the newest
    storage.write_autosave(records[0])
    storage.clear_autosave()  # drops the write on its way
    time.sleep(0.1)
    assert storage.read_autosave() == (None, None) and not storage.autosave_path().exists()


def test_autosave_written_just_before_exit_is_complete(home):
    code = textwrap.dedent("""
        import random
        from game import storage
        from game.rules import module
        rules = module("palace")
        state, moves, rng = rules.new_game(), [], random.Random(3)
        for _ in range(30):
            move = rng.choice(state.legal_moves())
            moves.append(str(move))
            state = state.play(move)
        storage.write_autosave(storage.GameRecord(game="palace", start={"text": rules.to_text(rules.new_game())},
                                                  moves=moves))
    """)
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    subprocess.run([sys.executable, "-c", code], cwd=root, check=True, env={**os.environ, "QIPAN_HOME": str(home)})
    record, notice = storage.read_autosave()
    assert notice is None and len(record.moves) == 30


def test_a_killed_writer_never_leaves_half_a_file(home):
    """A process writing big files in a loop is killed at a random moment: the file is whole."""
    code = textwrap.dedent("""
        import sys
        from game.storage import atomic_write_text
        path = sys.argv[1]
        i = 0
        print("ready", flush=True)
        while True:
            i += 1
            atomic_write_text(path, '{"n": %d, "pad": "%s"}' % (i, "x" * (200000 + i % 7 * 50000)))
    """)
    path = home / "big.json"
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    for delay in (0.15, 0.3):
        proc = subprocess.Popen([sys.executable, "-c", code, str(path)], cwd=root, stdout=subprocess.PIPE)
        assert proc.stdout.readline().strip() == b"ready"
        time.sleep(delay)
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        proc.stdout.close()
        if path.exists():
            data = json.loads(path.read_text())
            assert data["n"] >= 1 and len(data["pad"]) >= 200000


# ---- records --------------------------------------------------------------------------------------------
@pytest.mark.parametrize("name", ["palace", "draughts", "banqi"])
def test_record_round_trip_and_replay_restores_every_state(name):
    record, states = _random_game(name, 40, seed=7)
    record.mode, record.human_seat, record.level = "computer", 1, 10
    again = GameRecord.from_json(record.to_json())
    assert again == record
    replayed = Match.from_record(again).states
    rules = _rules(name)
    assert [rules.to_text(s) for s in replayed] == [rules.to_text(s) for s in states]
    assert replayed[-1].to_move == states[-1].to_move
    assert [m for m in map(str, replayed[-1].legal_moves())] == [str(m) for m in states[-1].legal_moves()]


@pytest.mark.parametrize("name", ["palace", "draughts", "banqi"])
def test_replay_applies_resign_and_agreement(name):
    record, states = _random_game(name, 12, seed=3)
    last = states[-1]
    if last.result() is not None:
        pytest.skip("the random game ended by the rules")
    record.end = {"winner": None, "reason": "agreement"}
    assert replay(GameRecord.from_json(record.to_json()))[-1].result().reason == "agreement"
    if last.can_resign():
        winner = last.resign().result().winner
        record.end = {"winner": winner, "reason": "resign"}
        end = replay(GameRecord.from_json(record.to_json()))[-1].result()
        assert (end.winner, end.reason) == (winner, "resign")
        record.end = {"winner": last.to_move, "reason": "resign"}  # the mover cannot win by resigning
        with pytest.raises(SaveError):
            replay(record)


def test_replay_names_the_first_illegal_move():
    record, _ = _random_game("palace", 6, seed=1)
    record.moves.insert(3, "z9")
    with pytest.raises(SaveError) as info:
        replay(record)
    assert "Move 4 (z9)" in str(info.value)
    storage.set_message_lang("zh")
    assert "第 4 步（z9）" in str(info.value)


def test_replay_checks_redo_moves_follow_on():
    record, _ = _random_game("draughts", 8, seed=2)
    record.redo = record.moves[6:]
    record.moves = record.moves[:6]
    assert len(replay(record)) == 7
    record.redo = ["1-2"]
    with pytest.raises(SaveError) as info:
        replay(record)
    assert "Move 7 (1-2)" in str(info.value)


def test_bad_start_text_is_a_save_error():
    with pytest.raises(SaveError) as info:
        replay(GameRecord(game="draughts", start={"text": "W:W99:Bzz"}))
    assert str(info.value).startswith("The saved starting position is wrong")


def _valid_dict(game="palace"):
    record, _ = _random_game(game, 4, seed=5)
    return json.loads(record.to_json())


@pytest.mark.parametrize(
    "change",
    [
        {"format": "something-else"},
        {"version": 3},
        {"version": "1"},
        {"version": True},
        {"game": "chess"},
        {"game": None},
        {"options": []},
        {"options": {"no_such_option": 1}},
        {"start": {}},
        {"start": {"text": 5}},
        {"start": {"seed": 3}},
        {"start": {"text": "x" * 5000}},
        {"moves": "c4"},
        {"moves": [1, 2]},
        {"moves": ["x" * 500]},
        {"moves": [""]},
        {"redo": None},
        {"mode": "online"},
        {"human_seat": 2},
        {"human_seat": True},
        {"human_seat": 1.0},
        {"mode": "computer", "human_seat": None},
        {"level": "grandmaster"},
        {"end": "resign"},
        {"end": {"winner": "x", "reason": "resign"}},
        {"end": {"winner": "b", "reason": "timeout"}},
        {"end": {"winner": "b", "reason": "agreement"}},
        {"end": {"winner": None, "reason": "resign"}},
    ],
)
def test_hostile_fields_are_save_errors(change):
    data = _valid_dict()
    data.update(change)
    with pytest.raises(SaveError) as info:
        GameRecord.from_json(json.dumps(data))
    assert str(info.value) and "\n" not in str(info.value)


def test_a_save_says_its_level_as_a_number_and_version_2():
    data = _valid_dict("draughts")
    assert data["version"] == 2 and isinstance(data["level"], int) and 1 <= data["level"] <= 10


def test_future_version_message():
    data = _valid_dict()
    data["version"] = 9
    with pytest.raises(SaveError, match="newer version"):
        GameRecord.from_json(json.dumps(data))


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)
fields = st.sampled_from(
    ["format", "version", "game", "options", "start", "moves", "redo", "mode", "human_seat", "level", "end"]
)


game_values = st.sampled_from(["palace", "draughts", "banqi"]) | json_values
start_values = st.fixed_dictionaries(
    {}, optional={"text": st.text(max_size=60) | json_values, "seed": st.integers(-5, 2**70) | json_values}
)


@hsettings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.sampled_from(["palace", "draughts", "banqi"]),
    st.dictionaries(fields, json_values, max_size=6),
    st.fixed_dictionaries({}, optional={"game": game_values, "start": start_values}),
    st.binary(max_size=40),
)
def test_any_damaged_file_is_a_save_error_or_a_sound_record(base, change, change2, noise):
    data = _valid_dict(base)
    data.update(change)
    data.update(change2)
    for text in (json.dumps(data), json.dumps(data).encode()[: len(noise) * 3] + noise):
        try:
            record = GameRecord.from_json(text)
        except SaveError as exc:
            assert str(exc) and "\n" not in str(exc)
            continue
        try:
            replay(record)
        except SaveError as exc:
            assert str(exc)


# ---- autosave -------------------------------------------------------------------------------------------
def test_autosave_round_trip_and_clear(home):
    assert storage.read_autosave() == (None, None)
    record, _ = _random_game("banqi", 20, seed=11)
    storage.write_autosave(record)
    assert storage.read_autosave() == (record, None)
    storage.clear_autosave()
    storage.clear_autosave()
    assert storage.read_autosave() == (None, None)


@pytest.mark.parametrize(
    "content",
    [
        '{"format": "qipan-game", "version": 1',
        '{"format": "qipan-game", "version": 1, "game": "palace", "start": {"text": ".-.-."}}',
    ],
)
def test_damaged_autosave_gives_notice_and_backup(home, content):
    (home / "autosave.json").write_text(content)
    record, notice = storage.read_autosave()
    assert record is None and notice and "\n" not in notice and "autosave.json.bak" in notice
    assert (home / "autosave.json.bak").read_text() == content
    assert storage.read_autosave() == (None, None)


# ---- named saves ----------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "name,expected",
    [
        ("我的棋局", "我的棋局"),
        ("  Game 1  ", "Game 1"),
        ("../../etc/passwd", "_.._etc_passwd"),
        ('a/b\\c:d*e?f"g<h>i|j', "a_b_c_d_e_f_g_h_i_j"),
        ("CON", "_CON"),
        ("lpt1.txt", "_lpt1.txt"),
        ("", "game"),
        ("...", "game"),
        ("\x00\x07", "game"),
        ("///", "game"),
        ("tab\there", "tab here"),
    ],
)
def test_safe_file_names(name, expected):
    assert storage.safe_filename(name) == expected


@hsettings(max_examples=80, deadline=None)
@given(st.text(max_size=300))
def test_any_typed_name_saves_inside_the_saves_folder(name):
    path = storage.save_path(name)
    assert path.parent == storage.saves_dir()
    assert len(path.name.encode()) <= storage.MAX_NAME_BYTES + 5
    assert path.name not in (".json", "..json")


def test_save_list_load_named(home):
    record, _ = _random_game("draughts", 10, seed=4)
    path = storage.save_named(record, "决赛 第1局")
    assert path.name == "决赛 第1局.json"
    time.sleep(0.01)
    other, _ = _random_game("palace", 3, seed=4)
    storage.save_named(other, "later")
    (storage.saves_dir() / "broken.json").write_text("{oops")
    os.utime(storage.saves_dir() / "broken.json", (1, 1))
    saves = storage.list_saves()
    assert [(e.name, e.game) for e in saves] == [("later", "palace"), ("决赛 第1局", "draughts"), ("broken", None)]
    assert storage.load_named(path) == record
    with pytest.raises(SaveError):
        storage.load_named(saves[2][1])
    with pytest.raises(SaveError):
        storage.load_named(home / "missing.json")
    storage.delete_save(saves[2][1])
    assert len(storage.list_saves()) == 2


def test_too_large_file_refused_before_reading(home, monkeypatch):
    path = home / "huge.json"
    with open(path, "wb") as f:
        f.truncate(storage.MAX_SAVE_BYTES + 1)
    real_open = open

    def spy(file, *a, **k):
        assert str(file) != str(path), "a too large file must not be opened"
        return real_open(file, *a, **k)

    monkeypatch.setattr("builtins.open", spy)
    with pytest.raises(SaveError, match="too large"):
        storage.load_named(path)


def test_where_files_live_without_qipan_home(monkeypatch):
    monkeypatch.delenv("QIPAN_HOME")
    import platformdirs

    assert storage.settings_path().parent == __import__("pathlib").Path(
        platformdirs.user_config_dir("qipan", appauthor=False)
    )
    assert storage.saves_dir().parent == __import__("pathlib").Path(
        platformdirs.user_data_dir("qipan", appauthor=False)
    )


def test_storage_does_not_import_pygame():
    code = "import sys, game.storage; assert 'pygame' not in sys.modules"
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    subprocess.run([sys.executable, "-c", code], cwd=root, check=True)
