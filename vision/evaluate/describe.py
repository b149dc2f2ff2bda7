"""Words for scored rounds: what the truth was, what the reader said, and in which class.

Pure helpers shared by the terminal table and the HTML report. The confusion matrix puts
each round in a truth class (row) and a read class (column):

* truth, roulette: ``zero`` / ``red`` / ``black`` pocket, or ``void: <reason>``;
* truth, sic bo: ``triple`` / ``pair`` / ``three different``, or ``void: <reason>``;
* read: ``right outcome``, ``wrong outcome`` (another result, or any outcome in a void
  round), ``early outcome``, ``several outcomes``, ``void: <reason>``, ``abstain``,
  ``nothing``. A correct read is on the "right outcome" column, a detected void on the
  column of its own reason.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence

from vision.evaluate.distance import miss_label
from vision.evaluate.metrics import CONTRACT_KEYS, GameMetrics
from vision.evaluate.scoring import RoundScore
from vision.footage import Event, Result, RouletteResult, Round, pocket_colour
from vision.footage.evidence import Evidence, parse_evidence
from vision.footage.sidecar import VOID_REASONS

__all__ = ["READ_CLASSES", "Confusion", "confusion", "read_class", "read_text", "seen",
           "seen_text", "result_text", "summary_rows", "truth_class", "truth_text", "value_text"]

READ_CLASSES = ("right outcome", "wrong outcome", "early outcome", "several outcomes",
                "abstain", "nothing")  # "void: <reason>" columns go before "abstain"
_CAUSE_CLASS = {"other_result": "wrong outcome", "outcome_in_void_round": "wrong outcome",
                "before_settled": "early outcome", "several_outcomes": "several outcomes"}


def result_text(result: Result | None) -> str:
    if result is None:
        return "-"
    if isinstance(result, RouletteResult):
        return str(result.number)
    return "-".join(str(d) for d in result.dice)


def truth_text(rnd: Round) -> str:
    return f"void: {rnd.void.reason}" if rnd.void else result_text(rnd.result)


def event_text(ev: Event | None) -> str:
    if ev is None:
        return "nothing"
    if ev.type == "outcome":
        return result_text(ev.result)
    return f"{ev.type}: {ev.reason}"


def read_text(s: RoundScore) -> str:
    """The decisive read, with the wheel distance for a wrong roulette number."""
    text = event_text(s.decisive)
    truth, read = s.truth.result, s.decisive.result if s.decisive else None
    if s.cause == "other_result" and truth is not None and read is not None:
        text += f" ({miss_label(truth, read)})"
    elif s.cause == "several_outcomes":
        count = 1 + sum(e.type == "outcome" for e in s.ignored)
        text += f" (outcome 2 of {count})"
    elif s.cause == "before_settled" and s.frame is not None:
        early = s.truth.settled_frame - s.frame
        text += f" ({early} frame{'s' if early > 1 else ''} early)"
    return text


def seen(s: RoundScore) -> Evidence | None:
    """The deciding event's ``evidence``, None without one (or without a decision)."""
    return parse_evidence(s.decisive.extra) if s.decisive is not None else None


def seen_text(s: RoundScore) -> str:
    """What the reader saw when it decided (its event's ``evidence``), in words: each die
    (the blamed ones first, marked), the ball and its pocket, the object's box; ''
    without evidence."""
    ev = seen(s)
    if ev is None:
        return ""
    order = [*ev.blamed, *(i for i in range(len(ev.dice)) if i not in ev.blamed)]
    parts = [("blamed " if i in ev.blamed else "") + f"{ev.dice[i].face or '?'} "
             f"{ev.dice[i].pose} {ev.dice[i].confidence:.2f}" for i in order]
    if ev.ball_xy is not None:
        where = f"in {ev.pocket}" if ev.ball_frame is None else f"last seen @{ev.ball_frame}"
        parts.append(f"ball {where} at x {ev.ball_xy[0]} y {ev.ball_xy[1]}")
    if ev.object_box_xyxy is not None:
        x0, y0, x1, y1 = ev.object_box_xyxy
        parts.append(f"object at x {x0}-{x1} y {y0}-{y1}")
    return "; ".join(parts)


def truth_class(rnd: Round) -> str:
    if rnd.void is not None:
        return f"void: {rnd.void.reason}"
    if isinstance(rnd.result, RouletteResult):
        return {"green": "zero"}.get(pocket_colour(rnd.result.number),
                                     pocket_colour(rnd.result.number))
    assert rnd.result is not None
    distinct = len(set(rnd.result.dice))
    return {1: "triple", 2: "pair"}.get(distinct, "three different")


def read_class(s: RoundScore) -> str:
    if s.cause is not None:
        return _CAUSE_CLASS[s.cause]
    if s.kind == "correct":
        return "right outcome"
    if s.decisive is not None and s.decisive.type == "void":
        return f"void: {s.decisive.reason}"
    abstained = s.decisive is not None and s.decisive.type == "abstain"
    return "abstain" if abstained else "nothing"


Confusion = tuple[list[str], list[str], dict[tuple[str, str], int]]


def confusion(game: str, scores: Sequence[RoundScore]) -> Confusion:
    """(truth rows, read columns, counts) for one game's rounds; fixed rows and columns
    first (so reports compare), then any other void reason a reader used."""
    reasons = list(VOID_REASONS[game])
    base = ["zero", "red", "black"] if game == "roulette" else ["three different", "pair",
                                                                 "triple"]
    rows = base + [f"void: {r}" for r in reasons]
    cols = list(READ_CLASSES[:4]) + [f"void: {r}" for r in reasons] + list(READ_CLASSES[4:])
    counts = Counter((truth_class(s.truth), read_class(s)) for s in scores)
    for _, col in sorted(counts):
        if col not in cols:
            cols.insert(-2, col)
    return rows, cols, dict(counts)


# extras shown after the contract's keys in summary tables
SUMMARY_EXTRAS = ("clips", "result_rounds", "violation_missed", "void_latency_median_s",
                  "void_latency_p95_s", "latency_max_s", "wrong_by_cause", "wrong_distance",
                  "correct_confidence_min", "wrong_confidence_max", "abstain_reasons",
                  "events_outside_rounds")


def value_text(value: object) -> str:
    if value is None:
        return "-"
    if isinstance(value, float):
        return f"{value:.3f}"
    if isinstance(value, dict):
        return ", ".join(f"{k}: {v}" for k, v in value.items()) or "-"
    return str(value)


def summary_rows(games: Mapping[str, GameMetrics]) -> list[tuple[str, list[str]]]:
    """(metric name, one text cell per game) rows: the contract's keys, then extras."""
    jsons = [m.to_json() for m in games.values()]
    rows = [(key, [value_text(j[key]) for j in jsons]) for key in CONTRACT_KEYS + SUMMARY_EXTRAS]
    share = [f"{m.correct / m.result_rounds:.1%}" if m.result_rounds else "-"
             for m in games.values()]
    rows.insert(1, ("correct share of result rounds", share))
    return rows
