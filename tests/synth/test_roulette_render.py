"""Roulette synth through the forward model: what is drawn matches the sidecar's truth."""

from __future__ import annotations

import dataclasses

import cv2
import numpy as np
import pytest

from vision.footage import WHEEL_SEQUENCE_CW, pocket_colour
from vision.synth.roulette import build_scene, render_still
from vision.synth.roulette_scene import pocket_angle_rad, pocket_index_at


def _colour_name(bgr: np.ndarray) -> str:
    b, g, r = (float(v) for v in bgr)
    if g > r + 20 and g > b:
        return "green"
    if r > g + 50 and r > b + 40:
        return "red"
    if max(b, g, r) < 100:
        return "black"
    return f"unclear {bgr}"


def _pocket_point(scene, number: int, wheel_angle: float, z: float) -> np.ndarray:
    d = scene.design
    a = float(pocket_angle_rad(d, WHEEL_SEQUENCE_CW.index(number))) + wheel_angle
    uv, _ = scene.camera.project(np.array([[d.r_ball_rest * np.cos(a),
                                            d.r_ball_rest * np.sin(a), z]]))
    return uv[0]


def _pocket_ring(scene) -> np.ndarray:
    """(H, W) bool: pixels whose ray meets the ball-centre plane within the pocket ring."""
    cam, d = scene.camera, scene.design
    yy, xx = np.mgrid[0:cam.height, 0:cam.width]
    pix = np.stack([xx.ravel(), yy.ravel(), np.ones(xx.size)])
    w = np.linalg.inv(cam.plane_homography(d.ball_radius)) @ pix
    r = np.hypot(w[0] / w[2], w[1] / w[2]).reshape(xx.shape)
    return (r > d.r_pocket_in - 0.005) & (r < d.r_pocket_out + 0.005)


def _ball_blob(frame: np.ndarray, ball_px: float, region: np.ndarray) -> tuple[np.ndarray,
                                                                              list[int]]:
    """Centroid of the largest bright, unsaturated blob in ``region``, at least ball-sized,
    and the areas of all such blobs (largest first)."""
    lo, hi = frame.min(axis=2).astype(int), frame.max(axis=2).astype(int)
    mask = ((lo > 120) & (hi - lo < 45) & region).astype(np.uint8)
    k = max(3, int(0.6 * ball_px) | 1)  # opening removes frets' edges and digits' strokes
    mask = cv2.morphologyEx(mask, cv2.MORPH_OPEN, cv2.getStructuringElement(
        cv2.MORPH_ELLIPSE, (k, k)))
    n, _, stats, centroids = cv2.connectedComponentsWithStats(mask)
    order = np.argsort(-stats[1:, cv2.CC_STAT_AREA]) + 1
    return centroids[order[0]], [int(stats[i, cv2.CC_STAT_AREA]) for i in order]


# (seed, seconds after settled_frame): cameras and wheels differ per seed
CASES = [(3, 0.5), (8, 1.0), (14, 1.5), (27, 0.7)]


@pytest.mark.parametrize(("seed", "after_s"), CASES)
def test_ball_drawn_in_the_result_pocket(seed: int, after_s: float) -> None:
    scene = build_scene(seed, rounds=2, width=640, height=480, fps=30.0)
    # a low spindle without arms: no chrome in front of the pockets
    renderer = scene.renderer(dataclasses.replace(scene.design, turret_arms=0,
                                                  turret_height=scene.design.cone_height))
    r = next(r for r in scene.timeline.rounds if r.result is not None)
    state = scene.timeline.state(r.settled_frame + int(after_s * 30))
    frame = renderer.render(state)
    d = scene.design
    expected = _pocket_point(scene, r.result.number, state.wheel_angle, d.ball_radius)
    ball_px = 2 * d.ball_radius * scene.camera.pixels_per_metre_at(np.zeros(3))
    centre, areas = _ball_blob(frame, ball_px, _pocket_ring(scene))
    # the lit side is the brightest: the blob's centroid may sit a little off the centre,
    # but far less than the pocket's width (about 1.5 ball diameters)
    assert np.linalg.norm(centre - expected) < max(2.5, 0.2 * ball_px), (centre, expected)
    assert areas[0] > 0.4 * np.pi * (ball_px / 2) ** 2  # a whole ball, not a glint
    assert len(areas) == 1 or areas[1] < 0.5 * areas[0]  # and nothing else like it
    # the pocket floor under the ball has the result's colour
    empty = renderer.render(dataclasses.replace(state, ball_xyz=()))
    x, y = np.round(_pocket_point(scene, r.result.number, state.wheel_angle, 0.0)).astype(int)
    assert _colour_name(empty[y - 1:y + 2, x - 1:x + 2].reshape(-1, 3).mean(axis=0)) == \
        pocket_colour(r.result.number)


def _first_void(start: int):
    for seed in range(start, start + 60):
        scene = build_scene(seed, rounds=2, width=640, height=480, fps=30.0)
        for plan, r in zip(scene.timeline.plans, scene.timeline.rounds, strict=True):
            if r.void is not None:
                return scene, plan, r
    raise AssertionError("no void round in 60 seeds")


@pytest.mark.parametrize("start", [0, 100])
def test_void_object_visible_in_the_bowl_from_void_frame(start: int) -> None:
    scene, plan, r = _first_void(start)
    tl, d = scene.timeline, scene.design
    renderer = scene.renderer()
    state = tl.state(r.void.frame)
    assert state.obj is not None
    assert np.hypot(*state.obj[1][:2]) <= d.r_rim_out  # over the bowl
    before = tl.state(r.void.frame - 1).obj
    if before is not None:  # the frame before, it was not yet over the bowl in the picture
        (x, y), = scene.camera.project(before[1][None])[0]
        inside = 0 <= x < scene.camera.width and 0 <= y < scene.camera.height
        assert np.hypot(*before[1][:2]) > d.r_rim_out or not inside
    with_obj = renderer.render(state).astype(int)
    without = renderer.render(dataclasses.replace(state, obj=None)).astype(int)
    assert (np.abs(with_obj - without).max(axis=2) > 30).sum() > 40  # drawn, in view
    # while the ball still rolls in the bowl, and the object then lies there
    assert state.ball_xyz and np.hypot(*state.ball_xyz[0][:2]) > d.r_head
    assert tl.state(int(np.ceil(plan.obj.land_t * 30)) + 1).obj is not None


def _pocket_number(scene, state) -> int:
    ball = state.ball_xyz[0]
    rel = np.arctan2(ball[1], ball[0]) - state.wheel_angle
    return WHEEL_SEQUENCE_CW[pocket_index_at(scene.design, rel)]


def _between_rounds_cases():
    """(scene, round index, how the ball was left) for the first seeds showing each way."""
    found: dict[str, tuple] = {}
    for seed in range(40):
        scene = build_scene(seed, rounds=4, width=640, height=480, fps=30.0)
        plans = scene.timeline.plans
        for i, p in enumerate(plans[:-1]):
            way = ("put_back" if p.put_angle is not None else "kept" if p.removal is None
                   else "taken")
            found.setdefault(way, (scene, i))
        if len(found) == 3:
            return found
    raise AssertionError(f"only {sorted(found)} in 40 seeds")


def test_ball_between_rounds() -> None:
    cases = _between_rounds_cases()
    # taken away: at the round's end the ball is gone, or off-frame in the dealer's hand
    scene, i = cases["taken"]
    cam, tl = scene.camera, scene.timeline
    balls = tl.state(tl.rounds[i].end_frame).ball_xyz
    if balls:
        (x, y), = cam.project(balls[0][None])[0]
        assert not (0 <= x < cam.width and 0 <= y < cam.height)
    assert not tl.state(tl.rounds[i + 1].start_frame).ball_xyz
    # kept: the next round starts with the ball resting in the result's pocket
    scene, i = cases["kept"]
    tl = scene.timeline
    nxt = tl.state(tl.rounds[i + 1].start_frame)
    assert _pocket_number(scene, nxt) == tl.rounds[i].result.number
    assert nxt.ball_xyz[0][2] == pytest.approx(scene.design.ball_radius)
    # a void round: the ball goes back into the previous result's pocket (rules, art. 2.2)
    scene, i = cases["put_back"]
    tl = scene.timeline
    last = next(r for r in reversed(tl.rounds[:i]) if r.result is not None)
    assert _pocket_number(scene, tl.state(tl.rounds[i].end_frame)) == last.result.number
    assert _pocket_number(scene, tl.state(tl.rounds[i + 1].start_frame)) == last.result.number


def test_render_still_is_deterministic() -> None:
    a = render_still(9, width=640, height=480)
    b = render_still(9, width=640, height=480)
    assert a.shape == (480, 640, 3) and a.dtype == np.uint8
    assert np.array_equal(a, b)
    assert not np.array_equal(a, render_still(10, width=640, height=480))
