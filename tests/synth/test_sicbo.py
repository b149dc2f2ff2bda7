"""The sic bo clip simulator: sidecar contract, timeline, determinism, lid hides the dice."""

from __future__ import annotations

import json
from collections import Counter

import cv2
import numpy as np
import pytest

from vision.footage import DiceResult, parse_sidecar
from vision.synth.conditions import sample_conditions
from vision.synth.sicbo import (
    MIN_EDGE_PX,
    _FrameComposer,
    min_die_edge_px,
    plan_rounds,
    round_to_sidecar,
    sample_scene,
    synth_clip,
)


def _plans(seed: int, rounds: int, width: int = 640, height: int = 480, fps: float = 25.0):
    rng = np.random.default_rng(seed)
    cond = sample_conditions(rng, width=width, height=height, fps=fps)
    scene = sample_scene(rng, cond)
    return scene, plan_rounds(rng, rounds, cond.fps, scene, lid_px=300.0)


def test_clip_sidecar_follows_the_contract(tmp_path) -> None:
    video = synth_clip(tmp_path, "c0", seed=5, rounds=2, width=640, height=480, fps=25.0,
                       show_progress=False)
    obj = json.loads((tmp_path / "c0.json").read_text())
    sidecar = parse_sidecar(obj)
    assert (sidecar.game, sidecar.fps, sidecar.width, sidecar.height) == ("sicbo", 25.0, 640, 480)
    assert len(sidecar.rounds) == 2 and sidecar.rounds[0].start_frame == 0
    assert sidecar.rounds[1].start_frame == sidecar.rounds[0].end_frame + 1
    for rnd in obj["rounds"]:
        assert "ball_direction" not in rnd and "wheel_direction" not in rnd
        if rnd["result"] is not None:
            assert rnd["result"]["dice"] == sorted(rnd["result"]["dice"])
    assert obj["synth"]["seed"] == 5 and obj["synth"]["pip_style"] in ("western", "chinese")
    cap = cv2.VideoCapture(str(video))
    frames = 0
    while cap.read()[0]:
        frames += 1
    assert frames == sidecar.rounds[-1].end_frame + 1


def test_same_seed_same_clip(tmp_path) -> None:
    a = synth_clip(tmp_path / "a", "c", seed=11, rounds=1, width=640, height=480, fps=25.0,
                   show_progress=False)
    b = synth_clip(tmp_path / "b", "c", seed=11, rounds=1, width=640, height=480, fps=25.0,
                   show_progress=False)
    assert (a.parent / "c.json").read_text() == (b.parent / "c.json").read_text()
    assert a.read_bytes() == b.read_bytes()


def test_rounds_sample_results_and_voids_at_the_expected_rates() -> None:
    kinds: Counter[str] = Counter()
    for seed in range(12):
        _, plans = _plans(seed, 25)
        for plan in plans:
            kinds[plan.kind] += 1
            rnd = round_to_sidecar(plan)  # validates frame ranges
            if plan.kind == "result":
                assert rnd.result == DiceResult(tuple(p.top_value for p in plan.final))
                assert all(p.tilt_deg < 1e-6 for p in plan.final)
            elif plan.kind == "dice_leaning":
                assert max(p.tilt_deg for p in plan.final) == pytest.approx(30, abs=10.01)
                assert rnd.void is not None and plan.lift_start < rnd.void.frame < plan.lift_end
            else:  # stacked: one die's bottom lies at one die height
                bottoms = sorted(float(p.corners_xyz()[:, 2].min()) for p in plan.final)
                assert bottoms[2] == pytest.approx(plan.final[0].edge_m, abs=1e-9)
    void_share = (kinds["dice_leaning"] + kinds["dice_stacked"]) / sum(kinds.values())
    assert 0.10 < void_share < 0.25 and kinds["dice_leaning"] > 5 and kinds["dice_stacked"] > 5


def _penetration_m(a, b) -> float:
    """Separating-axis test of two dice: how deep they overlap (<= 0: apart or touching)."""
    ca, cb = a.corners_xyz(), b.corners_xyz()
    axes = [*a.rotation.T, *b.rotation.T]
    axes += [np.cross(u, v) for u in a.rotation.T for v in b.rotation.T]
    depth = np.inf
    for axis in axes:
        n = np.linalg.norm(axis)
        if n < 1e-9:
            continue
        pa, pb = ca @ (axis / n), cb @ (axis / n)
        depth = min(depth, min(pa.max(), pb.max()) - max(pa.min(), pb.min()))
    return float(depth)


def test_dice_never_interpenetrate_the_floor_or_each_other() -> None:
    for seed in range(6):
        scene, plans = _plans(seed, 10)
        for plan in plans:
            frames = [plan.settled_frame if plan.kind == "result" else plan.void_frame]
            frames += [plan.lift_start + k for k in range(0, 30, 3)]  # during settling
            for f in frames:
                poses = plan.poses_at(f)
                assert min(float(p.corners_xyz()[:, 2].min()) for p in poses) > -1e-9
                for i in range(3):
                    for j in range(i + 1, 3):
                        assert _penetration_m(poses[i], poses[j]) < 2e-4, (seed, plan.kind)


def test_settled_frame_is_lid_off_and_dice_at_rest() -> None:
    settling = 0
    for seed in range(6):
        _, plans = _plans(seed, 8)
        for plan in (p for p in plans if p.kind == "result"):
            s = plan.settled_frame
            assert plan.lid_at(s).opacity == 0.0 and not plan.moving(s)
            for f in range(s, plan.close_start):
                assert all(np.array_equal(a.center_xyz, b.center_xyz)
                           for a, b in zip(plan.poses_at(f), plan.final, strict=True))
            assert plan.lid_at(s - 1).opacity > 0 or plan.moving(s - 1)
            if plan.rest_frame > plan.lift_end:  # the frame before still shows visible motion
                settling += 1
                moved = [np.abs(a.corners_xyz() - b.corners_xyz()).max()
                         for a, b in zip(plan.poses_at(s - 1), plan.final, strict=True)]
                assert max(moved) > 5e-5
    assert settling > 3  # some rounds still have a die moving after the lid is off


def test_lid_on_frames_show_no_dice() -> None:
    scene, plans = _plans(3, 2)
    composer = _FrameComposer(scene, 3)
    a, b = plans
    # the hold before the shake: lid on and still, different dice underneath
    fa = composer.frame(a, a.start_frame, 0.0)
    fb = composer.frame(b, b.start_frame, 0.0)
    assert np.array_equal(fa, fb)
    opened = composer.frame(a, a.settled_frame, 0.0)
    assert np.abs(opened - fa).max() > 100


@pytest.mark.parametrize("size", [(640, 480), (1280, 720), (1920, 1080)])
def test_camera_keeps_dice_large_enough(size: tuple[int, int]) -> None:
    for seed in range(4):
        scene, _ = _plans(seed, 1, *size)
        cam = scene.dome.camera
        assert min_die_edge_px(cam, scene.dome.dome_radius_m, scene.edge_m) >= MIN_EDGE_PX
        assert 0.0 <= scene.tilt_deg <= 30.0
