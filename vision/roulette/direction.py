"""Which way does the ball roll, and is the spin against the rules? Pure tests.

The ball rolls faster than the wheel turns, so its angle relative to the wheel moves the
way the ball rolls, on the track and when it lands. The way comes from
``direction_samples`` sightings above the pockets, fast (``direction_rad_s``) or, where
surely on the bowl, slower (``bowl_direction_rad_s``: leaving the track); after a void
too, while the ball runs on fast and free (``void_direction_rad_s``); failing those, once
the ball rests, from how far it moved relative to the wheel since it reached the pockets
(at least ``direction_pockets``). The wheel's way comes from the turning pocket pattern.
Ball and wheel turning the same way is a ``same_direction_spin`` violation (Art. 2).

The numbers live in ``SettleParams`` (``vision.roulette.settle_params``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from vision.footage import Event, violation
from vision.roulette.track import Seen
from vision.roulette.wheel import POCKET_RAD

if TYPE_CHECKING:
    from vision.roulette.settle_params import SettleParams

__all__ = ["ball_way", "direction_sample", "spin_violation"]


def direction_sample(omega: float | None, ball: Seen, *, band_out: float, head: float,
                     p: SettleParams, min_rad_s: float = 0.0) -> float | None:
    """The ball's image speed (rad/s) as a direction sample while it runs free above the
    pockets: fast anywhere there, or slower where it is surely on the bowl (and at least
    ``min_rad_s``); None if this sighting tells nothing."""
    if (omega is None or ball.held or ball.rho <= band_out
            or not min_rad_s <= abs(omega) <= p.launch_max_rad_s):
        return None
    on_bowl = ball.rho > head + p.bowl_margin
    if abs(omega) >= (p.bowl_direction_rad_s if on_bowl else p.direction_rad_s):
        return omega
    return None


def ball_way(samples: list[float], travel: float, *, resting: bool,
             p: SettleParams) -> float:
    """The way the ball rolls (signed: rad/s from the samples, or rad of travel relative
    to the wheel once it rests); 0.0 while not known."""
    signs = {np.sign(w) for w in samples[:p.direction_samples]}
    if len(samples) >= p.direction_samples and len(signs) == 1:
        return float(np.median(samples))  # the track's samples agree on a way
    if resting and abs(travel) >= p.direction_pockets * POCKET_RAD:
        return travel  # once at rest: a hand moving the ball never lets it rest
    return 0.0


def spin_violation(frame: int, ball: float, wheel: float, *,
                   p: SettleParams) -> list[Event]:
    """A ``same_direction_spin`` violation if the ball (``ball_way``) and the wheel
    (rad/s, turning at least ``min_wheel_rad_s``) go the same way."""
    if abs(wheel) < p.min_wheel_rad_s or np.sign(ball) != np.sign(wheel):
        return []
    return [violation(frame, "same_direction_spin", ball_rad_s=round(ball, 2),
                      wheel_rad_s=round(wheel, 2))]
