"""The live evidence frame.jpg shows what the reader saw: a void's blamed die in red
(``evidence`` on the event); a decision without evidence keeps the frame unmarked."""

from __future__ import annotations

import time

import cv2
import numpy as np

from vision.footage import void
from vision.footage.evidence import parse_evidence
from vision.service.annotate import annotate

from .test_table import table  # noqa: F401  (the fixture)

FRAME = np.full((480, 640, 3), 128, np.uint8)
SEEN = {"dice": [{"box_xyxy": [300, 200, 400, 300], "face": 6, "confidence": 0.4,
                  "pose": "leaning"}], "blamed": [0]}


def _red_share(image: np.ndarray) -> float:
    b, g, r = (image[..., i].astype(int) for i in range(3))
    return float(((r > 180) & (g < 90) & (b < 90)).mean())


def test_annotate_draws_the_blamed_die_red() -> None:
    marked = annotate(FRAME, ["t1 (sicbo)"], parse_evidence({"evidence": SEEN}))
    assert _red_share(marked[200:300, 296:304]) > 0.5   # the box's left side
    assert _red_share(annotate(FRAME, ["t1 (sicbo)"])) == 0.0


def test_evidence_frame_of_a_void_is_marked(table) -> None:  # noqa: F811
    runtime, _, _ = table
    runtime.s.writer.submit(lambda: None).result()
    runtime.on_frame(FRAME, 5, 0.001, time.time())
    runtime.on_events([void(5, "object_in_bowl", evidence={"object_box_xyxy": [300, 200,
                                                                             400, 300]})],
                      FRAME)
    runtime.s.writer.submit(lambda: None).result()   # the evidence written
    record = runtime.rounds.get(1)
    path = runtime.s.evidence.file(record.evidence_id, "frame.jpg")
    image = cv2.imread(str(path))
    assert _red_share(image[200:300, 294:306]) > 0.3
