"""``RouletteReader``: the stages wired together, one frame at a time, causally.

Until it has a calibration the reader keeps (a subsample of) the first frames; once the
calibration succeeds from them it replays them through the pipeline, stamping any event
with the frame at which it was actually decided, so causality holds. When
``CALIBRATION_TRIES`` windows in a row fail it says so once (an abstain) and tries again
every ``RETRY_S``. Per frame:

    unwrap (remap) -> wheel angle (colour correlation) -> mixed strip -> background
    difference -> ball, objects -> RoundTracker (settle) -> events
"""

from __future__ import annotations

from collections import deque
from dataclasses import replace
from pathlib import Path

import cv2
import numpy as np
import numpy.ma  # noqa: F401  (cost) now, not in a frame: np.median and np.unique load it (~10 ms)

from vision.calib import check_matches, load_profile
from vision.errors import UserError
from vision.footage import Event, StreamInfo, abstain
from vision.roulette.background import StripBackground, from_mixed_column, seen_median, to_mixed
from vision.roulette.ball import BallFix, held_in_hand, row_shares
from vision.roulette.ball_hold import hold_on
from vision.roulette.ball_rows import find_balls_on_rows
from vision.roulette.ball_spots import rho_at, spot_mask
from vision.roulette.bowl import ObjectFix, ObjectWatch, foreground_mask, object_step
from vision.roulette.calibrate import (
    CALIBRATION_SECONDS,
    CalibrationFailure,
    WheelCalibration,
    calibrate_frames,
    from_profile,
)
from vision.roulette.components import components_with_stats
from vision.roulette.event_detail import decision_evidence
from vision.roulette.ghost import ghost_spot
from vision.roulette.hand import HAND_MARGIN, OUTER_ROWS, ids_in
from vision.roulette.head_memory import HeadMemory
from vision.roulette.settle import BallObs, FrameObs, RoundTracker
from vision.roulette.still import StillSpots
from vision.roulette.swing import PROFILE_MARGIN, HeadSwing, area_strips, estimate_swing
from vision.roulette.unwrap import SplitUnwrap
from vision.roulette.wheel import (
    COLUMNS,
    POCKET_COLS,
    StripGrid,
    ZeroTracker,
    colour_signals,
    locate_zero,
)

__all__ = ["RouletteReader", "WheelPipeline"]

RHO_MAX = 2.25  # ring radii: objects are looked for within (the bowl below the track)
TRACK_PER_BAND = 2.4  # the ball is looked for out to this many times the pocket band's
# outer radius: seen from a tilted camera the track (1.9-2.0 times the band's radius on the
# wheel) lies out to 2.3 times it on the plane the strip samples, beyond RHO_MAX where the
# calibrated ring is the pockets' inner edge; a ball running there was never seen launched
SMEAR_PER_BAND = 1.5  # a smeared ball is looked for this many band radii out and beyond
BULK_PX = 80  # strip pixels: a ball at rest stands out as a patch of 6-40 (measured on seed
# 13101: less where the camera is far and blurs it, most from a close one); a "ball" that
# settles in a patch of more than this is a thing lying there (``_bulky``)
BULK_S = 0.3  # ... the median of its patches over the last this many seconds, so judged
BORDER_NEAR = np.ones((9, 9), np.uint8)  # strip px round what the frame does not show: the
# head's hands come in there (``WheelPipeline.edge``)
RHO_BELOW_BAND = 0.12  # the strip starts this far inside the pocket band (no ball on the cone)
RHO_STEP = 0.025
MAX_BUFFER = 32
RUNNING_FRAMES = 15  # the ball last seen this lately is where it was (its mask stays)
FALL_S = 0.12  # a spot off the bowl still on the head this soon fell in (``StillSpots``)
DEAD_S = 0.1  # ... and lying this long: no ball
HOLD_S = 0.12  # the ball in the pockets seen this lately: a fainter spot there is the ball
CALIBRATION_TRIES = 6
RETRY_S = 10.0  # having given up, the reader tries again (silently) this long after each try
PROFILE_CHECK_FRAMES = 15
PROFILE_MIN_FIT = 0.5
TRUSTED_FIT = 0.65  # below, pockets may be misnumbered: outcomes become abstains (tuning
# sets: a badly fitted close camera 0.55 read wrong numbers; good fits 0.7..0.99)


class WheelPipeline:
    """Everything after calibration: one ``step`` per frame."""

    def __init__(self, cal: WheelCalibration, fps: float, width: int, height: int,
                 verify: str | None = None, swing: HeadSwing | None = None) -> None:
        self.object_rows = _rows(cal)[1]  # the rows beyond hold the track: a ball, never
        # an object
        self.swing = swing or HeadSwing()
        self.grid = _strip_grid(cal, self.swing)  # the head sampled where it shows
        self.cal = cal
        self.band_rows = slice(self.grid.row_of(cal.band_rho[0]),
                               self.grid.row_of(cal.band_rho[1]) + 1)
        self.head_row = self.grid.row_of(cal.head_rho)
        self.rho_list = self.grid.rho_rows.tolist()  # (cost) for _ball_obs: Python floats
        self.unwrap = _split_unwrap(self.grid, cal)
        in_view = self.grid.inside_columns(width, height, self.band_rows)
        self.in_view = None if in_view.all() else in_view  # a close camera: part of the ring
        self.zeros = ZeroTracker(cal.sense, self.in_view)  # out of the frame
        ones = np.full((height, width, 3), 255, np.uint8)
        valid = self.grid.unwrap(ones)[..., 0] > 128
        self.invalid = ~cv2.erode(valid.astype(np.uint8), np.ones((3, 3), np.uint8)).astype(bool)
        self.invalid[:self.grid.row_of(cal.band_rho[0] - 0.05)] = True  # cone and turret
        if self.swing:  # where the head shows further in, the plain strip's cone rows
            # reached further out: they stay unseen (the turret's knobs lean over them from
            # a tilted camera; seed 11801 021, a knob over the far side's ring: false voids)
            self.invalid |= self._cone_swung(cal)
        near_border = ~cv2.erode(valid.astype(np.uint8), np.ones((5, 5), np.uint8)).astype(bool)
        # hands reach in over the bowl's rim or from the frame's border; on the head, pixels
        # by the border are unsure, so there a hand is what reaches the band just inside them
        self.edge = near_border.copy()
        inside = ~cv2.erode(valid.astype(np.uint8), np.ones((9, 9), np.uint8)).astype(bool)
        self.edge[:self.head_row] = inside[:self.head_row] & ~near_border[:self.head_row]
        self.edge[self.object_rows - OUTER_ROWS:] = True  # over the rim: hands come in
        self.invalid[:self.head_row] |= near_border[:self.head_row]
        h = self.head_row  # the head rows laid twice side by side (``_mixed_mask``)
        self.invalid_twice = np.concatenate([self.invalid[:h], self.invalid[:h]], axis=1)
        # just outside the head's estimated edge the wheel may still turn: no objects there
        self.no_objects = np.zeros_like(self.invalid)
        self.no_objects[self.head_row:self.grid.row_of(cal.head_rho + 0.12)] = True
        self.no_objects.flags.writeable = False  # shared by frames: read, never written
        self.nothing = np.zeros_like(self.invalid)  # no spot: one mask for every such frame
        self.nothing.flags.writeable = False
        self.still = StillSpots(self.grid.row_of(cal.head_rho + 0.12),  # not the ball
                                rest_row=self.grid.row_of(cal.band_rho[1]) + 1,
                                head_row=self.head_row, columns=COLUMNS,
                                fall_frames=round(FALL_S * fps),
                                dead_frames=max(2, round(DEAD_S * fps)))
        # a smeared ball is looked for on the upper bowl only (where it runs fast; by the
        # head's edge a misjudged edge leaves pieces of the turning rim)
        self.smear_row = self.grid.row_of(SMEAR_PER_BAND * cal.band_rho[1])
        self.background: StripBackground | None = None
        cone = self.grid.row_of(cal.band_rho[0] - 0.05)  # the rows below are invalid
        self.watch = ObjectWatch(rows=self.object_rows, inner=slice(cone, cone + 2))
        self.memory = HeadMemory(COLUMNS, fps, self.watch.params)  # the head at each angle a
        # turn ago
        self.watch.turn_ago = self.memory.explains
        self.stand_out = np.full((len(self.grid.rho_rows), 1), self.watch.params.stand_out,
                                 np.float32)
        self.stand_out[:self.head_row] = self.watch.params.stand_out_head
        self.tracker = RoundTracker(fps=fps, sense=cal.sense, band_rho=cal.band_rho,
                                    head_rho=cal.head_rho, trusted=cal.fit >= TRUSTED_FIT)
        self.last_ball: tuple[int, float, float] | None = None  # frame, row, col (mixed)
        self.in_pockets: deque[tuple[int, float]] = deque()  # frame, col (mixed): the ball
        # seen in the pocket band, over the last ``idle_rest_s`` (``_left_pocket``)
        self.obs: FrameObs | None = None  # the last frame's measurements
        self.verify = verify  # a profile's name: check it fits this camera's first frames
        self.initial: np.ndarray | None = None  # a first background, if frames were kept
        self.fits: list[float] = []
        self.bulk: deque[tuple[int, int]] = deque(maxlen=64)  # (frame, patch area) of
        # the chosen ball

    def _cone_swung(self, cal: WheelCalibration) -> np.ndarray:
        """(R, C) bool: the rows the plain strip (no ``swing``) kept out as the cone, where
        this strip shows them (the swing's rows further in, each column's rounded up)."""
        cone = self.grid.row_of(cal.band_rho[0] - 0.05)
        swing = self.swing.rows_at(COLUMNS)
        further = np.ceil(np.maximum(-swing[min(cone, len(swing) - 1)], 0.0)).astype(int)
        rows = np.arange(len(self.grid.rho_rows))[:, None]
        return rows < cone + further[None, :]

    def _ball_mask(self, shape: tuple[int, int], frame: int, balls: list[BallFix],
                   held: list[bool], zero_col: float) -> tuple[np.ndarray, np.ndarray]:
        """Where the ball (and every ball-like spot) is or just was: not an object, but
        for spots kept still where the ball cannot rest (``StillSpots``); and where any of
        them is, kept still or not (``StripBackground.update``'s ``spots``)."""
        spots = [(b.row, b.col) for b in balls]
        free = [not h for h in held]
        if self.last_ball is not None and frame - self.last_ball[0] <= RUNNING_FRAMES:
            spots.append(self.last_ball[1:])
            free.append(False)  # a remembered place, not a sighting
        every = spot_mask(shape, spots) if spots else self.nothing
        kept = self.still.update(spots, frame, self._ball_running(frame), zero_col, free,
                                 rolling=self.tracker.phase == "rolling")
        # (cost) mostly every spot is kept: the same mask serves (neither is written)
        if kept == spots:
            return every, every
        return (spot_mask(shape, kept) if kept else self.nothing), every

    def _may_rest(self, near_ball: np.ndarray) -> np.ndarray | None:
        """Where ``near_ball`` masks a spot that may be the ball at rest (off the bowl):
        there an object's persistence starts when the mask lifts. None where it masks
        nothing there (cost: no copy, and no reset to do)."""
        top = near_ball[:self.still.bowl_row]
        if near_ball is self.nothing or not top.any():
            return None
        out = np.zeros_like(near_ball)
        out[:self.still.bowl_row] = top
        return out

    def _ball_running(self, frame: int) -> bool:
        """Is the ball in play running on the bowl: a round rolling, its ball not yet in
        the pockets and seen on the bowl lately (then no ball rests on the head)?"""
        tracker, last = self.tracker, self.last_ball
        if tracker.just_caught(frame):
            return True  # ... or was, caught there just now (a void round's catch)
        return (tracker.phase == "rolling" and tracker.pockets_at is None and last is not None
                and frame - last[0] <= RUNNING_FRAMES and last[1] >= self.still.bowl_row)

    def seed_background(self, frames: list[np.ndarray]) -> None:
        """Start the background from the per-pixel median of frames spread over the first
        seconds (each in its own wheel coordinates): a hand or ball passing then is not
        mistaken for the empty bowl. A head cell is taken only from the frames where it was
        in view: from a close camera the head's part past the frame's corner turns through
        the view, and a plain median there is the black outside the frame, against which the
        pockets passing later stand out as objects (seed 12201 012 r0, the green zero's
        pocket: a false void). A cell never in view keeps the plain median."""
        mixed, unseen = [], []
        for f in frames:
            strip = self.unwrap.unwrap(f)
            zero = locate_zero(*colour_signals(strip[self.band_rows]), self.cal.sense,
                               self.in_view)
            zero_col = zero.psi / (2 * np.pi) * COLUMNS
            mixed.append(cv2.blur(to_mixed(strip, self.head_row, zero_col), (3, 3)))
            unseen.append(self._mixed_mask(self.invalid, zero_col))
        self.initial = seen_median(np.stack(mixed), np.stack(unseen))

    def _mixed_mask(self, mask: np.ndarray, zero_col: float) -> np.ndarray:
        """An image-coordinate (R, C) bool mask in mixed coordinates (head rows rolled)."""
        k = int(np.floor(zero_col)) % COLUMNS
        h = self.head_row
        out = np.empty_like(mask)  # (cost) each row written once
        out[h:] = mask[h:]
        twice = (self.invalid_twice if mask is self.invalid  # (cost) laid once
                 else np.concatenate([mask[:h], mask[:h]], axis=1))  # rolled by k: a window
        np.logical_or(twice[:, k:k + COLUMNS], twice[:, k + 1:k + 1 + COLUMNS], out=out[:h])
        return out

    def step(self, frame_bgr: np.ndarray, index: int) -> list[Event]:
        strip = self.unwrap.unwrap(frame_bgr)
        zero = self.zeros.update(*colour_signals(strip[self.band_rows]))
        # a ring partly out of view is numbered from pocket 0 once it was seen
        self.tracker.trusted = self.cal.fit >= TRUSTED_FIT and self.zeros.seen
        if self.verify is not None:
            self._check_profile(zero.fit)
        zero_col = zero.psi / (2 * np.pi) * COLUMNS
        mixed = cv2.blur(to_mixed(strip, self.head_row, zero_col), (3, 3))
        invalid = self._mixed_mask(self.invalid, zero_col)
        if self.background is None:
            start = mixed if self.initial is None else self.initial
            self.background = StripBackground(start, self.head_row)
            self.watch.reference = self.initial  # the median of the first seconds, if kept
            self.initial = None
        diff = self.background.difference(mixed)
        fg = foreground_mask(diff, self.stand_out)
        rise = self.background.rise(mixed, diff)
        balls = find_balls_on_rows(mixed, rise, diff, self.smear_row, exclude=invalid)
        balls = [b for b in balls if not ghost_spot(mixed, self.background.model, b.row, b.col,
                                                    self.head_row, self.watch.params)]
        balls = self._held(mixed, rise, invalid, index, balls, self.background.model)
        shares = row_shares(fg) if balls else None
        held = [held_in_hand(fg, b, shares=shares) for b in balls]
        fg |= self.background.chroma_stand_out(mixed, self.watch.params.stand_out_head)
        np.greater(fg, invalid, out=fg)  # (cost) fg &= ~invalid, without the temporary
        fg[self.object_rows:] = False
        near_ball, spots = self._ball_mask(fg.shape, index, balls, held, zero_col)
        ignore = self.no_objects if near_ball is self.nothing else near_ball | self.no_objects
        obj = object_step(self.watch, self.background, mixed, fg, self.edge, ignore,
                          near_ball, diff, int(round(zero_col)), spots, invalid,
                          self._may_rest(near_ball),
                          self._recall(mixed, diff, zero_col, near_ball, invalid, index))
        if obj is not None and self._left_pocket(obj, index):
            obj = None
        # a spot that fell in off the bowl and lies on the head is no ball for the round
        # either (``StillSpots.dead``): never the ball at rest, nor a fixture taken for it
        alive = [k for k in range(len(balls)) if not self.still.dead[k]]
        balls, held = [balls[k] for k in alive], [held[k] for k in alive]
        obs = FrameObs(index, zero.psi, tuple(self._ball_obs(b, zero_col, h)
                                             for b, h in zip(balls, held, strict=True)),
                       obj is not None, obj is not None and obj.at_border,
                       self._hand_over_pockets())
        before = (self.tracker.last_number, self.tracker.outcome_frame)
        self.obs = obs
        events = self.tracker.update(obs)
        if self.tracker.chosen is not None:
            b = balls[self.tracker.chosen]
            self.bulk.append((index, _patch_area(fg, b.row, b.col)))
        if any(e.type == "outcome" for e in events) and self._bulky(index):
            events = self.tracker.object_as_ball(index, events, before)
        events = decision_evidence(events, self.grid, self.cal.warp, self.tracker.ball, obj,
                                   self.head_row, zero_col, last_seen=self.tracker.last_seen)
        chosen = self.tracker.chosen
        self.debug = (mixed, fg, obj, balls[chosen] if chosen is not None else None)
        if chosen is not None:
            self.last_ball = (index, balls[chosen].row, balls[chosen].col)
            if self.band_rows.start <= balls[chosen].row < self.band_rows.stop:
                self.in_pockets.append((index, balls[chosen].col))
                self._forget_pockets(index)  # (a live table runs for hours)
        return events

    def _forget_pockets(self, index: int) -> None:
        """``in_pockets`` without the sightings older than ``idle_rest_s``."""
        rest = round(self.tracker.p.idle_rest_s * self.tracker.fps)
        while self.in_pockets and index - self.in_pockets[0][0] > rest:
            self.in_pockets.popleft()

    def _left_pocket(self, obj: ObjectFix, index: int) -> bool:
        """Idle, is the object in the pocket band within a pocket (``POCKET_COLS``) of where
        the ball was seen there within ``idle_rest_s``, and the ball last seen there more
        than a pocket away: the pocket the ball lay in, unseen, since before the reader
        started, and left? Resting from the first frame, it was learnt as the head's; lifted
        out, its pocket differs from what was learnt as an object would. No roll is going
        on while the ball is in the pockets (``settle``'s ``_ball_resting``). Fresh seed
        17201 clip 001 r0 (1920x1080): the ball in the zero pocket from the clip's start,
        the dealer's fingers moving it off along the pockets from frame 99; the green
        pocket stood out at 107: voided, 1.5 s before the spin. A coin fallen into a pocket
        is seen as a ball-like spot where it lies, not away from it: still an object."""
        self._forget_pockets(index)
        if self.tracker.phase != "idle" or not self.in_pockets or not (
                self.band_rows.start <= obj.row < self.band_rows.stop):
            return False

        def near(col: float) -> bool:
            return abs((obj.col - col + COLUMNS / 2) % COLUMNS - COLUMNS / 2) <= POCKET_COLS
        return not near(self.in_pockets[-1][1]) and any(near(c) for _, c in self.in_pockets)

    def _recall(self, mixed: np.ndarray, diff: np.ndarray, zero_col: float,
                near_ball: np.ndarray, invalid: np.ndarray, index: int) -> np.ndarray | None:
        """(R, C) bool: the head's pixels that stand out from the head as it looked at this
        angle a turn ago (``HeadMemory``), but where the ball (``near_ball``), what the
        frame does not show (``invalid``) and last frame's hand lie; None when none do.
        Pieces by the frame's border are left to the hand stage as they were (grown by
        these, a chip cut by the border could be a hand's)."""
        h = self.head_row
        masked = near_ball[:h] | invalid[:h]
        hand = self.watch.hand
        if hand is not None and hand[:h].any():
            masked = masked | cv2.dilate(hand[:h].astype(np.uint8), HAND_MARGIN).astype(bool)
        out = self.memory.update(mixed[:h], zero_col, masked, index,
                                 self.background.model[:h], diff[:h])
        if out is None or not out.any():
            return None
        near = cv2.dilate(invalid[:h].view(np.uint8), BORDER_NEAR)  # (seldom)
        n, labels, _, _ = components_with_stats(out.view(np.uint8))
        touch = np.zeros(n, bool)
        touch[labels[near > 0]] = True
        touch[0] = False
        recalled = np.zeros(invalid.shape, bool)
        recalled[:h] = out & ~touch[labels]
        return recalled

    def _hand_over_pockets(self) -> int:
        """Strip px of the hand reaching in (``ObjectWatch.hand``) over the pocket band."""
        hand = self.watch.hand
        return 0 if hand is None else int(np.count_nonzero(hand[self.band_rows]))

    def _bulky(self, frame: int) -> bool:
        """Is the ball that settles now too big for a ball: over the last ``BULK_S`` its
        foreground patch mostly more than ``BULK_PX``? Then it is an object lying on the
        head, taken for the ball: where the camera shows little of the bowl the ball in play
        runs unseen, and a thing falling in from the frame's edge looks like the ball coming
        down (seed 13101 012 r1: a lighter across the number ring, patches of 95-150
        where a ball at rest makes 32-38, read 35 at 0.95: a wrong outcome)."""
        recent = [a for f, a in self.bulk if frame - f <= round(BULK_S * self.tracker.fps)]
        return bool(recent) and float(np.median(recent)) > BULK_PX

    def _held(self, mixed: np.ndarray, rise: np.ndarray, invalid: np.ndarray, index: int,
              balls: list[BallFix], model: np.ndarray) -> list[BallFix]:
        """The ball in play, seen in the pockets within ``HOLD_S`` and not found near there
        now: a fainter spot where it was is still the ball (``ball_hold.spot_near``)."""
        last, tracker = self.last_ball, self.tracker
        if (last is None or tracker.phase != "rolling" or tracker.pockets_at is None
                or index - last[0] > max(2, round(HOLD_S * tracker.fps))
                or not self.band_rows.start <= last[1] < self.band_rows.stop):
            return balls
        fix = hold_on(mixed, rise, balls, last[1], last[2], exclude=invalid)
        if fix is None or ghost_spot(mixed, model, fix.row, fix.col, self.head_row,
                                     self.watch.params):
            return balls
        return [*balls, fix]

    def _check_profile(self, fit: float) -> None:
        """A profile from another camera or table at the same resolution is refused: at its
        ring the colours must follow the pocket pattern (calibrated fits are 0.6..0.9)."""
        self.fits.append(fit)
        if len(self.fits) < PROFILE_CHECK_FRAMES:
            return
        median = float(np.median(self.fits))
        if median < PROFILE_MIN_FIT:
            raise UserError(
                f"calibration profile {self.verify} does not fit this camera: at its pocket "
                f"ring the colours follow the pocket pattern with correlation {median:.2f}, "
                f"expected >= {PROFILE_MIN_FIT}; recalibrate (python -m vision calibrate)")
        self.verify = None

    def _ball_obs(self, ball: BallFix, zero_col: float, held: bool) -> BallObs:
        col = from_mixed_column(int(round(ball.row)), ball.col, self.head_row, zero_col, COLUMNS)
        rho = rho_at(ball.row, self.rho_list)
        return BallObs(rho, col * 2 * np.pi / COLUMNS, held)

    def finish(self, last_index: int) -> list[Event]:
        return self.tracker.finish(last_index)


class RouletteReader:
    game = "roulette"

    def __init__(self, info: StreamInfo, cal: WheelCalibration | None = None,
                 profile_name: str | None = None) -> None:
        self.info = info
        self.pipeline = None if cal is None else WheelPipeline(
            cal, info.fps, info.width, info.height, verify=profile_name or "given")
        self.window = max(10, int(round(CALIBRATION_SECONDS * info.fps)))
        self.stride = max(1, int(np.ceil(self.window / MAX_BUFFER)))
        self.buffer: list[tuple[int, np.ndarray]] = []
        self.tries = 0
        self.resume = 0  # frames before this are not kept (the wait between late tries)
        self.failure: CalibrationFailure | None = None

    @classmethod
    def create(cls, info: StreamInfo, profile: Path | None = None) -> RouletteReader:
        if profile is None:
            return cls(info)
        prof = load_profile(profile)
        check_matches(prof, game="roulette", width=info.width, height=info.height)
        try:
            return cls(info, from_profile(prof), str(profile))
        except ValueError as exc:
            raise UserError(f"calibration profile {profile}: {exc}") from None

    def update(self, frame_bgr: np.ndarray, frame_index: int) -> list[Event]:
        if self.pipeline is not None:
            return self.pipeline.step(frame_bgr, frame_index)
        if frame_index < self.resume:
            return []
        if frame_index % self.stride == 0:
            self.buffer.append((frame_index, frame_bgr.copy()))
        if len(self.buffer) * self.stride < self.window:
            return []
        return self._calibrate(frame_index)

    def _calibrate(self, now: int) -> list[Event]:
        frames = [f for _, f in self.buffer]
        pick = np.linspace(0, len(frames) - 1, min(10, len(frames))).round().astype(int)
        cal = calibrate_frames([frames[i] for i in pick])
        self.tries += 1
        if not cal:
            self.failure = cal
            self.buffer = []
            if self.tries < CALIBRATION_TRIES:
                return []
            # given up: tried again every RETRY_S (the light or the wheel may clear); said
            # now, once, so a person hears of it while the table plays on (seed 11301 clip
            # 010: calibration failed in its first seconds and the only event came at the
            # clip's end, four rounds later; live, that never comes)
            self.resume = now + max(1, int(round(RETRY_S * self.info.fps)))
            if self.tries > CALIBRATION_TRIES:
                return []
            return [abstain(now, "calibration", detail=cal.message)]
        seed = [frames[i] for i in pick]
        self.pipeline = _registered(cal, self.info, seed)
        self.pipeline.seed_background(seed)
        events: list[Event] = []
        for index, frame in self.buffer:
            for ev in self.pipeline.step(frame, index):
                events.append(replace(ev, frame=max(ev.frame, now)))
        self.buffer = []
        return events

    def finish(self, last_frame_index: int) -> list[Event]:
        if self.pipeline is None:
            if self.tries >= CALIBRATION_TRIES:
                return []  # (said when it gave up: ``_calibrate``)
            why = self.failure.message if self.failure is not None else "too few frames"
            return [abstain(max(last_frame_index, 0), "calibration", detail=why)]
        return self.pipeline.finish(last_frame_index)


def _registered(cal: WheelCalibration, info: StreamInfo, frames: list[np.ndarray]
                ) -> WheelPipeline:
    """The pipeline for ``cal``; where the head swings in its strip (``swing``, measured
    on ``frames``, the calibration's, in the plain strip's rows, each the mean over the
    radii it stands for: ``area_strips``), one whose strip samples the head where it
    shows."""
    plain = _strip_grid(cal, HeadSwing())
    head_row = plain.row_of(cal.head_rho)
    rho_min, _, step, _ = _rows(cal)
    swing = estimate_swing(area_strips(frames, cal.ring, cal.warp, rho_min, step,
                                       min(head_row + PROFILE_MARGIN, len(plain.rho_rows))),
                           head_row)
    return WheelPipeline(cal, info.fps, info.width, info.height, swing=swing)


def _rows(cal: WheelCalibration) -> tuple[float, int, float, int]:
    """The strip's rows for ``cal``: (first radius, rows out to ``RHO_MAX``, radii per
    row, rows beyond it that hold the ball's track)."""
    rho_min = max(0.3, cal.band_rho[0] - RHO_BELOW_BAND)
    rows = int(round((RHO_MAX - rho_min) / RHO_STEP)) + 1
    step = (RHO_MAX - rho_min) / (rows - 1)
    track = max(0, int(np.ceil((TRACK_PER_BAND * cal.band_rho[1] - RHO_MAX) / step)))
    return rho_min, rows, step, track


def _strip_grid(cal: WheelCalibration, swing: HeadSwing) -> StripGrid:
    """The strip ``cal``'s pipeline unwraps, its head rows sampled where ``swing`` says
    the head shows (none: the plain strip)."""
    rho_min, rows, step, track = _rows(cal)
    return StripGrid.build(cal.ring, rho_min, RHO_MAX + track * step, rows + track,
                           warp=cal.warp,
                           rho_offset=swing.rows_at(COLUMNS) * step if swing else None)


def _split_unwrap(grid: StripGrid, cal: WheelCalibration) -> SplitUnwrap:
    """``grid``'s per-frame unwrap: beyond the head's edge (and a margin where it may
    still turn) the bowl is still, sampled from the nearest pixel there (cost)."""
    return SplitUnwrap(grid, grid.row_of(cal.head_rho + 0.12))


def _patch_area(fg: np.ndarray, row: float, col: float) -> int:
    """Strip pixels of the 8-connected foreground patch at (``row``, ``col``) (the largest
    one touching its 3 x 3 neighbourhood), 0 if none."""
    r, c = int(round(row)), int(round(col)) % fg.shape[1]
    r0, r1 = max(0, r - 12), min(fg.shape[0], r + 13)
    c0, c1 = c - 40, c + 41
    cols = np.arange(c0, c1) % fg.shape[1]  # round the strip's seam
    window = np.ascontiguousarray(fg[r0:r1][:, cols]).astype(np.uint8)
    _, labels, stats, _ = components_with_stats(window)
    rr, cc = r - r0, c - c0
    ks = ids_in(labels[max(0, rr - 1):rr + 2, cc - 1:cc + 2])
    return max((int(stats[k, cv2.CC_STAT_AREA]) for k in ks.tolist() if k), default=0)
