"""The reader end to end with calibration profiles: a fitting profile is used, others refused."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from vision.calib import save_profile
from vision.errors import UserError
from vision.footage import VideoFileSource, load_sidecar
from vision.read_cli import read_clip
from vision.roulette.calibrate import calibrate_clip

DATA = Path(__file__).resolve().parents[1] / "data" / "roulette"
CLIP_A = DATA / "roulette_s777_000.mp4"
CLIP_B = DATA / "roulette_s777_001.mp4"


@pytest.fixture(scope="module")
def profile_a(tmp_path_factory: pytest.TempPathFactory) -> Path:
    profile = calibrate_clip(VideoFileSource(CLIP_A))
    assert profile, getattr(profile, "message", "")
    path = tmp_path_factory.mktemp("profiles") / "a.json"
    save_profile(profile, path)
    return path


def test_a_fitting_profile_reads_the_same_outcome(profile_a: Path) -> None:
    truth = load_sidecar(CLIP_A.with_suffix(".json")).rounds[0].result
    outcomes = [e for e in read_clip(CLIP_A, "roulette", profile_a) if e.type == "outcome"]
    assert [e.result for e in outcomes] == [truth]


def test_a_profile_from_another_table_is_refused(profile_a: Path) -> None:
    # same resolution, another wheel and camera: the ring is not where the profile says
    with pytest.raises(UserError, match="does not fit this camera"):
        read_clip(CLIP_B, "roulette", profile_a)


@pytest.mark.parametrize(("change", "message"), [
    ({"width": 1280}, "1280x480 camera"),  # another resolution
    ({"game": "sicbo"}, "is for sicbo"),  # another game
    ({"data": {"ring": {}}}, "schema"),  # mangled data
])
def test_mismatched_or_broken_profiles_are_refused(profile_a: Path, tmp_path: Path,
                                                   change: dict, message: str) -> None:
    from vision.calib import load_profile

    bad = tmp_path / "bad.json"
    save_profile(replace(load_profile(profile_a), **change), bad)
    with pytest.raises(UserError, match=message):
        read_clip(CLIP_A, "roulette", bad)
