"""A clip's story: rounds laid end to end, each a launch, a roll, an outcome or a void.

``plan_clip`` draws everything random (durations, directions, speeds, voids, the
dealer's hand passes) and returns a ``ClipTimeline`` whose ``state(frame)`` gives the
scene at any frame and whose ``rounds`` are the exact ground truth of the simulation.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from vision.footage import WHEEL_SEQUENCE_CW, RouletteResult, Round, Void
from vision.synth.camera import PinholeCamera
from vision.synth.roulette_dealer import (
    OBJECT_KINDS,
    BowlObject,
    HandPass,
    hand_pass,
    object_colour,
    object_rest,
    rim_pass,
)
from vision.synth.roulette_motion import (
    BallPath,
    Wheel,
    plan_hops,
    polar_xyz,
    resting_xyz,
)
from vision.synth.roulette_scene import WheelDesign, bowl_height, pocket_angle_rad

__all__ = ["ClipTimeline", "FrameState", "RoundPlan", "plan_clip"]


@dataclass(frozen=True, slots=True)
class RoundPlan:
    """One round's actors. The ball may start the round resting in a pocket (``parked``,
    a wheel-frame angle) until the launch hand picks it up at ``pick_t``; a void round's
    dealer may put it back into the previous result's pocket (``put_angle``) at ``put_t``."""

    index: int
    start_t: float
    end_t: float
    ball: BallPath
    launch: HandPass
    removal: HandPass | None  # None: the ball stays in its pocket into the next round
    catch_t: float  # the removal hand takes the ball (inf if it never does)
    obj: BowlObject | None
    extra_hand: HandPass | None
    wheel_direction: int
    parked: float | None = None
    pick_t: float = 0.0
    put_angle: float | None = None
    put_t: float = float("inf")

    def __post_init__(self) -> None:
        if not self.start_t <= self.ball.release_t < self.end_t:
            raise ValueError(f"round {self.index}: release {self.ball.release_t:.2f} s outside "
                             f"[{self.start_t:.2f}, {self.end_t:.2f}]")
        if self.obj is None and self.ball.settle_t >= self.end_t:
            raise ValueError(f"round {self.index}: the ball settles after the round ends")

    def ball_xyz(self, t_s: float, wheel: Wheel) -> np.ndarray | None:
        design = self.ball.design
        if self.parked is not None and t_s < self.pick_t:
            return resting_xyz(design, self.parked + wheel.angle(t_s))
        if self.launch.path.start <= t_s < self.ball.release_t:
            return self.launch.fingertip(t_s)
        if self.ball.release_t <= t_s < self.catch_t:
            return self.ball.position(t_s, wheel)
        if self.put_angle is not None and t_s >= self.put_t:
            return resting_xyz(design, self.put_angle + wheel.angle(t_s))
        if self.removal is not None and self.catch_t <= t_s <= self.removal.path.end:
            return self.removal.fingertip(t_s)
        return None

    @property
    def ball_left_at(self) -> float | None:
        """Wheel-frame angle of the pocket the ball is left in at the round's end, if any."""
        if self.put_angle is not None:
            return self.put_angle
        return self.ball.rest_angle if self.removal is None else None


@dataclass(frozen=True, slots=True)
class FrameState:
    wheel_angle: float
    wheel_sweep: float  # how far the wheel turned during the exposure (rad, signed)
    ball_xyz: tuple[np.ndarray, ...]  # positions over the exposure, newest first; () if none
    obj: tuple[BowlObject, np.ndarray] | None
    hand: HandPass | None
    hand_palm: np.ndarray | None


class ClipTimeline:
    def __init__(self, design: WheelDesign, camera: PinholeCamera, fps: float, wheel: Wheel,
                 plans: tuple[RoundPlan, ...], exposure_s: float) -> None:
        self.design, self.camera, self.fps = design, camera, fps
        self.wheel, self.plans = wheel, plans
        self.exposure_s = exposure_s
        self.frames = int(np.floor(plans[-1].end_t * fps + 1e-9)) + 1  # as in _truth
        self.rounds = tuple(self._truth(p) for p in plans)

    def _plan_at(self, t_s: float) -> RoundPlan:
        for p in self.plans:
            if t_s <= p.end_t:
                return p
        return self.plans[-1]

    def state(self, frame: int) -> FrameState:
        t = frame / self.fps
        plan = self._plan_at(t)
        samples = [plan.ball_xyz(t - self.exposure_s * k / 4, self.wheel) for k in range(5)]
        balls = tuple(s for s in samples if s is not None) if samples[0] is not None else ()
        obj = None
        if plan.obj is not None and (pos := plan.obj.position(t, self.wheel)) is not None:
            obj = (plan.obj, pos)
        hand, palm = None, None
        for h in (plan.launch, plan.removal, plan.extra_hand,
                  plan.obj.hand if plan.obj else None):
            if h is not None and (p := h.palm(t)) is not None:
                hand, palm = h, p
        angle = self.wheel.angle(t)
        sweep = angle - self.wheel.angle(t - self.exposure_s)
        return FrameState(angle, sweep, balls, obj, hand, palm)

    def _void_frame(self, obj: BowlObject) -> int:
        """First frame the object is over the bowl and in the picture."""
        cam = self.camera
        f = self._frame_at_or_after(obj.fall_t)
        while True:
            pos = obj.position(f / self.fps, self.wheel)
            if pos is None:
                raise RuntimeError(f"the object falling at {obj.fall_t:.2f} s never shows "
                                   "over the bowl in the picture")
            (x, y), = cam.project(pos[None])[0]
            if (np.hypot(pos[0], pos[1]) <= self.design.r_rim_out and 0 <= x < cam.width
                    and 0 <= y < cam.height):
                return f
            f += 1

    def _frame_at_or_after(self, t_s: float) -> int:
        return int(np.ceil(t_s * self.fps - 1e-9))

    def _truth(self, p: RoundPlan) -> Round:
        start = self._frame_at_or_after(p.start_t)
        end = int(np.floor(p.end_t * self.fps + 1e-9))
        ball_dir = "ccw" if p.ball.direction > 0 else "cw"
        wheel_dir = "ccw" if p.wheel_direction > 0 else "cw"
        if p.obj is not None:
            return Round(p.index, start, end, None, None,
                         Void("object_in_bowl", self._void_frame(p.obj)), ball_dir, wheel_dir)
        number = WHEEL_SEQUENCE_CW[p.ball.pocket_index]
        return Round(p.index, start, end, self._frame_at_or_after(p.ball.settle_t),
                     RouletteResult(number), None, ball_dir, wheel_dir)


@dataclass(frozen=True, slots=True)
class _Spin:
    """The scalar draws of one round, made before any geometry."""

    wheel_direction: int
    wheel_speed: float
    ball_direction: int
    void: bool
    lead_s: float
    omega0: float
    track_s: float
    drop_speed: float
    drop_s: float
    keep_ball: bool  # the ball stays in its pocket until the next spin


WHEEL_DECEL_PER_S = 0.008  # relative loss of wheel speed per second within a round
RAMP_S = 1.0  # the dealer re-spins the wheel at the start of every round but the first


def _draw_spin(rng: np.random.Generator) -> _Spin:
    wheel_dir = 1 if rng.random() < 0.5 else -1
    same = rng.random() < 0.15
    void = bool(rng.random() < 0.18)
    return _Spin(
        wheel_direction=wheel_dir, wheel_speed=float(rng.uniform(0.3, 1.2)),
        ball_direction=wheel_dir if same else -wheel_dir, void=void,
        lead_s=float(rng.uniform(0.2, 0.7)), omega0=float(rng.uniform(11.0, 17.0)),
        track_s=float(rng.uniform(5.5, 8.0) if void else rng.uniform(4.5, 7.5)),
        drop_speed=float(rng.uniform(4.0, 5.5)), drop_s=float(rng.uniform(0.6, 1.0)),
        keep_ball=bool(rng.random() < 0.5),
    )  # fmt: skip


def _wheel_knots(knots: list[tuple[float, float]], spin: _Spin, start_t: float,
                 first: bool) -> list[tuple[float, float]]:
    """Speed knots so far plus this round's: a ramp to its speed, then a slow decay."""
    out = list(knots)
    ramp_end = start_t if first else start_t + RAMP_S
    if out:
        t_prev, w_prev = out[-2]
        t_far, w_far = out[-1]
        w_now = w_prev + (w_far - w_prev) * (start_t - t_prev) / (t_far - t_prev)
        out[-1] = (start_t, w_now)
    w = spin.wheel_direction * spin.wheel_speed
    out += [(ramp_end, w), (ramp_end + 60.0, w * (1 - WHEEL_DECEL_PER_S * 60.0))]
    return out


def _wheel(knots: list[tuple[float, float]], angle0: float, duration_s: float) -> Wheel:
    t, w = np.array(knots).T
    return Wheel(t, w, angle0_rad=angle0, duration_s=duration_s)


def plan_clip(rng: np.random.Generator, design: WheelDesign, camera: PinholeCamera, *,
              fps: float, rounds: int) -> ClipTimeline:
    """Draw ``rounds`` consecutive rounds; the first starts at frame 0."""
    if rounds < 1:
        raise ValueError(f"rounds must be >= 1, got {rounds}")
    dealer_az = float(rng.uniform(0, 2 * np.pi))
    angle0 = float(rng.uniform(0, 2 * np.pi))
    knots: list[tuple[float, float]] = []
    plans: list[RoundPlan] = []
    start_t = 0.0
    # the recording starts a few seconds before the first spin (time for a reader to
    # calibrate), sometimes with the ball still in the pocket of an unrecorded round
    first_lead_s = float(rng.uniform(2.0, 4.0))
    parked = float(pocket_angle_rad(design, int(rng.integers(37)))) if rng.random() < 0.3 else None
    last_result = None  # wheel-frame angle of the last result's pocket
    for i in range(rounds):
        spin = _draw_spin(rng)
        knots = _wheel_knots(knots, spin, start_t, first=i == 0)
        wheel = _wheel(knots, angle0, start_t + 80.0)
        plan = _plan_round(rng, design, camera, wheel, spin, _Start(
            i, start_t, dealer_az, parked, last_result, first_lead_s))
        plans.append(plan)
        parked = plan.ball_left_at
        if plan.obj is None:
            last_result = plan.ball.rest_angle
        start_t = (np.floor(plan.end_t * fps + 1e-9) + 1) / fps
    wheel = _wheel(knots, angle0, plans[-1].end_t + 2.0)
    exposure = float(rng.uniform(0.25, 0.75)) / fps
    return ClipTimeline(design, camera, fps, wheel, tuple(plans), exposure)


@dataclass(frozen=True, slots=True)
class _Start:
    """How a round begins: its index and time, the dealer's side, where the ball rests
    (if it does) and the previous result's pocket (wheel-frame angles)."""

    index: int
    t: float
    dealer_az: float
    parked: float | None
    last_result: float | None
    first_lead_s: float = 0.0  # the first round only: the recording before the spin


def _launch(rng: np.random.Generator, design: WheelDesign, camera: PinholeCamera,
            wheel: Wheel, spin: _Spin, st: _Start) -> tuple[HandPass, float, float, float]:
    """The dealer's hand brings the ball (from its pocket if it rests in one) to the track
    and releases it: (hand, pick time, release time, release angle)."""
    d = design
    enter_t = st.t + (st.first_lead_s if st.index == 0 else RAMP_S) + spin.lead_s
    release_angle = st.dealer_az + float(rng.uniform(-0.8, 0.8))
    p_rel = polar_xyz(d.r_track, release_angle, float(bowl_height(d, d.r_track)) + d.ball_radius)
    lift = np.array([0, 0, 0.012])
    if st.parked is None:
        release_t = enter_t + 0.9
        hand = hand_pass(rng, camera, st.dealer_az,
                         (enter_t, enter_t + 0.7, release_t, release_t + 0.7),
                         [p_rel + lift, p_rel])
        return hand, enter_t, release_t, release_angle
    pick_t = enter_t + 0.7
    release_t = pick_t + 1.3
    p_pick = resting_xyz(d, st.parked + wheel.angle(pick_t))
    hand = hand_pass(rng, camera, st.dealer_az,
                     (enter_t, pick_t, pick_t + 0.3, release_t - 0.25, release_t, release_t + 0.7),
                     [p_pick, p_pick + 3 * lift, p_rel + lift, p_rel])
    return hand, pick_t, release_t, release_angle


def _plan_round(rng: np.random.Generator, design: WheelDesign, camera: PinholeCamera,
                wheel: Wheel, spin: _Spin, st: _Start) -> RoundPlan:
    d = design
    launch, pick_t, release_t, release_angle = _launch(rng, design, camera, wheel, spin, st)
    decel = (spin.omega0 - spin.drop_speed) / spin.track_s
    roll_s = spin.track_s + spin.drop_s
    land_t = release_t + roll_s
    land_angle = release_angle + spin.ball_direction * (spin.omega0 * roll_s
                                                        - 0.5 * decel * roll_s**2)
    land_speed = spin.ball_direction * (spin.omega0 - decel * roll_s)
    hops = plan_hops(rng, d, land_t=land_t, land_rel_angle=land_angle - wheel.angle(land_t),
                     rel_speed=land_speed - wheel.omega(land_t))
    kick = float(rng.uniform(0.008, 0.02)) if d.deflectors and rng.random() < 0.5 else 0.0
    ball = BallPath(d, release_t, release_angle, spin.ball_direction, spin.omega0, decel,
                    spin.track_s, spin.drop_s, hops, deflect_height=kick)
    common = {"parked": st.parked, "pick_t": pick_t}
    if spin.void:
        return _void_round(rng, design, camera, wheel, spin, ball, launch, st, common)
    extra = rim_pass(rng, design, camera, st.dealer_az, ball) if rng.random() < 0.35 else None
    shown_s = float(rng.uniform(2.2, 3.0))  # the outcome visible before the round ends
    if spin.keep_ball:
        return RoundPlan(st.index, st.t, ball.settle_t + shown_s, ball, launch, None,
                         float("inf"), None, extra, spin.wheel_direction, **common)
    catch_t = ball.settle_t + shown_s
    p_a = ball.position(catch_t, wheel)
    removal = hand_pass(rng, camera, st.dealer_az,
                        (catch_t - 0.7, catch_t, catch_t + 0.35, catch_t + 1.1),
                        [p_a, p_a + np.array([0, 0, 0.05])])
    end_t = catch_t + 1.1 + float(rng.uniform(0.1, 0.4))
    return RoundPlan(st.index, st.t, end_t, ball, launch, removal, catch_t, None, extra,
                     spin.wheel_direction, **common)


def _void_round(rng: np.random.Generator, design: WheelDesign, camera: PinholeCamera,
                wheel: Wheel, spin: _Spin, ball: BallPath, launch: HandPass, st: _Start,
                common: dict[str, float | None]) -> RoundPlan:
    """An object falls in while the ball rolls; the dealer catches the ball, picks the
    object up, puts the ball back into the previous result's pocket if there was one
    (rules, art. 2.2) and the round ends without a result."""
    fall_t = ball.release_t + float(rng.uniform(0.8, 2.0))
    land_t = fall_t + 0.35
    catch_t = land_t + float(rng.uniform(0.8, 1.4))
    pick_t = catch_t + 0.6
    kind = OBJECT_KINDS[int(rng.choice(3, p=[0.6, 0.2, 0.2]))]
    on_head = bool(rng.random() < 0.35)
    r, angle, z, on_head = object_rest(rng, design, camera, on_head)
    # dropped from a player's hand, from above and a little outside where it lands
    start = polar_xyz(r + 0.07, angle + float(rng.uniform(-0.15, 0.15)), z + 0.2)
    rest = polar_xyz(r, angle + (wheel.angle(pick_t) - wheel.angle(land_t) if on_head else 0),
                     z)
    times = [catch_t - 0.7, catch_t, pick_t, pick_t + 0.3]
    tips = [ball.position(catch_t, wheel), rest, rest + np.array([0, 0, 0.05])]
    put_t = float("inf")
    if st.last_result is not None:
        put_t = pick_t + 1.0
        times.append(put_t)
        tips.append(resting_xyz(design, st.last_result + wheel.angle(put_t)))
    times.append(times[-1] + 0.8)
    hand = hand_pass(rng, camera, st.dealer_az, tuple(times), tips)
    obj = BowlObject(kind, object_colour(rng, kind), fall_t, land_t, start, r, angle, z,
                     on_head, float(rng.uniform(0, np.pi)), pick_t, hand)
    end_t = times[-1] + float(rng.uniform(0.1, 0.4))
    return RoundPlan(st.index, st.t, end_t, ball, launch, hand, catch_t, obj, None,
                     spin.wheel_direction, put_angle=st.last_result, put_t=put_t, **common)
