"""The footage contract (shared/footage-format.md): results, sidecars, events, frame sources."""

from vision.footage.events import (
    SCORED_TYPES,
    Event,
    abstain,
    outcome,
    read_events,
    violation,
    void,
    write_events,
)
from vision.footage.results import (
    RED_NUMBERS,
    WHEEL_SEQUENCE_CW,
    DiceResult,
    Result,
    RouletteResult,
    pocket_colour,
)
from vision.footage.sidecar import (
    FORMAT,
    Round,
    Sidecar,
    Void,
    load_sidecar,
    parse_sidecar,
    save_sidecar,
)
from vision.footage.source import ArraySource, FrameSource, StreamInfo, VideoFileSource

__all__ = [
    "FORMAT", "RED_NUMBERS", "SCORED_TYPES", "WHEEL_SEQUENCE_CW", "ArraySource", "DiceResult",
    "Event", "FrameSource", "Result", "RouletteResult", "Round", "Sidecar", "StreamInfo",
    "VideoFileSource", "Void", "abstain", "load_sidecar", "outcome", "parse_sidecar",
    "pocket_colour", "read_events", "save_sidecar", "violation", "void", "write_events",
]  # fmt: skip
