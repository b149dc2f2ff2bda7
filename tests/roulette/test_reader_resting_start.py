"""The reader started while the ball rests in a pocket (a clip's first round, or the service
restarted between rounds): riding with the wheel from the first frame, the ball is learnt
as the head's. When the dealer's fingers lift it out, its pocket differs from what was
learnt as an object lying there would; but no roll is going on while the ball is in the
pockets, so it is no object (``WheelPipeline._left_pocket``).

The scene is fresh seed 17201's clip 001 (its own seed 1112801818; 1920x1080 at 25 fps,
H.264 at quality 0.35), its first 4.5 s rendered and encoded as the synth does: the ball in
the zero pocket from the first frame, lifted out at frame 99. The green pocket stood out
at 107 and the round was voided, 1.5 s before the spin (the codec's blur matters: drawn
frames fed to the reader directly show no object)."""

from __future__ import annotations

from pathlib import Path

from tests.roulette.rendered import read_rendered

SEED = 1112801818
FRAMES = 112  # to 0.2 s after the pocket stood out


def test_the_pocket_a_ball_resting_from_the_start_was_lifted_from_is_no_object(
        tmp_path: Path) -> None:
    events = read_rendered(SEED, FRAMES, tmp_path)
    assert not [e for e in events if e.type in ("void", "abstain")], events
