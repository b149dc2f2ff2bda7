"""The profiles kept in ``calibration/`` (one per bundled sample clip, written by
``python -m vision calibrate``) load, name their clip and fit its camera; another camera's
clip is refused with a message that says what to do."""

from __future__ import annotations

from pathlib import Path

import pytest

from vision.calib.profile import check_matches, load_profile
from vision.errors import UserError
from vision.footage import VideoFileSource

ROOT = Path(__file__).resolve().parents[2]
PROFILES = sorted((ROOT / "calibration").glob("*.json"))


def test_every_sample_clip_has_a_saved_profile() -> None:
    clips = sorted(p.stem for p in (ROOT / "datasets" / "sample").glob("*.mp4"))
    assert [p.stem for p in PROFILES] == clips


@pytest.mark.parametrize("path", PROFILES, ids=lambda p: p.stem)
def test_a_saved_profile_fits_its_clip(path: Path) -> None:
    profile = load_profile(path)
    clip = ROOT / "datasets" / "sample" / f"{path.stem}.mp4"
    info = VideoFileSource(clip).info
    check_matches(profile, game=path.stem.split("_")[0], width=info.width, height=info.height)
    assert (path.with_suffix(".png")).is_file()  # the diagnostic picture beside it


def test_a_profile_for_another_game_is_refused() -> None:
    profile = load_profile(ROOT / "calibration" / "roulette_s1_001.json")
    with pytest.raises(UserError, match="roulette"):
        check_matches(profile, game="sicbo", width=profile.width, height=profile.height)
