"""The round state machine, frame by frame, on fake observations (no images).

A script is a list of steps; each step is one frame: ``M`` moving, ``S`` still, with the
lid model's verdict (``covered``) and the read the reader would hand over IF the tracker
asked for one (``wants_read``), exactly as the real reader drives it.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from vision.sicbo.settle import DiceObs, DieObs, FrameObs, Phase, RoundTracker, SettleParams

PLACES = ((100.0, 100.0), (200.0, 120.0), (150.0, 220.0))


def dice(*faces: int | None, poses: tuple[str, ...] = (), conf: float = 0.995,
         shift: float = 0.0) -> DiceObs:
    poses = poses or ("flat",) * len(faces)
    return DiceObs(tuple(
        DieObs((x + shift, y), 40.0, f, conf if f else 0.0, p)
        for (x, y), f, p in zip(PLACES, faces, poses, strict=False)))


NONE = DiceObs(())


def pale(read: DiceObs) -> DiceObs:
    """``read`` on a floor nearly as bright as the dice (a die may go unseen there)."""
    return replace(read, pale_floor=True)


def M(n: int, covered: bool | None = False) -> list[tuple]:  # noqa: N802
    return [(True, covered, None)] * n


def S(n: int, read: DiceObs | None = None, covered: bool | None = False) -> list[tuple]:  # noqa: N802
    return [(False, covered, read)] * n


def drive(script: list[tuple], params: SettleParams | None = None) -> list[tuple]:
    """Events as (type, frame, reason or result); reads only on frames the tracker asked."""
    tracker = RoundTracker(params or SettleParams())
    out = []
    for frame, (moving, covered, read) in enumerate(script):
        give = read if (tracker.wants_read and not moving) else None
        for ev in tracker.update(FrameObs(frame, moving, covered, give)):
            detail = ev.result.dice if ev.result is not None else ev.reason
            out.append((ev.type, ev.frame, detail))
    for ev in tracker.finish(len(script) - 1):
        out.append((ev.type, ev.frame, ev.reason))
    return out


def scored(events: list[tuple]) -> list[tuple]:
    return [e for e in events if e[0] in ("outcome", "void", "abstain")]


CASES = [
    # lid on 3 frames, lifted (moving 4), still: 2 still frames, then reads at 9 and 10 agree
    ("clean outcome", S(3, covered=True) + M(4) + S(6, dice(5, 1, 3)),
     [("outcome", 10, (1, 3, 5))]),
    # the first read misses a pip; the two later reads agree on the other face
    ("first read differs", M(2) + S(3, dice(1, 2, 3)) + S(3, dice(1, 2, 4)),
     [("outcome", 6, (1, 2, 4))]),
    # motion between two reads (a die still rolling): the read before it is discarded
    ("motion resets the spell", M(2) + S(3, dice(6, 6, 2)) + M(1) + S(4, dice(6, 6, 3)),
     [("outcome", 9, (3, 6, 6))]),
    # same faces but the dice moved between reads: not at rest, no outcome from them
    ("moved dice do not agree", M(2) + S(3, dice(4, 4, 4)) + S(1, dice(4, 4, 4, shift=30))
     + S(1, dice(4, 4, 4, shift=30)), [("outcome", 6, (4, 4, 4))]),
    # a leaning die on two reads: void, never an outcome
    ("leaning void", M(2) + S(5, dice(2, 3, 4, poses=("flat", "leaning", "flat"))),
     [("void", 5, "dice_leaning")]),
    # two dice visible, the upper one stacked: void stacked on the third read (fewer than
    # three dice: count_reads reads), no dice_count abstain
    ("stacked void", M(2) + S(6, dice(2, 5, poses=("flat", "stacked"))),
     [("void", 6, "dice_stacked")]),
    # two dice and a "stacked" pose on two reads, then the third die is found: an outcome
    ("two-dice pose needs three reads", M(2) + S(4, dice(2, 5, poses=("flat", "stacked")))
     + S(3, dice(2, 5, 1)), [("outcome", 7, (1, 2, 5))]),
    # one die seen, read leaning on every read (a fitting taken for a die): no void; the
    # pose keeps it reading to max_reads, then the count abstains (fresh seed 17804 clip
    # 025 r0, the rim's marker on the lid)
    ("one die posed", M(2) + S(8, dice(1, poses=("leaning",))),
     [("abstain", 9, "dice_count")]),
    # stacked and leaning seen together: stacked wins
    ("stacked beats leaning", M(2) + S(5, dice(2, 5, 1, poses=("leaning", "stacked", "flat"))),
     [("void", 5, "dice_stacked")]),
    # two dice, read flat, then stacked from the second read on: the count flag waits for
    # the pose's third read and the round voids (seed 10304 clip 003 r0 abstained)
    ("stack missed on the first read", M(2) + S(3, dice(2, 5)) + S(6, dice(
        2, 5, poses=("flat", "stacked"))), [("void", 7, "dice_stacked")]),
    # a pose on the third read only, then flat again: the flag waits while one of the last
    # count_reads reads shows it, then dice_count, no void (on a pale floor: two dice
    # seen are no stack there)
    ("one posed read", M(2) + S(4, pale(dice(2, 5))) + S(1, pale(dice(
        2, 5, poses=("flat", "stacked")))) + S(8, pale(dice(2, 5))),
     [("abstain", 9, "dice_count")]),
    # two dice, the upper one read flat, stacked, stacked, flat, stacked (a lit cue near its
    # threshold): stacked on three reads, more than flat, void stacked on the fifth read
    # (fresh seed 12404 clip 020 r1 abstained dice_count on the fourth)
    ("stack flickering", M(2) + S(2) + [
        (False, False, dice(3, 3, poses=("flat", "flat" if k in (0, 3) else "stacked")))
        for k in range(8)], [("void", 8, "dice_stacked")]),
    # ... but stacked on two reads of five, flat on three: no void
    ("stack outvoted", M(2) + S(2) + [
        (False, False, pale(dice(3, 3, poses=("flat", "stacked" if k in (1, 3) else "flat"))))
        for k in range(8)], [("abstain", 9, "dice_count")]),
    # only two dice, flat and sure, on three reads at the same places: the third is hidden
    # under one (all three are in view and opaque): dice_count, void stacked
    ("two dice", M(2) + S(8, dice(2, 5)), [("void", 6, "dice_stacked")]),
    # ... but on a floor nearly as bright as the dice a third may lie there unseen: abstain
    ("two dice on a pale floor", M(2) + S(8, pale(dice(2, 5))), [("abstain", 6, "dice_count")]),
    # ... and a die read unsurely may be a pair read as one die: abstain
    ("two dice, one unsure", M(2) + S(8, DiceObs((dice(2).dice[0], DieObs(
        PLACES[1], 40.0, 5, 0.6)))), [("abstain", 6, "dice_count")]),
    # ... and a die whose blob holds more than a die (a second die joined to it, its face
    # unread: fresh seed 15204 clip 018 r0, a one and a two corner to corner): abstain
    ("two dice, one joined", M(2) + S(8, DiceObs((dice(2).dice[0], DieObs(
        PLACES[1], 40.0, 5, 0.995, joined=True)))), [("abstain", 6, "dice_count")]),
    # ... and a third die in view that the reader could not read (a blob dropped as "not a
    # die" beside them: fresh seed 17604 clip 022 r4, a two read as its corner pip): abstain
    ("two dice, one unread", M(2) + S(8, replace(dice(2, 5), unread=True)),
     [("abstain", 6, "dice_count")]),
    # ... one read of the three on a pale floor: abstain
    ("two dice, pale once", M(2) + S(3, dice(2, 5)) + S(1, pale(dice(2, 5)))
     + S(8, dice(2, 5)), [("abstain", 6, "dice_count")]),
    # two dice but they wander between reads (reader noise): no void; abstain at max_reads
    ("two dice not at rest", M(2) + S(2) + [(False, False, dice(2, 5, shift=k * 30))
                                           for k in range(8)],
     [("abstain", 9, "low_confidence")]),
    # a stacked pose that jumps between dice (inconsistent reads): not a void
    ("stacked pose not consistent", M(2) + S(2) + [
        (False, False, dice(2, 5, 1, poses=("stacked", "flat", "flat") if k % 2 else
                            ("flat", "flat", "stacked"), shift=k % 2 * 30)) for k in range(8)],
     [("abstain", 9, "low_confidence")]),
    # two dice, the pair seen in turn as a stack (clean face) and as a lean (a face at
    # the lower die's side, 0.65 edge away): void stacked on the third read (seed 10104
    # clip 005 r1 abstained low_confidence)
    ("stack seen by two faces", M(2) + S(2) + [
        (False, False, DiceObs((dice(5).dice[0], DieObs((226.0, 120.0), 40.0, 6, 0.46,
                                                        "leaning"))) if k % 2 else
         dice(5, 6, poses=("flat", "stacked"))) for k in range(8)],
     [("void", 6, "dice_stacked")]),
    # the same with only leaning reads: void leaning
    ("lean seen by two faces", M(2) + S(2) + [
        (False, False, DiceObs((dice(5).dice[0], DieObs((200.0 + 26.0 * (k % 2), 120.0),
                                                        40.0, 6, 0.6, "leaning"))))
        for k in range(8)],
     [("void", 6, "dice_leaning")]),
    # two dice, one face of the pair at one place read leaning, leaning, stacked (a
    # borderline pose cue): most reads decide, void leaning (seed 10804 clip 005 r2, a
    # lean voided stacked)
    ("one face flickering", M(2) + S(2) + [
        (False, False, dice(1, 2, poses=("flat", "stacked" if k % 3 == 2 else "leaning")))
        for k in range(8)],
     [("void", 6, "dice_leaning")]),
    # ... and read stacked, stacked, leaning: void stacked
    ("one face flickering stacked", M(2) + S(2) + [
        (False, False, dice(1, 2, poses=("flat", "leaning" if k % 3 == 2 else "stacked")))
        for k in range(8)],
     [("void", 6, "dice_stacked")]),
    # the not-flat die jumps further than an edge between reads: no void (max_reads)
    ("posed die wandering", M(2) + S(2) + [
        (False, False, DiceObs((dice(5).dice[0], DieObs((200.0 + 50.0 * (k % 2), 120.0),
                                                        40.0, 6, 0.6, "leaning"))))
        for k in range(8)],
     [("abstain", 9, "low_confidence")]),
    # a pair merged in one blob, found on some reads only: the lean seen at one place on
    # three reads of six, the reads between missing it and seeing the other die where it
    # lies: void leaning (fresh seed 11104 clip 021 r0 abstained low_confidence)
    ("lean found on some reads", M(2) + S(2) + [
        (False, False, dice(6, 5, poses=("flat", "leaning")) if k in (1, 4, 5) else dice(6))
        for k in range(8)],
     [("void", 9, "dice_leaning")]),
    # ... the same, but one read sees that die flat at its place: no void
    ("lean denied by a flat read", M(2) + S(2) + [
        (False, False, dice(6, 5, poses=("flat", "leaning")) if k in (1, 4, 5) else
         dice(6, 5) if k == 2 else dice(6)) for k in range(8)],
     [("abstain", 9, "low_confidence")]),
    # ... or one read sees a die elsewhere (the dice moved, or the reads disagree): no void
    ("lean with a die elsewhere", M(2) + S(2) + [
        (False, False, dice(6, 5, poses=("flat", "leaning")) if k in (1, 4, 5) else
         dice(6, shift=30) if k == 2 else dice(6)) for k in range(8)],
     [("abstain", 9, "low_confidence")]),
    # three flat dice apart on the first read, then a die missed and another read
    # leaning (its blob taken for the missed die's pair): the missed die lay 2.8 edges
    # away, not under it: abstain, no void (fresh seed 11504 clip 017 r0 voided leaning)
    ("pair rule denied by a third die seen apart", M(2) + S(3, dice(3, 5, 4)) + S(8, DiceObs(
        (dice(3).dice[0], DieObs(PLACES[2], 40.0, 4, 0.995, "leaning")))),
     [("abstain", 9, "dice_count")]),
    # ... but the first read's third die 1.3 edges from the lean (a leaning pair read as
    # two dice once): the lean stands, void leaning
    ("lean split once still voids", M(2) + S(3, DiceObs(dice(3, 5).dice + (
        DieObs((250.0, 150.0), 40.0, 2, 0.995),))) + S(8, dice(
            3, 5, poses=("flat", "leaning"))),
     [("void", 7, "dice_leaning")]),
    # four dice (a foreign object?) also abstains
    ("four dice", M(2) + S(8, DiceObs(dice(1, 2, 3).dice + dice(4).dice)),
     [("abstain", 6, "dice_count")]),
    # a die with no confident face for max_reads reads: abstain, never a guess
    ("unreadable die", M(2) + S(20, dice(1, None, 3)), [("abstain", 9, "low_confidence")]),
    # confident-looking but below min_face_conf: abstain
    ("low confidence", M(2) + S(20, dice(1, 2, 3, conf=0.4)), [("abstain", 9, "low_confidence")]),
    # the lid goes back on before any decision: abstain right then
    ("covered before read", M(2) + S(3, dice(1, None, 3)) + S(2, covered=True),
     [("abstain", 5, "covered_before_read")]),
    # after the outcome the dice are disturbed (no lid): nothing more this round
    ("decided stays decided", M(2) + S(5, dice(1, 2, 3)) + M(3) + S(5, dice(1, 2, 6)),
     [("outcome", 5, (1, 2, 3))]),
    # frames that keep moving never get a read; no read, no round to abstain on
    ("never reads while moving", M(20), []),
    # the lid seemed to come off during the shake (no read) and is back on: no abstain
    ("lid flicker during shake", S(3, covered=True) + M(3) + M(2, covered=True)
     + S(3, covered=True), []),
    # the lid test says off while the lid still fades off the still dice: reads of no
    # dice for more than max_reads frames, then the dice show; an outcome, not an abstain
    ("lid fading off", M(2) + S(20, NONE) + S(6, dice(2, 3, 6)),
     [("outcome", 23, (2, 3, 6))]),
    # dice never seen (as pale as the floor) until the lid goes back on: abstain then
    ("dice never seen", M(2) + S(40, NONE) + S(2, covered=True),
     [("abstain", 42, "covered_before_read")]),
    # the stream ends with the lid off and nothing decided
    ("stream ended", M(2) + S(3, dice(1, None, 3)), [("abstain", 4, "stream_ended")]),
]


@pytest.mark.parametrize("name,script,expected", CASES, ids=[c[0] for c in CASES])
def test_decisions(name: str, script: list[tuple], expected: list[tuple]) -> None:
    assert scored(drive(script)) == expected


def test_two_dice_flagged_before_the_stacked_void() -> None:
    events = drive(M(2) + S(8, dice(2, 5)))
    assert events[-2:] == [("dice_count", 6, None), ("void", 6, "dice_stacked")]


def test_two_dice_abstain_when_switched_off() -> None:
    events = drive(M(2) + S(8, dice(2, 5)), SettleParams(two_means_stacked=False))
    assert scored(events) == [("abstain", 6, "dice_count")]


def test_dice_count_flag_precedes_the_decision() -> None:
    events = drive(M(2) + S(8, DiceObs(dice(1, 2, 3).dice + dice(4).dice)))
    assert events[-2:] == [("dice_count", 6, None), ("abstain", 6, "dice_count")]


def test_two_rounds_and_no_shake() -> None:
    # round 1 decided; lid on; lid off again and the same dice at the same places
    one = M(2) + S(5, dice(1, 2, 3))
    events = drive(one + S(5, covered=True) + one)
    assert scored(events) == [("outcome", 5, (1, 2, 3)), ("outcome", 17, (1, 2, 3))]
    assert ("no_shake", 17, None) in events
    assert [e[0] for e in events if e[0].startswith("lid")] == ["lid_off", "lid_on", "lid_off"]


def test_shaken_dice_are_not_flagged() -> None:
    # same faces but elsewhere after the lid was on: the dice were shaken
    events = drive(M(2) + S(5, dice(1, 2, 3)) + S(5, covered=True) + M(2)
                   + S(5, dice(1, 2, 3, shift=60)))
    assert "no_shake" not in [e[0] for e in events]
    assert len(scored(events)) == 2


def test_without_lid_model_reads_tell_covered_from_open() -> None:
    # no lid model (covered None): an empty read means lid on, a read with dice lid off
    script = S(5, NONE, covered=None) + M(4, covered=None) + S(6, dice(2, 2, 6), covered=None)
    events = drive(script)
    assert scored(events) == [("outcome", 12, (2, 2, 6))]
    assert ("lid_off", 11, None) in events and ("dice_at_rest", 11, None) in events


def test_without_lid_model_one_check_read_per_still_spell() -> None:
    tracker = RoundTracker()
    asked = []
    for frame in range(10):   # a long still lid-on spell: one check, then no more reads
        asked.append(tracker.wants_read)
        tracker.update(FrameObs(frame, False, None, NONE if tracker.wants_read else None))
    assert asked.count(True) == 1 and tracker.phase is Phase.COVERED


def test_params_for_fps_and_validation() -> None:
    assert SettleParams.for_fps(5).still_frames == 2     # at least two frames
    assert SettleParams.for_fps(60).still_frames == 12
    with pytest.raises(ValueError, match="max_reads"):
        SettleParams(max_reads=1)
    with pytest.raises(ValueError, match="face"):
        DieObs((0, 0), 10, 7, 0.5)


def _read(faces: tuple[int, int, int], confs: tuple[float, float, float]) -> DiceObs:
    return DiceObs(tuple(DieObs(xy, 40.0, f, c)
                         for xy, f, c in zip(PLACES, faces, confs, strict=True)))


FLOOR_CASES = [
    # (faces, confidences, outcome expected)
    ((4, 5, 6), (0.995, 0.996, 0.96), True),     # a 6 at 0.96: 3+ pips need 0.95
    ((4, 5, 6), (0.995, 0.996, 0.94), False),    # ... not below
    ((1, 5, 6), (0.975, 0.996, 0.99), True),     # a one at 0.975: ones need 0.97
    ((2, 5, 6), (0.975, 0.996, 0.99), False),    # a two at 0.975: twos keep 0.98
    ((2, 5, 6), (0.985, 0.996, 0.99), True),     # ... and pass above it
]


@pytest.mark.parametrize(("faces", "confs", "expected"), FLOOR_CASES)
def test_face_confidence_floors(faces: tuple, confs: tuple, expected: bool) -> None:
    got = scored(drive(M(2) + S(12, _read(faces, confs))))
    assert (got[0][0] == "outcome") == expected
    if expected:
        assert got[0][2] == tuple(sorted(faces))


def test_a_decided_round_asks_no_read_while_the_lid_test_answers() -> None:
    # the lid model says open: after the outcome, the dice touched (a moving frame) and
    # still again, no check read (they cost as much as a deciding read); without a lid
    # model one check read per still spell, as before
    for covered, checks in ((False, 0), (None, 1)):
        tracker = RoundTracker()
        asked_after = []
        for frame in range(30):
            moving = frame == 15
            read = dice(2, 2, 6) if tracker.wants_read and not moving else None
            if tracker.phase is Phase.DECIDED:
                asked_after.append(read is not None)
            tracker.update(FrameObs(frame, moving, covered, read))
        assert tracker.phase is Phase.DECIDED and asked_after.count(True) == checks, covered
