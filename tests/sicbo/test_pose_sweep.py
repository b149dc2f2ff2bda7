"""The rendered pose sweep the docs cite (``tests/sicbo/pose_sweep.py``): its scenes follow
from the seed alone, so two checkouts sweep the same pictures and only their reads differ,
and the comparison names the scenes read differently."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.sicbo.pose_sweep import compare, main, sweep, verdict
from tests.sicbo.saved import needs_model


@needs_model
def test_sweep_is_reproducible_and_pays_no_lean_or_stack() -> None:
    first, again = list(sweep(3, seed=681)), list(sweep(3, seed=681))
    assert first == again
    assert [r["kind"] for r in first] == ["lean", "flat", "stack"]
    lean, flat, stack = (verdict(r) for r in first)
    assert lean in ("leaning", "stacked", "unsure") and stack in ("leaning", "stacked", "unsure")
    assert flat == "paid"


def test_compare_names_the_scenes_read_differently(tmp_path: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    lean = {"k": 0, "kind": "lean", "dice": [[3, 0.99, "flat"], [5, 0.99, "flat"]]}
    flat = {"k": 1, "kind": "flat", "dice": [[1, 0.99, "flat"]] * 3}
    posed = {**lean, "dice": [[3, 0.99, "flat"], [5, 0.35, "leaning"], [5, 0.99, "flat"]]}
    before, after = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    before.write_text("\n".join(json.dumps(r) for r in (lean, flat)) + "\n")
    after.write_text("\n".join(json.dumps(r) for r in (posed, flat)) + "\n")
    counts_a, counts_b, changed = compare([lean, flat], [posed, flat])
    assert counts_a[("lean", "unsure")] == 1 and counts_b[("lean", "leaning")] == 1
    assert len(changed) == 1 and changed[0].startswith("0 lean: unsure -> leaning")
    assert main(["compare", str(before), str(after)]) == 0
    assert "0 lean: unsure -> leaning" in capsys.readouterr().out
