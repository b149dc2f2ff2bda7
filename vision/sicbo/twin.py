"""A two read as a one: its blob lost the corner holding the second pip.

On a floor nearly as light as the dice (or under the glare's haze) part of a die's top
face scores as floor, so the blob that stands for it is cut short; a pip in the lost
part is found but left off the top face (it lies outside the blob), and the lone pip left
reads as a one. The pips then say one and the CNN two: a disagreement, at most 0.5 sure,
and the round abstains. Seed 11104 (spent) clip 010 r4 frame 967 and r2 frame 553, clip
029 r0 frame 230: a two whose second pip lay outside its blob (inside 0.00, roundness
0.96-0.99, 0.9-1.1 x the lone pip's area, as brightly surrounded), read one / CNN two.

The lost pip is the lone pip's twin (``fuse.twin_pips``: as round, as large, as lit, near
it), and a two's pips lie at opposite corners (``pips.two_is_diagonal``). The reach is
that of a face sized by its pip (``PipParams.edge_per_pip``): the cut blob's edge is too
short for it (0.78-0.83 x the die's there). A lone pip large for the cut face (a
Chinese one's) is left alone, as ``twin_pips`` leaves it. Grown, the face is shown to
the CNN again, centred between the two pips, and kept only when it reads a two there
too (``rescue.rescued_ok``, by the caller).
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from vision.sicbo.fuse import twin_pips
from vision.sicbo.pips import Pip, PipParams, TopFace, pip_across_px, two_is_diagonal

__all__ = ["twin_two"]

_PIPS = PipParams()


def twin_two(top: TopFace, params: PipParams = _PIPS) -> TopFace | None:
    """``top`` (one pip) grown to a two by its one twin at a two's spacing, or None (no
    twin, or more than one: which is the second pip is then not known)."""
    if top.count != 1:
        return None
    lone = top.pips[0]
    if pip_across_px(lone) >= params.big_one_rel * top.edge_px:
        return None       # a one's big pip (``fuse.twin_pips``): a one on any face's reach
    edge = max(top.edge_px, params.edge_per_pip * float(np.sqrt(lone.area_px)))
    twos = [_two(top, q, edge) for q in twin_pips(replace(top, edge_px=edge), params)]
    twos = [t for t in twos if two_is_diagonal(t, params)]
    return twos[0] if len(twos) == 1 else None


def _two(top: TopFace, twin: Pip, edge_px: float) -> TopFace:
    """The two of ``top``'s lone pip and ``twin``, centred between them."""
    pair = (top.pips[0], twin)
    cx, cy = np.mean([p.center_xy for p in pair], axis=0)
    return TopFace(pips=pair, center_xy=(float(cx), float(cy)), edge_px=edge_px,
                   side_pips=tuple(p for p in top.side_pips if p is not twin))
