"""Calibration profiles shared by both games: a versioned JSON envelope around game data.

Schema ``table-calibration/1``::

    {
      "schema": "table-calibration/1",
      "game": "roulette" | "sicbo",
      "profile_version": 3,            # increments each time a table's profile is saved
      "created_at": "2026-11-29T12:00:00Z",
      "created_by": "auto" | "<technician>",
      "source": "clip or camera the profile was made from",
      "camera": {"width": 1280, "height": 720},
      "data": { ... game-specific, documented in vision/<game>/calibrate.py ... }
    }

A profile is refused (UserError) when its game or resolution does not match the stream.
"""

from vision.calib.profile import (
    SCHEMA,
    Profile,
    check_matches,
    load_profile,
    profile_from_json,
    save_profile,
)

__all__ = ["SCHEMA", "Profile", "check_matches", "load_profile", "profile_from_json",
           "save_profile"]
