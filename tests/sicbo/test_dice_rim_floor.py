"""By the dome's rim the floor is floor to the touch test by its own colour
(``floor.floor_coloured``): two flat dice with the floor between them lie apart.

The saved frame is a dome crop of the project's own synthetic footage (seed 12004,
spent; clip 023 r4 frame 1515, 640x480, orange floor): two flat fives 1.7 edges apart
by the rim, the third five elsewhere; truth 5-5-5. ``floor_mask`` judges a pixel against
the floor's median around it, which by the rim takes in the rim's black and grey: the
floor between the two fives stood 30-40 (a, b) off it and was not floor, the pair
touched, both were capped at 0.5 and the round abstained low_confidence."""

from __future__ import annotations

import numpy as np

from vision.sicbo.floor import floor_coloured

from .saved import needs_model, read_saved


@needs_model
def test_flat_pair_by_the_rim_is_read_surely() -> None:
    reading = read_saved("s12004_023_f1515_rim_floor.png")
    assert [d.face for d in reading.dice] == [5, 5, 5]
    assert all(d.pose == "flat" and d.confidence >= 0.98 for d in reading.dice)


def _coloured(floor_bgr: tuple[int, int, int], strip_bgr: tuple[int, int, int]) -> np.ndarray:
    """``floor_coloured`` of a 10 px strip of ``strip_bgr`` in a floor of ``floor_bgr``
    whose top quarter is a black rim, ``floor_mask`` taken as everything but the strip."""
    image = np.full((200, 200, 3), floor_bgr, np.uint8)
    image[:50] = (15, 15, 15)
    image[60:160, 95:105] = strip_bgr
    floor = np.ones((200, 200), bool)
    floor[60:160, 95:105] = False
    return floor_coloured(image, floor)[70:150, 97:103]


def test_floor_coloured() -> None:
    orange = (30, 84, 152)
    assert _coloured(orange, (34, 88, 158)).all()        # the floor, a little lighter
    assert not _coloured(orange, (200, 205, 210)).any()  # a white die's face
    assert not _coloured(orange, (90, 95, 100)).any()    # a die's shaded side face
    assert not _coloured(orange, (12, 34, 70)).any()     # a shadow: shadowed_floor's
    grey = (120, 120, 120)                               # a grey floor: no colour to go by
    assert not _coloured(grey, (122, 122, 122)).any()


def test_floor_coloured_pip_in_a_face_is_not_floor() -> None:
    """A spot of the floor's colour inside a white face (a red pip on a red floor) is
    not joined to the floor."""
    red = (40, 40, 170)
    image = np.full((200, 200, 3), red, np.uint8)
    image[80:140, 70:130] = (210, 210, 215)          # a die's face
    image[100:120, 90:110] = (42, 42, 172)           # its pip, the floor's red
    floor = np.ones((200, 200), bool)
    floor[80:140, 70:130] = False
    got = floor_coloured(image, floor)
    assert got[:80].all() and not got[80:140, 70:130].any()
