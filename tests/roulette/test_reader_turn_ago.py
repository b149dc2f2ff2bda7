"""Where the strip's radii misfit the head by an amount that changes round the picture, a
pocket or digit shows at one place in the image a row or so off where the running
background learnt it, and stands out there every turn; the head memory saw it there a turn
ago, at the same angle, the same way: no object (``HeadMemory.explains``).

The scene is fresh seed 17201's clip 026 (its own seed 3761251946; 1280x960 at 30 fps,
MJPEG, camera 20 degrees, a dark number ring with light digits on the head's edge), its
first 8.2 s rendered and encoded as the synth does. The digits 27 and 13 passing low left
in the picture left a 12-px piece at the head's last rows (52-54 from the model, 31-35 from
it moved a row: not ``label_is_head_shifted``) and the round was voided at frame 242, the
ball rolling; against the memory's bin of a turn ago (frame 52), 3-10."""

from __future__ import annotations

from pathlib import Path

from tests.roulette.rendered import DECISIONS, read_rendered

SEED = 3761251946
FRAMES = 246  # to 4 frames after the void


def test_a_place_where_the_head_shows_off_its_model_every_turn_is_no_object(
        tmp_path: Path) -> None:
    events = read_rendered(SEED, FRAMES, tmp_path)
    decisions = [e.type for e in events if e.type in DECISIONS]
    # (the dealer handling the ball before the spin, then a same-direction spin: as read)
    assert decisions == ["abstain", "violation"], events
