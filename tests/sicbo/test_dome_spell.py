"""The full-resolution dice-moved check over a still spell: a slowly rocking die is caught."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from vision.sicbo.dome import dice_moved_in_spell

from .scenes import camera_frame, dome_scene, flat_dice
from .test_calibrate import blob_reader


@pytest.fixture(scope="module")
def dice_scene() -> tuple[np.ndarray, list[tuple[float, float, float]]]:
    """A clean rendered lid-off frame (float) and its dice (centre x, y, edge px)."""
    from vision.synth.sicbo_render import DiceFrameRenderer

    clean = DiceFrameRenderer(dome_scene(tilt_deg=20.0)).render(flat_dice([6, 1, 4]))
    read = blob_reader((6, 1, 4))(np.clip(clean, 0, 255).astype(np.uint8))
    return clean, [(*d.center_xy, d.edge_px) for d in read.dice]


def rocked(clean: np.ndarray, die: tuple[float, float, float], shift_px: float) -> np.ndarray:
    """``clean`` with the box round one die shifted by ``shift_px`` (a die tipping a little)."""
    x, y, e = die
    x0, y0, x1, y1 = int(x - 1.2 * e), int(y - 1.2 * e), int(x + 1.2 * e), int(y + 1.2 * e)
    m = np.float32([[1, 0, shift_px], [0, 1, 0.5 * shift_px]])
    moved = cv2.warpAffine(clean, m, clean.shape[1::-1], flags=cv2.INTER_LINEAR,
                           borderMode=cv2.BORDER_REPLICATE)
    out = clean.copy()
    out[y0:y1, x0:x1] = moved[y0:y1, x0:x1]
    return out


@pytest.mark.parametrize(
    ("shifts", "moved"),
    [
        ([0.0] * 12, False),  # still dice, only sensor noise: not moved
        ([0.6, 0.3, 0.0, 0.3, 0.6], True),  # swings back to where the spell began: caught
        ([0.0, 0.0, 1.2, 1.2, 1.2], True),  # moved once and stayed: caught
        ([0.004 * k for k in range(12)], False),  # 0.04 px over the spell: too little to see
    ],
)
def test_dice_moved_in_spell(dice_scene: tuple, shifts: list[float], moved: bool) -> None:
    clean, dice = dice_scene
    rng = np.random.default_rng(11)
    frames = [camera_frame(rocked(clean, dice[2], s), rng, noise=3.0) for s in shifts]
    *spell, now = frames
    assert dice_moved_in_spell(spell, now, dice) is moved


def test_rocking_back_fools_the_first_frame_alone(dice_scene: tuple) -> None:
    # the case the spell check exists for: the first frame matches the present
    clean, dice = dice_scene
    rng = np.random.default_rng(12)
    first, middle, now = (camera_frame(rocked(clean, dice[2], s), rng) for s in (0.6, 0.0, 0.6))
    grey = [cv2.cvtColor(f, cv2.COLOR_BGR2GRAY) for f in (first, now)]
    assert not dice_moved_in_spell([grey[0]], grey[1], dice)    # grey frames work too
    assert dice_moved_in_spell([first, middle], now, dice)


def test_a_spell_that_began_under_the_lid_has_moved(dice_scene: tuple) -> None:
    # the small motion test can miss the lid going (the whole dome changes, so its noise
    # estimate does too); against a lid frame every pixel round a die changed
    from vision.synth.sicbo_render import DiceFrameRenderer

    clean, dice = dice_scene
    rng = np.random.default_rng(13)
    lid = camera_frame(DiceFrameRenderer(dome_scene(tilt_deg=20.0)).render((), lid_opacity=1.0),
                       rng)
    assert dice_moved_in_spell([lid], camera_frame(clean, rng), dice)
