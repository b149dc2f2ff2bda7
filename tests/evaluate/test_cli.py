"""``python -m vision evaluate`` end to end on a tiny dataset written by the test."""

from __future__ import annotations

import json
from pathlib import Path

import cv2
import pytest

from vision import read_cli
from vision.cli import main
from vision.evaluate.metrics import CONTRACT_KEYS
from vision.evaluate.oracle import corrupt_events, perfect_events
from vision.footage import VideoFileSource, load_sidecar, write_events

from .builders import (
    dice_round,
    dice_void_round,
    result_round,
    roulette,
    sicbo,
    void_round,
    write_clip,
)

WHEEL = roulette(result_round(0, 0, 19, 10, 17), void_round(1, 20, 39, 25),
                 result_round(2, 40, 59, 50, 5, ball="cw", wheel="cw"))
DOME = sicbo(dice_round(0, 0, 19, 8, (1, 4, 4)), dice_void_round(1, 20, 39, 30, "dice_stacked"))
# wheel-a: round 0 read as another number, round 1 void missed; wheel-b and dome perfect
PLANS = {"wheel-a": {0: "other_result", 1: "drop_void"}, "wheel-b": {}, "dome": {}}


@pytest.fixture
def dataset(tmp_path: Path) -> Path:
    folder = tmp_path / "data"
    folder.mkdir()
    for name, side in (("wheel-a", WHEEL), ("wheel-b", WHEEL), ("dome", DOME)):
        write_clip(folder, name, side)
    (folder / "notes.txt").write_text("not a clip")  # other files are left alone
    return folder


def _events_dir(dataset: Path, tmp_path: Path) -> Path:
    out = tmp_path / "events"
    out.mkdir()
    for name, plan in PLANS.items():
        side = load_sidecar(dataset / f"{name}.json")
        write_events(corrupt_events(side, plan, delay_frames=2), out / f"{name}.jsonl")
    return out


def test_scores_events_and_writes_report(dataset, tmp_path, capsys) -> None:
    report = tmp_path / "report"
    code = main(["evaluate", str(dataset), "--events", str(_events_dir(dataset, tmp_path)),
                 "--report", str(report)])
    assert code == 0
    games = json.loads((report / "metrics.json").read_text())["games"]
    assert set(games) == {"roulette", "sicbo"}
    for metrics in games.values():
        assert set(CONTRACT_KEYS) <= set(metrics)
    rl, sb = games["roulette"], games["sicbo"]
    assert {k: rl[k] for k in ("rounds", "correct", "wrong", "void_rounds", "void_detected",
                               "void_missed", "violation_rounds", "violation_detected")} == {
        "rounds": 6, "correct": 3, "wrong": 1, "void_rounds": 2, "void_detected": 1,
        "void_missed": 1, "violation_rounds": 2, "violation_detected": 2}
    assert rl["latency_median_s"] == pytest.approx(0.2)
    assert (sb["rounds"], sb["correct"], sb["void_detected"]) == (2, 1, 1)
    # extras: each clip's own metrics, with its game
    clips = json.loads((report / "metrics.json").read_text())["clips"]
    assert set(clips) == set(PLANS)
    assert (clips["wheel-a"]["game"], clips["wheel-a"]["wrong"], clips["wheel-b"]["wrong"]) == \
        ("roulette", 1, 0)
    out = capsys.readouterr().out
    assert "roulette" in out and "sicbo" in out and "latency_p95_s" in out
    # the two rounds of wheel-a not read right get an annotated frame each
    html = (report / "index.html").read_text()
    # round 0: decided at 12, settled at 10, shown side by side; round 1: no event, void frame
    for name, width in (("frames/wheel-a-r0.jpg", 640), ("frames/wheel-a-r1.jpg", 480)):
        assert name in html
        image = cv2.imread(str(report / name))
        assert image is not None and image.shape[1] == width
    assert not (report / "frames" / "wheel-b-r0.jpg").exists()
    assert cv2.imread(str(report / "latency-roulette.png")) is not None
    assert "http" not in html  # self-contained: nothing fetched from the network


def test_missing_events_file_names_clip_and_path(dataset, tmp_path, capsys) -> None:
    events = _events_dir(dataset, tmp_path)
    (events / "dome.jsonl").unlink()
    code = main(["evaluate", str(dataset), "--events", str(events),
                 "--report", str(tmp_path / "r")])
    err = capsys.readouterr().err
    assert code == 2
    assert "'dome'" in err and str(events / "dome.jsonl") in err


def test_missing_events_folder_is_a_clear_error(dataset, tmp_path, capsys) -> None:
    code = main(["evaluate", str(dataset), "--events", str(tmp_path / "nope"),
                 "--report", str(tmp_path / "r")])
    assert code == 2
    assert f"events folder not found: {tmp_path / 'nope'}" in capsys.readouterr().err


def test_a_second_run_leaves_no_stale_pictures(dataset, tmp_path) -> None:
    events, report = _events_dir(dataset, tmp_path), tmp_path / "report"
    args = ["evaluate", str(dataset), "--events", str(events), "--report", str(report)]
    assert main(args) == 0
    assert (report / "frames" / "wheel-a-r0.jpg").exists()
    side = load_sidecar(dataset / "wheel-a.json")
    write_events(perfect_events(side), events / "wheel-a.jsonl")  # now read right
    assert main(args) == 0
    assert list((report / "frames").glob("*.jpg")) == []


def test_malformed_events_line_is_a_clear_error(dataset, tmp_path, capsys) -> None:
    events = _events_dir(dataset, tmp_path)
    path = events / "wheel-b.jsonl"
    path.write_text(path.read_text() + '{"type": "outcome", "frame": 12}\n')
    code = main(["evaluate", str(dataset), "--events", str(events),
                 "--report", str(tmp_path / "r")])
    err = capsys.readouterr().err
    assert code == 2
    lines = len(path.read_text().splitlines())
    assert f"{path}:{lines}: not a valid event" in err


def test_video_without_sidecar_is_refused(dataset, tmp_path, capsys) -> None:
    (dataset / "dome.json").unlink()
    code = main(["evaluate", str(dataset), "--events", str(tmp_path), "--report",
                 str(tmp_path / "r")])
    assert code == 2
    assert "dome.avi has no sidecar" in capsys.readouterr().err


def test_runs_readers_and_reports_a_missing_one(dataset, tmp_path, capsys, monkeypatch) -> None:
    # stand-in readers: sic bo reads perfectly, roulette has no reader module yet
    def fake_read_clip(clip: Path, game: str, *args, **kwargs):
        if game == "roulette":
            raise ModuleNotFoundError("No module named 'vision.roulette'")
        return perfect_events(load_sidecar(clip.with_suffix(".json")))

    monkeypatch.setattr(read_cli, "read_clip", fake_read_clip)
    report = tmp_path / "report"
    code = main(["evaluate", str(dataset), "--report", str(report)])
    captured = capsys.readouterr()
    assert code == 1  # a partial run must not look like a full one
    body = json.loads((report / "metrics.json").read_text())
    assert list(body["games"]) == ["sicbo"]
    assert body["games"]["sicbo"]["correct"] == 1
    assert set(body["unread"]) == {"wheel-a", "wheel-b"}
    assert "no reader yet for roulette" in captured.err
    assert (report / "events" / "dome.jsonl").read_text().count("\n") == 2
    assert "no reader yet" in (report / "index.html").read_text()


def test_baseline_catches_a_worse_run(dataset, tmp_path, capsys) -> None:
    events = _events_dir(dataset, tmp_path)
    first = tmp_path / "first"
    assert main(["evaluate", str(dataset), "--events", str(events), "--report", str(first)]) == 0
    baseline = first / "metrics.json"
    # the same events again: no regression
    args = ["evaluate", str(dataset), "--events", str(events), "--baseline", str(baseline)]
    assert main(args + ["--report", str(tmp_path / "again")]) == 0
    assert "no regression" in capsys.readouterr().out
    # wheel-b's reads all dropped: its correct rounds are now missed
    side = load_sidecar(dataset / "wheel-b.json")
    write_events(corrupt_events(side, {0: "drop", 1: "drop_void", 2: "drop"}),
                 events / "wheel-b.jsonl")
    assert main(args + ["--report", str(tmp_path / "worse")]) == 1
    err = capsys.readouterr().err
    assert "regression: roulette: correct fell from 3 to 1" in err
    assert "regression: roulette: missed rose from 0 to 2" in err


def test_a_crashing_reader_or_bad_video_spoils_only_its_clip(dataset, tmp_path, capsys,
                                                            monkeypatch) -> None:
    (dataset / "wheel-b.avi").write_bytes(b"not a video")  # VideoFileSource refuses it

    def fake_read_clip(clip: Path, game: str, *args, **kwargs):
        if clip.stem == "dome":
            raise RuntimeError("index out of range in settle")  # a reader bug
        return _oracle_reader(clip, game)

    monkeypatch.setattr(read_cli, "read_clip", fake_read_clip)
    report = tmp_path / "report"
    assert main(["evaluate", str(dataset), "--report", str(report)]) == 1
    err = capsys.readouterr().err
    body = json.loads((report / "metrics.json").read_text())
    assert body["games"]["roulette"]["clips"] == 1  # wheel-a alone was scored
    assert "cannot decode video" in body["unread"]["wheel-b"]
    assert "sicbo reader crashed" in body["unread"]["dome"]
    assert "Traceback" in err and "index out of range in settle" in err


def _oracle_reader(clip: Path, game: str) -> list:
    """Stands in for read_clip: opens the video as the real one does, then reads perfectly."""
    VideoFileSource(clip)
    return perfect_events(load_sidecar(clip.with_suffix(".json")))
