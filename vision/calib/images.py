"""Small greyscale images kept inside a profile's JSON (reference scenes, masks) as base64 PNG."""

from __future__ import annotations

import base64

import cv2
import numpy as np

__all__ = ["png_b64_decode", "png_b64_encode"]


def png_b64_encode(img: np.ndarray) -> str:
    """(H, W) or (H, W, 3) uint8 image -> base64 PNG text."""
    ok, buf = cv2.imencode(".png", img)
    if not ok:
        raise ValueError(f"cannot encode an image of shape {img.shape} as PNG")
    return base64.b64encode(buf.tobytes()).decode("ascii")


def png_b64_decode(text: str) -> np.ndarray:
    """Base64 PNG text -> (H, W) uint8 greyscale image; ValueError when it is not one."""
    raw = base64.b64decode(text)
    img = cv2.imdecode(np.frombuffer(raw, np.uint8), cv2.IMREAD_GRAYSCALE) if raw else None
    if img is None:
        raise ValueError("not a base64 PNG image")
    return img
