"""Drift check through the forward model: draw a static scene with a turning part, take
its reference, move the camera by a known pose and assert the check sees (or not) it."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from vision.calib.drift import (
    DriftMonitor,
    DriftTolerance,
    SceneReference,
    check_drift,
    make_reference,
    scene_small,
)

W, H = 640, 480


def scene(t: int, seed: int = 5) -> np.ndarray:
    """A table: fixed random shapes (the static scene) and a disc whose spokes turn with t."""
    rng = np.random.default_rng(seed)
    frame = np.full((H, W, 3), (40, 70, 90), np.uint8)
    for _ in range(40):
        x, y = (int(v) for v in rng.integers(0, (W, H)))
        colour = tuple(int(c) for c in rng.integers(0, 255, 3))
        if rng.random() < 0.5:
            cv2.circle(frame, (x, y), int(rng.integers(5, 30)), colour, -1)
        else:
            cv2.rectangle(frame, (x, y), (x + int(rng.integers(8, 60)),
                                          y + int(rng.integers(8, 60))), colour, -1)
    cv2.circle(frame, (W // 2, H // 2), 150, (30, 30, 30), -1)
    for k in range(12):  # the turning part: spokes at a new angle every frame
        a = np.radians(k * 30 + 7 * t)
        tip = (int(W / 2 + 140 * np.cos(a)), int(H / 2 + 140 * np.sin(a)))
        cv2.line(frame, (W // 2, H // 2), tip, (200, 200, 200), 6)
    return frame


def moved(frame: np.ndarray, dx: float = 0, dy: float = 0, rot: float = 0,
          zoom: float = 1.0) -> np.ndarray:
    m = cv2.getRotationMatrix2D((W / 2, H / 2), rot, zoom)
    m[:, 2] += (dx, dy)
    return cv2.warpAffine(frame, m, (W, H), borderMode=cv2.BORDER_REFLECT)


@pytest.fixture(scope="module")
def reference() -> SceneReference:
    return make_reference([scene(t) for t in range(0, 40, 4)])


def current(t0: int, **pose: float) -> np.ndarray:
    return np.median(np.stack([scene_small(moved(scene(t), **pose)) for t in (t0, t0 + 3)]),
                     axis=0).astype(np.float32)


@pytest.mark.parametrize(("pose", "fits"), [
    ({}, True),                          # camera untouched, the spokes turned on
    ({"dx": 1.5}, True),                 # a pixel and a half: within the tolerance
    ({"dx": 12}, False),                 # bumped sideways
    ({"dx": -6, "dy": 9}, False),        # bumped diagonally
    ({"rot": 2.0}, False),               # turned on its mount
    ({"zoom": 1.04}, False),             # zoomed in
    ({"zoom": 0.96, "rot": -1.5}, False),  # zoomed out and turned
])
def test_check_drift_sees_a_moved_camera(reference: SceneReference, pose: dict, fits: bool):
    check = check_drift(reference, current(50, **pose))
    assert check.fits is fits, check.reason


@pytest.mark.parametrize(("pose", "expected_px"), [
    ({"dx": 12}, 12.0),                  # a pure shift is measured as itself
    ({"dx": -6, "dy": 9}, float(np.hypot(6, 9))),
])
def test_displacement_is_measured_in_full_resolution_pixels(reference, pose, expected_px):
    check = check_drift(reference, current(60, **pose))
    assert check.alignment.displacement_px == pytest.approx(expected_px, abs=2.5)


def test_a_different_scene_does_not_match(reference: SceneReference):
    # another table (other seed): nothing of the calibrated scene is left
    other = np.median(np.stack([scene_small(scene(t, seed=9)) for t in (0, 3)]), axis=0)
    check = check_drift(reference, other.astype(np.float32))
    assert not check.fits
    assert "no longer matches" in check.reason or "moved" in check.reason


def test_turning_part_is_left_out_of_the_mask(reference: SceneReference):
    h, w = reference.mask.shape
    yy, xx = np.mgrid[:h, :w]
    r = np.hypot(xx - w / 2, yy - h / 2) * W / w
    spokes = (r > 60) & (r < 130)  # where the spokes swept during calibration
    assert reference.mask[spokes].mean() < 0.2
    assert reference.mask.mean() > 0.3


def test_reference_round_trips_through_profile_data(reference: SceneReference):
    back = SceneReference.from_data(reference.to_data())
    assert back.frame_wh == (W, H)
    assert np.array_equal(back.mask, reference.mask)
    assert np.abs(back.image - reference.image).max() <= 0.5


@pytest.mark.parametrize(("data", "message"), [
    ({}, "reference_png"),                                   # nothing at all
    ({"reference_png": "", "mask_png": "", "frame_wh": [1, 1]}, "PNG"),  # empty images
])
def test_reference_from_bad_data_says_what_is_wrong(data: dict, message: str):
    with pytest.raises(ValueError, match=message):
        SceneReference.from_data(data)


def test_monitor_checks_the_median_of_recent_samples(reference: SceneReference):
    monitor = DriftMonitor(reference, DriftTolerance(), sample_every=2, window=3, check_every=2)
    checks = [monitor.update(scene(t), t) for t in range(8)]
    ran = [c for c in checks if c is not None]
    assert len(ran) == 2 and all(c.fits for c in ran)
    for t in range(8, 16):  # the camera is bumped: within a window of samples it is seen
        check = monitor.update(moved(scene(t), dx=15), t)
    assert check is not None and not check.fits


@pytest.fixture(scope="module")
def wheel_frames() -> list[np.ndarray]:
    """A synthetic roulette table (the project's renderer): a turning wheel, a rolling ball."""
    from vision.synth.roulette import build_scene

    scene = build_scene(11, rounds=1, width=640, height=480, fps=25.0)
    renderer = scene.renderer()
    return [renderer.render(scene.timeline.state(f)) for f in range(0, 60, 4)]


@pytest.mark.parametrize(("pose", "fits"), [
    ({}, True),                         # the camera untouched while the wheel turned on
    ({"dx": 8, "dy": -5}, False),       # knocked sideways
    ({"rot": 1.5}, False),              # turned on its mount
    ({"zoom": 1.04}, False),            # zoom ring touched
])
def test_rendered_roulette_table(wheel_frames: list[np.ndarray], pose: dict, fits: bool):
    h, w = wheel_frames[0].shape[:2]
    ref = make_reference(wheel_frames[:8])  # the first ~1.3 s, as at calibration

    def moved_view(f: np.ndarray) -> np.ndarray:
        m = cv2.getRotationMatrix2D((w / 2, h / 2), pose.get("rot", 0.0), pose.get("zoom", 1.0))
        m[:, 2] += (pose.get("dx", 0), pose.get("dy", 0))
        return cv2.warpAffine(f, m, (w, h), borderMode=cv2.BORDER_REFLECT)

    later = np.median(np.stack([scene_small(moved_view(f)) for f in wheel_frames[-3:]]), axis=0)
    check = check_drift(ref, later.astype(np.float32))
    assert check.fits is fits, check.reason


@pytest.mark.parametrize(("gain", "offset"), [
    (0.7, 0.0),    # the room darkened
    (1.2, 15.0),   # lights up, brighter and washed
])
def test_slow_lighting_change_is_not_drift(reference: SceneReference, gain: float, offset: float):
    frames = [np.clip(scene(t).astype(np.float32) * gain + offset, 0, 255).astype(np.uint8)
              for t in (70, 73)]
    current = np.median(np.stack([scene_small(f) for f in frames]), axis=0)
    check = check_drift(reference, current.astype(np.float32))
    assert check.fits, check.reason
