"""Load, validate and save ``table-calibration/1`` profiles (see the package docstring)."""

from __future__ import annotations

import json
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from vision.errors import UserError

SCHEMA = "table-calibration/1"


@dataclass(frozen=True, slots=True)
class Profile:
    game: str
    width: int
    height: int
    data: dict[str, Any]
    profile_version: int = 1
    created_at: str = field(default_factory=lambda: datetime.now(UTC).strftime(
        "%Y-%m-%dT%H:%M:%SZ"))
    created_by: str = "auto"
    source: str = ""

    def __post_init__(self) -> None:
        if self.game not in ("roulette", "sicbo"):
            raise ValueError(f"game must be 'roulette' or 'sicbo', got {self.game!r}")
        if self.width <= 0 or self.height <= 0:
            raise ValueError(f"camera size must be positive, got {self.width}x{self.height}")

    def bumped(self, **changes: Any) -> Profile:
        """A new version of this profile (a copy; the old one is untouched)."""
        now = datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")
        return replace(self, profile_version=self.profile_version + 1, created_at=now, **changes)

    def to_json(self) -> dict[str, Any]:
        return {
            "schema": SCHEMA, "game": self.game, "profile_version": self.profile_version,
            "created_at": self.created_at, "created_by": self.created_by, "source": self.source,
            "camera": {"width": self.width, "height": self.height}, "data": self.data,
        }


def profile_from_json(obj: Any) -> Profile:
    if not isinstance(obj, dict):
        raise ValueError(f"a profile must be a JSON object, got {type(obj).__name__}")
    if obj.get("schema") != SCHEMA:
        raise ValueError(f"schema: expected {SCHEMA!r}, got {obj.get('schema')!r}")
    cam = obj.get("camera")
    if not isinstance(cam, dict) or not {"width", "height"} <= set(cam):
        raise ValueError(f'camera: expected {{"width": W, "height": H}}, got {cam!r}')
    if not isinstance(obj.get("data"), dict):
        raise ValueError("data: expected an object with the game's calibration")
    return Profile(
        game=obj.get("game"), width=int(cam["width"]), height=int(cam["height"]),
        data=obj["data"], profile_version=int(obj.get("profile_version", 1)),
        created_at=str(obj.get("created_at", "")), created_by=str(obj.get("created_by", "")),
        source=str(obj.get("source", "")),
    )


def load_profile(path: str | Path) -> Profile:
    path = Path(path)
    try:
        return profile_from_json(json.loads(path.read_text()))
    except FileNotFoundError:
        raise UserError(f"calibration profile not found: {path}") from None
    except (json.JSONDecodeError, ValueError, TypeError) as exc:
        raise UserError(f"calibration profile {path} is not a valid {SCHEMA} file: {exc}") from None


def check_matches(profile: Profile, *, game: str, width: int, height: int) -> None:
    """Refuse a profile made for another game or another camera resolution."""
    if profile.game != game:
        raise UserError(
            f"calibration profile is for {profile.game}, but the clip is read as {game}")
    if (profile.width, profile.height) != (width, height):
        raise UserError(
            f"calibration profile is for a {profile.width}x{profile.height} camera, but the "
            f"stream is {width}x{height}: recalibrate this camera (python -m vision calibrate)"
        )


def save_profile(profile: Profile, path: str | Path) -> None:
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(path.suffix + ".tmp")
    tmp.write_text(json.dumps(profile.to_json(), indent=2) + "\n")
    tmp.replace(path)
