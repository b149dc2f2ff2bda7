"""Roulette decisions carry where the reader saw the ball or the object (``evidence``):
a rendered clip (the project's synthetic footage, an outcome then an object void) read
by the whole reader gives an outcome whose ``ball_xy`` lies on the white ball in its
pocket, and a void whose box holds the object (the bowl there changed since before the
object fell in; the bowl does not turn); an abstain for a lost ball says where and when
it was last seen."""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
import pytest

from vision.evaluate.images import read_frames
from vision.footage import RouletteResult, abstain, load_sidecar, outcome
from vision.footage.evidence import parse_evidence
from vision.read_cli import read_clip
from vision.roulette.event_detail import with_wheel_evidence

CLIP = Path(__file__).resolve().parents[1] / "data" / "roulette" / "roulette_s777_000.mp4"


@pytest.fixture(scope="module")
def decided() -> dict[str, object]:
    return {e.type: e for e in read_clip(CLIP, "roulette", None)
            if e.type in ("outcome", "void")}


def test_outcome_points_at_the_ball(decided) -> None:
    truth = load_sidecar(CLIP.with_suffix(".json")).rounds[0].result
    out = decided["outcome"]
    ev = parse_evidence(out.extra)
    assert ev is not None and ev.pocket == truth.number == out.result.number
    grey = cv2.cvtColor(read_frames(CLIP, [out.frame])[out.frame], cv2.COLOR_BGR2GRAY)
    x, y = ev.ball_xy
    assert grey[y - 1:y + 2, x - 1:x + 2].mean() > 170       # on the white ball
    assert grey[y - 1:y + 2, x - 1:x + 2].mean() > np.percentile(grey, 97)


def test_void_box_holds_the_object(decided) -> None:
    void = decided["void"]
    assert void.reason == "object_in_bowl"
    ev = parse_evidence(void.extra)
    assert ev is not None and ev.object_box_xyxy is not None
    before = load_sidecar(CLIP.with_suffix(".json")).rounds[1].void.frame - 15
    frames = read_frames(CLIP, [before, void.frame])
    x0, y0, x1, y1 = ev.object_box_xyxy
    assert 0 < x1 - x0 < 160 and 0 < y1 - y0 < 160            # a box, not the wheel
    change = cv2.absdiff(frames[void.frame], frames[before])[y0:y1, x0:x1].max(axis=2)
    assert (change > 40).mean() > 0.2


def test_an_abstain_for_a_lost_ball_says_where_and_when_it_was_last_seen() -> None:
    lost = abstain(300, "ball_lost")
    said = outcome(300, RouletteResult(17), 0.99)
    odd = abstain(300, "calibration")                 # not about the ball: nothing shown
    out = with_wheel_evidence([lost, said, odd], ball=None, object_box=None,
                              last_seen=(271, (640, 212)))
    ev = parse_evidence(out[0].extra)
    assert ev is not None and (ev.ball_xy, ev.ball_frame, ev.pocket) == ((640, 212), 271, None)
    assert "evidence" not in out[1].extra and "evidence" not in out[2].extra
    assert with_wheel_evidence([lost], ball=None, object_box=None)[0] == lost
