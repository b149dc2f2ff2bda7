"""Thumbnails draw what the reader saw (the decision event's ``evidence``): a void
round's blamed die in red, the others green, the roulette ball in yellow, with a legend
line; a lost roulette ball ringed on the frame it was last seen on; events without
evidence (older files) still score and thumbnail, unmarked; an object, a ball or dice too
small to judge in their panel are shown enlarged in a last one."""

from __future__ import annotations

import json

import numpy as np

from vision.evaluate.describe import read_class, seen_text
from vision.evaluate.scoring import score
from vision.evaluate.thumbnails import compose, panels
from vision.footage import RouletteResult, abstain, outcome, read_events, void
from vision.footage.evidence import parse_evidence

from .builders import dice_round, dice_void_round, result_round, roulette, sicbo

FRAME = np.full((720, 1280, 3), 128, np.uint8)   # a 720p grey decision frame
SEEN = {"dice": [{"box_xyxy": [400, 200, 560, 360], "face": 5, "confidence": 0.18,
                  "pose": "stacked"},
                 {"box_xyxy": [800, 400, 900, 500], "face": 1, "confidence": 0.987,
                  "pose": "flat"}], "blamed": [0]}
CLEAN = sicbo(dice_round(0, 0, 99, 50, (1, 4, 5)))


def _red(px: np.ndarray) -> bool:
    return bool(px[2] > 180 and px[1] < 80 and px[0] < 80)


def _green(px: np.ndarray) -> bool:
    return bool(px[1] > 160 and px[2] < 80 and px[0] < 80)


def _false_void(evidence: dict | None):  # noqa: ANN202
    extra = {} if evidence is None else {"evidence": evidence}
    s = score(CLEAN, [void(60, "dice_stacked", **extra)])[0]
    assert s.kind == "false_void"
    return compose(s, "clip", {60: FRAME, 50: FRAME})


def test_void_thumbnail_marks_the_blamed_die_red() -> None:
    image = _false_void(SEEN)
    assert image is not None
    k = 320 / 1280                                   # two panels of 320 px
    left = [image[y, round(400 * k)] for y in range(round(200 * k) + 2, round(360 * k) - 2)]
    assert sum(_red(p) for p in left) > 0.8 * len(left)        # the blamed box's left side
    right = [image[y, round(800 * k)] for y in range(round(400 * k) + 2, round(500 * k) - 2)]
    assert sum(_green(p) for p in right) > 0.8 * len(right)    # the other die: green
    truth_panel = image[:180, 320:]
    assert not any(_red(p) for p in truth_panel.reshape(-1, 3))  # only the decision panel


def test_old_events_without_evidence_still_thumbnail(tmp_path) -> None:
    marked, plain = _false_void(SEEN), _false_void(None)
    assert plain is not None and marked is not None
    assert not any(_red(p) for p in plain[:180].reshape(-1, 3))
    assert plain.shape[0] < marked.shape[0]          # no legend line without evidence
    path = tmp_path / "old.jsonl"                   # an event file written before evidence
    path.write_text(json.dumps({"type": "void", "frame": 60, "reason": "dice_stacked"}) + "\n")
    assert score(CLEAN, read_events(path, "sicbo"))[0].kind == "false_void"


def test_roulette_ball_drawn_where_the_reader_saw_it() -> None:
    wheel = roulette(result_round(0, 0, 99, 50, 17))
    read = outcome(60, RouletteResult(5), 0.99, evidence={"ball_xy": [640, 360], "pocket": 5})
    s = score(wheel, [read])[0]
    image = compose(s, "clip", {60: FRAME, 50: FRAME})
    assert image is not None
    ring = image[70:110, 140:180].reshape(-1, 3)     # about (160, 90): the ball, scaled
    assert any(p[2] > 200 and p[1] > 180 and p[0] < 60 for p in ring)   # yellow


def test_a_lost_ball_is_ringed_on_the_frame_it_was_last_seen() -> None:
    # the wheel turns on: on the decision frame the pocket is empty, so the frame the ball
    # was last seen on is a third panel, ringed there; the decision panel unmarked
    wheel = roulette(result_round(0, 0, 99, 50, 17))
    seen = {"ball_xy": [640, 360], "ball_frame": 40}
    s = score(wheel, [abstain(60, "ball_lost", evidence=seen)])[0]
    assert [i for i, _ in panels(s)] == [60, 50, 40]
    assert seen_text(s) == "ball last seen @40 at x 640 y 360"
    image = compose(s, "clip", {60: FRAME, 50: FRAME, 40: FRAME})
    assert image is not None and image.shape[1] == 3 * 320

    def yellow(x0: int) -> bool:
        ring = image[70:110, x0 + 140:x0 + 180].reshape(-1, 3)
        return any(p[2] > 200 and p[1] > 180 and p[0] < 60 for p in ring)

    assert [yellow(0), yellow(320), yellow(640)] == [False, False, True]


def test_malformed_evidence_is_ignored() -> None:
    assert parse_evidence({"evidence": {"dice": [{"box_xyxy": [1, 2]}]}}) is None
    assert parse_evidence({"evidence": "text"}) is None
    assert parse_evidence({}) is None


def test_report_says_in_words_what_was_seen() -> None:
    s = score(CLEAN, [void(60, "dice_stacked", evidence=SEEN)])[0]
    assert seen_text(s) == "blamed 5 stacked 0.18; 1 flat 0.99"   # the blamed die first
    assert seen_text(score(CLEAN, [void(60, "dice_stacked")])[0]) == ""


def test_a_void_round_the_reader_abstained_on_shows_its_abstain() -> None:
    # a leaning die the reader did not call: it abstained (low confidence), a void missed;
    # the report shows the abstain's frame and the dice it saw there
    voids = sicbo(dice_void_round(0, 0, 99, 50, "dice_leaning"))
    seen = {"dice": SEEN["dice"][1:]}
    s = score(voids, [abstain(60, "low_confidence", evidence=seen)])[0]
    assert (s.kind, s.frame, read_class(s)) == ("void_missed", 60, "abstain")
    assert seen_text(s) == "1 flat 0.99"
    image = compose(s, "clip", {60: FRAME, 50: FRAME})
    k = 320 / 1280
    side = [image[y, round(800 * k)] for y in range(round(400 * k) + 2, round(500 * k) - 2)]
    assert sum(_green(p) for p in side) > 0.8 * len(side)


def test_labels_of_close_dice_do_not_hide_each_other_or_a_die() -> None:
    """Three small dice in a row a few pixels apart (a 320 px thumbnail of a far camera):
    every die's whole outline stays visible and no label sits on another label."""
    from vision.footage.evidence import DieSeen, Evidence, draw_evidence, tag_place

    dice = tuple(DieSeen((40, y, 60, y + 20), 6, 0.99, "flat") for y in (60, 84, 108))
    frame = np.full((180, 320, 3), 128, np.uint8)
    image = draw_evidence(frame, Evidence(dice=dice))
    for d in dice:
        x0, y0, x1, y1 = d.box_xyxy
        outline = [image[y0, x] for x in range(x0 + 2, x1 - 1)] + \
                  [image[y1, x] for x in range(x0 + 2, x1 - 1)]
        assert all(_green(p) for p in outline), d.box_xyxy
    taken = [d.box_xyxy for d in dice]                # the same placement, rectangle by rectangle
    for d in dice:
        x, y = tag_place((50, 12), d.box_xyxy, (180, 320), False, taken)
        rect = (x, y, x + 50, y + 12)
        assert all(rect[2] <= a or rect[0] >= c or rect[3] <= b or rect[1] >= e
                   for a, b, c, e in taken), (rect, taken)
        taken.append(rect)


def _orange(px: np.ndarray) -> bool:
    return bool(px[2] > 200 and 100 < px[1] < 180 and px[0] < 80)


def test_an_abstain_shows_the_die_it_was_not_sure_of_in_orange() -> None:
    # a supervisor confirming an abstain looks first at the die the reader would not pay
    from vision.footage.evidence import legend_text

    seen = {"dice": [{"box_xyxy": [400, 200, 560, 360], "face": 2, "confidence": 0.5,
                      "pose": "flat"}, SEEN["dice"][1]]}
    s = score(CLEAN, [abstain(60, "low_confidence", evidence=seen)])[0]
    assert s.kind == "abstained"
    image = compose(s, "clip", {60: FRAME, 50: FRAME})
    assert image is not None
    k = 320 / 1280
    unsure = [image[y, round(400 * k)] for y in range(round(200 * k) + 2, round(360 * k) - 2)]
    assert sum(_orange(p) for p in unsure) > 0.8 * len(unsure)
    sure = [image[y, round(800 * k)] for y in range(round(400 * k) + 2, round(500 * k) - 2)]
    assert sum(_green(p) for p in sure) > 0.8 * len(sure)
    assert "orange: die not sure enough to pay" in legend_text(parse_evidence(
        {"evidence": seen}))


def _object_void(box: list[int], frame: np.ndarray) -> np.ndarray:
    # a false void on a wide frame: what the reader took for an object is a few pixels in
    # its 320 px panel, so a last panel shows it enlarged from the full frame
    wheel = roulette(result_round(0, 0, 99, 50, 17))
    s = score(wheel, [void(60, "object_in_bowl", evidence={"object_box_xyxy": box})])[0]
    assert s.kind == "false_void"
    image = compose(s, "clip", {60: frame, 50: frame})
    assert image is not None
    return image


def test_a_small_object_is_shown_enlarged_beside_the_panels() -> None:
    frame = np.full((1080, 1920, 3), 128, np.uint8)
    frame[736:774, 1030:1058] = (200, 200, 200)       # the thing the reader saw
    image = _object_void([1030, 736, 1058, 774], frame)
    tile = 180                                         # 1080 x 320 / 1920: the panels' height
    assert image.shape[1] == 2 * 320 + tile
    zoom = image[:tile, 640:]
    red = np.array([_red(p) for p in zoom.reshape(-1, 3)]).reshape(tile, tile)
    rows, cols = np.nonzero(red[30:])                  # (below the panel's caption)
    # the box drawn ~4x the size it has in the decision panel (28 x 38 px -> 5 x 6 px)
    assert cols.max() - cols.min() > 25 and rows.max() - rows.min() > 35
    pale = zoom[30:][(zoom[30:] > 190).all(axis=2)]
    assert len(pale) > 400                             # the object itself, enlarged


def test_a_large_object_gets_no_enlarged_panel() -> None:
    image = _object_void([400, 200, 800, 500], np.full((720, 1280, 3), 128, np.uint8))
    assert image.shape[1] == 2 * 320


def _dice_void(boxes: list[list[int]]) -> np.ndarray:
    dice = [{"box_xyxy": b, "face": 5, "confidence": 0.99, "pose": "flat"} for b in boxes]
    s = score(CLEAN, [void(60, "dice_stacked", evidence={"dice": dice, "blamed": [0]})])[0]
    wide = np.full((1080, 1920, 3), 128, np.uint8)
    image = compose(s, "clip", {60: wide, 50: wide})
    assert image is not None
    return image


def test_small_dice_are_shown_enlarged_beside_the_panels() -> None:
    # a 1080p dome: 60 px dice are 10 px in a 320 px panel, their faces unreadable there
    image = _dice_void([[900, 500, 960, 560], [1040, 520, 1100, 580], [960, 640, 1020, 700]])
    assert image.shape[1] == 2 * 320 + 180
    zoom = image[30:180, 640:]
    red = np.array([_red(p) for p in zoom.reshape(-1, 3)]).reshape(zoom.shape[:2])
    rows, cols = np.nonzero(red)
    assert cols.max() - cols.min() > 25 and rows.max() - rows.min() > 25   # the blamed die


def test_dice_spread_over_the_frame_get_no_enlarged_panel() -> None:
    # nothing to gain: a crop round all of them is the frame
    image = _dice_void([[100, 100, 160, 160], [1700, 900, 1760, 960], [900, 500, 960, 560]])
    assert image.shape[1] == 2 * 320
