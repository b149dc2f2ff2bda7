"""The sic bo reader pays its one-off costs when it starts, not in a live table's first round."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path


def test_sicbo_reader_loads_its_face_model_at_start() -> None:
    """A live table's first outcome is not ~0.3 s late paying the face model's load and
    OpenCV's colour tables (``dice.warm_up``): they are paid when the reader is made."""
    code = ("import sys\n"
            "from vision.footage import StreamInfo\n"
            "from vision.readers import make_reader\n"
            "assert 'onnxruntime' not in sys.modules\n"
            "make_reader('sicbo', StreamInfo(fps=25.0, width=640, height=480, frame_count=None))\n"
            "print('onnxruntime' in sys.modules)\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         cwd=Path(__file__).parents[2], check=True)
    assert out.stdout.strip() == "True"
