"""The numbers of the per-round state machine (``vision.roulette.settle``) and of its pure
tests (``launch``, ``rest``, ``direction``): one frozen object, per table if need be."""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["SettleParams"]


@dataclass(frozen=True, slots=True)
class SettleParams:
    launch_rad_s: float = 2.0  # ball speed, both in the image and relative to the wheel
    launch_frames: int = 3  # sightings within launch_s (or launch_frames + 1 frames)
    launch_s: float = 0.4  # (a ball blurred by its speed is seen only now and then)
    launch_gap_frames: int = 6  # sightings further apart do not measure a speed
    launch_steady: float = 3.0  # fastest / slowest of those speeds at most
    launch_outward: float = 0.04  # ring radii per frame: a ball in play never climbs the
    # bowl faster (it spirals in), a hand carrying it away does ...
    launch_outward_s: float = 1.2  # ... nor, per second, faster than this (0.04 a frame at
    # 30 fps) while climbing more than launch_climb per radian it goes round: at 50-60 fps
    # a frame's bound alone let a carry through (seed 13101 026 r0, 1280x720 at 60 fps: the
    # ball carried from its pocket up the bowl at 0.02-0.04 ring radii a frame, 1.4-2.2 a
    # second, 0.6-0.9 per radian, at 2.4 rad/s: read launched cw, a false alarm), while a
    # ball running on a steeply tilted camera's track climbs and falls in the image as fast
    # a second but little per radian (seed 13001 020, 60 fps, 34 deg: launches seen)
    launch_climb: float = 0.5
    launch_max_rad_s: float = 25.0  # no ball runs faster (a spin starts at ~10-17 rad/s):
    # a faster 'speed' is a jump between glints on the bowl, not one ball moving
    landing_pockets: float = 1.5  # moved this far relative to the wheel ...
    landing_s: float = 0.6  # ... within this long, seen at least landing_frames times
    landing_frames: int = 4
    landing_back_share: float = 0.4  # ... steps against that way summing to less than this
    # share of it: a landing ball bounces back off a fret (seed 10501 017 r4: 0.36, was
    # 0.25, a missed round); glints jumping between frets go back by whole pockets
    arrival_frames: int = 4  # a free ball seen this often on the bowl, running one way at
    # bowl_direction_rad_s or faster, then in the pockets: a roll whose track was out of view
    arrival_margin: float = 0.1  # ... beyond the head's edge by this (ring radii): a thing
    # lying on the turning rim, raised, shows just beyond the edge's estimate, going round
    # with the wheel (seed 10801 013 r0: a lighter at rho 1.35, the head's edge 1.29)
    arrival_drop: float = 1.0  # ... coming down off the bowl by steps of at most this
    # (ring radii; the ball is seen dropping, ~0.5 a step where least often seen): seed
    # 13401 010 r4 (50 fps, tilted 32 deg), the ball running on the track, seen at rho
    # 2.2-2.6 on one side of the bowl only, then 2 frames on a fret's glint in the
    # pockets at 0.89 (a drop of 1.7), taken for its arrival: read 35 at 0.999 while the
    # ball still ran (a wrong outcome)
    rolled_s: float = 0.3  # an arrival seen on the bowl this long (``launch.rolled_down``),
    rolled_in: float = 0.3  # ... coming this far in (ring radii), going round one way at
    rolled_turn: float = 2.0  # ... least this x as far: a roll, read without a hop
    found_hop_pockets: float = 0.75  # idle, a free spot first seen in the pockets that goes
    found_step_pockets: float = 0.15  # this far relative to the wheel, three steps this long:
    # the ball, its roll unseen (a look-alike rides; seed 10401 010 r4 went 0.87 and back)
    glimpse_frames: int = 6  # idle, a free spot first seen in the pockets this many times
    glimpse_pockets: float = 0.5  # running, going this far relative to the wheel, then lost
    # (a dim ball too faint for the finder once it slows down: seed 13001 014 r4, 640x480,
    # its track out of view, seen 7 frames going 0.58 pocket, then at rest unseen): a round
    # starts, found; it must hop on before it is read (``found.glimpsed_hop``)
    glimpse_bowl_s: float = 3.0  # ... no free spot seen on the bowl this lately (the track
    # out of view: seed 12801 022 r0, 25 fps, a look-alike in the pockets drifting 1.3
    # pockets while spots showed on the bowl, and the ball glimpsed 2.5 s after it was last
    # seen on the track, 6 frames before its landing told its way: abstained, flag lost)
    glimpse_after_s: float = 5.0  # idle, a ball glimpsed hopping, then at rest, is asked
    # about (``found.glimpsed_in``) only this long after the last ball was removed: a roll
    # takes longer from launch to rest (seed 10801 002: 6-7 s); sooner, it is a ball put
    # back or a look-alike (seed 10701 022: 0.15 s after the ball was lifted)
    lifted_s: float = 2.0  # idle, no landing or hop into the pockets starts a round this
    # soon after the last ball was removed: no roll lands that soon (launch to rest 6-7 s on
    # seed 10801 002); it is the dealer's hand carrying the ball off, fingers unseen (seed
    # 10601 027 r3 0.08 s, 003 r1 0.26 s, 10501 001 r0 0.27 s: a 'landing', then lost)
    left_gap_s: float = 0.1  # ... nor within lifted_s after the ball left its pocket between
    left_pockets: float = 1.5  # rounds: a free spot seen within this many pockets and
    left_rho: float = 0.15  # ... this far out or in of a spot that rode with the wheel in
    left_rest_s: float = 1.0  # the pockets (a fixture) seen there this long, last seen at
    # most left_gap_s before: the ball at rest lifted out by fingers unseen, to be spun
    # (seed 12001 001 r4, 012 r4, 016 r4, 019 r2: the round after a void, the ball put back
    # and seen there 3.4-3.7 s, the spot 1 frame on, 0.11-0.14 rad off; it was taken for a
    # landing, lost and abstained). A ball landing and hopping back and forth may be learnt
    # as a fixture and move off it (seed 10501 017 r4: 10 sightings in 0.56 s), never after
    # a second at rest
    found_gap_s: float = 0.25  # ... its sightings at most this far apart: at a low frame
    # rate the hopping ball smears out of sight while it moves (seed 10601 002: gaps of
    # 4-6 frames at 25 fps, the hop made in them); so are the sightings of a spot found in
    # the pockets before the track took it there (``BallTrack.lead_in``)
    direction_rad_s: float = 3.0
    bowl_direction_rad_s: float = 1.5  # ... or this, seen on the bowl (a ball leaving the
    # track slows down there, but nothing on the bowl turns with the wheel)
    bowl_margin: float = 0.05  # ring radii beyond the head's edge that are surely the bowl
    void_direction_rad_s: float = 6.0  # after a void, only a ball this fast is still rolling
    # (a dealer's hand carrying the caught ball is slower, and not always seen as fingers)
    direction_samples: int = 4
    direction_pockets: float = 1.0  # relative travel from the pockets to rest that tells the way
    run_gap_s: float = 0.4  # a run's sightings at most this far apart (a stretch out of view)
    run_short_s: float = 0.1  # ... further apart than this, the step keeps the run's speed
    run_rel_rad_s: float = 1.0  # a run's steps relative to the wheel at least this fast
    run_step_rad: float = 1.0  # ... and no longer (the ball could not go the other way round)
    run_pockets: float = 2.5  # relative travel of the longest run that tells the way ...
    run_dominance: float = 0.5  # ... when the longest run the other way is under this share
    steady_steps: int = 3  # a roll cut short, seen launched: steps after the launch that
    steady_slowing: tuple[float, float] = (0.8, 1.1)  # keep its way at this share of the
    steady_gap_s: float = 0.6  # last step's speed, sightings this far apart at most, say the
    # launch was the ball's (``kept_launch``; its two speeds alone are too little) ...
    steady_rho: float = 0.15  # ... every sighting this near the launch's radius fitting
    min_wheel_rad_s: float = 0.08
    settle_s: float = 0.3
    settle_frames: int = 5
    settle_offset: float = 0.32  # pockets from the centre the ball may stray while settling
    settle_offset_long: float = 0.4  # ... or this, over twice settle_s (a ball resting off
    # centre: the pocket is wider than the ball, and a tilted camera sees it shifted)
    settle_speed: float = 1.2  # pockets per second relative to the wheel, fitted over the window
    settle_tail_speed: float = 2.5  # ... and at most this, fitted over its last settle_tail_s
    settle_tail_s: float = 0.12
    settle_away_speed: float = 1.0  # ... and at most this away from the window's median
    settle_confirm_s: float = 0.04  # ... and the read held this long before (at least the
    # frame before): a hop back off a fret turns near a pocket's centre and passes the tests
    # for one frame (seed 11901 000 r0, 25 fps, a 22-degree tilt: read 26 at 0.96, was 3)
    settle_rho_spread: float = 0.05  # ring radii the ball may move in and out over the window
    # (at rest at most 0.044 on the tuning sets; rolling over the frets of a far pocket
    # seen from a tilted camera 0.056 while it lingered 0.3 s a pocket from its rest)
    settle_travel: float = 1.0  # a ball found in the pockets after it was lost on the bowl
    # must hop this far relative to the wheel: a glint on a fret rides with it from the start
    run_over_hop: int = 6  # sightings of a ball launched on the bowl (``launch_rates``),
    run_in: float = 0.2  # ... coming down by this (ring radii), that outweigh a hop in the
    # pockets: the spot there is not the ball (fresh seed 16201 018 r2: a turret knob
    # drifting against the wheel, found while the ball ran out of view high on the bowl,
    # 'hopped' a pocket in 0.7 s; the ball then came down in view, 12 sightings in 0.4 s,
    # 1.73 to 1.12 ring radii, and came to rest unseen by the track: missed)
    fall_turn: float = 0.5  # a spot seen coming from the bowl (beyond the head's edge by
    # bowl_margin) into the pockets in one run, going round at most this share of its way
    # in (the arc it swept): fell straight in, thrown; a ball rolls down the bowl going
    # round (4-6 rad/s as it leaves the track: an arc 2-4 times its way in; a chip dropped
    # in from above: 0.2)
    follow_gap_s: float = 0.4  # a ball seen coming down the bowl, then unseen at most this
    # long (over the track's reach_s) and seen again in the pockets on its way, was seen
    # coming: no look-alike test (``found.followed_down``)
    fall_frames: int = 4  # ... seen this often or more before the pockets, each at most 2
    # frames after the one before
    lost_pocket_s: float = 0.5  # ball unseen this long after reaching the pockets -> gone
    lost_rim_s: float = 1.5  # ... last seen on the head's rim (found hopping in a pocket or lost)
    lost_bowl_s: float = 10.0  # ... while last seen on the bowl (the track may be out of view)
    removed_s: float = 0.4  # at rest / void: unseen this long -> removed
    regain_s: float = 0.45  # on the wheel, a ball unseen longer is not looked for again
    held_edge_rho: float = 0.06  # a ball on the wheel or this near its edge needs fingers ...
    held_edge_s: float = 0.35  # ... in every frame this long (at least twice running): the
    # rim beside a ball hopping in the pockets looked like fingers for 0.15 s (9 frames at
    # 60), the pocket ring by a ball hopping to rest for 0.23 and 0.32 s (seed 10001 000)
    held_pocket_s: float = 1.0  # ... down in the pockets, held in held_pocket_share of
    held_pocket_share: float = 0.8  # the frames of this long (a false hold lasted 0.35 s)
    fixture_hits: int = 10  # sightings that make a spot riding with the wheel a fixture
    fixture_forget_s: float = 1.5  # ... and unseen this long, it is forgotten (a ball lifted)
    fixture_stale_s: float = 0.5  # ... unseen this long while a ball is in play, it claims no
    # spot: a raised part seen from a tilted camera shifts against the wheel as it turns and
    # leaves sight; the ball may hop where it was (seed 10701 022 r3: 1.2 s, lost, abstained)
    put_back_rev: float = 1.0  # a launch in the pockets within this many turns rolled no
    # round: resting in the last winning number's pocket, a ball put back (``settle``) ...
    put_back_hand_px: int = 90  # ... if a hand this large (strip px) was over the pocket
    put_back_hand_s: float = 3.0  # band from this long before the ball came in there
    object_gone_s: float = 0.5  # void: no object for this long (and no ball) -> idle
    object_again_s: float = 3.0  # ... gone this long (no ball resting): one seen, a new void
    idle_void_after_s: float = 1.5  # idle: objects count only this long after a round ended
    idle_void_after_outcome_s: float = 4.5  # ... and this long after its outcome (or void)
    object_lasting_s: float = 1.0  # ... unless seen this long without a break: hands at work
    # move (seed 10701 020 r3: a chip lying 1.4 s, 2.3 s after r2's void ended: missed)
    border_lasting_s: float = 0.3  # ... at the frame's border, only once seen this long
    # without a break (``FrameObs.object_at_border``: a hand held there shows in passing,
    # 0.02-0.17 s; chips cut by the border were seen 0.36-0.76 s before they were covered
    # or lost: seed 15201 005 r4, a chip at the left border seen 0.36 s, missed at 0.4)
    idle_rest_s: float = 1.0  # ... and no ball seen resting in a pocket this lately (no
    # roll is going on: the dealer's fingers at it are pieces of a hand, not objects)
    lift_rho: float = 0.4  # ... nor the ball seen this lately climbing the bowl this far
    lift_rad: float = 0.1  # ... at one angle (a running ball goes round: 0.2 rad a frame)
    lift_frames: int = 4  # ... over this many frames or more (a hand carries it to spin it;
    # a jump between look-alikes is one frame)
    running_rad_s: float = 6.0  # ... unless a ball ran on the bowl this lately, going round
    # this fast (a ball on the track before it drops: over a turn a second; a hand carrying
    # the ball out is slower, and flagged held)
    running_across: float = 0.5  # ... along the bowl: its step across (rho) at most this x
    # its step round (rho x angle; on the track, drifting down, a few hundredths)
    caught_s: float = 1.5  # ... but for this long after the ball was caught on the bowl in
    # play (a void round: the dealer catches the ball, the object lies 0.6 s more; a ball
    # taken as caught in a result round rolled on 5.6 s or more before it rested)

    def climbs(self, rise: float, turn: float, frames: int, fps: float) -> bool:
        """Does a step that rose ``rise`` ring radii up the bowl and went ``turn`` rad round
        in ``frames`` frames climb as no ball in play does (``launch_outward``, or above
        30 fps ``launch_outward_s`` with ``launch_climb``)?"""
        if rise > self.launch_outward * frames:
            return True
        return (rise > self.launch_outward_s / fps * frames
                and rise > self.launch_climb * abs(turn))

    def found_gap_frames(self, fps: float) -> int:
        """``found_gap_s`` in frames at ``fps`` (at least 3): the widest gap across which
        sightings in the pockets are joined into one glimpse of the ball."""
        return max(3, int(round(self.found_gap_s * fps)))
