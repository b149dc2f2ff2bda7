"""Two ones side by side in one blob, their pips read as one two, are two dice: leaning,
not one die on another (``vision.sicbo.sidebyside.ones_pair``).

Frame: the reader's dome crop of fresh seed 15004 clip 025 r2 frame 991 (1280x720, Chinese
ones on a blue floor; truth dice_leaning, a one leaning 38 degrees on a one, a third one
apart): the pair's red pips (255-257 px, 69 px apart) were read as a two 92 px across,
and the light cue took the two lit tops for a stack: voided ``dice_stacked``."""

from __future__ import annotations

import numpy as np

from tests.sicbo.saved import die_at, needs_model, read_saved
from vision.sicbo.pipblobs import Pip
from vision.sicbo.pips import TopFace
from vision.sicbo.sidebyside import ones_pair


@needs_model
def test_two_ones_in_one_blob_lean() -> None:
    reading = read_saved("s15004_025_f991_ones_pair.webp")
    assert die_at(reading, (322, 246), within=15.0).pose == "leaning"    # before: stacked
    assert die_at(reading, (148, 302)).pose == "flat"


def _face(*xy_area: tuple[float, float, float], edge: float = 50.0) -> TopFace:
    pips = tuple(Pip(center_xy=(x, y), area_px=a, axes_px=(2 * np.sqrt(a / np.pi),) * 2,
                     angle_deg=0.0, inside=1.0, redness=40.0, ring_lum=250.0)
                 for x, y, a in xy_area)
    c = np.mean([p.center_xy for p in pips], axis=0)
    return TopFace(pips=pips, center_xy=(float(c[0]), float(c[1])), edge_px=edge, side_pips=())


def test_only_one_sized_pips_a_die_apart_are_two_ones() -> None:
    one = _face((300, 300, 250))
    pair = _face((100, 100, 240), (145, 125, 240), edge=90)      # 51 px apart: two dice
    assert ones_pair([one, pair]) == {1}
    assert ones_pair([pair]) == set()                          # no one to size them by
    small = _face((100, 100, 60), (145, 125, 60), edge=90)       # a two's pips
    assert ones_pair([one, small]) == set()
    close = _face((100, 100, 240), (125, 125, 240), edge=50)     # 35 px: a two's diagonal
    assert ones_pair([one, close]) == set()                    # (pips all alike in size)
