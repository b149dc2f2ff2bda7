"""The glass's static glare: found on any floor colour, and a die under it is not trusted."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from vision.sicbo.dome import glare_hides_pips, glare_mask
from vision.synth.dice3d import DiceStyle


def floor_with_highlight(floor_bgr: tuple, spot_bgr: tuple) -> np.ndarray:
    """A 240x320 floor with a soft-edged highlight at (200, 60) and a white die at (80, 160)."""
    img = np.zeros((240, 320, 3), np.float32) + np.array(floor_bgr, np.float32)
    spot = np.zeros((240, 320), np.float32)
    cv2.circle(spot, (200, 60), 12, 1.0, -1)
    spot = cv2.GaussianBlur(spot, (0, 0), 3)[..., None]
    img = img * (1 - spot) + np.array(spot_bgr, np.float32) * spot
    cv2.rectangle(img, (66, 146), (94, 174), (245, 245, 245), -1)
    return np.clip(img, 0, 255).astype(np.uint8)


@pytest.mark.parametrize(
    ("floor", "spot"),
    [
        ((40, 120, 30), (190, 250, 185)),  # green felt: the highlight is pale green, not grey
        ((40, 45, 165), (205, 215, 252)),  # red felt: a pinkish highlight
        ((90, 90, 90), (250, 250, 250)),  # grey floor: a white highlight
    ],
)
def test_highlight_is_glare_floor_and_die_are_not(floor: tuple, spot: tuple) -> None:
    img = floor_with_highlight(floor, spot)
    mask = glare_mask(img, [(60.0, 140.0, 100.0, 180.0)])
    assert mask[60, 200]  # the highlight's centre
    assert not mask[200, 300] and not mask[10, 10]  # the floor
    assert not mask[140:181, 60:101].any()  # the die's box is never glare


def _glare_at(x: float, y: float, r: float) -> np.ndarray:
    """A 240x320 mask (scale 1) with a highlight disc of radius ``r`` at (x, y)."""
    yy, xx = np.mgrid[:240, :320]
    return np.hypot(xx - x, yy - y) <= r


@pytest.mark.parametrize(
    ("glare_xy_r", "face", "hides"),
    [
        # a die of edge 40 at (160, 120)
        ((176.0, 104.0, 6.0), 2, False),  # over a corner of a two: its hidden pip is central
        ((176.0, 104.0, 6.0), 4, False),  # ... or of a four
        ((176.0, 104.0, 6.0), 1, False),  # a one cannot lose a single pip into a face
        ((166.0, 120.0, 4.0), 2, True),  # within 0.2 edge of the centre: a washed 3 reads 2
        ((166.0, 120.0, 4.0), 4, True),  # ... and a washed 5 reads 4
        ((166.0, 120.0, 4.0), 3, False),  # a three's centre pip is there to see
        ((160.0, 120.0, 14.0), 1, True),  # over most of the face: pips could go in pairs
        ((160.0, 120.0, 14.0), 6, False),  # a six is never a washed-out face
        ((240.0, 40.0, 10.0), 2, False),  # far from the die
    ],
)
def test_glare_hides_pips(glare_xy_r: tuple, face: int, hides: bool) -> None:
    glare = _glare_at(*glare_xy_r)
    assert glare_hides_pips(glare, 1.0, (160.0, 120.0), 40.0, face) is hides
    assert glare_hides_pips(glare, 0.5, (320.0, 240.0), 80.0, face) is hides  # full res 2x


def test_a_pale_floor_hides_nothing() -> None:
    assert not glare_hides_pips(np.ones((240, 320), bool), 1.0, (160.0, 120.0), 30.0, 2)


def _die_under_light(face: int, spot_xy: tuple[float, float], gain: float) -> np.ndarray:
    """A 240x320 grey floor, a die's top face (edge 48) at (160, 120), and the glass's
    glare: a soft spot of ``gain`` grey levels ADDED at ``spot_xy`` (radius ~20 px), as
    the glass adds light to what lies below it. Seeded sensor noise."""
    from vision.sicbo.render import DieStyle, face_texture

    img = np.full((240, 320, 3), 150.0, np.float32)
    tex = cv2.resize(face_texture(face, DieStyle(body_bgr=(225, 228, 230))), (48, 48),
                     interpolation=cv2.INTER_AREA)
    img[96:144, 136:184] = tex
    spot = np.zeros((240, 320), np.float32)
    cv2.circle(spot, (int(spot_xy[0]), int(spot_xy[1])), 14, 1.0, -1)
    img += gain * cv2.GaussianBlur(spot, (0, 0), 6)[..., None]
    img += np.random.default_rng(7).normal(0, 2, img.shape)
    return np.clip(img, 0, 255).astype(np.uint8)


@pytest.mark.parametrize(
    ("face", "spot_xy", "gain", "on"),
    [
        (5, (160.0, 120.0), 220.0, True),   # strong glare on the centre: its pip washed
        (4, (160.0, 120.0), 220.0, True),   # ... a four read there could be that five
        (4, (215.0, 120.0), 220.0, False),  # the same glare beside the die: the face unlit
        (1, (160.0, 60.0), 220.0, False),   # above the die, off its face
        (4, (160.0, 120.0), 8.0, True),     # nothing clips in the frame: the face is the
        #                                     brightest thing, no telling (fail-safe)
    ],
)
def test_glare_on_face_only_where_the_face_is_washed(face: int, spot_xy: tuple,
                                                     gain: float, on: bool) -> None:
    from vision.sicbo.dome import glare_on_face, white_level

    img = _die_under_light(face, spot_xy, gain)
    assert glare_on_face(img, (160.0, 120.0), 48.0, white_level(img)) is on


def test_white_level_is_where_the_camera_clips() -> None:
    from vision.sicbo.dome import white_level

    img = _die_under_light(4, (215.0, 120.0), 220.0)
    assert 246.0 <= white_level(img) <= 251.0                    # the glare's clipped core
    assert white_level((img * 0.9).astype(np.uint8)) < 232.0     # a camera clipping lower


@pytest.mark.parametrize(
    ("spot_xy", "capped"),
    [
        ((160.0, 120.0), True),   # the glare on the four's face: it may be a washed five
        ((215.0, 120.0), False),  # beside it (the learnt mask still reaches the centre): sure
    ],
)
def test_reader_caps_a_die_only_under_glare_seen_on_it(spot_xy: tuple, capped: bool) -> None:
    from vision.footage import StreamInfo
    from vision.sicbo.reader import GLARE_CONFIDENCE, SceneState, SicBoReader
    from vision.sicbo.settle import DiceObs, DieObs

    info = StreamInfo(fps=30.0, width=320, height=240, frame_count=None)
    scene = SceneState(glare_small=_glare_at(165.0, 120.0, 8.0))   # the learnt mask (scale 1)
    reader = SicBoReader(info, scene=scene)
    read = DiceObs((DieObs((160.0, 120.0), 48.0, 4, 0.999),))
    out = reader._unsure_under_glare(read, _die_under_light(4, spot_xy, 220.0))
    assert (out.dice[0].confidence == GLARE_CONFIDENCE) is capped


def _pale_dome(floor_bgr: tuple, lamp: float) -> tuple[np.ndarray, list, object, tuple]:
    """A rendered dome (the glass's lamp reflection of strength ``lamp`` over its haze), two
    dice in it: the frame, their boxes, the floor ellipse, the lamp's brightest pixel."""
    from vision.sicbo.dome import DomeRegion
    from vision.synth.sicbo_render import DiceFrameRenderer

    from .scenes import camera_frame, dome_scene, flat_dice

    scene = dome_scene(tilt_deg=15.0, floor_bgr=floor_bgr)
    renderer = DiceFrameRenderer(scene, glare=lamp)
    img = camera_frame(renderer.render(flat_dice([6, 2])), np.random.default_rng(1))
    a = np.linspace(0, 2 * np.pi, 64, endpoint=False)
    rim = scene.camera.project(np.stack([0.1 * np.cos(a), 0.1 * np.sin(a), 0 * a], -1))[0]
    centre, axes, angle = cv2.fitEllipse(rim.astype(np.float32))
    dome = DomeRegion(centre, axes, angle, (0, 0, 640, 480))
    boxes = [(x - 36.0, y - 36.0, x + 36.0, y + 36.0) for x, y in ((332, 125), (206, 248))]
    glow = renderer.glare.bgr[..., 0]
    py, px = np.unravel_index(int(np.argmax(glow)), glow.shape)
    lamp_xy = (float(px + renderer.glare.origin_xy[0]), float(py + renderer.glare.origin_xy[1]))
    return img, boxes, dome, lamp_xy


@pytest.mark.parametrize(
    ("floor", "lamp", "beside_hides"),
    [
        # a pale floor (seed 10604 clip 017): the lamp's haze lifts its centre over 235
        # grey, but a pip there keeps its contrast; only the lamp's clipped core is glare
        ((215.0, 228.0, 232.0), 60.0, False),
        ((212.0, 220.0, 224.0), 120.0, False),
        # a dark floor: the near-white spot is all far above the floor (as before)
        ((90.0, 90.0, 90.0), 250.0, None),
        ((40.0, 120.0, 30.0), 250.0, None),
    ],
)
def test_glare_is_the_lamp_not_a_pale_floor_lit_round_it(floor: tuple, lamp: float,
                                                         beside_hides: bool | None) -> None:
    img, boxes, dome, (lx, ly) = _pale_dome(floor, lamp)
    mask = glare_mask(img, boxes, dome=dome)
    assert mask[round(ly), round(lx)]                                    # the lamp's core
    assert glare_hides_pips(mask, 1.0, (lx + 4.0, ly), 34.0, 4)         # a four on it: unsure
    if beside_hides is None:   # nothing of the near-white spot is a floor: all of it stays
        assert (mask == glare_mask(img, boxes, dome=dome, above_floor=1e9,
                                   clip_margin=255.0)).all()
    else:   # a four 1.6 edges off, on the floor the haze lifted to near-white: sure
        assert glare_hides_pips(mask, 1.0, (lx + 55.0, ly + 10.0), 34.0, 4) is beside_hides
        assert not glare_hides_pips(mask, 1.0, (lx - 30.0, ly + 45.0), 34.0, 4)


@pytest.mark.parametrize(
    ("floor", "four_x", "decided"),
    [
        ((215.0, 228.0, 232.0), 0.034, ("outcome", (4, 5, 6))),  # on the floor the lamp's
        # haze lit: read
        # beside the lamp's core, the spot nearest the four's corner pip, which shows: a
        # centre or middle pip, farther from the core, had less light added and would show
        # too (glare.glare_spared; it abstained before)
        ((215.0, 228.0, 232.0), 0.024, ("outcome", (4, 5, 6))),
        # a floor paler than the dice (seed 11104 clip 029): lit to the clip over a quarter
        # of it, the lamp's core not told from the floor; the mask says nothing, the four is
        # read (every die on that plateau was doubted before)
        ((240.0, 246.0, 255.0), 0.024, ("outcome", (4, 5, 6))),
    ],
)
def test_reader_on_a_pale_floor_doubts_only_the_die_under_the_lamp(
        floor: tuple, four_x: float, decided: tuple) -> None:
    """The video reader (the real dice reader) on a rendered pale floor (seed 10604 clip 017):
    a second round with a four 0.034 m from the dome's centre, on the floor the lamp's haze
    lifts over 235 grey, is read; the same four on the lamp's clipped core is not."""
    assert _lamp_rounds(floor, 4, four_x) == [("outcome", (1, 2, 6)), decided]


def _lamp_rounds(floor: tuple, face: int, x_m: float, style: DiceStyle | None = None,
                 y_m: float = 0.01) -> list:
    """The video reader's outcomes and abstains on two rendered rounds, 15-degree camera:
    6-1-2, then a six, ``face`` at (``x_m``, ``y_m``) m (at (0.024, 0.01) the lamp's core
    lies just off the face's corner; at (0.0095, 0.0057) on its centre) and a five."""
    from vision.footage import StreamInfo
    from vision.sicbo.reader import SicBoReader
    from vision.synth.dice3d import flat_pose

    from .scenes import EDGE_M, SPOTS, clip_frames, dome_scene, flat_dice

    scene = dome_scene(tilt_deg=15.0, floor_bgr=floor)
    second = (flat_pose(6, SPOTS[0], 0.3, edge_m=EDGE_M),
              flat_pose(face, (x_m, y_m), 1.0, edge_m=EDGE_M),
              flat_pose(5, SPOTS[2], 1.7, edge_m=EDGE_M))
    frames, _ = clip_frames(scene, [flat_dice([6, 1, 2]), second], style=style, covered=10,
                            lift=6, still=14, seed=5)
    h, w = frames[0].shape[:2]
    reader = SicBoReader(StreamInfo(25.0, w, h, None))
    events = [e for i, f in enumerate(frames) for e in reader.update(f, i)]
    return [(e.type, e.result.dice if e.result else None)
            for e in events + reader.finish(len(frames) - 1) if e.type in ("outcome", "abstain")]


@pytest.mark.parametrize(
    ("style", "face", "decided"),
    [
        # a Chinese one's big red pip (~0.4 edge across) is no pip a washed three or five
        # leaves (their centre pip is ~0.2 edge): read on the lamp's core (seed 11604 clip
        # 009 r1, a red one in the lamp's halo read at 0.991, was capped and abstained)
        ("chinese", 1, ("outcome", (1, 5, 6))),
        # a Western one's pip is 1.4 x across the other faces' (dice._large_ones, seed 12804
        # clip 008 r4): no washed three's or five's centre pip either: read
        ("western", 1, ("outcome", (1, 5, 6))),
        # ... and a Western three there: the core lies nearer a blank place of its grid
        # than its pips, but a five read as a three lost both other corners, and the
        # farther one lies farther from the core than the centre pip that shows
        # (glare.glare_spared's larger faces; it abstained before)
        ("western", 3, ("outcome", (3, 5, 6))),
        # a five whose five pips all show is no washed face (no face holds its layout), a
        # four whose corner pip nearest the core shows is no washed five (glare_spared)
        ("western", 5, ("outcome", (5, 5, 6))),
        ("chinese", 4, ("outcome", (4, 5, 6))),
    ],
)
def test_reader_reads_a_big_one_on_the_lamp(style: str, face: int, decided: tuple) -> None:
    """The video reader on a rendered pale floor with the lamp's clipped core on the middle
    die of the second round: glare washes pips out and shrinks what it leaves, so only a
    one whose pip is a one's size is sure there."""
    got = _lamp_rounds((215.0, 228.0, 232.0), face, 0.024, DiceStyle(pip_style=style))
    assert got == [("outcome", (1, 2, 6)), decided]


@pytest.mark.parametrize(
    ("style", "xy_m", "decided"),
    [
        # the four's centre on the lamp's core: a western four stays capped; a Chinese
        # four's pips are red, which no washed five or six shows (glare.red_four): read
        ("chinese", (0.0095, 0.0057), ("outcome", (4, 5, 6))),
        ("western", (0.0095, 0.0057), ("abstain", None)),
        ("western", (0.012, 0.006), ("abstain", None)),    # ... a little off it, still
        # nearer than a pip
    ],
)
def test_reader_doubts_a_four_with_its_centre_on_the_lamp(style: str, xy_m: tuple,
                                                          decided: tuple) -> None:
    """A four whose centre place (a five's washed centre pip) lies nearer the lamp's core
    than any of its pips stays capped (glare.glare_spared says nothing): not read; unless
    its pips are red (a Chinese four: glare.red_four)."""
    got = _lamp_rounds((215.0, 228.0, 232.0), 4, xy_m[0], DiceStyle(pip_style=style),
                       y_m=xy_m[1])
    assert got == [("outcome", (1, 2, 6)), decided]


_FOUR = ((150.0, 110.0), (170.0, 110.0), (150.0, 130.0), (170.0, 130.0))  # edge ~37 px
_THREE = ((170.0, 110.0), (160.0, 120.0), (150.0, 130.0))


@pytest.mark.parametrize(
    ("spot_xy_r", "face", "pips", "spared"),
    [
        ((174.0, 106.0, 8.0), 4, _FOUR, True),    # the spot on a corner pip that shows
        ((160.0, 120.0, 8.0), 4, _FOUR, False),   # on the centre: a washed five's pip?
        ((160.0, 121.0, 8.0), 4, _FOUR, False),   # by the centre: both middles nearer
        # the core than a corner pip (a washed six's) and the centre (a washed five's)
        ((172.0, 120.0, 8.0), 4, _FOUR, True),    # on one side's middle: the other middle
        # (a six's) and the centre (a five's) lie farther than a corner pip that shows
        ((172.0, 120.0, 8.0), 3, _THREE, True),   # a five's corner: the other one far
        ((174.0, 106.0, 8.0), 3, _THREE, True),   # on its end pip
        ((160.0, 120.0, 8.0), 2, (_FOUR[1], _FOUR[2]), False),   # a two's centre: a three's
        ((174.0, 106.0, 8.0), 4, _FOUR[:3], False),   # a pip of the face not found
        ((174.0, 106.0, 8.0), 5, _FOUR, False),   # fewer pips than the face
        ((150.0, 110.0, 8.0), 2, (_FOUR[1], _FOUR[2]), False),   # a two's blank corner
        ((170.0, 110.0, 8.0), 2, (_FOUR[1], _FOUR[2]), True),    # its own pip
        ((174.0, 106.0, 8.0), 1, _FOUR[:1], False),   # a lone pip places no grid
    ],
)
def test_glare_spared(spot_xy_r: tuple, face: int, pips: tuple, spared: bool) -> None:
    from vision.sicbo.glare import glare_spared

    glare = _glare_at(*spot_xy_r)
    assert glare_spared(glare, 1.0, (160.0, 120.0), 37.0, face, pips) is spared
    pips2 = tuple((2 * x, 2 * y) for x, y in pips)    # full res 2x, the mask at half
    assert glare_spared(glare, 0.5, (320.0, 240.0), 74.0, face, pips2) is spared


def test_glare_spared_needs_a_compact_spot() -> None:
    """A spot strung out along the face (no compact core) tells no core: not spared."""
    from vision.sicbo.glare import glare_spared

    glare = np.zeros((240, 320), bool)
    glare[104:108, 120:200] = True        # a thin band through the corner pip's row
    glare[104:140, 196:200] = True
    assert not glare_spared(glare, 1.0, (160.0, 120.0), 37.0, 4, _FOUR)


def test_glare_spares_a_five_whatever_the_spot() -> None:
    """A five whose five pips fit its layout has a centre pip, which no larger face has: no
    washed pip made it, so the spot's shape does not matter (seed 13304 clip 010 r2: a five
    in a lamp's spot filling 0.49 of its box, capped on every read, abstained). Five pips
    of a six with one washed fit no five's layout: that "five" is not spared."""
    from vision.sicbo.glare import glare_spared

    glare = np.zeros((240, 320), bool)
    glare[104:108, 120:200] = True        # a strung-out spot: no compact core
    glare[104:140, 196:200] = True
    five = _FOUR + ((160.0, 120.0),)
    assert glare_spared(glare, 1.0, (160.0, 120.0), 37.0, 5, five)
    six = ((150.0, 110.0), (170.0, 110.0), (150.0, 120.0), (170.0, 120.0),
           (150.0, 130.0), (170.0, 130.0))
    for k in range(6):                    # a six with any one pip washed, read as a five
        washed = six[:k] + six[k + 1:]
        assert not glare_spared(glare, 1.0, (160.0, 120.0), 37.0, 5, washed)
        assert not glare_spared(_glare_at(160.0, 120.0, 8.0), 1.0, (160.0, 120.0), 37.0, 5,
                                washed)


def test_glare_spares_a_three_whose_five_corner_lies_far() -> None:
    """Seed 13004 (spent) clip 016 r2 frame 1122 (640x480), as measured: a three, the
    lamp's spot (22 x 24 px, centroid (376.8, 219.4)) over its upper edge, one corner a
    five would add 9.6 px from the core, nearer than its pips (10.5-10.6 px), the other
    corner 23.2 px: no five washed to a three (both its corners would have to be), so
    the three, pips and CNN 0.989, is not capped (it was on every read: abstained)."""
    from vision.sicbo.glare import glare_spared

    yy, xx = np.mgrid[:480, :640]
    glare = np.hypot(xx - 376.8, yy - 219.4) <= 11.2
    pips = ((361.77, 236.52), (374.26, 229.59), (386.81, 222.81))
    assert glare_spared(glare, 1.0, (374.28, 229.64), 36.37, 3, pips)
    # the same spot over a two's centre place (a three's washed centre pip): capped
    assert not glare_spared(glare, 1.0, (376.0, 219.0), 36.37, 2,
                            ((363.5, 225.9), (388.5, 212.1)))
