"""The sic bo video reader: one ``update()`` per frame, causal, never reads a sidecar.

Per frame (cheap, ~1 ms at 720p): shrink to a small grey frame (``dome.shrink``),
motion against the small frame ``lag`` frames back, and, once a lid model is known, the
lid-on test. Only when the round tracker (``settle.RoundTracker``) asks for it and the
dome is still does it run the per-image dice reader (``vision.sicbo.read_dice``), on
the dome's box only, and checks at full resolution around the dice it found that they
did not move in the still spell (``dome.dice_moved_in_spell``). Self-calibration is
online (``SceneState``): the first still spell in which the dice reader sees no dice
gives the lid template; the first still lid-off read after that, of the whole frame,
gives the dome region (and the frame is read again within it: the whole frame's read
is never a round's), the first that sees all three dice the static glare; the flat
dice read surely give the size of a flat die at each place (``height``), so a die seen
larger than that, with only two dice seen, lies on the third. Once learnt, the lid
template is trusted over the dice reader: a frame that matches it is the scene in which
no dice were seen (a dice reader that "sees" dice on the lid must not reopen the round).

With a profile (``python -m vision calibrate``) the lid model and dome come from it;
a profile for another game or camera size is refused.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path

import cv2
import numpy as np
import numpy.ma  # noqa: F401  (cost) now, not in the first frame: np.median loads it (~50 ms)

from vision.calib import check_matches, load_profile
from vision.footage import Event, StreamInfo
from vision.sicbo.dim import DIM_CONFIDENCE, dim_faces
from vision.sicbo.dome import DomeRegion, LidModel, dice_moved_in_spell, fit_dome, moving_px, shrink
from vision.sicbo.event_detail import with_dice_evidence
from vision.sicbo.evidence import refine_poses
from vision.sicbo.glare import (
    bloom_beside,
    floor_cover,
    glare_hides_pips,
    glare_mask,
    glare_on_face,
    glare_spared,
    red_four,
    white_level,
)
from vision.sicbo.height import (
    FloorScale,
    HeightParams,
    fit_floor_scale,
    flat_samples,
    taller_die,
)
from vision.sicbo.pair import pale_floor
from vision.sicbo.settle import DiceObs, DieObs, FrameObs, RoundTracker, SettleParams

__all__ = ["ReadFn", "SceneState", "SicBoReader", "dice_obs", "learnt_edge", "unsure_if_dim",
           "unsure_in_bloom", "read_with_dice_reader"]

ReadFn = Callable[[np.ndarray], DiceObs]
MOTION_WINDOW_S = 0.05  # motion is the change against the small frame this long ago
GLARE_CONFIDENCE = 0.5  # a die under the glare: below every outcome floor (abstain)
PIECE_CONFIDENCE = 0.5  # a die far smaller than this camera's dice: below every floor
PIECE_REL = 0.7         # ... its edge under this x the learnt die edge (``_unsure_if_small``)
SHORT_REL = 0.85        # ... or its pips' span under this x the plane's (``_unsure_if_short``)
EDGE_SURE = 0.9         # the die edge is learnt from faces this sure (``learnt_edge``)
MOVING_PX = 3           # more changed small pixels than this (after the 3x3 blur): moving
HEIGHT = HeightParams()
FLAT_TOPS = 60          # the latest flat top faces the floor's scale is fitted from


def read_with_dice_reader(image_bgr: np.ndarray, *, die_edge_px: float | None = None
                          ) -> DiceObs:
    """The project's per-image dice reader, as a ``DiceObs``; ``die_edge_px``: the dice'
    edge on this camera, if learnt (``DiceParams.die_edge_px``)."""
    from vision.sicbo import read_dice
    from vision.sicbo.reading import DiceParams

    return dice_obs(read_dice(image_bgr, params=DiceParams(die_edge_px=die_edge_px)))


def dice_obs(reading: object) -> DiceObs:
    """A ``DiceReading`` (vision.sicbo.dice) -> ``DiceObs`` (duck-typed: dice with
    center_xy, edge_px, face, confidence, pose)."""
    return DiceObs(tuple(
        DieObs(tuple(d.center_xy), float(d.edge_px), d.face, float(d.confidence), d.pose,
               _box(getattr(d, "box_xyxy", None)), float(getattr(d, "span_px", 0.0)),
               bool(getattr(d, "big_pip", False)),
               tuple(tuple(p) for p in getattr(d, "pips_xy", ())),
               bool(getattr(d, "joined", False)))
        for d in reading.dice),  # type: ignore[attr-defined]
        unread="unread" in getattr(reading, "flags", ()))


@dataclass(slots=True)
class SceneState:
    """What the reader has learnt about this camera so far (mutable, reader-owned)."""

    lid: LidModel | None = None
    dome: DomeRegion | None = None
    die_edge_px: float | None = None
    glare_small: np.ndarray | None = None     # bool, small resolution
    glare_blind: tuple[tuple[float, float, float, float], ...] = ()  # boxes (px) it left out
    flat_tops: deque[tuple[float, float, float]] = field(  # (x, y, pip span px), flat faces
        default_factory=lambda: deque(maxlen=FLAT_TOPS))


class SicBoReader:
    game = "sicbo"

    def __init__(self, info: StreamInfo, *, scene: SceneState | None = None,
                 read_fn: ReadFn | None = None,
                 params: SettleParams | None = None) -> None:
        """``read_fn``: a stand-in per-image reader (tests); None: the project's, told the
        die edge learnt on this camera (``read_with_dice_reader``)."""
        self.info = info
        self.scene = scene or SceneState()
        self._read_fn = read_fn
        if read_fn is None:
            from vision.sicbo.dice import warm_up

            warm_up()
        self.tracker = RoundTracker(params or SettleParams.for_fps(info.fps))
        self._lag = max(1, round(info.fps * MOTION_WINDOW_S))
        self._history: deque[np.ndarray] = deque(maxlen=self._lag)
        self.reads = 0
        # the frames of the current still spell, newest last, for the full-res check that
        # the dice did not move in it: kept by reference (every source yields a new array
        # per frame; a caller must not write into a frame it has passed)
        p = self.tracker.params
        self._spell: deque[np.ndarray] = deque(maxlen=p.still_frames + p.max_reads)
        self._was_covered: bool | None = None
        self._last_read: DiceObs | None = None  # the latest dice read: a decision's evidence

    @classmethod
    def create(cls, info: StreamInfo, profile: Path | None) -> SicBoReader:
        if profile is None:
            return cls(info)
        from vision.sicbo.calibrate import scene_from_profile

        prof = load_profile(profile)
        check_matches(prof, game="sicbo", width=info.width, height=info.height)
        return cls(info, scene=scene_from_profile(prof))

    def update(self, frame_bgr: np.ndarray, frame_index: int) -> list[Event]:
        small = shrink(frame_bgr)
        moving = self._moving(small)
        covered = self._covered(small)
        if moving:
            self._spell.clear()
        read = None
        fitted = False
        if self.tracker.wants_read and not moving and not covered:
            read = self._read(frame_bgr)
            if self._dice_moved(frame_bgr, read):
                moving, read = True, None             # not at rest yet: hold again
            elif covered is False and self.scene.dome is None:
                read, fitted = self._read_in_fitted_dome(frame_bgr, small, read), True
        if not moving:
            self._spell.append(frame_bgr)
        if read is not None and read.count:
            self._last_read = read
        events = self.tracker.update(FrameObs(frame_index, moving, covered, read))
        if events:
            events = with_dice_evidence(events, self._last_read)
        self._learn(frame_bgr, small, moving, covered, read, glare=not fitted)
        return events

    def finish(self, last_frame_index: int) -> list[Event]:
        return with_dice_evidence(self.tracker.finish(last_frame_index), self._last_read)

    # -- per-frame stages ---------------------------------------------------------

    def _moving(self, small: np.ndarray) -> bool:
        prev = self._history[0] if len(self._history) == self._lag else None
        self._history.append(small)
        if prev is None:
            return True
        x0, y0, x1, y1 = self._small_roi(small.shape)
        n = moving_px(prev[y0:y1, x0:x1], small[y0:y1, x0:x1])
        return n > MOVING_PX

    def _covered(self, small: np.ndarray) -> bool | None:
        """The lid test with hysteresis: between one and two ``open_px`` of change the
        previous answer stands (a lid jiggled by the shake does not flicker open)."""
        lid = self.scene.lid
        if lid is None:
            self._was_covered = None
            return None
        n = lid.changed_px(small)
        if n < lid.open_px or (n < 2 * lid.open_px and self._was_covered):
            self._was_covered = True
        else:
            self._was_covered = False
        return self._was_covered

    def _dice_moved(self, frame_bgr: np.ndarray, read: DiceObs) -> bool:
        """Full-res check around the dice against every frame of the still spell (a
        slowly rocking die swings back to where it was when the spell began); when they
        moved, a new spell starts at this frame."""
        if not self._spell or not read.count:
            return False
        dice = [(*d.center_xy, d.edge_px) for d in read.dice]
        moved = dice_moved_in_spell(self._spell, frame_bgr, dice)
        if moved:
            self._spell.clear()
            self._spell.append(frame_bgr)
        return moved

    def _small_roi(self, shape: tuple[int, ...]) -> tuple[int, int, int, int]:
        if self.scene.dome is None:
            return 0, 0, shape[1], shape[0]
        s = shape[1] / self.info.width
        x0, y0, x1, y1 = self.scene.dome.roi_xyxy
        return int(x0 * s), int(y0 * s), max(int(x0 * s) + 1, round(x1 * s)), \
            max(int(y0 * s) + 1, round(y1 * s))

    def _read(self, frame_bgr: np.ndarray) -> DiceObs:
        self.reads += 1
        dome = self.scene.dome or DomeRegion.whole(self.info.width, self.info.height)
        x0, y0 = dome.roi_xyxy[:2]
        crop = dome.crop(frame_bgr)
        obs = read_with_dice_reader(crop, die_edge_px=self.scene.die_edge_px) \
            if self._read_fn is None else self._read_fn(crop)
        shifted = replace(obs, dice=tuple(
            replace(d, center_xy=(d.center_xy[0] + x0, d.center_xy[1] + y0),
                    pips_xy=tuple((x + x0, y + y0) for x, y in d.pips_xy),
                    box_xyxy=_shifted_box(d.box_xyxy, x0, y0)) for d in obs.dice))
        read = self._unsure_if_small(unsure_if_dim(
            self._unsure_under_glare(refine_poses(shifted), frame_bgr), frame_bgr))
        scale = fit_floor_scale(self.scene.flat_tops, HEIGHT)   # once for both rules
        read = _stacked_by_size(_unsure_if_short(read, scale), scale)
        return replace(read, pale_floor=read.count == 2 and pale_floor(
            frame_bgr, read.dice, float(np.median([d.edge_px for d in read.dice]))))

    def _unsure_if_small(self, read: DiceObs) -> DiceObs:
        """A die whose edge is under PIECE_REL x the die edge learnt on this camera
        (``SceneState.die_edge_px``: ``learnt_edge`` of a read of three) is at most
        PIECE_CONFIDENCE sure: a piece of a die (a corner, a half face between glare or
        a neighbour) read as a whole one. Fresh seed 13304 (spent) clip 014 r1 (1920x1080,
        pale floor, 3-5-6): every read saw two dice, a one on a corner of the three at
        0.98-0.99 (0.45-0.49 x the learnt edge) and a three on half of the six at 0.99
        (0.60-0.65 x), the five missed: it abstained ``dice_count`` only because the five
        stayed unseen. Whole dice read at least 0.9 sure in reads of three, 13 clips of
        seeds 13304 and 13204 (tilted cameras, 640x480 to 1920x1080): 0.79-1.27 x."""
        ref = self.scene.die_edge_px
        if not ref:
            return read
        return _capped(read, {k for k, d in enumerate(read.dice) if d.edge_px < PIECE_REL * ref},
                      PIECE_CONFIDENCE)

    def _unsure_under_glare(self, read: DiceObs, frame_bgr: np.ndarray) -> DiceObs:
        """A die whose value the glass's static glare could have changed (by washing pips
        out: ``glare.glare_hides_pips``) is at most GLARE_CONFIDENCE sure, unless its top
        face shows no glare in this frame (``glare.glare_on_face``: nothing of it near the
        level where the camera clips, ``glare.white_level``, so nothing washed) or the
        glare's spot lies nearer a pip of the face that still shows than any place where a
        washed pip would change it (``glare.glare_spared``), or it is a four of red pips
        (``glare.red_four``: no washed five or six)."""
        read = unsure_in_bloom(read, frame_bgr,
                               None if self.scene.glare_small is None else self.scene.glare_blind)
        glare = self.scene.glare_small
        if glare is None:
            return read
        scale = glare.shape[1] / self.info.width
        cover = floor_cover(glare, self.scene.dome, scale)
        white = None
        washed = set()
        for k, d in enumerate(read.dice):
            if glare_hides_pips(glare, scale, d.center_xy, d.edge_px, d.face, cover=cover,
                                big_pip=d.big_pip):
                white = white_level(frame_bgr) if white is None else white
                if glare_on_face(frame_bgr, d.center_xy, d.edge_px, white) and not glare_spared(
                        glare, scale, d.center_xy, d.edge_px, d.face, d.pips_xy) \
                        and not red_four(frame_bgr, d.face, d.pips_xy, d.box_xyxy):
                    washed.add(k)
        return _capped(read, washed, GLARE_CONFIDENCE)

    def _learn(self, frame_bgr: np.ndarray, small: np.ndarray, moving: bool,
               covered: bool | None, read: DiceObs | None, *, glare: bool = True) -> None:
        sc = self.scene
        if read is not None and read.count == 3:
            sc.die_edge_px = learnt_edge(read, sc.die_edge_px)
            sc.flat_tops.extend(flat_samples(read.dice, HEIGHT))
        if moving:
            return
        if sc.lid is None and read is not None and read.count == 0:
            sc.lid = LidModel.learn(small, sc.die_edge_px, self.info.width)
        elif covered and sc.lid is not None:
            sc.lid = sc.lid.blended(small, rate=0.05)
        if glare and covered is False and sc.glare_small is None and read is not None \
                and read.count == 3:
            self._learn_glare(frame_bgr, small, read)

    def _read_in_fitted_dome(self, frame_bgr: np.ndarray, small: np.ndarray,
                             whole: DiceObs) -> DiceObs:
        """The first still lid-off frame after the lid was learnt: the dome region, fitted
        with the dice of ``whole``, this frame's read of the whole frame; then the frame
        read again within the dome, and that read is the round's. The whole frame's read
        never is: it looks beyond the dome, where the table's fittings can pass for dice,
        and it is the only read of its kind, so nothing checks it but the next read. Seed
        11904 (spent) clip 012 r0 (1280x960, white dice on a white floor, 1-2-2): the
        whole frame's read saw the three dice where they lay but each two as a one (a pip
        lost; edges 27 and 39 px, 47-49 within the dome), 1-1-1 at 0.993-0.998; only the
        next read, which differed, kept it from being paid. With no dome fitted (the
        floor not told from the lid) the whole frame's read stands: every later read
        looks at the whole frame too."""
        sc = self.scene
        assert sc.lid is not None
        w, h = self.info.width, self.info.height
        if whole.count == 3:
            sc.die_edge_px = learnt_edge(whole, sc.die_edge_px)
        edge = sc.die_edge_px or 0.06 * min(w, h)
        sc.dome = fit_dome(sc.lid, small, w, h, [d.center_xy for d in whole.dice], edge)
        if sc.dome.roi_xyxy == (0, 0, w, h):
            return whole
        return self._read(frame_bgr)

    def _learn_glare(self, frame_bgr: np.ndarray, small: np.ndarray, read: DiceObs) -> None:
        """The static glare, from the first still lid-off read that sees all three dice
        within the dome: a die the read missed (the lid just lifted) would be taken for a
        highlight, and a die later read where it lay would be distrusted. Not from the
        read that fitted the dome: it looked at the whole frame, where a lamp's halo on
        the floor can pass for a die in place of one missed. Seed 11704 (spent) clip 022
        r0 (1280x720, dark floor): that read took the halo for a one (0.39) and missed a
        three, whose face became the glare; the three, pips and CNN 0.996 sure, was
        capped at 0.5 every frame and the round abstained."""
        sc = self.scene
        w, h = self.info.width, self.info.height
        edge = sc.die_edge_px or 0.06 * min(w, h)
        boxes = [(d.center_xy[0] - edge, d.center_xy[1] - edge, d.center_xy[0] + edge,
                  d.center_xy[1] + edge) for d in read.dice]
        glare = glare_mask(frame_bgr, boxes, dome=sc.dome).astype(np.uint8)
        sc.glare_small = cv2.resize(glare, small.shape[::-1], interpolation=cv2.INTER_AREA) > 0
        sc.glare_blind = tuple(boxes)


def unsure_if_dim(read: DiceObs, frame_bgr: np.ndarray) -> DiceObs:
    """``read`` with each die whose top face is lit as the floor beside it, dimmer than
    the other two dice' faces (``dim.dim_faces``: turned from the lamp, tipped), at most
    DIM_CONFIDENCE sure."""
    return _capped(read, dim_faces(frame_bgr, read.dice), DIM_CONFIDENCE)


def unsure_in_bloom(read: DiceObs, frame_bgr: np.ndarray,
                    blind: Sequence[tuple[float, float, float, float]] | None = None
                    ) -> DiceObs:
    """``read`` with a two or a four the learnt glare cannot speak for, lying in a lamp's
    bloom, at most GLARE_CONFIDENCE sure: the centre pip of a three or a five may be washed
    out. The learnt glare leaves out the boxes of the dice it was learnt round (``blind``;
    None: no glare learnt yet, so every die), since a white face is as white as a
    highlight; in a bloom (``glare.bloom_beside``: the face's centre clipped, the floor
    round it lit above the floor round the other two dice) a die there may have lost its
    centre pip. Only there: elsewhere the learnt glare speaks (``glare_hides_pips``), and
    brightness alone does not tell a four in a bloom from a five with its centre washed
    (on every die, spent seeds 14804 022 r2 and 028 r0, 15004 013 r4 and 017 r3, right
    fours and twos, were capped and abstained). Fresh seed 15104 013 r0: a three under the
    lamp read a two 0.99 sure, uncapped: the glare was learnt from that very read."""
    def unseen(x: float, y: float) -> bool:
        return blind is None or any(x0 <= x <= x1 and y0 <= y <= y1
                                    for x0, y0, x1, y1 in blind)

    doubt = [k for k, d in enumerate(read.dice) if d.face in (2, 4) and unseen(*d.center_xy)]
    if read.count != 3 or not doubt:
        return read
    white = white_level(frame_bgr)
    where = [(d.center_xy[0], d.center_xy[1], d.edge_px) for d in read.dice]
    return _capped(read, {k for k in doubt if bloom_beside(frame_bgr, where, k, white)},
                  GLARE_CONFIDENCE)


def _unsure_if_short(read: DiceObs, scale: FloorScale | None) -> DiceObs:
    """A flat die of 2+ pips whose top pips span under SHORT_REL x what the floor's
    plane says at its place (``height.FloorScale``, fitted to this camera's flat dice
    read surely in earlier rounds; every face of 2-6 spans the diagonal between its
    corner pips) is at most PIECE_CONFIDENCE sure: some of its pips were not seen, a
    piece of its face read as a smaller one. The plane fits its own places within 1%
    (``HeightParams.max_spread``); a die on another rises 4-10% above it. A leaning
    die's face is foreshortened: its pose decides. Fresh seed 16104 (spent) clip 022
    r4 (800x600, a floor paler than the dice; truth 1-4-6): the four's blob held its
    two right-hand pips, one side of its square, 27 px where the plane said 39; the
    CNN read a two at 0.84, fused 0.98. Only the six, read at 0.32, kept 1-2-6 from
    being paid, and the piece's reads of three broke the plane and taught a die edge
    of 37 px (50 before). ``scale``: the plane, None while none fits."""
    if scale is None:
        return read
    return _capped(read, {k for k, d in enumerate(read.dice) if d.pose == "flat"
                          and 0 < d.span_px < SHORT_REL * scale.size_at(d.center_xy)},
                   PIECE_CONFIDENCE)


def _stacked_by_size(read: DiceObs, scale: FloorScale | None) -> DiceObs:
    """Two dice seen, one larger than a flat die at its place (``height.taller_die``,
    against the plane fitted to this camera's flat dice): it lies on the third."""
    i = None if read.count != 2 or scale is None else taller_die(read.dice, scale, HEIGHT)
    if i is None:
        return read
    return replace(read, dice=tuple(replace(d, pose="stacked") if k == i else d
                                    for k, d in enumerate(read.dice)))


def _capped(read: DiceObs, which: Collection[int], cap: float) -> DiceObs:
    """``read`` with the dice at the indices ``which`` at most ``cap`` sure (the rest, and
    the read's other facts, as they were)."""
    if not which:
        return read
    return replace(read, dice=tuple(replace(d, confidence=min(d.confidence, cap))
                                    if k in which else d for k, d in enumerate(read.dice)))


def learnt_edge(read: DiceObs, before: float | None) -> float | None:
    """The die edge a read of three teaches (``before``: what was learnt so far): the
    median edge of its sure faces (``EDGE_SURE``) of 2+ pips, whose pip layout sizes them;
    with none, ``before``, or with nothing learnt yet the median of all its dice. A one's
    edge comes from its blob, side faces and all, capped at 1.3 x the faces of 2+ pips
    (``pips.consistent_edges``), and an unsure face may be a side face read at its
    blob's size. Fresh seed 14804 clip 018 r3 (1920x1080, camera 27 degrees, pale floor,
    1-1-4): the ones read at 113-130 px and the four at 87, every third read took the
    four's side face for a three at 145-160 px (0.5 sure); the median of such a read made
    the four a piece of a die on the next read (``_unsure_if_small``, under 0.7 x): no two
    reads agreed, abstained."""
    sized = [d.edge_px for d in read.dice
             if d.face is not None and d.face >= 2 and d.confidence >= EDGE_SURE]
    if sized:
        return float(np.median(sized))
    return before if before is not None else float(np.median([d.edge_px for d in read.dice]))


def _box(box_xyxy: object) -> tuple[float, float, float, float] | None:
    return None if box_xyxy is None else tuple(float(v) for v in box_xyxy)  # type: ignore


def _shifted_box(box_xyxy: tuple[float, float, float, float] | None, dx: float, dy: float
                 ) -> tuple[float, float, float, float] | None:
    if box_xyxy is None:
        return None
    x0, y0, x1, y1 = box_xyxy
    return x0 + dx, y0 + dy, x1 + dx, y1 + dy
