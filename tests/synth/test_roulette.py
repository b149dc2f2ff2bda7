"""Roulette synth: the sidecar follows the contract and is the simulation's exact truth."""

from __future__ import annotations

import json
from pathlib import Path

import cv2
import numpy as np
import pytest

from vision.footage import WHEEL_SEQUENCE_CW, parse_sidecar
from vision.synth.roulette import build_scene, synth_clip
from vision.synth.roulette_scene import MAX_TILT_RAD, pocket_index_at, ring_extent_px


@pytest.fixture(scope="module")
def written(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict]:
    out = tmp_path_factory.mktemp("roulette")
    video = synth_clip(out, "clip", seed=11, rounds=1, width=640, height=480, fps=25.0,
                       show_progress=False)
    return video, json.loads((out / "clip.json").read_text())


def test_written_sidecar_follows_the_contract(written: tuple[Path, dict]) -> None:
    video, obj = written
    sidecar = parse_sidecar(obj)
    assert obj["format"] == "table-footage/1" and sidecar.game == "roulette"
    assert (sidecar.fps, sidecar.width, sidecar.height) == (25.0, 640, 480)
    assert [r.index for r in sidecar.rounds] == [0]
    assert sidecar.rounds[0].start_frame == 0
    cap = cv2.VideoCapture(str(video))
    frames = int(cap.get(cv2.CAP_PROP_FRAME_COUNT))
    size = (int(cap.get(cv2.CAP_PROP_FRAME_WIDTH)), int(cap.get(cv2.CAP_PROP_FRAME_HEIGHT)))
    cap.release()
    assert size == (640, 480)
    assert sidecar.rounds[-1].end_frame == frames - 1  # rounds cover the whole video
    for a, b in zip(sidecar.rounds, sidecar.rounds[1:], strict=False):
        assert b.start_frame == a.end_frame + 1  # contiguous, in order
    for r, raw in zip(sidecar.rounds, obj["rounds"], strict=True):
        assert set(raw) == {"index", "start_frame", "end_frame", "settled_frame", "result",
                            "void", "ball_direction", "wheel_direction"}
        assert r.ball_direction in ("cw", "ccw") and r.wheel_direction in ("cw", "ccw")
        if r.void is None:
            assert r.start_frame < r.settled_frame < r.end_frame
            assert 0 <= r.result.number <= 36
            # the outcome stays visible for about two to three seconds before removal
            assert r.end_frame - r.settled_frame >= 2.2 * 25
        else:
            assert r.void.reason == "object_in_bowl" and r.result is None
    assert obj["synth"]["seed"] == 11 and 0 <= obj["synth"]["camera"]["tilt_deg"] <= 35


def test_same_seed_same_sidecar(written: tuple[Path, dict]) -> None:
    _, obj = written
    again = build_scene(11, rounds=1, width=640, height=480, fps=25.0).sidecar().to_json()
    assert json.loads(json.dumps(again)) == obj
    other = build_scene(12, rounds=1, width=640, height=480, fps=25.0).sidecar().to_json()
    assert other["rounds"] != obj["rounds"]


def _cross(a: np.ndarray, b: np.ndarray) -> float:
    return float(a[0] * b[1] - a[1] * b[0])


def _scenes(n: int, rounds: int = 3):
    sizes = ((640, 480), (1280, 720), (1920, 1080), (800, 600))
    for seed in range(n):
        w, h = sizes[seed % len(sizes)]
        yield build_scene(1000 + seed, rounds=rounds, width=w, height=h)


def test_round_mix_over_many_seeds() -> None:
    scenes = list(_scenes(40))
    for s in scenes:  # contiguous rounds from frame 0 to the clip's last frame
        rs = s.timeline.rounds
        assert rs[0].start_frame == 0 and rs[-1].end_frame == s.timeline.frames - 1
        assert all(b.start_frame == a.end_frame + 1 for a, b in zip(rs, rs[1:], strict=False))
        parse_sidecar(json.loads(json.dumps(s.sidecar().to_json())))
        assert s.timeline.plans[0].ball.release_t >= 2.0  # seconds to calibrate first
    rounds = [r for s in scenes for r in s.timeline.rounds]
    void = sum(r.void is not None for r in rounds) / len(rounds)
    same = sum(r.same_direction for r in rounds) / len(rounds)
    wheel_cw = sum(r.wheel_direction == "cw" for r in rounds) / len(rounds)
    assert 0.08 <= void <= 0.30, void  # issue: about 15-20 % void rounds
    assert 0.05 <= same <= 0.28, same  # issue: about 15 % same-direction spins
    assert 0.3 <= wheel_cw <= 0.7, wheel_cw  # the wheel turns either way
    numbers = {r.result.number for r in rounds if r.result is not None}
    assert len(numbers) >= 25  # results spread over the wheel


def test_camera_keeps_the_contract_bounds() -> None:
    for scene in _scenes(24, rounds=1):
        cam, d = scene.camera, scene.design
        tilt = np.arccos(-cam.R[2, 2])
        assert tilt <= MAX_TILT_RAD + 1e-9
        lo, hi = ring_extent_px(cam, d.r_pocket_out)
        assert lo.min() >= 0 and hi[0] <= cam.width and hi[1] <= cam.height
        assert (hi - lo).min() >= 400  # the whole pocket ring in view, 400 px across


@pytest.mark.parametrize("seed", [3, 7, 21])
def test_result_is_the_pocket_under_the_resting_ball(seed: int) -> None:
    scene = build_scene(seed, rounds=3, width=640, height=480, fps=30.0)
    tl, d = scene.timeline, scene.design
    for plan, r in zip(tl.plans, tl.rounds, strict=True):
        if r.void is not None:
            continue
        for f in range(r.settled_frame, r.settled_frame + 60):
            st = tl.state(f)
            ball = st.ball_xyz[0]
            rel = np.arctan2(ball[1], ball[0]) - st.wheel_angle
            # resting (on the pocket floor) in the result's pocket from settled_frame on
            assert WHEEL_SEQUENCE_CW[pocket_index_at(d, rel)] == r.result.number
            assert ball[2] == pytest.approx(d.ball_radius)
        before = tl.state(r.settled_frame - 1).ball_xyz[0]
        assert before[2] > d.ball_radius + 1e-5  # still in the air just before
        assert plan.ball.direction == (1 if r.ball_direction == "ccw" else -1)


def test_ball_and_wheel_turn_the_declared_ways() -> None:
    scene = build_scene(5, rounds=3, width=640, height=480, fps=30.0)
    tl = scene.timeline
    for plan, r in zip(tl.plans, tl.rounds, strict=True):
        t0 = plan.ball.release_t + 0.2
        f0, f1 = int(t0 * 30), int(t0 * 30) + 2
        b0, b1 = tl.state(f0).ball_xyz[0], tl.state(f1).ball_xyz[0]
        turn = _cross(b0, b1)  # > 0: counter-clockwise seen from above
        assert ("ccw" if turn > 0 else "cw") == r.ball_direction
        # as seen from the camera: in image coordinates (y down) a positive cross is clockwise
        uv, _ = scene.camera.project(np.array([[0, 0, b0[2]], b0, b1]))
        img_turn = _cross(uv[1] - uv[0], uv[2] - uv[0])
        assert ("cw" if img_turn > 0 else "ccw") == r.ball_direction
        w = tl.state(f1).wheel_angle - tl.state(f0).wheel_angle
        assert ("ccw" if w > 0 else "cw") == r.wheel_direction


@pytest.mark.parametrize("seed", [3, 40])
def test_ball_never_jumps(seed: int) -> None:
    scene = build_scene(seed, rounds=2, width=640, height=480, fps=60.0)
    tl = scene.timeline
    fastest = 17.0 * scene.design.r_rim_in / 60.0  # top track speed, metres per frame
    prev = None
    for f in range(tl.frames):
        balls = tl.state(f).ball_xyz
        ball = balls[0] if balls else None
        if ball is not None and prev is not None:
            assert np.linalg.norm(ball - prev) < 1.1 * fastest, f
        prev = ball


def test_void_objects_land_in_view_even_in_small_frames() -> None:
    # at 640x480 most of the bowl's slope is out of the picture: objects must still show
    voids = 0
    # 2083679832: a view where no point of the slope is in the picture (once a crash)
    for seed in [2083679832, *range(2000, 2120)]:
        scene = build_scene(seed, rounds=2, width=640, height=480)
        cam = scene.camera
        for plan, r in zip(scene.timeline.plans, scene.timeline.rounds, strict=True):
            if r.void is None:
                continue
            voids += 1
            pos = plan.obj.position(plan.obj.land_t + 0.1, scene.timeline.wheel)
            (x, y), = cam.project(pos[None])[0]
            assert 0 <= x < cam.width and 0 <= y < cam.height
    assert voids >= 20


def test_wheel_keeps_turning_and_the_ball_hops_across_frets() -> None:
    for scene in _scenes(12):
        tl, d = scene.timeline, scene.design
        for plan, r in zip(tl.plans, tl.rounds, strict=True):
            # from the launch to the round's end the wheel turns at 0.3-1.2 rad/s, one way
            for t in np.linspace(plan.ball.release_t, plan.end_t, 20):
                w = tl.wheel.omega(t)
                assert 0.25 <= abs(w) <= 1.2 and (w > 0) == (r.wheel_direction == "ccw")
            if r.result is None:
                continue
            hops = plan.ball.hops
            assert 2 <= len(hops) <= 5
            for h in hops[1:]:  # every bounce after the first lands across a fret
                assert pocket_index_at(d, h.angle0) != pocket_index_at(d, h.angle1)
            assert hops[0].t0 == pytest.approx(plan.ball.land_t)
