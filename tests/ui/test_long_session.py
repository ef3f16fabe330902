"""A long session in each play app leaves the kernel's widget count flat (issue 16): a hundred
steps, with Undo, Redo and the replay slider along the way, create no widget that outlives its use.
"""

from __future__ import annotations

import pytest
from ipywidgets.widgets.widget import _instances as live_widgets  # the kernel's widget registry

from rulebook.games.first_team.engine import new_campaign
from rulebook.games.lz_albany import new_game
from widgets.first_team_app import CampaignStepper
from widgets.lz_albany_app import LzAlbanyStepper


def _one_step(start, now) -> bool:
    return True


@pytest.mark.parametrize(
    "make",
    [
        lambda saves: LzAlbanyStepper(new_game(seed=1), saves=saves),
        lambda saves: CampaignStepper(new_campaign(seed=1), saves=saves),
    ],
    ids=["lz-albany", "first-team"],
)
def test_a_hundred_steps_with_undo_and_replay_leave_the_widget_count_flat(make, tmp_path):
    stepper = make(tmp_path)
    both = {"us", "nva"}
    for _ in range(5):  # the first positions draw the map's labels and the log's rows once
        stepper.run_computer(_one_step, both)
        stepper.refresh()
    before = len(live_widgets)
    played = len(stepper.game.history)
    for i in range(100):
        stepper.run_computer(_one_step, both)
        stepper.refresh()
        if i % 10 == 0:
            stepper._undo()
            stepper.refresh()
            stepper._redo()
            stepper.refresh()
            stepper.replay.value = max(0, stepper.replay.value - 3)
            stepper._present()
    assert len(stepper.game.history) >= played + 100  # the session really went on
    assert stepper.errors.value == ""
    assert len(live_widgets) == before
