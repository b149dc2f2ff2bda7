"""Stage 5's numbers: the pose heuristics' parameters (``pose``, ``pair``)."""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["ONE_PIP_REL", "PIP_SPREAD", "POSE_PARAMS", "PoseParams"]

PIP_SPREAD = 2.0   # the pips of one face differ in area by at most this factor
ONE_PIP_REL = 0.45  # a one's pip is at most this x its face's edge across (Chinese: 0.42)


@dataclass(frozen=True, slots=True)
class PoseParams:
    stack_distance_rel: float = 0.9   # top-face centres closer than this x edge: stacked
    stack_size_ratio: float = 1.12    # the upper die looks at least this much larger
    stack_conf: float = 0.5           # ... and both faces read at least this surely
    lean_roundness: float = 0.7
    lean_roundness_abs: float = 0.62
    lean_blob_rel: float = 1.35       # blob edge / median of the other dice' blob edges
    lean_top_rel: float = 1.15        # top-face edge / median of the others' top edges
    lean_elong_rel: float = 1.05      # ... and a blob this x as elongated as the others'
    side_conf: float = 0.5            # ... and a top face read at least this surely
    second_min_pips: int = 3          # a second face in the blob: at least this many pips
    second_min_fit: float = 0.9       # ... in a layout this clean
    second_roundness: float = 0.6     # ... pips at least this round
    second_round_rel: float = 0.7     # ... and this x as round as the top face's pips
    second_area_rel: float = 0.6      # ... and this x as large
    second_gap_rel: float = 0.75      # ... at least this x edge from the top face centre
    one_pip_area: float = 0.1         # a one's big pip: the others' pips are this x its area
    one_gap_rel: float = 0.6          # ... and its edge (a guess) this x: see second_face
    lone_conf: float = 0.5            # see _lone_pip
    piece_rel: float = 0.75           # see _piece
    small_one_rel: float = 0.5        # see small_one
    pair_area: float = 1.45           # two dice seen: the larger blob >= this x edge^2 ...
    pair_ratio: float = 1.3           # ... and this x the other blob's area: not one die
    pair_area_max: float = 3.0        # a stack's blob is below this x edge^2 ...
    pair_conf: float = 0.7            # ... and its top face read at least this surely
    pair_long: float = 1.9            # ... and the blob no longer than this x its width
    pair_solidity: float = 0.84       # a less convex larger blob: a die joined to something
    pair_area_top: float = 4.2        # ... and so is a blob this large (x edge^2)
    pair_top_rel: float = 2.5         # ... unless below this x the other (one-die) blob
    pair_ref_max: float = 2.0         # the other blob this large on a pale floor: blobs ...
    pair_off_ref: float = 0.1         # pale floor: the one-die blob this x edge off its face ...
    pair_off_cos: float = 0.5         # ... the pair's blob off its face within acos(this) of it
    pale_floor: float = 0.7           # ... are not die outlines (floor / die luminance)
    pair_ref_piece: float = 0.6       # the other blob's edge below this x its pips' size:
    # a piece of its die, so blob sizes are no pose evidence (pair._piece)
    body_rel: float = 1.2             # blob rules also need the die's body (body.py) this
    # x the others' bodies (side face) or pair_area and body_pair_ratio by body (second die)
    body_pair_ratio: float = 1.15
    stretch_area: float = 1.4         # stretched_leans: a touching die's blob this x each
    stretch_long: float = 1.3         # ... other's area, this x as long (elongation) ...
    stretch_body: float = 1.25        # ... its body this x each other's body area ...
    stretch_face: float = 1.05        # ... and its top face no more than this x theirs
    side_reach: float = 0.72          # sided_leans: a touching die's blob and body reach this
    # x edge from its top face's centre towards its partner (a flat die: ~0.5, its half edge;
    # a lean at 1920x1080 reached 0.73-0.74: fresh seed 13404 clip 029 r0)
    side_margin: float = 0.2          # ... this x edge farther than each other die's blob
    # and body reach the same way (a camera's view of side faces: alike on every die)
    side_near: float = 0.55           # ... and no more than this x edge the other way (a
    # shallow lean, 23 degrees, reached 0.50: fresh seed 13304 clip 012 r1)


POSE_PARAMS = PoseParams()   # the defaults, shared (frozen)
