"""The dice reader's typed values: its parameters, one die's read and one image's
(frozen dataclasses; ``dice.read_dice`` makes them, every stage after it reads them)."""

from __future__ import annotations

from dataclasses import dataclass, field

from vision.sicbo.blob import DetectParams
from vision.sicbo.lean_view import LeanViewParams
from vision.sicbo.pips import PipParams
from vision.sicbo.pose import PoseParams
from vision.sicbo.side_face import SideFaceParams
from vision.sicbo.stack import StackParams
from vision.sicbo.touch import TouchParams
from vision.sicbo.upturned import UpturnedParams

__all__ = ["POSES", "DiceParams", "DiceReading", "DieRead"]

POSES = ("flat", "leaning", "stacked")


@dataclass(frozen=True, slots=True)
class DiceParams:
    """Per-stage parameters; ``use_classifier=False`` reads by pips alone."""

    detect: DetectParams = field(default_factory=DetectParams)
    pips: PipParams = field(default_factory=PipParams)
    pose: PoseParams = field(default_factory=PoseParams)
    stack: StackParams = field(default_factory=StackParams)
    use_classifier: bool = True
    model_path: str | None = None        # None: the packaged models/dice_face.onnx
    min_layout_fit: float = 0.25         # below this the pip count is not trusted
    reject_p: float = 0.7                # drop a blob the CNN calls "not a die" this surely
    photo_reject_p: float = 0.5          # ... on a photo (max_dice None; see fuse.is_clutter)
    photo_doubt_p: float = 0.25          # ... or this surely when the pips do not agree
    photo_wide_floor: float = 2.0        # a photo's floor also this x the largest die wide
    rescue: bool = True                  # fewer than max_dice: look again (see ``rescue``)
    extra_conf: float = 0.5              # more than max_dice: drop those at or below this ...
    extra_edge_rel: float = 0.6          # ... or this x the found faces' median edge ...
    sure_conf: float = 0.9               # ... when the max_dice best are all above this
    max_dice: int | None = 3             # dice in play (sic bo: 3); None: any number (a photo)
    partial_rel: float = 0.7             # a top face this x smaller than the others: unsure
    plain_one_rel: float = 1.3           # ... a one's too if its pip is no larger than this
                                         # x the others' (dice._plain_one)
    touch: TouchParams = field(default_factory=TouchParams)   # close dice, no floor between
    lean_view: LeanViewParams = field(default_factory=LeanViewParams)  # ... faces turned apart
    upturned: UpturnedParams = field(default_factory=UpturnedParams)  # ... a face tipped between
    side_face: SideFaceParams = field(default_factory=SideFaceParams)  # a die's side face found
    # the dice' edge on this camera, if known (px; the video reader's, learnt from its sure
    # reads of three): sizes a piece of a face when no face of the image is read surely
    # enough to (``regrow``); None: a photo, or nothing learnt yet
    die_edge_px: float | None = None

    def __post_init__(self) -> None:
        if self.max_dice is not None and self.max_dice < 1:
            raise ValueError(f"max_dice must be None or >= 1, got {self.max_dice}")
        if self.die_edge_px is not None and not self.die_edge_px > 0:
            raise ValueError(f"die_edge_px must be None or > 0, got {self.die_edge_px}")

    @property
    def in_dome(self) -> bool:
        """The dice of one set in one dome (``max_dice`` set: a count prior, one die
        size); False: a photo of any number of dice at any distance."""
        return self.max_dice is not None


@dataclass(frozen=True, slots=True)
class DieRead:
    """One die. ``center_xy`` is the centre of its TOP face (image pixels);
    ``top_quad`` four corners (x, y) of the top face's rotated rectangle;
    ``pip_face`` / ``cnn_face`` the two independent signals behind ``face``; ``big_pip``:
    its top face is one pip as large as a one's (``pips.big_one``), no other face's pip."""

    box_xyxy: tuple[float, float, float, float]
    center_xy: tuple[float, float]
    face: int | None
    confidence: float
    pose: str
    top_quad: tuple[tuple[float, float], ...]
    edge_px: float
    pip_face: int | None = None
    cnn_face: int | None = None
    span_px: float = 0.0      # the longest distance between two top-face pips (0: < 2 pips)
    big_pip: bool = False
    pips_xy: tuple[tuple[float, float], ...] = ()   # its top face's pips (px)
    joined: bool = False      # its blob joined to something over 2.25 x its face's area
    #                           (boxed by its face) or wide across the view (``fuse._wide``):
    #                           maybe a second die in it

    def __post_init__(self) -> None:
        x0, y0, x1, y1 = self.box_xyxy
        if not (x1 > x0 and y1 > y0):
            raise ValueError(f"box_xyxy must have x1 > x0 and y1 > y0, got {self.box_xyxy}")
        if self.face is not None and self.face not in range(1, 7):
            raise ValueError(f"face must be 1..6 or None, got {self.face!r}")
        if not 0.0 <= self.confidence <= 1.0:
            raise ValueError(f"confidence must be in [0, 1], got {self.confidence}")
        if self.pose not in POSES:
            raise ValueError(f"pose must be one of {POSES}, got {self.pose!r}")

    def to_json(self) -> dict:
        return {"box_xyxy": [round(v, 1) for v in self.box_xyxy], "face": self.face,
                "confidence": round(self.confidence, 4), "pose": self.pose}


@dataclass(frozen=True, slots=True)
class DiceReading:
    """All dice found in one image, left to right, and image-level flags
    (``"leaning"``, ``"stacked"``, ``"uncertain"``: some die has no confident face)."""

    dice: tuple[DieRead, ...]
    flags: tuple[str, ...] = ()

    @property
    def faces(self) -> tuple[int | None, ...]:
        return tuple(d.face for d in self.dice)

