"""The settle state machine, fed synthetic per-frame observations one frame at a time."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest

from tests.roulette.tracked import of, track
from vision.footage import WHEEL_SEQUENCE_CW, Event
from vision.roulette.settle import BallObs, FrameObs, RoundTracker
from vision.roulette.wheel import POCKET_RAD

FPS = 30.0
BAND = (0.8, 1.15)
HEAD = 1.3


def story(*, pocket_k: int, wheel_rad_s: float = 0.8, ball_dir: int = -1, sense: int = 1,
          object_at: int | None = None, object_until: int = 10**9, hop_stall: int = 0,
          remove: bool = True, hop_frames: int = 30, gaps: tuple[int, ...] = (),
          track_seen: bool = True, held: tuple[int, ...] = ()) -> tuple[list[FrameObs], int]:
    """One round: idle 10 frames, 90 frames on the track and slope, a 3-pocket hop (the
    way the ball rolls, relative to the wheel), rest, removal.

    Returns the observations and the frame at which the ball physically settles.
    ``hop_stall``: frames the ball pauses in a wrong pocket mid-hop (it must not settle).
    ``track_seen`` False: a close camera, the ball is seen only from rho 1.25 in.
    ``held``: frames in which the ball is seen with fingers at it.
    """
    obs: list[FrameObs] = []
    zero0, settle = 0.4, None
    rest_rel = sense * pocket_k * POCKET_RAD
    speeds = [(14 - 8 * (f - 10) / 90) / FPS for f in range(10, 100)]
    land = zero0 + wheel_rad_s * 100 / FPS + rest_rel - ball_dir * 3 * POCKET_RAD
    theta = land - ball_dir * sum(speeds)  # so that the ball lands where its hop starts
    for f in range(260):
        zero = zero0 + wheel_rad_s * f / FPS
        ball: BallObs | None = None
        if f < 10:  # no ball yet
            pass
        elif f < 100:  # on the track, slowing from 14 to 6 rad/s, then down the slope
            theta += ball_dir * (14 - 8 * (f - 10) / 90) / FPS
            ball = BallObs(2.0 - max(0, f - 89) * 0.1, theta % (2 * np.pi))
        elif 100 <= f < 100 + hop_frames + hop_stall:  # hopping 3 pockets to the resting one
            u = min((f - 100) / hop_frames, 1.0) if f < 115 or f >= 115 + hop_stall else 0.5
            rel = rest_rel - ball_dir * 3 * POCKET_RAD * (1 - u)
            ball = BallObs(0.95, (zero + rel) % (2 * np.pi))
        elif f < 220 or not remove:  # at rest, riding with the wheel
            settle = f if settle is None else settle
            ball = BallObs(0.95, (zero + rest_rel) % (2 * np.pi))
        if f in gaps or (not track_seen and ball is not None and ball.rho > 1.25):
            ball = None
        if ball is not None and f in held:
            ball = BallObs(ball.rho, ball.theta, held=True)
        obs.append(FrameObs(f, zero % (2 * np.pi), () if ball is None else (ball,),
                            object_seen=object_at is not None and object_at <= f < object_until))
    assert settle is not None
    return obs, settle


def run(obs: list[FrameObs], sense: int = 1, trusted: bool = True, head: float = HEAD
        ) -> list[Event]:
    return track(obs, fps=FPS, band=BAND, head=head, sense=sense, trusted=trusted)


@pytest.mark.parametrize(("pocket_k", "sense"), [
    (0, 1),  # zero
    (5, 1),  # an ordinary pocket
    (36, 1),  # the last pocket before zero
    (12, -1),  # camera sees the numbering mirrored
])
def test_one_outcome_after_settling_with_the_right_number(pocket_k: int, sense: int) -> None:
    obs, settle = story(pocket_k=pocket_k, sense=sense)
    events = run(obs, sense)
    outs = of(events, "outcome")
    assert len(outs) == 1
    assert outs[0].result.number == WHEEL_SEQUENCE_CW[pocket_k]  # type: ignore[union-attr]
    assert settle <= outs[0].frame <= settle + 0.4 * FPS
    assert 0.5 <= outs[0].confidence <= 1.0  # type: ignore[operator]
    assert [e.type for e in events if e.type.startswith("ball_")] == [
        "ball_launched", "ball_in_pockets", "ball_at_rest", "ball_removed"]
    assert not of(events, "violation") and not of(events, "void")


def test_a_pause_in_a_wrong_pocket_shorter_than_the_window_is_not_an_outcome() -> None:
    # the ball stalls 4 frames (0.13 s) between pockets mid-hop: no early outcome
    obs, settle = story(pocket_k=7, hop_stall=4)
    outs = of(run(obs), "outcome")
    assert len(outs) == 1 and outs[0].frame >= settle
    assert outs[0].result.number == WHEEL_SEQUENCE_CW[7]  # type: ignore[union-attr]


def test_a_slow_crossing_of_a_pocket_centre_is_not_an_outcome() -> None:
    # 3 pockets in 1.5 s: the ball lingers 0.32 s near each centre, longer than the window,
    # but it keeps drifting relative to the wheel, so no outcome before it really rests
    obs, settle = story(pocket_k=11, hop_frames=45)
    outs = of(run(obs), "outcome")
    assert len(outs) == 1 and outs[0].frame >= settle
    assert outs[0].result.number == WHEEL_SEQUENCE_CW[11]  # type: ignore[union-attr]


def test_object_while_rolling_voids_and_suppresses_the_outcome() -> None:
    obs, _ = story(pocket_k=3, object_at=60)
    events = run(obs)
    assert [e.frame for e in of(events, "void")] == [60]
    assert not of(events, "outcome") and not of(events, "abstain")


def test_an_object_on_an_untrusted_wheel_abstains_instead_of_voiding() -> None:
    # the calibration fits the pocket pattern poorly: the turning head may spill onto the
    # strip's bowl rows and look like an object, so a person confirms (no void, no outcome)
    obs, _ = story(pocket_k=3, object_at=60)
    events = run(obs, trusted=False)
    assert not of(events, "void") and not of(events, "outcome")
    assert [(e.frame, e.reason) for e in of(events, "abstain")] == [(60, "low_confidence")]


def test_object_after_rest_is_ignored() -> None:
    # a chip thrown in after the ball came to rest (and taken out with it) does not void
    obs, _ = story(pocket_k=3, object_at=200, object_until=215)
    events = run(obs)
    assert len(of(events, "outcome")) == 1 and not of(events, "void")


@pytest.mark.parametrize(("ball_dir", "wheel", "flagged"), [
    (-1, 0.8, False),  # opposite directions: fine
    (1, 0.8, True),  # same direction (both increasing angle)
    (-1, -0.8, True),  # same direction (both decreasing)
    (1, -0.5, False),  # opposite, the other way round
])
def test_same_direction_spin_is_flagged_once(ball_dir: int, wheel: float, flagged: bool) -> None:
    obs, _ = story(pocket_k=9, ball_dir=ball_dir, wheel_rad_s=wheel)
    events = run(obs)
    assert len(of(events, "violation")) == (1 if flagged else 0)
    assert len(of(events, "outcome")) == 1
    # the flag names the ball's way as the launch does (the supervisor's view)
    assert [e.extra["ball_direction"] for e in of(events, "violation")] == (
        ["cw" if ball_dir > 0 else "ccw"] if flagged else [])


def test_ball_lost_in_the_pockets_abstains() -> None:
    # the ball vanishes mid-hop for good: abstain, never a guess
    obs, _ = story(pocket_k=4, gaps=tuple(range(110, 260)))
    events = run(obs)
    assert not of(events, "outcome")
    assert [e.reason for e in of(events, "abstain")] == ["ball_lost"]


def test_a_lost_ball_s_last_sighting_is_kept_for_the_abstain() -> None:
    # the supervisor reviewing the abstain is shown where and when the ball was last seen
    obs, _ = story(pocket_k=4, gaps=tuple(range(110, 260)))
    tracker = RoundTracker(fps=FPS, sense=1, band_rho=BAND, head_rho=HEAD)
    for o in obs:
        if any(e.type == "abstain" for e in tracker.update(o)):
            break
    last = tracker.last_seen
    assert last is not None and last.frame == 109          # the hop's last frame seen
    assert last.rho == pytest.approx(0.95)
    assert last.theta == pytest.approx(obs[109].balls[0].theta)


def test_short_detection_gaps_at_rest_only_delay_the_outcome() -> None:
    obs, settle = story(pocket_k=20, gaps=(128, 131))
    outs = of(run(obs), "outcome")
    assert len(outs) == 1 and outs[0].frame >= 131 + 0.24 * FPS


def test_stream_ending_mid_roll_abstains() -> None:
    obs, _ = story(pocket_k=2)
    events = run(obs[:80])
    assert [e.reason for e in of(events, "abstain")] == ["stream_ended"]


@pytest.mark.parametrize(("ball_dir", "wheel", "flagged"), [
    (-1, 0.8, False),  # opposite directions, seen only from the landing on
    (1, 0.8, True),  # same direction: the landing travel goes the wheel's way
    (-1, -0.8, True),  # same direction, the other way round
    (1, -1.2, False),  # opposite, a fast wheel
])
def test_close_camera_reads_the_landing_and_its_direction(ball_dir: int, wheel: float,
                                                          flagged: bool) -> None:
    # the track is out of view: no launch is seen, the ball appears on the wheel head
    obs, settle = story(pocket_k=14, ball_dir=ball_dir, wheel_rad_s=wheel, hop_frames=10,
                        track_seen=False)
    events = run(obs)
    outs = of(events, "outcome")
    assert [o.result.number for o in outs] == [WHEEL_SEQUENCE_CW[14]]  # type: ignore[union-attr]
    assert settle <= outs[0].frame <= settle + 0.35 * FPS  # rest confirmed within 0.35 s
    assert len(of(events, "violation")) == (1 if flagged else 0)
    assert not of(events, "abstain") and not of(events, "void")


def test_a_ball_put_into_a_pocket_by_hand_is_no_outcome() -> None:
    # after a void the dealer puts the ball back into the last winning pocket: fingers hold
    # it all the way in (the landing hop here), then it rides with the wheel
    obs, _ = story(pocket_k=6, hop_frames=10, track_seen=False, held=tuple(range(90, 112)))
    events = run(obs)
    assert not of(events, "outcome") and not of(events, "violation")


def test_a_ball_taken_by_hand_while_rolling_is_abstained() -> None:
    # the dealer catches the rolling ball (an object fell in, unseen): never an outcome
    obs, _ = story(pocket_k=6, held=tuple(range(60, 75)), gaps=tuple(range(75, 260)))
    events = run(obs)
    assert not of(events, "outcome")
    assert [e.reason for e in of(events, "abstain")] == ["ball_handled"]


def test_an_object_seen_just_after_the_ball_was_caught_in_play_voids() -> None:
    # the dealer catches the rolling ball (seen as fingers at it) and the object that fell
    # in shows only then: still this round's void, not held off as "just after a round"
    obs, _ = story(pocket_k=6, held=tuple(range(60, 75)), gaps=tuple(range(75, 260)),
                   object_at=80, object_until=120)
    events = run(obs)
    assert not of(events, "outcome")
    assert [e.frame for e in of(events, "void")] == [80]


def test_glints_jumping_between_frets_are_no_landing() -> None:
    # a glint on the head: a spot that rides with the wheel for 8 frames, then reappears a
    # few pockets back, again and again (frets passing a light): never a ball in play
    obs = []
    for f in range(200):
        zero = 0.4 + 0.8 * f / FPS
        rel = -2.0 * POCKET_RAD * (f // 8)
        obs.append(FrameObs(f, zero % (2 * np.pi), (BallObs(1.0, (zero + rel) % (2 * np.pi)),)))
    events = run(obs)
    assert not [e for e in events if e.type in ("ball_launched", "outcome", "abstain")]


def test_an_untrusted_wheel_abstains_instead_of_reading() -> None:
    # the calibration fits the pocket pattern poorly: the rest is seen, the number is not
    # forwarded, a person confirms it
    events = run(story(pocket_k=8)[0], trusted=False)
    assert not of(events, "outcome")
    assert [(e.reason, e.extra["number"]) for e in of(events, "abstain")] == [
        ("low_confidence", WHEEL_SEQUENCE_CW[8])]


def test_a_ball_resting_where_it_was_first_seen_landing_is_not_a_fixture() -> None:
    # a close camera first sees the ball on the head, hopping ahead 2 pockets, and back to
    # rest next to where it first appeared: those first sightings (taken while no round was
    # known) must not make the resting ball a turret look-alike
    rels = [0.0, 0.5, 1.0, 1.5, 2.0, 1.5, 1.0, 0.6, 0.3] + [0.2] * 60
    obs = [FrameObs(f, 0.0, ()) for f in range(20)]
    for i, r in enumerate(rels):
        f = 20 + i
        zero = 0.5 * f / FPS
        obs.append(FrameObs(f, zero, (BallObs(0.95, zero + (7 + r) * POCKET_RAD),)))
    events = run(obs)
    assert [o.result.number for o in of(events, "outcome")] == [  # type: ignore[union-attr]
        WHEEL_SEQUENCE_CW[7]]


def test_a_ball_lost_on_the_slope_is_found_hopping_in_the_pockets() -> None:
    # seen on the track, lost while it drops (blur), found again mid-hop: still read
    obs, settle = story(pocket_k=23, gaps=tuple(range(90, 106)))
    outs = of(run(obs), "outcome")
    assert [o.result.number for o in outs] == [WHEEL_SEQUENCE_CW[23]]  # type: ignore[union-attr]
    assert settle <= outs[0].frame <= settle + 0.35 * FPS


@pytest.mark.parametrize("glints", [
    (),  # nothing else in view
    (108,),  # a glint on the bowl for one frame while it hops: no ball running there
])
def test_a_ball_lost_on_the_slope_is_found_hopping_despite_a_glint(glints: tuple[int, ...]
                                                                  ) -> None:
    obs, _ = story(pocket_k=23, gaps=tuple(range(90, 106)))
    obs = [FrameObs(o.frame, o.zero, o.balls + (BallObs(2.0, 1.0),)) if o.frame in glints
           else o for o in obs]
    assert [o.result.number for o in of(run(obs), "outcome")] == [  # type: ignore[union-attr]
        WHEEL_SEQUENCE_CW[23]]


def test_a_glint_found_after_losing_the_ball_on_the_slope_is_no_outcome() -> None:
    # the ball vanishes on the slope for good; a glint on a fret rides with the wheel in
    # the pockets: it never hopped, so it is not read (a look-alike), and the round is
    # abstained once the ball was lost on the bowl for lost_bowl_s
    obs, _ = story(pocket_k=23, gaps=tuple(range(90, 260)))
    obs = [FrameObs(o.frame, o.zero, (BallObs(0.95, o.zero + 5 * POCKET_RAD),))
           if 110 <= o.frame < 200 else o for o in obs]
    obs += [FrameObs(f, 0.0, ()) for f in range(260, 420)]
    events = run(obs)
    assert not of(events, "outcome")
    assert [e.reason for e in of(events, "abstain")] == ["ball_lost"]


def test_a_look_alike_taken_while_the_ball_was_unseen_gives_way_to_the_ball() -> None:
    # seed-10001 clip 000 round 0: the ball is unseen on the track for 11 frames; a glint
    # riding in pocket 5 is taken for it meanwhile (found in the pockets), and rests there
    # without a hop; the ball shows again on the track, comes down, hops and rests in
    # pocket 23
    obs, _ = story(pocket_k=23, gaps=tuple(range(70, 81)))
    obs = [FrameObs(o.frame, o.zero, (BallObs(0.95, (o.zero + 5 * POCKET_RAD) % (2 * np.pi)),)
                    + o.balls) if o.frame >= 73 else o for o in obs]
    events = run(obs)
    assert [o.result.number for o in of(events, "outcome")] == [  # type: ignore[union-attr]
        WHEEL_SEQUENCE_CW[23]]
    assert not of(events, "abstain")


def test_a_found_look_alike_gives_way_to_the_ball_back_on_the_bowl() -> None:
    # seed-10301 clip 005 round 4: the ball runs on the track, out of view for a while; a
    # spot on a fret (wobbling in and out, so never 'at rest') is taken for it in the
    # pockets. The ball shows on the bowl again 5 frames later, comes down elsewhere, hops
    # and rests in pocket 23: it is the ball, not the spot it was followed as before
    obs, _ = story(pocket_k=23, gaps=tuple(range(80, 93)))

    def fret(o: FrameObs) -> FrameObs:
        rho = 0.93 if o.frame % 2 else 1.0
        return FrameObs(o.frame, o.zero, (BallObs(rho, (o.zero + 5 * POCKET_RAD) % (2 * np.pi)),)
                        + o.balls)

    obs = [fret(o) if 88 <= o.frame < 200 else o for o in obs]
    events = run(obs)
    assert [o.result.number for o in of(events, "outcome")] == [  # type: ignore[union-attr]
        WHEEL_SEQUENCE_CW[23]]
    assert not of(events, "abstain")


@pytest.mark.parametrize("gap", [
    12,  # unseen 0.4 s on the track: the track takes a spot anywhere
    30,  # unseen a whole second (the track out of view)
])
def test_a_look_alike_reached_through_a_glint_on_the_rim_gives_way_to_the_ball(gap: int
                                                                              ) -> None:
    # seed-10301 clip 017 round 2: the ball is unseen on the track; a glint on the head's
    # rim (beyond the pockets, above pocket 5) is taken for it, then a spot on a fret just
    # inside, riding with the wheel: it never hopped, so it is no rest (it was read as one
    # 0.3 s later, a wrong outcome). The ball shows again on the track, comes down, hops
    # and rests in pocket 23
    obs, _ = story(pocket_k=23, gaps=tuple(range(60, 60 + gap)))
    rim = 60 + gap - 4

    def glint(o: FrameObs) -> FrameObs:
        rho = 1.2 if o.frame == rim else 1.1
        return FrameObs(o.frame, o.zero, (BallObs(rho, (o.zero + 5 * POCKET_RAD) % (2 * np.pi)),)
                        + o.balls)

    obs = [glint(o) if o.frame == rim or rim + 2 <= o.frame < 98 else o for o in obs]
    events = run(obs)
    assert [o.result.number for o in of(events, "outcome")] == [  # type: ignore[union-attr]
        WHEEL_SEQUENCE_CW[23]]


@pytest.mark.parametrize(("away", "read"), [
    (1.1, True),  # seed 10401 019 r3: hopped 1.1 pockets back, then into its first pocket
    (1.6, True),  # further away and back
    (0.5, False),  # never a whole pocket from where it was found: no hop, a look-alike
    (0.0, False),  # riding with the wheel from the start: a glint on a fret
])
def test_a_ball_found_in_the_pockets_that_hops_away_and_back_is_read(away: float,
                                                                      read: bool) -> None:
    # the ball is lost on the slope, found in pocket 23, hops `away` pockets back and
    # returns to rest where it was found: its travel from there nets out, but a ball that
    # went a pocket and more away has hopped (the farthest it went, not where it ends)
    obs, _ = story(pocket_k=23, gaps=tuple(range(90, 260)))
    path = [0.0, -away / 2, -away, -0.85 * away, -0.7 * away, -0.5 * away, -0.35 * away,
            -0.2 * away, -0.1 * away] + [0.0] * 80
    obs = [FrameObs(o.frame, o.zero, (BallObs(0.95, (o.zero + (23 + path[o.frame - 106])
                                                    * POCKET_RAD) % (2 * np.pi)),))
           if 106 <= o.frame < 106 + len(path) else o for o in obs]
    outs = of(run(obs), "outcome")
    assert [o.result.number for o in outs] == (  # type: ignore[union-attr]
        [WHEEL_SEQUENCE_CW[23]] if read else [])


def test_objects_soon_after_an_outcome_do_not_void() -> None:
    # idle, 3 s after the outcome and 2 s after the ball was taken: the dealer's hands are
    # still at work (paying, the marker) and no new roll starts that soon
    obs, _ = story(pocket_k=3, object_at=230, object_until=240, gaps=tuple(range(160, 260)))
    events = run(obs)
    assert not of(events, "void") and len(of(events, "outcome")) == 1


@pytest.mark.parametrize("jump_rad", [
    2.0,  # the other way round the wheel
    -2.0,  # the way the ball went, but far too far for one frame
])
def test_a_ball_seen_twice_then_a_glint_elsewhere_is_no_launch(jump_rad: float) -> None:
    # a close camera glimpses the ball twice as it drops, then only a glint on a fret far
    # away: that jump is no ball speed
    obs = [FrameObs(f, 0.0, ()) for f in range(20)]
    obs += [FrameObs(20, 0.0, (BallObs(1.3, 3.0),)), FrameObs(21, 0.0, (BallObs(1.25, 2.9),)),
            FrameObs(22, 0.0, (BallObs(1.05, 2.9 + jump_rad),))]
    obs += [FrameObs(f, 0.0, ()) for f in range(23, 60)]
    events = run(obs)
    assert not [e for e in events if e.type in ("ball_launched", "abstain")]


def in_pocket_7(path: list[float]) -> list[FrameObs]:
    """20 empty frames, then the ball ``path[i]`` pockets from pocket 7's centre at frame
    20 + i, on a wheel turning 0.5 rad per second."""
    obs = [FrameObs(f, 0.0, ()) for f in range(20)]
    for i, k in enumerate(path):
        f = 20 + i
        zero = 0.5 * f / FPS
        obs.append(FrameObs(f, zero, (BallObs(0.95, zero + (7 + k) * POCKET_RAD),)))
    return obs


def test_a_pause_between_two_hops_rocking_through_a_pocket_is_not_a_rest() -> None:
    # the ball hops into pocket 7, swings through its centre and back out for 0.33 s (like
    # rocking to rest), then hops on into pocket 8: it was leaving, not resting
    landing = [3.0, 2.5, 2.0, 1.5, 1.0, 0.5]  # pockets from 7's centre, a steady hop in
    pause = [0.23, 0.15, 0.05, -0.05, -0.15, -0.22, -0.12, 0.0, 0.12, 0.24]
    path = [-x for x in landing] + pause + [0.4, 0.55, 0.7, 0.85, 1.0] + [1.0] * 60
    outs = of(run(in_pocket_7(path)), "outcome")
    assert [o.result.number for o in outs] == [WHEEL_SEQUENCE_CW[8]]  # type: ignore[union-attr]


@pytest.mark.parametrize(("held", "abstain_at"), [
    ((96,), None),  # once, right at the head's edge (its turning rim): an unsure sign
    ((96, 97), None),  # at the edge, then on the head: twice (0.07 s) is still unsure
    ((96, 97, 98), None),  # 0.1 s running: still unsure (seed 9901 clip 027 r1: 0.15 s)
    ((96, 97, 98, 99, 100, 101), None),  # 0.2 s: still unsure (seed 10001 000: the
    # pocket ring by a ball hopping to rest looked like fingers for 0.23 s and 0.32 s)
    (tuple(range(96, 107)), None),  # in every frame for 0.37 s, but down in the pockets
    # (from 98): no read while it looks held, then read as usual (seed 10301 003 r2, seed
    # 10101 025 r2: a part of the head taken for a hand by a ball hopping to rest)
    ((92,), 92),  # once on the bowl, away from the edge: fingers
    (tuple(range(98, 140)), 121),  # held in the pockets most of a second: fingers (seed 10101
    # 025 r2: held for good, then carried out unseen; no read was ever possible)
    (tuple(f for f in range(98, 140) if f % 6), 125),  # ... free now and then: the same
])
def test_fingers_at_the_rolling_ball(held: tuple[int, ...], abstain_at: int | None) -> None:
    obs, _ = story(pocket_k=5, held=held)
    events = run(obs)
    handled = [e.frame for e in of(events, "abstain") if e.reason == "ball_handled"]
    assert handled == ([] if abstain_at is None else [abstain_at])
    if abstain_at is None:  # read as usual
        assert [o.result.number for o in of(events, "outcome")] == [  # type: ignore[union-attr]
            WHEEL_SEQUENCE_CW[5]]


def test_a_glint_on_the_bowl_beside_the_resting_ball_does_not_keep_it_in_play() -> None:
    # a diamond on the bowl glints next to the pocket where the ball rests: once the
    # dealer takes the ball, the round ends and the next one is read
    obs, _ = story(pocket_k=4)
    glint = [FrameObs(o.frame, o.zero, o.balls + (BallObs(HEAD + 0.05, o.zero + 4 * POCKET_RAD),))
             if o.frame >= 140 else o for o in obs]
    events = run(glint)
    removed = [e.frame for e in events if e.type == "ball_removed"]
    assert len(of(events, "outcome")) == 1 and removed and removed[0] <= 220 + 0.5 * FPS



def approach(*, ball_rad_s: float, wheel_rad_s: float, bounce_pockets: float = 2.0,
             pocket_rho: float = 0.95, held: tuple[int, ...] = (), bowl_rho: float = 1.45
             ) -> list[FrameObs]:
    """A close camera sees the ball only as it leaves the track: 12 frames on the bowl
    (``bowl_rho``, beyond the head's edge) at ``ball_rad_s``, then it drops into the
    pockets and bounces ``bounce_pockets`` back against its way before it rests."""
    obs = [FrameObs(f, 0.4 + wheel_rad_s * f / FPS, ()) for f in range(10)]
    theta = 1.0
    for f in range(10, 140):
        zero = 0.4 + wheel_rad_s * f / FPS
        if f < 22:
            theta += ball_rad_s / FPS
            obs.append(FrameObs(f, zero, (BallObs(bowl_rho, theta % (2 * np.pi), f in held),)))
            land_rel = theta - zero
            continue
        rest_rel = np.round(land_rel / POCKET_RAD - np.sign(ball_rad_s) * bounce_pockets)
        back = (1 - min((f - 22) / 8, 1.0)) * (land_rel / POCKET_RAD - rest_rel)
        rel = (rest_rel + back) * POCKET_RAD
        ball = BallObs(pocket_rho, (zero + rel) % (2 * np.pi), held=f in held)
        obs.append(FrameObs(f, zero, (ball,)))
    return obs


@pytest.mark.parametrize(("ball", "wheel", "flagged"), [
    (2.4, 0.8, True),  # same way, slow on the bowl (under direction_rad_s): still seen
    (-2.4, -0.8, True),  # same way, the other way round
    (-2.4, 0.8, False),  # opposite: the bounce back goes the wheel's way, no false alarm
    (2.4, -1.0, False),  # opposite, the other way round
])
def test_a_slow_ball_seen_only_leaving_the_track_gives_its_way(ball: float, wheel: float,
                                                               flagged: bool) -> None:
    events = run(approach(ball_rad_s=ball, wheel_rad_s=wheel))
    assert len(of(events, "violation")) == (1 if flagged else 0)
    assert len(of(events, "outcome")) == 1


@pytest.mark.parametrize(("ball_dir", "wheel", "object_at", "flagged"), [
    (1, 0.8, 14, True),  # same way, the object falls in just after the launch
    (-1, -0.8, 14, True),  # the other way round
    (-1, 0.8, 14, False),  # opposite ways: no violation
    (1, 0.8, 5, True),  # the object is seen before the ball (void while idle): still flagged
    (1, -0.8, 5, False),  # ... and not when the ways are opposite
])
def test_a_void_rounds_direction_is_still_checked(ball_dir: int, wheel: float, object_at: int,
                                                  flagged: bool) -> None:
    # the ball runs on the track after the void until the dealer catches it
    obs, _ = story(pocket_k=3, ball_dir=ball_dir, wheel_rad_s=wheel, object_at=object_at)
    events = run(obs)
    assert of(events, "void") and not of(events, "outcome")
    assert len(of(events, "violation")) == (1 if flagged else 0)


@pytest.mark.parametrize(("held", "abstain_at"), [
    ((25,), None),  # once: the turning rim beside the ball looks like fingers
    ((25, 26), None),  # twice running (0.07 s): still the rim's flicker
    ((25, 26, 27), None),  # 0.1 s running: still unsure
    ((25, 26, 27, 28, 29, 30), None),  # 0.2 s running: still unsure
    (tuple(range(25, 36)), None),  # 0.37 s running, in the pockets: read once free
    ((25, 27, 29), None),  # now and then: no hand holds a ball like that
])
def test_fingers_at_a_ball_hopping_by_the_heads_edge(held: tuple[int, ...],
                                                     abstain_at: int | None) -> None:
    # the pockets' outer edge is the head's edge here: the ball hops by the turning rim
    obs = approach(ball_rad_s=-2.4, wheel_rad_s=0.8, pocket_rho=1.14, held=held)
    events = run(obs, head=1.18)
    handled = [e.frame for e in of(events, "abstain") if e.reason == "ball_handled"]
    assert handled == ([] if abstain_at is None else [abstain_at])
    assert len(of(events, "outcome")) == (1 if abstain_at is None else 0)


@pytest.mark.parametrize(("held", "abstain_at"), [
    (tuple(range(25, 31)), None),  # 0.2 s running on the head's rim: still unsure
    (tuple(range(25, 36)), 35),  # 0.37 s running on the rim: fingers
])
def test_fingers_at_a_ball_on_the_heads_rim(held: tuple[int, ...],
                                            abstain_at: int | None) -> None:
    # the ball sits on the head's rim, beyond the pockets (no read there)
    obs = approach(ball_rad_s=-2.4, wheel_rad_s=0.8, pocket_rho=1.17, held=held)
    events = run(obs, head=1.18)
    handled = [e.frame for e in of(events, "abstain") if e.reason == "ball_handled"]
    assert handled == ([] if abstain_at is None else [abstain_at])
    assert not of(events, "outcome")


@pytest.mark.parametrize(("offset", "within_s"), [
    (0.2, (0.0, 0.35)),  # near the centre: read after the usual 0.3 s
    (0.36, (0.4, 0.75)),  # against a fret (or seen from the side): 0.6 s in the pocket
    (-0.36, (0.4, 0.75)),  # ... the other side
    (0.46, None),  # on the fret between two pockets: never read
])
def test_a_ball_resting_off_its_pockets_centre(offset: float,
                                               within_s: tuple[float, float] | None) -> None:
    # the ball hops 3 pockets into pocket 7 and rests `offset` pockets from its centre
    path = [offset - 3.0 + 0.25 * i for i in range(13)] + [offset] * 60
    outs = of(run(in_pocket_7(path)), "outcome")
    if within_s is None:
        assert outs == []
        return
    rest = 20 + 12  # the first frame at rest
    assert [o.result.number for o in outs] == [WHEEL_SEQUENCE_CW[7]]  # type: ignore[union-attr]
    assert within_s[0] * FPS <= outs[0].frame - rest <= within_s[1] * FPS


@pytest.mark.parametrize("step_rad", [
    2.4,  # one way at a steady 72 rad/s: no ball runs that fast
    -1.1,  # the other way at 33 rad/s
])
def test_glints_on_the_bowl_lit_in_turn_are_no_launch(step_rad: float) -> None:
    # diamonds on the bowl glint one after another round the bowl, each for a frame: the
    # 'speed' from one to the next is steady and one way, but faster than any ball runs
    obs = [FrameObs(f, 0.4 + 0.8 * f / FPS, ()) for f in range(20)]
    obs += [FrameObs(f, 0.4 + 0.8 * f / FPS,
                     (BallObs(HEAD + 0.08, (1.0 + step_rad * (f - 20)) % (2 * np.pi)),))
            for f in range(20, 80)]
    events = run(obs)
    assert not [e for e in events if e.type in ("ball_launched", "outcome", "abstain")]


@pytest.mark.parametrize(("ball", "wheel", "flagged"), [
    (1.8, 0.8, True),  # same way, 1 rad/s faster than the wheel: no launch speed anywhere
    (-1.8, -0.8, True),  # the other way round
    (1.6, -0.3, False),  # opposite ways, 1.9 rad/s apart: read, not flagged
])
def test_a_ball_seen_only_coming_down_slowly_is_read(ball: float, wheel: float,
                                                      flagged: bool) -> None:
    # a close camera sees the ball only on the bowl's last stretch, slower than a launch,
    # then in the pockets: it arrived, its way is the way it ran on the bowl
    events = run(approach(ball_rad_s=ball, wheel_rad_s=wheel, bowl_rho=HEAD + 0.25))
    assert [e.extra["how"] for e in of(events, "ball_launched")] == ["arrival"]
    assert len(of(events, "outcome")) == 1
    assert len(of(events, "violation")) == (1 if flagged else 0)


def test_a_ball_carried_down_by_fingers_does_not_arrive() -> None:
    # the same way in, but fingers are seen at it on the bowl: a hand putting the ball in a
    # pocket, no roll and no outcome
    events = run(approach(ball_rad_s=1.8, wheel_rad_s=0.8, held=(14, 15, 16),
                          bowl_rho=HEAD + 0.25))
    assert not of(events, "outcome") and not of(events, "ball_launched")


HAND_PX = 300  # a dealer's hand over the pocket band (strip px): fingers and a ball


def after_a_void(rest_k: int, sense: int = 1, object_seen: bool = True,
                 hand_px: int = HAND_PX, hand_at: int = 385) -> list[FrameObs]:
    """A round read as pocket 9, the ball taken; an object lies in the bowl while idle
    (a void; unless not ``object_seen``); then a hand (``hand_px`` over the pockets, for
    a second from ``hand_at``) and a ball slides 2.5 pockets along the pockets, free, and
    rests in pocket ``rest_k`` (no roll on the bowl seen)."""
    obs, _ = story(pocket_k=9, sense=sense)
    for f in range(260, 480):
        zero = (0.4 + 0.8 * f / FPS) % (2 * np.pi)
        balls: tuple[BallObs, ...] = ()
        if f >= 400:
            rel = (rest_k - 2.5 * (1 - min((f - 400) / 6, 1.0))) * POCKET_RAD * sense
            balls = (BallObs(0.95, (zero + rel) % (2 * np.pi)),)
        obs.append(FrameObs(f, zero, balls, object_seen=object_seen and 300 <= f < 330,
                            hand_px=hand_px if hand_at <= f < hand_at + FPS else 0))
    return obs


@pytest.mark.parametrize(("rest_k", "sense", "read"), [
    (9, 1, False),  # the last winning number: the dealer put the ball back (Art. 2)
    (9, -1, False),  # the same, numbering mirrored
    (12, 1, False),  # another pocket, the hand there as it came in: handled, not paid
])
def test_the_ball_put_back_after_a_void_is_no_outcome(rest_k: int, sense: int,
                                                      read: bool) -> None:
    events = run(after_a_void(rest_k, sense), sense=sense)
    assert len(of(events, "void")) == 1
    numbers = [o.result.number for o in of(events, "outcome")]  # type: ignore[union-attr]
    assert numbers == [WHEEL_SEQUENCE_CW[9]] + ([WHEEL_SEQUENCE_CW[rest_k]] if read else [])
    why = [e.reason for e in of(events, "abstain")]
    assert why == ["ball_put_back" if rest_k == 9 else "ball_handled"]


@pytest.mark.parametrize(("rest_k", "hand_px", "read"), [
    (9, HAND_PX, False),  # the last winning number: maybe put back after a void missed
    (12, HAND_PX, False),  # another pocket, a hand at it as it came in: not paid either
    (12, 0, True),  # another pocket, no hand: a roll whose track the camera does not see
])
def test_a_ball_not_seen_launched_resting_in_the_last_winning_pocket_is_no_outcome(
        rest_k: int, hand_px: int, read: bool) -> None:
    # seed 10201 001 r3: the object missed, the ball carried in over the rim by a hand
    # taken for a landing and read as the last outcome's number: a wrong outcome
    events = run(after_a_void(rest_k, object_seen=False, hand_px=hand_px))
    assert not of(events, "void")
    numbers = [o.result.number for o in of(events, "outcome")]  # type: ignore[union-attr]
    assert numbers == [WHEEL_SEQUENCE_CW[9]] + ([WHEEL_SEQUENCE_CW[rest_k]] if read else [])
    why = [e.reason for e in of(events, "abstain")]
    assert why == ([] if read else ["ball_put_back" if rest_k == 9 else "ball_handled"])


@pytest.mark.parametrize(("hand_px", "hand_at", "read"), [
    (HAND_PX, 385, False),  # a hand over the pockets as the ball came in: put back
    (120, 330, False),  # a smaller hand, gone 1.3 s before the ball came in: still maybe
    (0, 385, True),  # no hand: the same number came up again, the roll's track unseen
    (40, 385, True),  # a few px taken for a hand beside the hopping ball: no hand
    (HAND_PX, 200, True),  # a hand over the pockets 5.7 s before the ball came in: no put-back
])
def test_the_last_winning_number_again_is_paid_when_no_hand_put_the_ball_there(
        hand_px: int, hand_at: int, read: bool) -> None:
    # fresh seeds 14301-14701: every repeated number on a camera that does not see the
    # track (launch told late, 0.1-0.4 turns) was held back as maybe put back, 8 rounds;
    # a ball put back by hand shows the hand over the pockets (181-1313 px), a roll not
    events = run(after_a_void(9, object_seen=False, hand_px=hand_px, hand_at=hand_at))
    numbers = [o.result.number for o in of(events, "outcome")]  # type: ignore[union-attr]
    assert numbers == [WHEEL_SEQUENCE_CW[9]] * (2 if read else 1)
    put = [e for e in of(events, "abstain") if e.reason == "ball_put_back"]
    assert len(put) == (0 if read else 1)


def test_a_ball_carried_out_of_the_bowl_is_no_launch() -> None:
    # a dealer's hand lifts the ball out of its pocket and carries it up the bowl and away,
    # turning a little as it goes; no fingers are seen at it: a ball in play never climbs
    obs = [FrameObs(f, 0.0, ()) for f in range(10)]
    obs += [FrameObs(f, 0.0, (BallObs(1.2 + 0.08 * (f - 10), 1.0 + 0.1 * (f - 10)),))
            for f in range(10, 22)]
    obs += [FrameObs(f, 0.0, ()) for f in range(22, 60)]
    assert not of(run(obs), "ball_launched")


@pytest.mark.parametrize("fps", [50.0, 60.0])
def test_a_ball_carried_slowly_up_the_bowl_at_a_high_frame_rate_is_no_launch(fps: float
                                                                           ) -> None:
    # seed 13101 026 r0 (60 fps): the dealer's fingers, unseen, carry the ball from its
    # pocket up the bowl at ~0.03 ring radii a frame (under the 0.04 a frame that bounds a
    # climb at 30 fps, but 1.8 a second), turning with the wheel's way at 2.4 rad/s: no
    # launch or landing, no way, no same-direction flag
    wheel = 0.47
    obs = [FrameObs(f, wheel * f / fps % (2 * np.pi), ()) for f in range(10)]
    for f in range(10, 50):
        zero = wheel * f / fps % (2 * np.pi)
        rho = 1.05 + 1.8 * (f - 10) / fps
        obs.append(FrameObs(f, zero, (BallObs(rho, (5.7 + 2.4 * (f - 10) / fps)
                                              % (2 * np.pi)),)))
    obs += [FrameObs(f, wheel * f / fps % (2 * np.pi), ()) for f in range(50, 120)]
    events = track(obs, fps=fps, band=BAND, head=HEAD, sense=1, trusted=True)
    assert not of(events, "ball_launched") and not of(events, "violation")


def test_a_ball_running_on_a_steeply_tilted_track_at_60_fps_is_launched() -> None:
    # seed 13001 020 (60 fps, camera 34 deg): the track off the pocket plane, the running
    # ball climbs and falls in the image by 0.15 ring radii as it goes round at 12 rad/s,
    # up to 0.03 a frame (1.8 a second) but little per radian: still a launch
    fps, wheel = 60.0, 0.47
    obs = [FrameObs(f, wheel * f / fps % (2 * np.pi), ()) for f in range(10)]
    for f in range(10, 60):
        theta = 3.0 - 12.0 * (f - 10) / fps  # climbing from the first sighting
        obs.append(FrameObs(f, wheel * f / fps % (2 * np.pi),
                            (BallObs(2.0 + 0.15 * np.sin(theta), theta % (2 * np.pi)),)))
    launched = [e for e in of(track(obs, fps=fps, band=BAND, head=HEAD, sense=1,
                                    trusted=True), "ball_launched")]
    assert len(launched) == 1 and launched[0].frame <= 10 + 0.4 * fps + 3


def test_deflectors_glinting_in_turn_before_the_ball_are_no_launch() -> None:
    # diamonds on the bowl 22.5 degrees apart glint in turn, now one way, now jumping back:
    # no launch while they do (steps between them can look like a ball's speed); the ball
    # running into view on the track at 8 rad/s is launched once they are gone
    obs = [FrameObs(f, 0.8 * f / FPS, ()) for f in range(10)]
    order = [0, 1, 2, 7, 6, 5, 11, 12, 13, 3]
    obs += [FrameObs(f, 0.8 * f / FPS,
                     (BallObs(HEAD + 0.1, order[(f - 10) // 2] * np.pi / 8),))
            for f in range(10, 30)]
    obs += [FrameObs(f, 0.8 * f / FPS, (BallObs(1.9, (1.0 - 8.0 * (f - 30) / FPS) % (2 * np.pi)),))
            for f in range(30, 70)]
    launched = [e.frame for e in of(run(obs), "ball_launched")]
    assert len(launched) == 1 and 30 <= launched[0] <= 30 + 0.4 * FPS + 3


@pytest.mark.parametrize(("swing", "first_read"), [
    (0.03, 8),  # rolling in and out over the frets of pocket 8 for 0.4 s: read only in 7
    (0.01, 8),  # (control) the same 0.4 s nearly still: it would be read in pocket 8
])
def test_a_ball_rolling_in_and_out_of_a_pocket_is_not_at_rest(swing: float,
                                                               first_read: int) -> None:
    obs = [FrameObs(f, 0.0, ()) for f in range(20)]
    for f in range(20, 80):
        zero = 0.5 * f / FPS
        if f < 32:
            rho, k = 0.95, 7 + 3 * (1 - (f - 20) / 12)  # hopping in from pocket 10
        elif f < 44:
            rho, k = 0.97 + swing * np.sin((f - 32) * 2 * np.pi / 8), 8.0
        else:
            rho, k = 0.95, 8 - min((f - 44) / 4, 1.0)
        obs.append(FrameObs(f, zero, (BallObs(rho, zero + k * POCKET_RAD),)))
    events = run(obs)
    numbers = [o.result.number for o in of(events, "outcome")]  # type: ignore[union-attr]
    expected = WHEEL_SEQUENCE_CW[7] if swing > 0.025 else WHEEL_SEQUENCE_CW[first_read]
    assert numbers == [expected]


@pytest.mark.parametrize(("unseen", "read"), [
    (12, True),  # 0.4 s unseen in its pocket (the far side of a tilted wheel): found again
    (20, False),  # 0.67 s: gone, abstained
])
def test_a_ball_unseen_for_a_moment_in_the_pockets_is_found_again(unseen: int,
                                                                  read: bool) -> None:
    path = [3 - 3 * min(i / 6, 1.0) for i in range(8)] + [0.0] * 40  # hops in, rests
    obs = [FrameObs(o.frame, o.zero, ()) if 28 <= o.frame < 28 + unseen else o
           for o in in_pocket_7(path)]
    events = run(obs)
    numbers = [o.result.number for o in of(events, "outcome")]  # type: ignore[union-attr]
    assert numbers == ([WHEEL_SEQUENCE_CW[7]] if read else [])
    assert [e.reason for e in of(events, "abstain")] == ([] if read else ["ball_lost"])


def spot_then_a_round(spot_rho: float) -> list[FrameObs]:
    """An object while idle (frames 5..30: a void), then a ball-like spot at ``spot_rho``
    and a fixed image angle in every 4th frame, and from frame 200 a round (``story``)
    with the spot still flickering."""
    obs = [FrameObs(f, 0.4, (), object_seen=5 <= f < 30) for f in range(200)]
    later, _ = story(pocket_k=5)
    obs += [FrameObs(o.frame + 200, o.zero, o.balls, o.object_seen) for o in later]
    spot = BallObs(spot_rho, 3.0)
    return [replace(o, balls=o.balls + (spot,)) if o.frame >= 35 and o.frame % 4 == 0 else o
            for o in obs]


@pytest.mark.parametrize("spot_rho", [
    HEAD + 0.05,  # just outside the head's edge (the calibration takes a number ring in)
    HEAD + 0.5,  # up on the bowl
])
def test_a_spot_seen_now_and_then_on_the_bowl_holds_a_void(spot_rho: float) -> None:
    # it may be the ball, still in the bowl: the void waits for it to go
    events = run(spot_then_a_round(spot_rho))
    assert [e.frame for e in of(events, "void")] == [5]
    assert not any(e.frame < 200 for e in of(events, "ball_removed"))
    assert not of(events, "outcome")


LINGER = [-0.25, -0.15, -0.07, -0.02, 0.02, 0.03, 0.0, -0.05, -0.12, -0.2]  # pockets from 7


@pytest.mark.parametrize(("then", "rest_k"), [
    # hops into 7, creeps past its centre and turns back within 0.33 s, then runs on back
    # 2 pockets, speeding up (seed 9901 clip 002 round 0: a hop back starting slowly, seen
    # from a tilted camera, was read as a rest in 7)
    (-2.0, 5),
    # (control) the same, but it rocks back to 7's centre and rests there: read at once
    (0.0, 7),
])
def test_a_ball_lingering_then_running_back_is_read_where_it_rests(then: float,
                                                                   rest_k: int) -> None:
    landing = [-3.0, -2.5, -2.0, -1.5, -1.0, -0.5]  # a steady hop in
    last = LINGER[-1]
    if then:  # speeds up away from 7, reaches its pocket in 8 frames and rests there
        leave = [last + (then - last) * min(((i + 1) / 8) ** 1.5, 1.0) for i in range(60)]
    else:
        leave = [last * max(1 - (i + 1) / 4, 0.0) for i in range(60)]
    settle = 20 + len(landing) + len(LINGER) + (8 if then else 0)  # (or it never left)
    outs = of(run(in_pocket_7(landing + LINGER + leave)), "outcome")
    assert [o.result.number for o in outs] == [WHEEL_SEQUENCE_CW[rest_k]]  # type: ignore[union-attr]
    assert settle <= outs[0].frame <= settle + 0.4 * FPS


def resting_then_an_object(rest_until: int, creep: float = 0.0, carried: int = 0
                           ) -> list[FrameObs]:
    """Idle: a ball rides in a pocket (the last round's, not yet taken out) until
    ``rest_until``; from frame 125 to 140 an object is seen (the dealer's fingers at it).
    ``creep``: the spot goes this many pockets a second along the wheel instead (a glint
    sliding over the turning frets, no ball). ``carried``: before that frame the ball is
    carried along the pockets at 3 pockets a second (a hand putting it back)."""
    obs = []
    for f in range(160):
        zero = (0.4 + 0.8 * f / FPS) % (2 * np.pi)
        rel = (5 + creep * f / FPS - 3.0 * max(carried - f, 0) / FPS) * POCKET_RAD
        balls = (BallObs(0.95, (zero + rel) % (2 * np.pi)),) if f <= rest_until else ()
        obs.append(FrameObs(f, zero, balls, object_seen=125 <= f < 140))
    return obs


@pytest.mark.parametrize(("rest_until", "voided"), [
    (120, False),  # seen resting 0.17 s before: no roll is going on, a hand takes the ball
    (60, True),  # last seen resting 2.2 s before: taken out; a roll may run out of view
    (-1, True),  # no ball at rest at all: the same
])
def test_an_object_while_a_ball_rests_in_a_pocket_is_no_void(rest_until: int,
                                                             voided: bool) -> None:
    events = run(resting_then_an_object(rest_until))
    assert [e.frame for e in of(events, "void")] == ([125] if voided else [])
    assert not of(events, "outcome") and not of(events, "ball_launched")


@pytest.mark.parametrize(("creep", "voided"), [
    (0.5, False),  # a ball at rest (slower than a settling ball may go): no void
    (2.0, True),  # seed 13201 024 r4: a spot creeping 1.6-1.9 pockets a second along the
    (-2.0, True),  # wheel while learnt is no ball at rest; the chip lying there voids
])
def test_a_spot_creeping_along_the_wheel_is_no_ball_at_rest(creep: float,
                                                            voided: bool) -> None:
    events = run(resting_then_an_object(120, creep))
    assert [e.frame for e in of(events, "void")] == ([125] if voided else [])
    assert not of(events, "outcome") and not of(events, "ball_launched")


@pytest.mark.parametrize("carried", [10, 25])
def test_a_ball_carried_into_its_pocket_then_at_rest_is_a_ball_at_rest(carried: int) -> None:
    # fresh seed 17101 002 r3: the ball put back after a void was carried along the pockets
    # by the dealer's fingers as it was first seen, then rode in its pocket for 2.8 s; its
    # creep, taken over its first sightings only, said it crept: no ball at rest, and the
    # fingers taking it out for the next spin were voided as an object
    events = run(resting_then_an_object(120, carried=carried))
    assert not of(events, "void") and not of(events, "outcome")


def caught_then_dropped(rest_k: int) -> list[FrameObs]:
    """A round read as pocket 9, the ball taken; a ball launched on the track, then fingers
    at it on the bowl (caught in play: perhaps for an object the camera did not see);
    then a hand over the pockets and a ball slides 2.5 pockets along the pockets, free, and
    rests in pocket ``rest_k`` (no roll on the bowl seen)."""
    obs, _ = story(pocket_k=9)
    theta = 1.0
    for f in range(260, 480):
        zero = (0.4 + 0.8 * f / FPS) % (2 * np.pi)
        balls: tuple[BallObs, ...] = ()
        if 300 <= f < 345:  # launched: on the track at 10 rad/s, caught from frame 340
            theta -= 10.0 / FPS
            balls = (BallObs(2.0, theta % (2 * np.pi), held=f >= 340),)
        elif f >= 400:
            rel = (rest_k - 2.5 * (1 - min((f - 400) / 6, 1.0))) * POCKET_RAD
            balls = (BallObs(0.95, (zero + rel) % (2 * np.pi)),)
        obs.append(FrameObs(f, zero, balls, hand_px=HAND_PX if 385 <= f < 445 else 0))
    return obs


@pytest.mark.parametrize(("rest_k", "read"), [
    (9, False),  # the last winning number: put back by hand, the void perhaps unseen
    (12, False),  # another pocket, the hand there as it came in: handled, not paid
])
def test_the_ball_put_back_after_it_was_caught_in_play_is_no_outcome(rest_k: int,
                                                                    read: bool) -> None:
    events = run(caught_then_dropped(rest_k))
    numbers = [o.result.number for o in of(events, "outcome")]  # type: ignore[union-attr]
    assert numbers == [WHEEL_SEQUENCE_CW[9]] + ([WHEEL_SEQUENCE_CW[rest_k]] if read else [])
    why = [e.reason for e in of(events, "abstain")]     # the catch, then the ball set down
    assert why == ["ball_handled", "ball_put_back" if rest_k == 9 else "ball_handled"]


def void_then_spun_again(*, hand_seen: bool = True, ball_dir: int = -1) -> list[FrameObs]:
    """Seed-10001 clip 019 rounds 3-4: an object falls in while the ball runs on the track
    (a void); a hand catches the ball and puts it back into pocket 7, where it rides; the
    hand takes it out again and, unseen for a third of a second, spins it: a new round
    (``story``, resting in pocket 20, ``ball_dir``). The ball is never out of sight for
    long. ``hand_seen`` False: no fingers are seen at the ball (seed 10301 025 r2-r3)."""
    first = 200
    obs: list[FrameObs] = []
    pocket_7 = 0.4 + 0.8 * (90 - first) / FPS + 7 * POCKET_RAD  # its image angle at frame 90
    theta = pocket_7 + 12.0 * 60 / FPS  # the track ends where the hand carries it down
    for f in range(first):
        zero = 0.4 + 0.8 * (f - first) / FPS  # continues into the story's wheel
        ball: BallObs | None = None
        if 10 <= f < 70:  # launched: on the track at 12 rad/s
            theta -= 12.0 / FPS
            ball = BallObs(2.0, theta % (2 * np.pi))
        elif 70 <= f < 90:  # caught, carried down to pocket 7
            ball = BallObs(2.0 - 1.05 * (f - 70) / 20, theta % (2 * np.pi), held=hand_seen)
        elif 90 <= f < 180:  # put back: it rides in pocket 7
            ball = BallObs(0.95, (zero + 7 * POCKET_RAD) % (2 * np.pi))
        elif f >= 180:  # taken out again, up the bowl
            lift = 0.4 + 0.8 * (180 - first) / FPS + 7 * POCKET_RAD
            ball = BallObs(0.95 + 1.05 * (f - 180) / 20, lift % (2 * np.pi), held=hand_seen)
        obs.append(FrameObs(f, zero % (2 * np.pi), () if ball is None else (ball,),
                            object_seen=40 <= f < 50))
    spun, _ = story(pocket_k=20, ball_dir=ball_dir)
    return obs + [replace(o, frame=o.frame + first) for o in spun]


def test_a_ball_spun_again_after_a_void_without_leaving_sight_is_read() -> None:
    events = run(void_then_spun_again())
    assert [e.frame for e in of(events, "void")] == [40]
    assert [o.result.number for o in of(events, "outcome")] == [  # type: ignore[union-attr]
        WHEEL_SEQUENCE_CW[20]]


@pytest.mark.parametrize(("hand_seen", "ball_dir", "flagged"), [
    (True, 1, True),  # spun again the wheel's way, a new round (the hand seen): flagged
    (False, 1, True),  # no fingers seen: the void lasts, yet the new spin's way is checked
    (False, -1, False),  # ... and opposite ways are no violation
])
def test_a_spin_after_a_void_is_checked_for_its_way(hand_seen: bool, ball_dir: int,
                                                    flagged: bool) -> None:
    # the void round's ball ran opposite to the wheel; put back in pocket 7, it rode
    # there, then was spun again (seed 10301 025 r3: the same way as the wheel, unflagged)
    events = run(void_then_spun_again(hand_seen=hand_seen, ball_dir=ball_dir))
    flags = of(events, "violation")
    assert len(flags) == (1 if flagged else 0)
    assert all(e.frame >= 200 for e in flags)  # in the new spin, not the void round
    assert not (of(events, "outcome") and not hand_seen)  # no outcome in a void


def test_a_void_rounds_ball_running_on_is_no_new_round() -> None:
    # an object falls in and is gone again while the ball runs on, fast and free; nobody
    # catches it, it comes down and rests in pocket 20: still the void round, no outcome
    obs, _ = story(pocket_k=20, object_at=30, object_until=40)
    events = run(obs)
    assert [e.frame for e in of(events, "void")] == [30]
    assert not of(events, "outcome") and len(of(events, "ball_launched")) == 1


@pytest.mark.parametrize(("after_s", "voids"), [
    (2.5, 1),  # the dealer's fingers taking the ball put back, soon after the void's end
    (5.0, 2),  # later: a roll whose track the camera does not see, voided
])
def test_objects_soon_after_a_void_do_not_void_again(after_s: float, voids: int) -> None:
    # seed 10101 000: a void (r1), its ball put back and taken out again to spin 2.6 s
    # after the void ended; the fingers over the pockets (their hand's link over the
    # cone, out of the strip) were a second, false void in r2
    obs, _ = story(pocket_k=3, object_at=60, object_until=80)
    events = run(obs)
    removed = of(events, "ball_removed")[-1].frame
    start = removed + int(after_s * FPS)
    obs += [FrameObs(f, (0.4 + 0.8 * f / FPS) % (2 * np.pi), (),
                     object_seen=start <= f < start + 10) for f in range(260, start + 20)]
    assert len(of(run(obs), "void")) == voids


def caught_then_chip(object_at: int) -> list[FrameObs]:
    """A ball running on the track, caught there by a hand (fingers seen at it); from then
    a white spot rides with the wheel in the pockets (a chip fallen onto the head) and an
    object is seen from ``object_at`` for 10 frames."""
    obs = []
    for f in range(object_at + 20):
        zero = (0.4 + 0.8 * f / FPS) % (2 * np.pi)
        balls: tuple[BallObs, ...] = ()
        if 10 <= f < 50:
            balls = (BallObs(2.0, (1.0 - 10.0 * (f - 10) / FPS) % (2 * np.pi)),)
        elif 50 <= f < 53:
            balls = (BallObs(2.0, (1.0 - 10.0 * 40 / FPS) % (2 * np.pi), held=True),)
        elif f >= 56:
            balls = (BallObs(0.95, (zero + 7 * POCKET_RAD) % (2 * np.pi)),)
        obs.append(FrameObs(f, zero, balls, object_seen=object_at <= f < object_at + 10))
    return obs


@pytest.mark.parametrize(("object_at", "voided"), [
    (80, True),  # 0.9 s after the catch: the chip still lies there, a void round
    (120, False),  # 2.3 s after: a spot riding in a pocket may be the ball put back
])
def test_an_object_soon_after_the_ball_was_caught_on_the_bowl_voids(object_at: int,
                                                                   voided: bool) -> None:
    # seed 10101 000 r3: the dealer caught the ball on the track, a white chip lay in the
    # pockets; riding with the wheel there it looked like a ball at rest, which forbade
    # the idle void (no roll goes on while a ball rests), so the void was missed
    events = run(caught_then_chip(object_at))
    assert [e.reason for e in of(events, "abstain")] == ["ball_handled"]
    assert bool(of(events, "void")) is voided


@pytest.mark.parametrize(("ball", "wheel", "flagged"), [
    (2.9, 0.8, True),  # same way: under direction_rad_s by the head's edge, no sample
    (-2.9, -0.8, True),  # the other way round
    (2.9, -0.8, False),  # opposite ways: the bounce back in the pockets goes the wheel's
    (-2.9, 0.8, False),  # way, the run the ball's: not flagged
])
def test_a_run_by_the_heads_edge_gives_the_way(ball: float, wheel: float,
                                               flagged: bool) -> None:
    # a camera sees the ball only coming down by the head's edge (seed 10201 005 r4,
    # 008 r1): too slow there for a direction sample, and its travel to rest is the bounce
    # back; its one-way run relative to the wheel before the pockets tells the way
    events = run(approach(ball_rad_s=ball, wheel_rad_s=wheel, bowl_rho=1.22))
    assert len(of(events, "outcome")) == 1
    assert len(of(events, "violation")) == (1 if flagged else 0)


def lost_by_the_heads_edge(ball_rad_s: float, wheel_rad_s: float, found: bool = False,
                           hop_pockets: float = 2.0) -> list[FrameObs]:
    """The ball seen launched by the head's edge for 9 frames, then unseen; ``found``: a
    spot seen 0.6 s later in the pockets, hopping ``hop_pockets`` on before it rests (seed
    10201 008 r3), else never again."""
    obs = approach(ball_rad_s=ball_rad_s, wheel_rad_s=wheel_rad_s, bowl_rho=1.22)
    out = []
    for o in obs:
        if 19 <= o.frame < 37 or (o.frame >= 37 and not found):
            out.append(replace(o, balls=()))
        elif o.frame >= 37:  # hops 2 pockets the ball's way over 8 frames, then rides
            hop = min((o.frame - 37) / 8, 1.0) * hop_pockets * POCKET_RAD * np.sign(ball_rad_s)
            out.append(replace(o, balls=(BallObs(0.95, (o.zero + 0.5 + hop) % (2 * np.pi)),)))
        else:
            out.append(o)
    return out


@pytest.mark.parametrize(("ball", "wheel", "flagged"), [
    (2.9, 0.8, True),  # same way: flagged once unseen for lost_pocket_s, within the round
    (-2.9, -0.8, True),  # the other way round
    (2.9, -0.8, False),  # opposite ways: not flagged
])
def test_a_ball_lost_on_the_heads_rim_is_given_up_within_the_round(
        ball: float, wheel: float, flagged: bool) -> None:
    # last seen on the head's rim (under its edge, above the pockets), the track never
    # takes it up there again after regain_s: ball_lost after lost_rim_s, not lost_bowl_s
    # (10 s, after the round ended), and the way its run showed is still checked
    events = run(lost_by_the_heads_edge(ball, wheel))
    lost = of(events, "abstain")
    assert [e.reason for e in lost] == ["ball_lost"]
    assert lost[0].frame <= 18 + 1.5 * FPS + 1
    violations = of(events, "violation")
    assert len(violations) == (1 if flagged else 0)
    assert all(v.frame <= lost[0].frame for v in violations)


@pytest.mark.parametrize(("ball", "hop", "read"), [
    (2.9, 2.0, True),  # found hopping in a pocket after it was lost on the head's rim
    (-2.9, 2.0, True),  # the other way round
    (2.9, 0.0, False),  # a spot riding in a pocket from the start: a look-alike, no read
])
def test_a_ball_lost_on_the_heads_rim_is_found_hopping_in_a_pocket(ball: float, hop: float,
                                                                   read: bool) -> None:
    events = run(lost_by_the_heads_edge(ball, 0.8, found=True, hop_pockets=hop))
    assert len(of(events, "outcome")) == (1 if read else 0)
    assert [e.reason for e in of(events, "abstain")] == ([] if read else ["ball_lost"])


def void_then_again(again_at: int, resting: bool) -> list[FrameObs]:
    """An object while idle (frames 5..30: a void) held on by a ball-like spot on the bowl
    seen in every 4th frame (the void waits for it), or, ``resting``, by a ball riding in a
    pocket (put back); an object seen again from ``again_at`` for 15 frames."""
    obs = []
    for f in range(again_at + 40):
        zero = (0.4 + 0.8 * f / FPS) % (2 * np.pi)
        balls: tuple[BallObs, ...] = ()
        if resting and f >= 35:
            balls = (BallObs(0.95, (zero + 5 * POCKET_RAD) % (2 * np.pi)),)
        elif f >= 35 and f % 4 == 0:
            balls = (BallObs(HEAD + 0.5, 3.0),)
        seen = 5 <= f < 30 or again_at <= f < again_at + 15
        obs.append(FrameObs(f, zero, balls, object_seen=seen))
    return obs


@pytest.mark.parametrize(("again_at", "resting", "voids"), [
    # seen again 1 s after it was gone: the same void's object (the hand came over it)
    (60, False, [5]),
    # seen again 4 s after, the void still held on (seed 10301 020 r3, 025 r3: the next
    # round launched unseen, its object sent nothing): a new void
    (150, False, [5, 150]),
    # ... but by a ball resting in its pocket: the dealer's fingers at it, no void
    (150, True, [5]),
])
def test_an_object_long_after_the_voids_own_is_a_new_void(again_at: int, resting: bool,
                                                          voids: list[int]) -> None:
    events = run(void_then_again(again_at, resting))
    assert [e.frame for e in of(events, "void")] == voids
    assert not of(events, "outcome")


def chip_down_while_running(*, runs_from: int | None, hop_pockets: float) -> list[FrameObs]:
    """Seed 10401 021 r2's shape: a ball launched on the track at 12 rad/s; a white chip
    falls in just ahead of it (the ball unseen meanwhile) and comes down the bowl nearly
    straight into the pockets, hopping ``hop_pockets`` there before it rides with the
    wheel; the ball is seen running on the track again from ``runs_from`` (None: never)."""
    obs, theta, chip = [], 1.0, None
    wheel_rad_s = 0.8
    for f in range(130):
        zero = (0.4 + wheel_rad_s * f / FPS) % (2 * np.pi)
        theta += 12.0 / FPS
        balls: list[BallObs] = []
        if 41 <= f <= 50:  # coming down straight, the chip's image angle fixed
            chip = chip if chip is not None else theta + 0.2
            balls.append(BallObs(1.9 - 0.09 * (f - 41), chip % (2 * np.pi)))
        elif f > 50:  # in the pockets: a hop, then riding with the wheel
            rel0 = (chip or 0.0) - (0.4 + wheel_rad_s * 50 / FPS)
            rel = rel0 + hop_pockets * POCKET_RAD * min((f - 50) / 6, 1.0)
            balls.append(BallObs(1.05, (zero + rel) % (2 * np.pi)))
        if 10 <= f <= 40 or (runs_from is not None and f >= runs_from):
            balls.append(BallObs(2.0, theta % (2 * np.pi)))
        obs.append(FrameObs(f, zero, tuple(balls)))
    return obs


@pytest.mark.parametrize(("runs_from", "hop_pockets", "read"), [
    # seed 10401 021 r2: the chip 'rests' unhopped while the ball runs on in view at a
    # launch's speed: no outcome (a wrong number was paid)
    (52, 0.0, False),
    # nothing runs on the bowl: a ball come down that rests at once is read
    (None, 0.0, True),
    # it hopped two pockets (done by frame 56) before a spot ran on the bowl: the ball
    (57, 2.0, True),
])
def test_a_spot_come_down_while_the_ball_runs_on_is_no_outcome(runs_from: int | None,
                                                                hop_pockets: float,
                                                                read: bool) -> None:
    events = run(chip_down_while_running(runs_from=runs_from, hop_pockets=hop_pockets))
    assert len(of(events, "outcome")) == (1 if read else 0)



# seed 10501 017 r4 (25 fps, a close camera, the bowl out of view), the reader's
# sightings from 1614 (frame - 1614: ring radii, image angle; None: not seen): first seen
# on the head, 2.1 pockets on, 0.9 back off a fret, 1.9 on again, then at rest in 35
LANDING_017 = [(1.095, 5.09), None, (1.043, 5.272), (1.025, 5.358), (1.03, 5.314),
               (1.035, 5.263), None, (1.037, 5.138), (1.032, 5.082), (1.028, 5.023),
               (1.024, 5.003), (1.03, 5.004), None, (1.029, 5.022), (1.026, 5.027),
               (1.028, 5.039), None, (1.024, 5.075), (1.022, 5.061)]


def test_a_landing_ball_may_bounce_back_off_a_fret() -> None:
    # the steps back are 0.36 of the travel: under 0.25 (as before) no round started, the
    # resting ball was learnt as a look-alike, the round was missed
    fps, wheel = 25.0, -0.7665  # rad/s, as measured there
    obs = [FrameObs(f, (6.137 + wheel * (f - 14) / fps) % (2 * np.pi)) for f in range(14)]
    for i, seen in enumerate(LANDING_017 + [(1.022, 5.061 - 5.582)] * 60):
        zero = (6.137 + wheel * i / fps) % (2 * np.pi)
        if seen is not None and i >= len(LANDING_017):  # at rest, riding with the wheel
            seen = (seen[0], zero + seen[1])
        balls = () if seen is None else (BallObs(seen[0], seen[1] % (2 * np.pi)),)
        obs.append(FrameObs(14 + i, zero, balls))
    tracker = RoundTracker(fps=fps, sense=1, band_rho=(0.89, 1.27), head_rho=1.29)
    events = [e for o in obs for e in tracker.update(o)] + tracker.finish(obs[-1].frame)
    assert [o.result.number for o in of(events, "outcome")] == [35]  # type: ignore[union-attr]
    assert [e.extra["how"] for e in of(events, "ball_launched")] == ["landing"]


def test_the_turn_of_a_hop_back_off_a_fret_is_not_a_rest() -> None:
    # seed 11901 000 r0 (25 fps, a 22-degree tilt): the ball hops from pocket 7 to 8's
    # centre, bounces straight back off its fret into 7, then hops on through 8 into 9 and
    # rests there. Raised off the floor as it hops, it is seen up to 0.4 pockets further
    # on than it is (parallax), so it seems to slow into 8 and linger by its centre: as the
    # reader saw it then (pockets from 7's centre, frame by frame)
    fps = 25.0
    path = [0.01, 0.23, 0.37, 0.60, 0.77, 0.90, 0.99, 1.05, 1.10, 1.14, 1.14, 1.07, 0.98,
            0.88, 0.76, 0.52, 0.33, 0.21, 0.36, 0.65, 0.86, 0.99, 1.12, 1.29, 1.59, 1.90,
            2.12] + [2.15] * 40
    obs = [FrameObs(f, 0.0, ()) for f in range(20)]
    for i, k in enumerate([-3.0, -2.5, -2.0, -1.5, -1.0, -0.5] + path):
        f = 20 + i
        zero = 0.5 * f / fps
        obs.append(FrameObs(f, zero, (BallObs(0.95, zero + (7 + k) * POCKET_RAD),)))
    outs = of(track(obs, fps=fps, band=BAND, head=HEAD, sense=1), "outcome")
    assert [o.result.number for o in outs] == [WHEEL_SEQUENCE_CW[9]]  # type: ignore[union-attr]


@pytest.mark.parametrize(("fps", "after"), [(25.0, 7), (30.0, 8), (50.0, 14), (60.0, 17)])
def test_a_ball_come_to_rest_is_read_once_its_window_is_full(fps: float, after: int) -> None:
    # the ball hops a pocket a frame into its pocket and lies still from frame ``settle``:
    # read on the window's last frame, ceil(settle_s * fps) frames of rest from the
    # settle, the first its own; the confirm (the read held a frame or two before) asks
    # for no more rest than that (a confirm over windows shifted back did: read 1 frame
    # later at 25 and 30 fps, 2 at 50 and 60, latency 0.32 s at 25 fps)
    obs = [FrameObs(f, 0.0, ()) for f in range(20)]
    settle = 20 + 8
    for f in range(20, settle + int(fps)):
        zero = 0.5 * f / fps
        k = max(0, settle - f) * 1.0  # pockets short of the resting one, then none
        obs.append(FrameObs(f, zero, (BallObs(0.95, zero + (7 - k) * POCKET_RAD),)))
    outs = of(track(obs, fps=fps, band=BAND, head=HEAD, sense=1), "outcome")
    assert [o.result.number for o in outs] == [WHEEL_SEQUENCE_CW[7]]  # type: ignore[union-attr]
    assert outs[0].frame == settle + after


def carried_back_after_a_void(*, spun_again: bool) -> list[FrameObs]:
    """Seed 13501 008 r1-r2: a round read as pocket 9, the ball taken; the next is launched
    and an object falls in while the ball runs on the track (a void). A hand catches the
    ball there and has it out of sight for 0.8 s (the void ends), then carries it down the
    bowl to pocket 9 (Art. 2) going round at 3 rad/s, no fingers seen at it, and puts it
    back (the hand over the pockets), where it rides; then the hand lifts it out. With
    ``spun_again``, it is spun (``story``, resting in pocket 20)."""
    obs, _ = story(pocket_k=9)
    first = 530

    def pocket_9(f: int) -> float:
        return 0.4 + 0.8 * f / FPS + 9 * POCKET_RAD

    for f in range(260, first):
        ball: BallObs | None = None
        if 280 <= f < 336:  # launched: on the track at 12 rad/s
            ball = BallObs(2.0, (1.0 - 12.0 * (f - 280) / FPS) % (2 * np.pi))
        elif 361 <= f < 381:  # carried down to pocket 9
            ball = BallObs(2.0 - 1.05 * (f - 361) / 19,
                           (pocket_9(380) + 3.0 * (380 - f) / FPS) % (2 * np.pi))
        elif 381 <= f < 500:  # put back: it rides in pocket 9
            ball = BallObs(0.95, pocket_9(f) % (2 * np.pi))
        elif 500 <= f < 520:  # taken out again, up the bowl
            ball = BallObs(0.95 + 1.05 * (f - 500) / 20, pocket_9(500) % (2 * np.pi), held=True)
        obs.append(FrameObs(f, (0.4 + 0.8 * f / FPS) % (2 * np.pi),
                            () if ball is None else (ball,), object_seen=320 <= f < 330,
                            hand_px=HAND_PX if 370 <= f < 400 else 0))  # (putting it in)
    if spun_again:
        turn = 0.8 * first / FPS  # (the story's wheel, carried on from here)
        spun, _ = story(pocket_k=20)
        obs += [replace(o, frame=o.frame + first, zero=(o.zero + turn) % (2 * np.pi),
                        balls=tuple(replace(b, theta=(b.theta + turn) % (2 * np.pi))
                                    for b in o.balls)) for o in spun]
    return obs


@pytest.mark.parametrize("spun_again", [False, True])
def test_the_void_rounds_ball_carried_back_to_its_pocket_is_no_launch(spun_again: bool
                                                                      ) -> None:
    # seed 13501 008 r2: the carry down the bowl, one way at a ball's speed, was taken for
    # a launch and the ball put back paid as the last winning number inside the void
    # round; the dealer spins again only once the ball is back in its pocket
    events = run(carried_back_after_a_void(spun_again=spun_again))
    assert [e.frame for e in of(events, "void")] == [320]
    assert [o.result.number for o in of(events, "outcome")] == [  # type: ignore[union-attr]
        WHEEL_SEQUENCE_CW[9]] + ([WHEEL_SEQUENCE_CW[20]] if spun_again else [])


@pytest.mark.parametrize(("hand_px", "hand_from", "paid"), [
    (HAND_PX, 110, False),  # over the pockets as the ball settles: handled, not paid
    (HAND_PX, 40, True),  # over them as the ball ran on the track, gone when it came in
    (40, 110, True),  # a few px taken for a hand beside the settling ball: no hand
    (0, 110, True),  # no hand
])
def test_a_ball_settling_under_a_dealers_hand_is_not_paid(hand_px: int, hand_from: int,
                                                          paid: bool) -> None:
    # fresh seed 15901 clip 022 r2: a card fell onto the head unseen, the ball came to lie
    # on it, and the dealer's hand over the pockets carried both with the wheel; the ball,
    # rolled 1.2 turns, was read at rest in 22: a wrong outcome in a void round
    obs, settle = story(pocket_k=5)
    obs = [replace(o, hand_px=hand_px if hand_from <= o.frame < hand_from + 30 else 0)
           for o in obs]
    events = run(obs)
    assert [o.result.number for o in of(events, "outcome")] == (  # type: ignore[union-attr]
        [WHEEL_SEQUENCE_CW[5]] if paid else [])
    assert [e.reason for e in of(events, "abstain")] == ([] if paid else ["ball_handled"])


def test_the_last_balls_carry_before_a_launch_is_not_its_way_in() -> None:
    # fresh seed 16001 clip 006 r3 (1280x960): the dealer's hand took the last ball from
    # its pocket and launched it; the launch's run of sightings began with the ball in
    # the hand over the pockets, taken for its way in: the hand there "while it settled",
    # and the round, 12 read right, was held back as ball_handled
    obs, _ = story(pocket_k=5)
    old = (obs[0].zero + 0.6) % (2 * np.pi)       # the last round's pocket
    obs = [replace(o, balls=(BallObs(0.95, old, held=True),), hand_px=HAND_PX)
           if 4 <= o.frame < 10 else replace(o, hand_px=HAND_PX if o.frame < 12 else 0)
           for o in obs]
    events = run(obs)
    assert [o.result.number for o in of(events, "outcome")] == [  # type: ignore[union-attr]
        WHEEL_SEQUENCE_CW[5]]
    assert not of(events, "abstain")
    # in the pockets once, as it came down the slope (from frame 90), not from the hand
    assert [e.frame >= 90 for e in of(events, "ball_in_pockets")] == [True]


@pytest.mark.parametrize(("hand_px", "launches"), [
    (HAND_PX, 0),  # the dealer's hand over the pockets lifting the ball out: no launch
    (0, 1),  # no hand there: the same run is a launch (the way the wheel turns)
])
def test_a_ball_lifted_out_by_hand_is_no_launch(hand_px: int, launches: int) -> None:
    # fresh seed 16001 clip 029 r4 (25 fps): the ball lifted out of its pocket, fingers
    # unseen at it, ran with the hand the way the wheel turns, 3 frames after it was seen
    # removed: a launch, and a same-direction violation in a round that had none
    obs, _ = story(pocket_k=5, remove=False)
    rest = obs[225].balls[0].theta
    lifted = []
    for o in obs[:225]:
        lifted.append(replace(o, hand_px=hand_px if o.frame >= 222 else 0))
    for o in obs[225:]:     # lifted out of sight in the hand, then seen carried round
        k = o.frame - 225
        ball = (BallObs(1.2 + 0.02 * (k - 18), (rest + 0.25 * (k - 18)) % (2 * np.pi)),) \
            if 18 <= k < 24 else ()
        lifted.append(replace(o, balls=ball, hand_px=hand_px if k < 24 else 0))
    spin = obs[-1].zero - obs[-2].zero
    lifted += [FrameObs(f, (obs[-1].zero + spin * (f - 259)) % (2 * np.pi), ())
               for f in range(260, 300)]
    events = run(lifted)
    assert len(of(events, "outcome")) == 1
    assert len(of(events, "ball_launched")) == 1 + launches
    assert len(of(events, "violation")) == launches
