"""A die on another seen from a tilted camera, two dice seen, the lower die's top hidden:
its body runs about twice as deep below its top face as the flat die's
(``deep_stack``).

Saved dome crops of fresh seed 13904 (spent) clip 003 (1024x576, camera 26 degrees, dark
red floor): r2, a two on a die beside a flat four (no lit region or lowered top, no
blob pair: before the cue both read flat and the round abstained ``dice_count``); and
r0, two flat dice of a round whose third die was missed at the rim, which must stay
flat (the round abstained as before). That third die, a red four by the rim, is read now
(its pips looked for in green: ``dice._red_as_dark``), and the two stay flat.
"""

from __future__ import annotations

import pytest

from tests.sicbo.saved import die_at, needs_model, read_saved
from vision.sicbo import stack as stack_stage
from vision.sicbo.deep_stack import DeepParams

STACK = "s13904_003_f839_deep_stack.png"
MISSED = "s13904_003_f178_missed_flat.png"


@needs_model
def test_a_die_whose_body_runs_twice_as_deep_is_stacked(monkeypatch: pytest.MonkeyPatch
                                                         ) -> None:
    reading = read_saved(STACK)
    assert (die_at(reading, (387, 274)).face, die_at(reading, (387, 274)).pose) == (2, "stacked")
    assert (die_at(reading, (339, 171)).face, die_at(reading, (339, 171)).pose) == (4, "flat")
    # without the cue the pair read as two flat dice (abstained dice_count)
    monkeypatch.setattr(stack_stage, "deep_stack", lambda *a, **k: None)
    assert [d.pose for d in read_saved(STACK).dice] == ["flat", "flat"]


@needs_model
def test_two_flat_dice_of_a_round_with_a_missed_die_stay_flat() -> None:
    assert [(d.face, d.pose) for d in read_saved(MISSED).dice] == [
        (4, "flat"), (4, "flat"), (5, "flat")]


@pytest.mark.parametrize("kwargs", [{"ref_down": 0.0}, {"ratio": 1.0}, {"gap": 0.0},
                                    {"area_ratio": 1.0}])
def test_deep_params_are_checked(kwargs: dict) -> None:
    with pytest.raises(ValueError):
        DeepParams(**kwargs)
