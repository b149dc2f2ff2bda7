"""Decision events carry what the reader saw (``evidence``): a rendered round read by the
whole reader yields an outcome whose dice boxes hold the true dice (projected from the
scene), and a stacked round a void that blames the die in the stacked pose. The required
fields are untouched: evidence is an extra field the scorer ignores."""

from __future__ import annotations

import numpy as np

from vision.footage import StreamInfo
from vision.footage.evidence import parse_evidence
from vision.sicbo.event_detail import dice_evidence
from vision.sicbo.reader import SicBoReader
from vision.sicbo.settle import DiceObs, DieObs

from .scenes import clip_frames, dome_scene, flat_dice, stacked_dice


def _decisions(rounds: list) -> tuple[list, object]:
    scene = dome_scene(tilt_deg=10.0)
    frames, _ = clip_frames(scene, rounds, covered=10, lift=5, still=14, seed=11)
    h, w = frames[0].shape[:2]
    reader = SicBoReader(StreamInfo(25.0, w, h, None))
    events = [e for i, f in enumerate(frames) for e in reader.update(f, i)]
    events += reader.finish(len(frames) - 1)
    return [e for e in events if e.type in ("outcome", "void", "abstain")], scene


def test_outcome_boxes_hold_the_true_dice() -> None:
    dice = flat_dice([2, 4, 6])
    decided, scene = _decisions([dice])
    assert [e.type for e in decided] == ["outcome"]
    ev = parse_evidence(decided[0].extra)
    assert ev is not None and len(ev.dice) == 3 and not ev.blamed
    centres, _ = scene.camera.project(np.array([d.center_xyz for d in dice]))
    for (cx, cy), face in zip(centres, (2, 4, 6), strict=True):
        inside = [d for d in ev.dice if d.box_xyxy[0] <= cx <= d.box_xyxy[2]
                  and d.box_xyxy[1] <= cy <= d.box_xyxy[3]]
        assert [d.face for d in inside] == [face]      # one box per die, its face
    assert all(d.confidence >= 0.9 and d.pose == "flat" for d in ev.dice)


def test_stacked_void_blames_the_stacked_die() -> None:
    decided, scene = _decisions([stacked_dice([6, 4, 1])])
    assert [(e.type, e.reason) for e in decided] == [("void", "dice_stacked")]
    ev = parse_evidence(decided[0].extra)
    assert ev is not None and ev.blamed
    assert all(ev.dice[i].pose == "stacked" for i in ev.blamed)
    pile, _ = scene.camera.project(np.array([stacked_dice([6, 4, 1])[1].center_xyz]))
    x0, y0, x1, y1 = ev.dice[ev.blamed[0]].box_xyxy
    assert x0 <= pile[0][0] <= x1 and y0 <= pile[0][1] <= y1   # the blamed box is the pile


def test_blame_falls_back_to_the_die_not_flat() -> None:
    # a hidden-die void decided as stacked while this read sees the pair leaning
    read = DiceObs((DieObs((10.0, 10.0), 8.0, 3, 0.99),
                    DieObs((40.0, 40.0), 8.0, 5, 0.6, "leaning")))
    ev = dice_evidence(read, "dice_stacked")
    assert ev.blamed == (1,)
    assert ev.dice[0].box_xyxy == (4, 4, 16, 16)   # no blob box: centre +- 0.75 edge
    assert dice_evidence(read, "low_confidence").blamed == ()
