"""A die read built by hand (the tests' shared helper): a square, axis-aligned die at a
place, with its face, confidence and, where they disagree, what pips and CNN said."""

from __future__ import annotations

from vision.sicbo.reading import DieRead


def square_die(x: float, y: float, face: int, conf: float, edge: float,
               pip_face: int | None = None, cnn_face: int | None = None) -> DieRead:
    """A flat die of ``edge`` px centred at (``x``, ``y``), read ``face`` at ``conf``."""
    h = 0.5 * edge
    return DieRead(box_xyxy=(x - h, y - h, x + h, y + h), center_xy=(x, y), face=face,
                   confidence=conf, pose="flat",
                   top_quad=((x - h, y - h), (x + h, y - h), (x + h, y + h), (x - h, y + h)),
                   edge_px=edge, pip_face=pip_face or face, cnn_face=cnn_face or face)
