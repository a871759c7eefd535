"""The choices remembered for the session (game.scenes.session_choices): one owner, made with the
App, that the setup screen, the draughts editor, the result screen's next level, the lesson tabs,
the banqi assistant and the network lobbies share."""

import pytest

from game.scenes.record_keeper import KeptRecord, record_of
from game.scenes.session_choices import SessionChoices


def test_nothing_is_remembered_at_first():
    c = SessionChoices()
    assert c.last_setup("draughts") == {} and c.last_options("draughts") == {}
    assert c.net_offer == {} and c.net_address == ""


def test_the_setups_choices_replace_the_last_and_a_few_choices_keep_the_rest():
    c = SessionChoices()
    c.remember_setup(
        "draughts", {"mode": "computer", "level": 3, "level_chosen": False, "options": {"variant": "russian"}}
    )
    c.update_setup("draughts", level=5, level_chosen=True)
    assert c.last_setup("draughts") == {
        "mode": "computer",
        "level": 5,
        "level_chosen": True,
        "options": {"variant": "russian"},
    }
    assert c.last_options("draughts") == {"variant": "russian"}
    c.remember_setup("draughts", {"mode": "hotseat", "options": {"variant": "english"}})
    assert c.last_setup("draughts") == {"mode": "hotseat", "options": {"variant": "english"}}  # whole
    c.update_setup("banqi", mode="hotseat")  # a game not set up yet: only what was given
    assert c.last_setup("banqi") == {"mode": "hotseat"} and c.last_options("banqi") == {}
    assert c.last_options("draughts") == {"variant": "english"}  # each game its own


def test_what_is_read_is_a_copy():
    c = SessionChoices()
    choices = {"mode": "computer", "options": {"chain": True}}
    c.remember_setup("banqi", choices)
    choices["mode"] = "watch"  # the caller's dict changes later: not what was remembered
    c.last_setup("banqi")["mode"] = "hotseat"
    c.last_options("banqi")["chain"] = False
    assert c.last_setup("banqi") == {"mode": "computer", "options": {"chain": True}}


def test_each_app_owns_its_own_from_its_constructor(driver):
    app = driver.app
    assert isinstance(app.choices, SessionChoices) and app.choices.last_setup("draughts") == {}
    assert isinstance(app.kept_record, KeptRecord) and app.kept_record.record is None
    assert record_of(app) is app.kept_record.record is not None  # read on first need, then kept
    assert "last_setup" not in vars(app)


@pytest.mark.timeout(120)
def test_the_setup_and_the_draughts_editor_share_the_choices(driver):
    app = driver.app
    setup = app.open("setup", "draughts")
    driver.step(2)
    variant = setup.option_widgets[[o.key for o in setup.rules.OPTIONS].index("variant")]
    variant.set("russian")
    setup._changed("russian")
    assert app.choices.last_options("draughts")["variant"] == "russian"
    assert app.choices.last_setup("draughts")["mode"] == "computer"
    editor = app.open("draughts_setup")  # the variant chosen on the setup
    driver.step(2)
    assert editor.variant.name == "russian"
    editor.mode.set("hotseat")
    editor.level.value = 4
    editor.start()  # its mode and level remembered, the setup's options kept
    driver.settle(5)
    assert type(driver.top).__name__ == "BoardScene"
    last = app.choices.last_setup("draughts")
    assert last["mode"] == "hotseat" and last["level"] == 4 and last["options"]["variant"] == "russian"
    again = app.open("draughts_setup")
    assert again.mode.value == "hotseat" and again.level.value == 4 and again.variant.name == "russian"
    setup = app.open("setup", "draughts")
    assert setup.mode.value == "hotseat" and setup.options()["variant"] == "russian"
