"""Builders for sic bo reader tests: rendered dome scenes and short rounds of frames.

Frames come from the synthetic footage renderer (``vision.synth.sicbo_render``), so a
test renders a known scene and asserts the reader recovers it. Every builder takes a
local seed; nothing reads a sidecar.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from vision.footage import Event, StreamInfo
from vision.sicbo.reader import ReadFn, SicBoReader
from vision.sicbo.settle import SettleParams
from vision.synth.camera import tilted_view
from vision.synth.dice3d import (
    DiceStyle,
    DiePose,
    flat_pose,
    lean_against_die,
    lean_against_wall,
    stacked_pose,
)
from vision.synth.sicbo_render import DiceFrameRenderer, DomeScene

EDGE_M = 0.016
SPOTS = ((-0.045, -0.03), (0.04, -0.035), (0.0, 0.045))


def dome_scene(width: int = 640, height: int = 480, *, tilt_deg: float = 10.0,
               floor_bgr: tuple[float, float, float] = (50.0, 105.0, 35.0),
               azimuth_rad: float = 0.7, focal_rel: float = 1.0) -> DomeScene:
    """A 0.1 m dome filling ~85% of the frame height, camera ``tilt_deg`` off vertical,
    turned ``azimuth_rad`` round it, its focal length ``focal_rel`` x the width."""
    focal = focal_rel * width
    dist = focal * 0.2 / (0.85 * height)
    cam = tilted_view(np.zeros(3), distance_m=dist, tilt_rad=np.radians(tilt_deg),
                      azimuth_rad=azimuth_rad, focal_px=focal, width=width, height=height)
    table = tuple(0.7 * v for v in floor_bgr)
    return DomeScene(camera=cam, floor_bgr=floor_bgr, table_bgr=table)  # type: ignore[arg-type]


def flat_dice(faces: Sequence[int], *, yaw: float = 0.3) -> tuple[DiePose, ...]:
    return tuple(flat_pose(f, xy, yaw + 0.7 * i, edge_m=EDGE_M)
                 for i, (f, xy) in enumerate(zip(faces, SPOTS, strict=False)))


def leaning_dice(faces: Sequence[int], tilt_deg: float = 30.0) -> tuple[DiePose, ...]:
    """Die 0 flat, die 1 leaning against it, die 2 flat elsewhere."""
    support = flat_pose(faces[0], (-0.03, -0.02), 0.2, edge_m=EDGE_M)
    lean = lean_against_die(faces[1], support, 1, np.radians(tilt_deg))
    return support, lean, flat_pose(faces[2], SPOTS[2], 1.1, edge_m=EDGE_M)


def wall_leaning_dice(faces: Sequence[int], azimuth_rad: float, tilt_deg: float = 20.0,
                      *, yaw: float = 0.2) -> tuple[DiePose, ...]:
    """Dice 0 and 2 flat, die 1 leaning on the dome wall (radius 0.1 m) at ``azimuth_rad``."""
    return (flat_pose(faces[0], SPOTS[0], yaw, edge_m=EDGE_M),
            lean_against_wall(faces[1], azimuth_rad, 0.1, np.radians(tilt_deg)),
            flat_pose(faces[2], SPOTS[2], yaw + 0.9, edge_m=EDGE_M))


def stacked_dice(faces: Sequence[int]) -> tuple[DiePose, ...]:
    """Die 1 lying on die 0, die 2 flat elsewhere."""
    below = flat_pose(faces[0], (-0.03, -0.02), 0.2, edge_m=EDGE_M)
    return below, stacked_pose(faces[1], below, (0.002, -0.001), 0.5), \
        flat_pose(faces[2], SPOTS[2], 1.1, edge_m=EDGE_M)


def camera_frame(clean: np.ndarray, rng: np.random.Generator, noise: float = 2.0) -> np.ndarray:
    """A clean float frame -> uint8 BGR with sensor noise."""
    return np.clip(clean + rng.normal(0, noise, clean.shape), 0, 255).astype(np.uint8)


def round_frames(scene: DomeScene, dice: Sequence[DiePose], *, style: DiceStyle | None = None,
                 covered: int = 8, lift: int = 6, still: int = 10,
                 seed: int = 0) -> tuple[list[np.ndarray], int]:
    """Lid on for ``covered`` frames, fading off over ``lift``, then ``still`` open frames.

    Returns the frames and the first frame with the lid fully off (the settled frame)."""
    frames, settled = clip_frames(scene, [dice], style=style, covered=covered, lift=lift,
                                  still=still, seed=seed)
    return frames, settled[0]


def clip_frames(scene: DomeScene, rounds: Sequence[Sequence[DiePose]], *,
                style: DiceStyle | None = None, covered: int = 8, lift: int = 6,
                still: int = 10, seed: int = 0) -> tuple[list[np.ndarray], list[int]]:
    """Several rounds back to back (lid on, lid fading off, dice still); the frames and
    each round's settled frame. The fade is a blend of the lid-on and lid-off renders."""
    rng = np.random.default_rng(seed)
    renderer = DiceFrameRenderer(scene, style)
    lid_on = renderer.render((), lid_opacity=1.0)
    frames: list[np.ndarray] = []
    settled: list[int] = []
    for dice in rounds:
        lid_off = renderer.render(dice)
        frames += [camera_frame(lid_on, rng) for _ in range(covered)]
        for k in range(1, lift):
            a = k / lift
            frames.append(camera_frame((1 - a) * lid_on + a * lid_off, rng))
        settled.append(len(frames))
        frames += [camera_frame(lid_off, rng) for _ in range(still)]
    return frames, settled


def round_decisions(scene: DomeScene, rounds: Sequence[Sequence[DiePose]], *,
                    style: DiceStyle | None = None, seed: int = 0, still: int = 14,
                    read_fn: ReadFn | None = None,
                    settle: SettleParams | None = None) -> list[tuple[int, list[Event]]]:
    """The whole reader (its dice read by ``read_fn``, None: its own reader; its round
    tracker's ``settle``, None: the reader's own) over ``clip_frames`` (lid on 10 frames,
    lifting 5, ``still`` frames still): each round's settled frame and its decisions
    (outcome, void and abstain events from 5 frames before it to the next round's)."""
    frames, settled = clip_frames(scene, rounds, style=style, covered=10, lift=5, still=still,
                                  seed=seed)
    h, w = frames[0].shape[:2]
    reader = SicBoReader(StreamInfo(25.0, w, h, None), read_fn=read_fn, params=settle)
    events = [e for i, f in enumerate(frames) for e in reader.update(f, i)]
    events += reader.finish(len(frames) - 1)
    ends = [*settled[1:], len(frames)]
    return [(start, [e for e in events if start - 5 <= e.frame < end
                     and e.type in ("outcome", "void", "abstain")])
            for start, end in zip(settled, ends, strict=True)]


def faces_at(reading, centres: Sequence[tuple[float, float]],  # noqa: ANN001
             radius: float) -> list[list[int]]:
    """The faces read within ``radius`` px of each centre (a photo test's check that every
    die is found once, at its place: compare with ``[[face] for face in faces]``)."""
    return [[d.face for d in reading.dice
             if np.hypot(d.center_xy[0] - cx, d.center_xy[1] - cy) < radius]
            for cx, cy in centres]
