"""A glossy red pip's highlight is light: the pip finder, which takes pips by their
darkness, may find only a crescent of it, squashed, and the pose rules judge a face's tilt
by its pips' roundness. A red pip is measured by its colour for the pose (fresh seed 14804
clip 026 r1, 1280x720, camera 26 degrees: a flat Chinese one's pip found as a crescent of
91 px^2, 0.47 round against the other faces' 0.85-0.89: read leaning, a false void)."""

from __future__ import annotations

import cv2
import numpy as np

from tests.sicbo.saved import die_at, needs_model, read_saved
from vision.sicbo.pipblobs import measure_pip, whole_red_pip

EDGE = 60


def face_with_pip(pip_bgr: tuple[int, int, int], highlight: bool) -> np.ndarray:
    """A white die face with one pip of ``pip_bgr`` in its middle, the pip's upper part lit
    to a pale pink (the lamp's highlight on a glossy pip) if ``highlight``."""
    img = np.full((120, 120, 3), (200, 205, 210), np.uint8)
    cv2.rectangle(img, (30, 30), (90, 90), (235, 240, 245), -1)
    cv2.circle(img, (60, 60), 12, pip_bgr, -1, cv2.LINE_AA)
    if highlight:
        cv2.ellipse(img, (60, 54), (11, 7), 0, 0, 360, (150, 140, 235), -1, cv2.LINE_AA)
    return img


def dark_part(img: np.ndarray):  # noqa: ANN201
    """The pip as the dark pixels show it (what the pip finder sees), measured."""
    lab = cv2.cvtColor(img, cv2.COLOR_BGR2LAB)
    dark = lab[..., 0] < 130
    n, labels = cv2.connectedComponents(dark.astype(np.uint8))
    m = labels == labels[66, 60]
    return measure_pip(m, lab, np.ones_like(m), (0, 0))


def test_a_red_pip_lit_on_top_is_measured_whole() -> None:
    img = face_with_pip((40, 40, 200), highlight=True)
    crescent = dark_part(img)
    assert crescent is not None and crescent.roundness < 0.7  # the finder's view: squashed
    whole = whole_red_pip(img, crescent, EDGE)
    assert whole.roundness > 0.95
    assert whole.area_px > 1.5 * crescent.area_px


def test_a_black_pip_and_a_round_red_pip_are_left_as_they_were() -> None:
    for colour in ((30, 30, 30), (40, 40, 200)):
        img = face_with_pip(colour, highlight=False)
        pip = dark_part(img)
        assert pip is not None
        assert whole_red_pip(img, pip, EDGE) == pip


@needs_model
def test_a_chinese_fours_round_pips_keep_their_measure() -> None:
    # spent seed 14704 clip 018 r1 (1024x576): a red four's pips, 0.84-0.96 round by their
    # darkness, measured by colour took in their pink fringe (0.57-0.90): the four was
    # read tipped against the one beside it, and the round abstained
    reading = read_saved("s14704_018_f250_red_four_beside_one.webp")
    assert sorted(d.face for d in reading.dice) == [1, 2, 4]
    assert all(d.confidence > 0.97 and d.pose == "flat" for d in reading.dice)


@needs_model
def test_a_flat_red_one_with_its_pip_lit_is_not_leaning() -> None:
    reading = read_saved("s14804_026_f289_red_one_crescent.webp")
    assert len(reading.dice) == 3
    assert die_at(reading, (336, 350)).face == 1
    assert [d.pose for d in reading.dice] == ["flat"] * 3
