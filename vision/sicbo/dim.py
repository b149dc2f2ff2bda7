"""Stage 5 (pose, in the dome): a top face lit no brighter than the floor beside it,
while the other two dice' faces are lit well above theirs, is turned from the light.

Flat dice' top faces face the dome's lamp alike: each is at least as bright as the
floor round it, give or take the lamp's fall-off, which the floor round each die
shares (``pair.face_light``: the face's 80th-percentile L within 0.4 edge, the floor's
median 1.3-2.2 edges off). A face tipped against another die turns from the lamp and
dims; on a floor as pale as the dice it dims to the floor's own light, so the blob
finder misses it and it is found by its pips alone (``floorpips``), read flat. Spent
seed 14304 clip 008 r2 (800x600, camera 4 degrees, ivory dice on a pale green floor): a
three tipped 35 degrees against a four, its upturned side (a one) between them scored
as floor (touch saw floor between them): L 220 over a floor of 219, the four's and the
other three's 254 and 250: paid 3-3-4 (truth dice_leaning) since 014353a.

A die is dim where its face's L is at most ``DIM_CONTRAST`` above its floor's and at
most ``DIM_RATIO`` x the dimmer of the other two faces'. The reads of three dice that
sessions 45-53 decided on spent seeds 14304-15104 (1009 reads, 3027 dice, measured
about their evidence boxes): at most 0.93 and 15 held for no die of any outcome, for
dice of six leaning rounds (already voided or abstained) and one read in a lid's
shadow; at 0.96 and 20, for dice of three outcomes. The leaning dice lay at 0.64-0.88
of the other faces' light, the flat ones at 0.91 and up; a flat die comes that close:
spent seed 15304 clip 003 r2 (800x600, pale grey floor, the lamp's spot on the floor two
edges off): a three turned 45 degrees, L 146 over a floor of 147, 0.918 x the one's 159,
was capped at 0.92 and the round abstained (truth 1-3-3). 0.90 lies between the two.
Such a die is not trusted (``DIM_CONFIDENCE``): the round abstains, it is not voided on
this cue alone."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from vision.sicbo.pair import face_light
from vision.sicbo.points import Sized

__all__ = ["DIM_CONFIDENCE", "DIM_CONTRAST", "DIM_RATIO", "dim_faces"]

DIM_CONTRAST = 12.0     # the face at most this L above the floor round it ...
DIM_RATIO = 0.90        # ... and at most this x the dimmer other face's L: dim
DIM_CONFIDENCE = 0.5    # a dim die's confidence cap (below every outcome floor)


def dim_faces(image_bgr: np.ndarray, dice: Sequence[Sized]) -> set[int]:
    """Indices of the dim dice (see the module doc) of a read of exactly three."""
    if len(dice) != 3:
        return set()
    edge = float(np.median([d.edge_px for d in dice]))
    light = [face_light(image_bgr, d.center_xy, edge) for d in dice]
    if any(face is None for face, _ in light):
        return set()
    out = set()
    for k, (face, floor) in enumerate(light):
        others = min(f for j, (f, _) in enumerate(light) if j != k)
        if face - floor <= DIM_CONTRAST and face <= DIM_RATIO * others:
            out.add(k)
    return out
