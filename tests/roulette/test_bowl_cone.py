"""The head's patch test (``StripBackground.patch_stand_out``) leaves out what comes out of
the cone's rows: a turret knob seen over the ring's inner rows from a tilted camera
(seed 10601 021 r1, r2: false voids); a thing lying on the ring stays."""

from __future__ import annotations

import numpy as np

from vision.roulette.bowl import _off_the_cone


def test_a_patch_piece_out_of_the_cone_is_dropped_one_on_the_ring_kept() -> None:
    unseen = np.zeros((30, 100), bool)
    unseen[:4] = True  # the cone and turret: never shown
    unseen[10:14, 95:] = True  # the frame's border over the ring: not the cone
    patch = np.zeros_like(unseen)
    patch[2:9, 20:28] = True  # a knob reaching out of the cone
    patch[12:18, 60:66] = True  # a chip on the ring
    patch[11:16, 92:98] = True  # a chip cut by the frame's border
    out = _off_the_cone(patch, unseen)
    assert not out[:, 20:28].any()
    assert out[12:18, 60:66].all() and out[11:16, 92:98].all()
    assert (_off_the_cone(patch, np.zeros_like(unseen)) == patch).all()  # no cone: as it was
