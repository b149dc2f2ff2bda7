"""read-dice command: JSON lines format, table output, bad images reported and skipped."""

from __future__ import annotations

import json

import cv2
import numpy as np
import pytest

from vision.cli import main
from vision.sicbo.render import DieStyle, render_scene


@pytest.fixture()
def folder(tmp_path):
    rng = np.random.default_rng(3)
    image, _ = render_scene([2, 5, 6], rng, edge_px=46, tilt_deg=10, style=DieStyle())
    cv2.imwrite(str(tmp_path / "a.png"), image)
    return tmp_path


def test_json_line_per_image(folder, capsys) -> None:
    assert main(["read-dice", str(folder), "--json"]) == 0
    lines = capsys.readouterr().out.strip().splitlines()
    assert len(lines) == 1
    obj = json.loads(lines[0])
    assert set(obj) == {"image", "dice"} and obj["image"].endswith("a.png")
    assert sorted(d["face"] for d in obj["dice"]) == [2, 5, 6]
    for d in obj["dice"]:
        assert set(d) == {"box_xyxy", "face", "confidence", "pose"}
        x0, y0, x1, y1 = d["box_xyxy"]
        assert x1 > x0 and y1 > y0
        assert 0 <= d["confidence"] <= 1 and d["pose"] in ("flat", "leaning", "stacked")


def test_bad_image_is_reported_and_others_read(folder, capsys) -> None:
    (folder / "broken.jpg").write_bytes(b"not a jpeg")
    code = main(["read-dice", str(folder / "broken.jpg"), str(folder / "a.png"),
                 str(folder / "missing.png")])
    out, err = capsys.readouterr()
    assert code == 1                                  # non-zero at the end
    assert "broken.jpg" in err and "missing.png" in err
    assert "a.png: 3 dice" in out                      # the good image was still read


def test_annotate_writes_images(folder, tmp_path, capsys) -> None:
    out_dir = tmp_path / "annotated"
    assert main(["read-dice", str(folder / "a.png"), "--annotate", str(out_dir)]) == 0
    drawn = cv2.imread(str(out_dir / "a.png"))
    assert drawn is not None and drawn.shape == cv2.imread(str(folder / "a.png")).shape


def test_empty_folder_is_a_user_error(tmp_path, capsys) -> None:
    assert main(["read-dice", str(tmp_path)]) == 2
    assert "no .jpg/.jpeg/.png images" in capsys.readouterr().err
