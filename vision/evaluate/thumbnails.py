"""Annotated frames for the rounds a reader did not get right.

Each such round gets one JPEG: the frame the reader decided on and, when it differs, the
frame where the truth became visible (``settled_frame`` or ``void.frame``) beside it, so a
wrong or early read can be judged at a glance; below them, truth, read and kind. A round
without any event shows the truth frame alone. On the decision frame, what the reader saw
(the event's ``evidence``, ``vision.footage.evidence``): the dice boxes, the blamed die in
red, the ball or the object; a legend line says which is which (events without evidence,
as older files are, give the frame unmarked). A roulette abstain for a ball lost, unseen
or handled names the frame the ball was last seen on: that frame is a panel too, the
ball ringed there (on the turning wheel a ring on the decision frame would point at an
empty pocket). Where what the reader saw is small in its panel (an object box, a ball or
every die under ``ZOOM_BELOW_PX`` across, as on a wide frame cut to 320 px), a last panel
shows it enlarged from the full-size decision frame, marked the same way.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from pathlib import Path

import cv2
import numpy as np

from vision.evaluate.describe import read_text, seen, truth_text
from vision.evaluate.images import annotate, label, read_frames
from vision.evaluate.metrics import ClipScore
from vision.evaluate.scoring import RoundScore
from vision.footage.evidence import Evidence, draw_evidence, legend_text

__all__ = ["GOOD_KINDS", "KIND_BGR", "needs_thumbnail", "panels", "write_thumbnails"]

ZOOM_BELOW_PX = 40   # a mark smaller than this in its panel gets an enlarged panel ...
ZOOM_CONTEXT = 4.0   # ... showing this x its size around it (the pockets, the rim) ...
DICE_CONTEXT = 1.4   # ... (the dice: this x the box round them all) ...
ZOOM_MIN_PX = 64     # ... and at least this many frame pixels ...
ZOOM_MIN_GAIN = 1.5  # ... where that enlarges it at least this much over the panel
BALL_REL = 1 / 60    # a ball's half size, x the frame's width, where only its centre is known

GOOD_KINDS = ("correct", "void_detected")
KIND_BGR = {"correct": (80, 160, 60), "void_detected": (80, 160, 60), "wrong": (50, 50, 210),
            "false_void": (40, 140, 240), "void_misclassified": (40, 140, 240),
            "abstained": (170, 130, 90), "missed": (60, 190, 230),
            "void_missed": (60, 190, 230)}  # fmt: skip


def needs_thumbnail(s: RoundScore) -> bool:
    return s.kind not in GOOD_KINDS


def truth_frame(s: RoundScore) -> int:
    rnd = s.truth
    frame = rnd.void.frame if rnd.void is not None else rnd.settled_frame
    assert frame is not None  # a Round has one or the other
    return frame


def panels(s: RoundScore) -> list[tuple[int, str]]:
    """(frame index, caption) of each panel: the reader's decision, then the truth frame,
    then the frame its evidence saw the ball on when that is another (a ball lost)."""
    what = "void visible" if s.truth.void is not None else "settled"
    truth = (truth_frame(s), f"truth: {what} @{truth_frame(s)}")
    if s.frame is None:
        return [truth]
    decided = (s.frame, f"reader decided @{s.frame}")
    shown = [decided] if s.frame == truth[0] else [decided, truth]
    ball = _ball_frame(seen(s))
    if ball is not None and all(ball != index for index, _ in shown):
        shown.append((ball, f"ball last seen @{ball}"))
    return shown


def _ball_frame(ev: Evidence | None) -> int | None:
    return None if ev is None or ev.ball_xy is None else ev.ball_frame


def panel_marks(ev: Evidence | None, index: int, decided: int | None) -> Evidence | None:
    """What to draw on the panel of frame ``index``: the evidence on the decision frame,
    the ball only on the frame it was seen on when that is another (``ball_frame``)."""
    ball = _ball_frame(ev)
    if ev is None or ball is None or ball == decided:
        return ev if index == decided else None
    if index == ball:
        return Evidence(ball_xy=ev.ball_xy, ball_frame=ball)
    return replace(ev, ball_xy=None, ball_frame=None) if index == decided else None


def compose(s: RoundScore, clip: str, frames: Mapping[int, np.ndarray]) -> np.ndarray | None:
    """The annotated picture of one round, None if a frame lies past the end of the video."""
    shown = panels(s)
    if any(index not in frames for index, _ in shown):
        return None
    width = 480 if len(shown) == 1 else 320
    ev = seen(s)
    tiles = [label(_marked(frames[index], width, panel_marks(ev, index, s.frame)), caption)
             for index, caption in shown]
    zoom = None if s.frame is None else _zoom(frames[s.frame], panel_marks(ev, s.frame, s.frame),
                                              width)
    tiles += [] if zoom is None else [zoom]
    height = min(t.shape[0] for t in tiles)
    strip = np.hstack([t[:height] for t in tiles])
    lines = [f"{clip}  round {s.index}",
             f"truth: {truth_text(s.truth)}   read: {read_text(s)}",
             s.kind.upper() + (f" ({s.cause})" if s.cause else "")]
    legend = legend_text(ev)
    return annotate(strip, lines + ([legend] if legend else []), KIND_BGR[s.kind],
                    width_px=strip.shape[1])


def _marked(frame_bgr: np.ndarray, width_px: int, ev: Evidence | None) -> np.ndarray:
    """The frame scaled to ``width_px``, what the reader saw drawn over it (if known)."""
    scaled = _scaled(frame_bgr, width_px)
    return draw_evidence(scaled, ev, scale=width_px / frame_bgr.shape[1])


def _zoom(frame_bgr: np.ndarray, ev: Evidence | None, width_px: int) -> np.ndarray | None:
    """The decision panel's small mark (``_small_region``) enlarged: a square crop of the
    full frame around it, as tall as the panels, marked; None when nothing is that small."""
    h, w = frame_bgr.shape[:2]
    scale = width_px / w
    got = _small_region(ev, w, scale)
    if got is None:
        return None
    (x0, y0, x1, y1), context = got
    side = int(min(h, w, max(context * max(x1 - x0, y1 - y0), ZOOM_MIN_PX)))
    tile = max(1, round(h * scale))                  # the panels' height
    if tile / side < ZOOM_MIN_GAIN * scale:
        return None
    left = int(np.clip((x0 + x1 - side) // 2, 0, w - side))
    top = int(np.clip((y0 + y1 - side) // 2, 0, h - side))
    big = cv2.resize(frame_bgr[top:top + side, left:left + side], (tile, tile),
                     interpolation=cv2.INTER_LINEAR)
    marked = draw_evidence(big, _shifted(ev, -left, -top), scale=tile / side)
    return label(marked, f"zoom x{tile / side / scale:.0f}")


def _small_region(ev: Evidence | None, frame_w: int, scale: float
                  ) -> tuple[tuple[int, int, int, int], float] | None:
    """The region to enlarge and how much context to show round it: the object box, or
    the box round the ball (``BALL_REL``), where it is under ``ZOOM_BELOW_PX`` across at
    the panel's ``scale``; the box round all the dice where each is; else None."""
    if ev is None:
        return None
    if ev.dice:
        boxes = [d.box_xyxy for d in ev.dice]
        if max(max(b[2] - b[0], b[3] - b[1]) for b in boxes) * scale >= ZOOM_BELOW_PX:
            return None
        return (min(b[0] for b in boxes), min(b[1] for b in boxes),
                max(b[2] for b in boxes), max(b[3] for b in boxes)), DICE_CONTEXT
    if ev.object_box_xyxy is not None:
        box = ev.object_box_xyxy
    elif ev.ball_xy is not None:
        r = max(2, round(BALL_REL * frame_w))
        box = (ev.ball_xy[0] - r, ev.ball_xy[1] - r, ev.ball_xy[0] + r, ev.ball_xy[1] + r)
    else:
        return None
    small = max(box[2] - box[0], box[3] - box[1]) * scale < ZOOM_BELOW_PX
    return (box, ZOOM_CONTEXT) if small else None


def _shifted(ev: Evidence | None, dx: int, dy: int) -> Evidence | None:
    """``ev`` with every mark moved by (dx, dy) px: marks on a crop of the frame."""
    if ev is None:
        return None

    def box(b: tuple[int, int, int, int]) -> tuple[int, int, int, int]:
        return (b[0] + dx, b[1] + dy, b[2] + dx, b[3] + dy)

    return replace(ev, dice=tuple(replace(d, box_xyxy=box(d.box_xyxy)) for d in ev.dice),
                   ball_xy=None if ev.ball_xy is None else (ev.ball_xy[0] + dx,
                                                            ev.ball_xy[1] + dy),
                   object_box_xyxy=None if ev.object_box_xyxy is None else box(
                       ev.object_box_xyxy))


def _scaled(frame_bgr: np.ndarray, width_px: int) -> np.ndarray:
    h, w = frame_bgr.shape[:2]
    return cv2.resize(frame_bgr, (width_px, max(1, round(h * width_px / w))),
                      interpolation=cv2.INTER_AREA)


def write_thumbnails(out_dir: Path, scores: Sequence[ClipScore], videos: Mapping[str, Path],
                     limit: int) -> dict[tuple[str, int], str]:
    """Write ``out_dir/frames/<clip>-r<round>.jpg`` for rounds not read right, at most
    ``limit``; returns (clip, round) -> path relative to ``out_dir``."""
    done: dict[tuple[str, int], str] = {}
    for clip in scores:
        bad = [s for s in clip.rounds if needs_thumbnail(s)][: max(0, limit - len(done))]
        if not bad or clip.clip not in videos:
            continue
        frames = read_frames(videos[clip.clip], (i for s in bad for i, _ in panels(s)))
        (out_dir / "frames").mkdir(exist_ok=True)
        for s in bad:
            image = compose(s, clip.clip, frames)
            if image is None:
                continue
            name = f"frames/{clip.clip}-r{s.index}.jpg"
            cv2.imwrite(str(out_dir / name), image, [cv2.IMWRITE_JPEG_QUALITY, 85])
            done[(clip.clip, s.index)] = name
    return done
