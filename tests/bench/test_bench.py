"""``python -m vision bench``: the table a QA engineer writes down says how the reader knew
the table (a profile made first, as before a table goes live, or calibrating itself)."""

from __future__ import annotations

from pathlib import Path

from vision.cli import main

CLIP = Path(__file__).parents[1] / "data" / "roulette" / "roulette_s777_000.mp4"


def _row(table: str) -> list[str]:
    line = next(ln for ln in table.splitlines() if ln.startswith(f"| {CLIP.name} |"))
    return [c.strip() for c in line.strip("|").split("|")]


def test_bench_reads_with_a_profile_made_first(tmp_path: Path) -> None:
    out = tmp_path / "bench.md"
    assert main(["bench", str(CLIP), "--frames", "60", "--out", str(out),
                 "--stills", str(tmp_path / "no-photos")]) == 0
    table = out.read_text()
    row = _row(table)
    assert row[1] == "roulette" and row[4] == "60"
    assert row[5].startswith("profile (") and row[5].endswith(" s)")
    assert float(row[5][len("profile ("):-3]) > 0      # the one-off calibration's cost


def test_bench_self_calibrate_reads_without_a_profile(tmp_path: Path) -> None:
    out = tmp_path / "bench.md"
    assert main(["bench", str(CLIP), "--frames", "60", "--self-calibrate", "--out", str(out),
                 "--stills", str(tmp_path / "no-photos")]) == 0
    assert _row(out.read_text())[5] == "self"


def test_bench_says_why_a_clip_it_cannot_calibrate_fails(tmp_path: Path, capsys) -> None:
    grey = tmp_path / "roulette_grey.avi"
    import cv2
    import numpy as np

    writer = cv2.VideoWriter(str(grey), cv2.VideoWriter_fourcc(*"MJPG"), 25.0, (320, 240))
    for _ in range(30):
        writer.write(np.full((240, 320, 3), 90, np.uint8))
    writer.release()
    code = main(["bench", str(grey), "--out", str(tmp_path / "b.md"),
                 "--stills", str(tmp_path / "no-photos")])
    assert code != 0
    err = capsys.readouterr().err
    assert "could not calibrate" in err and "roulette_grey.avi" in err
    assert not (tmp_path / "b.md").exists()
