"""Two flat dice on a pale floor whose blobs join by shadow, beyond a lean's reach: no lean.

Saved dome crop of spent seed 16504 clip 025 r0 frame 165 (1280x720, camera tilted, a floor
232/215/240 paler than the dice; truth 2-4-6, no void): a flat two and six 1.92 edges
apart with floor seen between their faces. The two's blob, grown by its shaded side faces
and shadow to 53.8 px against the dice' 39, met the six's along 1.23 edges, and the long
contact rule (``merged.pressed_dice``) called the six leaning: a false ``dice_leaning``
void. A lean's top face lies within ``TouchParams.reach_rel`` edges of its support's, so
a pair apart beyond it leans by neither contact rule.
"""

from __future__ import annotations

from .saved import die_at, needs_model, read_saved


@needs_model
def test_flat_pair_joined_by_shadow_beyond_the_reach_is_not_leaning() -> None:
    reading = read_saved("s16504_025_f165_pale_pair_apart.webp")
    two, six = die_at(reading, (284, 212)), die_at(reading, (358, 202))
    assert (two.face, six.face) == (2, 6)
    assert six.pose == "flat" and six.confidence > 0.9
    assert "leaning" not in reading.flags
