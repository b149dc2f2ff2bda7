"""Sic bo camera calibration: learn the lid, the dome floor and the glare from footage.

``calibrate_clip`` runs the reader's own online learning (``reader.SicBoReader``) over
the clip's first rounds, with no human input, and stops as soon as it has seen the lid
on (a still spell in which the dice reader found no dice) and then the lid off (a still
open dome). ``python -m vision calibrate CLIP --game sicbo -o PROFILE.json`` saves the
result; ``python -m vision read ... --profile PROFILE.json`` then starts with it.

Profile ``data`` schema (``table-calibration/1``, game ``sicbo``)::

    {
      "small_width": 320,                  # the low-res working width (dome.SMALL_WIDTH)
      "die_edge_px": 41.5,                 # median die edge seen (full-res px) or null
      "lid": {
        "template_png": "<base64 PNG>",    # the lid-on look: grey uint8, small resolution
        "threshold": 30.0,                 # grey levels that count as a change
        "open_px": 19                      # changed small pixels that mean "lid off"
      },
      "dome": {                            # the floor ellipse and the dice reader's box
        "center_xy": [480.0, 270.0], "axes_px": [410.0, 380.0], "angle_deg": 12.0,
        "roi_xyxy": [250, 60, 710, 480]    # full-res px, x1/y1 exclusive
      },
      "glare_png": "<base64 PNG>" | null   # static highlights on the glass, small mask
    }
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import cv2
import numpy as np

from vision.calib import Profile
from vision.calib.images import png_b64_decode, png_b64_encode
from vision.errors import UserError
from vision.footage import FrameSource
from vision.progress import progress
from vision.sicbo.dome import SMALL_WIDTH, DomeRegion, LidModel
from vision.sicbo.reader import ReadFn, SceneState, SicBoReader

__all__ = ["CalibrationFailure", "calibrate_clip", "draw_diagnostic", "scene_from_profile",
           "scene_to_data"]

MAX_SECONDS = 90.0


@dataclass(frozen=True, slots=True)
class CalibrationFailure:
    """Falsy: calibration did not succeed; ``message`` says what was missing."""

    message: str

    def __bool__(self) -> bool:
        return False


def calibrate_clip(source: FrameSource, *, show_progress: bool | None = False,
                   max_seconds: float = MAX_SECONDS,
                   read_fn: ReadFn | None = None) -> Profile | CalibrationFailure:
    """Watch up to ``max_seconds`` of ``source`` until the lid was seen on, then off."""
    info = source.info
    reader = SicBoReader(info, read_fn=read_fn)
    limit = int(max_seconds * info.fps)
    frames = progress(source, total=min(limit, info.frame_count or limit), desc="calibrate",
                      unit="frame", enabled=show_progress)
    for index, frame in frames:
        reader.update(frame, index)
        if reader.scene.lid is not None and reader.scene.dome is not None:
            return Profile(game="sicbo", width=info.width, height=info.height,
                           data=scene_to_data(reader.scene),
                           source=str(getattr(source, "path", "")))
        if index + 1 >= limit:
            break
    missing = "the lid on (a still dome with no dice)" if reader.scene.lid is None else \
        "the lid off (a still open dome after the lid was seen on)"
    return CalibrationFailure(f"never saw {missing} in the first {max_seconds:.0f} s")


def scene_to_data(scene: SceneState) -> dict[str, Any]:
    if scene.lid is None or scene.dome is None:
        raise ValueError("a scene needs a lid model and a dome to be saved")
    glare = (None if scene.glare_small is None
             else png_b64_encode(scene.glare_small.astype(np.uint8) * 255))
    lid_png = png_b64_encode(np.clip(scene.lid.template, 0, 255).astype(np.uint8))
    return {
        "small_width": SMALL_WIDTH,
        "die_edge_px": None if scene.die_edge_px is None else round(scene.die_edge_px, 2),
        "lid": {"template_png": lid_png,
                "threshold": scene.lid.threshold, "open_px": scene.lid.open_px},
        "dome": scene.dome.to_json(),
        "glare_png": glare,
    }


def scene_from_profile(profile: Profile) -> SceneState:
    """The reader's starting scene; a profile whose data does not fit is a UserError."""
    data = profile.data
    try:
        if data.get("small_width") != SMALL_WIDTH:
            raise ValueError(f"small_width: expected {SMALL_WIDTH}, got "
                             f"{data.get('small_width')!r}")
        lid = data["lid"]
        lid_model = LidModel(png_b64_decode(lid["template_png"]).astype(np.float32),
                             float(lid["threshold"]), int(lid["open_px"]))
        glare = data.get("glare_png")
        edge = data.get("die_edge_px")
        return SceneState(lid=lid_model, dome=DomeRegion.from_json(data["dome"]),
                          die_edge_px=None if edge is None else float(edge),
                          glare_small=None if glare is None else png_b64_decode(glare) > 0)
    except (KeyError, TypeError, ValueError) as exc:
        raise UserError(f"sic bo calibration profile data is not usable: {exc!r}; "
                        "recalibrate (python -m vision calibrate CLIP --game sicbo)") from None


def draw_diagnostic(frame_bgr: np.ndarray, profile: Profile) -> np.ndarray:
    """The frame with the dome ellipse (green), reader box (yellow), glare (magenta)."""
    scene = scene_from_profile(profile)
    out = frame_bgr.copy()
    h, w = out.shape[:2]
    if scene.glare_small is not None:
        glare = cv2.resize(scene.glare_small.astype(np.uint8), (w, h),
                           interpolation=cv2.INTER_NEAREST) > 0
        out[glare] = (0.5 * out[glare] + (127, 0, 127)).astype(np.uint8)
    dome = scene.dome
    assert dome is not None
    centre = tuple(int(round(v)) for v in dome.center_xy)
    axes = tuple(int(round(v / 2)) for v in dome.axes_px)
    cv2.ellipse(out, centre, axes, dome.angle_deg, 0, 360, (0, 255, 0), 2)
    x0, y0, x1, y1 = dome.roi_xyxy
    cv2.rectangle(out, (x0, y0), (x1 - 1, y1 - 1), (0, 255, 255), 2)
    cv2.putText(out, "floor (green), dice reader box (yellow), glare (magenta)", (10, 24),
                cv2.FONT_HERSHEY_SIMPLEX, 0.6, (255, 255, 255), 2)
    return out

