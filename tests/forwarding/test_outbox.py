"""The outbox on a real SQLite file: idempotent per round, durable, ordered, process-safe."""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

import pytest

from vision.forwarding.outbox import Outbox, backoff_delay

from .builders import manual, outcome, void


@pytest.fixture
def outbox(tmp_path: Path) -> Outbox:
    with Outbox(tmp_path / "outbox.db") as box:
        yield box


def test_put_is_idempotent_per_round_and_never_overwrites(outbox: Outbox) -> None:
    first = outcome("1", 17)
    assert outbox.put(first).status == "stored"
    # the same content again (a re-send with a new message id): a no-op
    again = outbox.put(outcome("1", 17))
    assert (again.status, again.ok, again.existing) == ("duplicate", True, first)
    # another result for the same round: refused, the stored one stays
    clash = outbox.put(outcome("1", 18))
    assert (clash.status, clash.ok, clash.existing) == ("conflict", False, first)
    # a void for a round that has an outcome: refused too
    assert outbox.put(void("1")).status == "conflict"
    assert [e.message for e in outbox.pending()] == [first]


def test_manual_confirmation_is_allowed_once_for_an_abstained_round(outbox: Outbox) -> None:
    # the reader abstained on round 2, so nothing was put; a person confirms 5
    assert outbox.put(manual("2", 5)).status == "stored"
    assert outbox.put(manual("2", 5)).status == "duplicate"  # the same confirmation twice
    assert outbox.put(manual("2", 6)).status == "conflict"  # a second, different one
    # a manual confirmation cannot override the camera's outcome either
    outbox.put(outcome("3", 7))
    assert outbox.put(manual("3", 7)).status == "conflict"


def test_states_and_counts(outbox: Outbox) -> None:
    a, b, c = outcome("1", 1), outcome("2", 2), outcome("3", 3)
    for m in (a, b, c):
        outbox.put(m)
    assert [e.message.message_id for e in outbox.pending()] == [a.message_id, b.message_id,
                                                                 c.message_id]  # fmt: skip
    outbox.mark_delivered(a.message_id, 201)
    outbox.mark_rejected(b.message_id, 422, "HTTP 422: bad")
    outbox.record_attempt(c.message_id, "ConnectError", next_attempt_at=1e12)
    assert outbox.counts() == {"delivered": 1, "rejected": 1, "pending": 1}
    assert outbox.backlog() == 1
    (entry,) = outbox.pending()
    assert (entry.attempts, entry.last_error, entry.next_attempt_at) == (1, "ConnectError", 1e12)
    assert [e.last_error for e in outbox.rejected()] == ["HTTP 422: bad"]
    assert outbox.requeue(b.message_id) and not outbox.requeue(a.message_id)
    assert [e.message for e in outbox.pending()] == [b, c]  # put order kept after a requeue


def test_survives_reopening_the_file(tmp_path: Path) -> None:
    with Outbox(tmp_path / "o.db") as box:
        box.put(outcome("1", 17))
    with Outbox(tmp_path / "o.db") as box:
        assert box.backlog() == 1
        assert box.put(outcome("1", 18)).status == "conflict"


@pytest.mark.parametrize(
    ("attempts", "low", "high"),
    [
        (1, 0.5, 0.5),  # first retry: the 0.5 s floor
        (2, 0.5, 1.0),  # doubled, jittered to 50..100 %
        (5, 4.0, 8.0),
        (8, 30.0, 60.0),  # 64 s is capped at 60 before jitter
        (40, 30.0, 60.0),  # far out: still bounded by the cap
    ],
)
def test_backoff_grows_and_stays_bounded(attempts: int, low: float, high: float) -> None:
    rng = random.Random(7)
    delays = [backoff_delay(attempts, rng) for _ in range(200)]
    assert low <= min(delays) and max(delays) <= high
    if high > low:
        assert max(delays) - min(delays) > 0.2 * (high - low)  # it is jittered


_RACER = """
import sys
from pathlib import Path
sys.path.insert(0, {root!r})
from vision.forwarding.message import TableMessage
from vision.forwarding.outbox import Outbox
box = Outbox(sys.argv[1])
print(box.put(TableMessage.from_body(Path(sys.argv[2]).read_bytes())).status)
"""


def test_processes_racing_for_one_round_store_exactly_one_result(tmp_path: Path) -> None:
    db = tmp_path / "shared.db"
    Outbox(db).close()  # create the schema first so the racers only race on put
    bodies = []
    for n in (11, 12, 13, 14):  # four different results for round 42
        bodies.append(tmp_path / f"m{n}.json")
        bodies[-1].write_bytes(outcome("42", n).body())
    code = _RACER.format(root=str(Path(__file__).resolve().parents[2]))
    procs = [
        subprocess.Popen(
            [sys.executable, "-c", code, str(db), str(body)], stdout=subprocess.PIPE, text=True
        )  # fmt: skip
        for body in bodies
    ]
    statuses = sorted(p.communicate(timeout=60)[0].strip() for p in procs)
    assert statuses == ["conflict", "conflict", "conflict", "stored"]
    with Outbox(db) as box:
        assert len(box.pending()) == 1
