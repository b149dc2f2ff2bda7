"""Stage 5c: a die on another, two flat dice seen, told by how deep its body runs.

A tilted camera sees a die's side faces on the nadir side of its top face (``PipParams
.nadir_xy``: down), so its body (``body.die_bodies``: the blob less shadow and rim) has
its centroid off the top face's centre that way. A die lying on another shows its own
side faces and the lower die's under them: about twice as deep a strip, so its body's
centroid lies about twice as far off. The other die seen is the reference (the same
camera): where it lies at least ``ref_down`` x edge off (a camera tilted enough for the
side faces to show plainly), a die whose body lies at least ``ratio`` x as far off and
``gap`` x edge further, its body at least ``area_ratio`` x the other's (the lower die's
sides add area), both read at least ``sure_conf`` surely, lies on the hidden third.
Not on a floor nearly as bright as the dice (``pale``: the bodies are not cut out).

Fresh seed 13904 (spent) clip 003 r2 (1024x576, camera 26 degrees, dark floor): a two
on a die beside a flat four, the lower die's top hidden (no lit region or lowered top:
``stack``), blobs 2.6 and 2.1 edge^2 (no pair): bodies 0.41 and 0.23 edge off their
faces towards the nadir, 2.46 and 1.93 edge^2: abstained ``dice_count``. Two flat dice
(a third left out) on rendered scenes drawn as the clip generator draws them (50 random
cameras, then more tilted 18-30 degrees): of 82 pairs read flat and sure on floors not
pale, 18 had the reference 0.15 edge off or more, the other at most 1.39 x as far (0.07
further), its body 0.83-1.12 x the reference's. The real flat dice of that seed's reads
of three, two by two, on floors not pale (clip 011's is): at most 0.11 further, off
references under 0.15.

Weak: a camera nearly straight down shows no side faces (no reference); where the body
cut leaves the lower die's shaded sides out (a coloured floor taking them for shadow),
or the sides show thin, the stack's body lies no deeper than a flat die's: rendered
stacks at a 26-degree camera (``tests/sicbo/scenes.dome_scene``) 0.19 edge off, as the
flat die beside them. It sees few stacks; it is meant never to see a flat die.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from vision.sicbo.blob import Blob
from vision.sicbo.body import die_bodies
from vision.sicbo.pips import PipParams, TopFace
from vision.sicbo.points import offset_px

if TYPE_CHECKING:
    from vision.sicbo.reading import DieRead

__all__ = ["DeepParams", "deep_stack"]


@dataclass(frozen=True, slots=True)
class DeepParams:
    ref_down: float = 0.15     # the other die's body this x edge off its face, nadir-wards
    ratio: float = 1.6         # the stacked die's at least this x as far ...
    gap: float = 0.12          # ... and this x edge further
    area_ratio: float = 1.15   # its body at least this x the other's area
    sure_conf: float = 0.9     # both faces read at least this surely

    def __post_init__(self) -> None:
        if self.ref_down <= 0 or self.ratio <= 1 or self.gap <= 0 or self.area_ratio <= 1:
            raise ValueError(f"need ref_down > 0, ratio > 1, gap > 0 and area_ratio > 1, "
                             f"got {self}")


def deep_stack(image_bgr: np.ndarray, blobs: Sequence[Blob], tops: Sequence[TopFace],
               reads: Sequence[DieRead], edge_px: float, params: DeepParams = DeepParams(),
               *, pale: bool = False, bodies: Callable[[], list[Blob]] | None = None
               ) -> int | None:
    """Index of the die lying on the hidden third (see the module doc), exactly two dice
    seen, both read flat; else None. ``bodies``: the caller's ``die_bodies`` of these blobs
    and faces, cut once per frame (``dice.read_dice``); None: cut here."""
    if pale or len(blobs) != 2 or len(tops) != 2 or edge_px <= 0 \
            or any(r.pose != "flat" or r.confidence < params.sure_conf for r in reads):
        return None
    bodies = bodies() if bodies is not None else die_bodies(image_bgr, list(blobs), list(tops))
    nadir = np.asarray(PipParams().nadir_xy, float)
    down = [float(np.asarray(offset_px(b, t)) @ nadir) / edge_px for b, t in zip(bodies, tops,
                                                                                strict=True)]
    i = int(np.argmax(down))
    j = 1 - i
    if down[j] >= params.ref_down and down[i] >= params.ratio * down[j] \
            and down[i] - down[j] >= params.gap \
            and bodies[i].area_px >= params.area_ratio * bodies[j].area_px:
        return i
    return None
