"""Report pieces: confusion matrix, words for reads, frame decoding, drawn pictures."""

from __future__ import annotations

import numpy as np
import pytest

from vision.evaluate.describe import confusion, read_class, read_text, truth_class
from vision.evaluate.images import annotate, histogram_bgr, read_frames
from vision.evaluate.oracle import corrupt_events
from vision.evaluate.report import ReportInput, write_report
from vision.evaluate.scoring import score
from vision.evaluate.thumbnails import compose, panels

from .builders import (
    abstained,
    dice_round,
    dice_void_round,
    num,
    result_round,
    roulette,
    sicbo,
    void_round,
    voided,
    write_clip,
)

WHEEL = roulette(result_round(0, 0, 99, 50, 0), result_round(1, 100, 199, 150, 32),
                 result_round(2, 200, 299, 250, 15), void_round(3, 300, 399, 350))


def test_confusion_roulette() -> None:
    # zero read right, 32 (red) read as 15, 15 (black) missed, the void misclassified
    events = [num(52, 0), num(152, 15), voided(352, "foreign_object")]
    rows, cols, counts = confusion("roulette", score(WHEEL, events))
    assert rows == ["zero", "red", "black", "void: object_in_bowl"]
    assert cols[:4] == ["right outcome", "wrong outcome", "early outcome", "several outcomes"]
    assert cols[-2:] == ["abstain", "nothing"]
    assert "void: foreign_object" in cols  # a reason the reader used gets its own column
    assert counts == {("zero", "right outcome"): 1, ("red", "wrong outcome"): 1,
                      ("black", "nothing"): 1, ("void: object_in_bowl", "void: foreign_object"): 1}


def test_confusion_sicbo_diagonal() -> None:
    side = sicbo(dice_round(0, 0, 49, 20, (3, 3, 3)), dice_round(1, 50, 99, 70, (1, 2, 2)),
                 dice_void_round(2, 100, 149, 120, "dice_leaning"))
    scores = score(side, corrupt_events(side, {}))
    assert [truth_class(s.truth) for s in scores] == ["triple", "pair", "void: dice_leaning"]
    assert [read_class(s) for s in scores] == ["right outcome", "right outcome",
                                               "void: dice_leaning"]


def test_read_text_gives_wheel_distance_of_a_wrong_number() -> None:
    s = score(WHEEL, [num(52, 32)])[0]
    assert read_text(s) == "32 (+1 pocket)"


def test_read_text_says_how_early() -> None:
    assert read_text(score(WHEEL, [num(49, 0)])[0]) == "0 (1 frame early)"
    assert read_text(score(WHEEL, [num(45, 0)])[0]) == "0 (5 frames early)"


def test_read_frames_returns_the_asked_frames(tmp_path) -> None:
    side = roulette(result_round(0, 0, 19, 10, 1))
    video = write_clip(tmp_path, "c", side)
    frames = read_frames(video, [12, 3, 3, 40])  # duplicates folded, past the end absent
    assert sorted(frames) == [3, 12]
    # the builder paints frame i grey level 7 i
    assert frames[3].mean() == pytest.approx(21, abs=2)
    assert frames[12].mean() == pytest.approx(84, abs=2)


def test_histogram_draws_bars_in_its_colour() -> None:
    colour = (190, 120, 40)
    img = histogram_bgr([0.1, 0.1, 0.2, 1.5], "t", colour)
    assert img.shape == (260, 640, 3) and img.dtype == np.uint8
    bars = np.all(img == colour, axis=2)
    assert bars.any()
    # the 0.1 bar is twice as tall as the 1.5 one: compare column heights
    heights = bars.sum(axis=0)
    assert heights.max() == pytest.approx(2 * heights[heights > 0].min(), abs=2)
    empty = histogram_bgr([], "t", colour)
    assert not np.all(empty == colour, axis=2).any()


def test_annotate_scales_and_adds_a_band() -> None:
    frame = np.zeros((480, 640, 3), np.uint8)
    out = annotate(frame, ["a", "b", "c"], (0, 0, 255), width_px=320)
    assert out.shape[1] == 320 and out.shape[0] > 240
    assert np.array_equal(frame, np.zeros_like(frame))  # the input is not drawn on


PANEL_CASES = [
    # (id, events in WHEEL, round, expected panel frames)
    # a wrong number read 2 frames after settle: decision, then truth
    ("wrong_after_settle", [num(52, 5)], 0, [52, 50]),
    # read exactly at the settled frame: one panel is enough
    ("same_frame", [num(150, 5)], 1, [150]),
    # nothing read: the settled frame alone
    ("missed", [], 2, [250]),
    # a void missed: the void frame alone
    ("void_missed", [], 3, [350]),
    # a void missed with an abstain: the frame it abstained at, then the void frame
    ("void_abstained", [abstained(360)], 3, [360, 350]),
]


@pytest.mark.parametrize(("case", "events", "index", "frames"), PANEL_CASES,
                         ids=[c[0] for c in PANEL_CASES])
def test_thumbnail_panels(case, events, index, frames) -> None:
    s = score(WHEEL, events)[index]
    assert [f for f, _ in panels(s)] == frames, case


def test_compose_two_panels_and_refuse_missing_frames() -> None:
    s = score(WHEEL, [num(52, 5)])[0]
    frames = {52: np.zeros((48, 64, 3), np.uint8), 50: np.full((48, 64, 3), 255, np.uint8)}
    image = compose(s, "clip", frames)
    assert image is not None and image.shape[1] == 640
    assert image[100, 100].mean() < 60 and image[100, 420].mean() > 200  # decision left
    assert compose(s, "clip", {52: frames[52]}) is None  # the truth frame past the end


def test_report_with_nothing_scored_still_says_why(tmp_path) -> None:
    data = ReportInput(tmp_path / "data", "the readers", [], [], {},
                       {"wheel-a": "no reader yet for roulette"})
    html = write_report(tmp_path / "r", data).read_text()
    assert "No clip was scored" in html
    assert "wheel-a" in html and "no reader yet for roulette" in html
