"""Versioned calibration store and the console's handle geometry (pure, no server)."""

from __future__ import annotations

import math

import pytest

from tests.service.console_scenes import roulette_data
from vision.calib import Profile
from vision.service.console_overlay import adjust, overlay
from vision.service.profiles import ProfileStore, diff_data


def profile(**ring: object) -> Profile:
    data = roulette_data()
    data["ring"].update(ring)
    return Profile(game="roulette", width=320, height=240, data=data)


def test_saves_make_versions_with_who_and_what_changed(tmp_path):
    store = ProfileStore(tmp_path)
    first = store.save("T1", profile(), by="tom", note="first")
    second = store.save("T1", profile(center_xy=[170.0, 120.0]), by="ann", note="nudged")
    assert (first.version, second.version) == (1, 2)
    assert store.active("T1") == 2
    assert second.by == "ann" and second.note == "nudged"
    assert second.changes == ({"field": "ring.center_xy", "from": [160.0, 120.0],
                               "to": [170.0, 120.0]},)
    saved = store.load("T1", 2)
    assert (saved.profile_version, saved.created_by) == (2, "ann")
    assert [v.version for v in store.versions("T1")] == [1, 2]


def test_rollback_is_a_new_version_holding_the_old_calibration(tmp_path):
    store = ProfileStore(tmp_path)
    store.save("T1", profile(), by="tom")
    store.save("T1", profile(center_xy=[170.0, 120.0]), by="tom")
    back = store.rollback("T1", 1, by="ann")
    assert (back.version, back.action, back.rolled_back_to) == (3, "rollback", 1)
    assert store.active("T1") == 3
    assert store.load("T1", 3).data == store.load("T1", 1).data
    with pytest.raises(KeyError):
        store.rollback("T1", 9, by="ann")  # never saved


def test_tables_are_separate_and_a_torn_history_line_is_skipped(tmp_path):
    store = ProfileStore(tmp_path)
    store.save("T1", profile(), by="tom")
    assert store.active("T2") is None and store.versions("T2") == []
    with (tmp_path / "T1" / "history.jsonl").open("a") as fh:
        fh.write('{"version": 2, "by"')  # the process died while writing
    assert [v.version for v in store.versions("T1")] == [1]
    assert store.save("T1", profile(), by="tom").version == 2


@pytest.mark.parametrize(("old", "new", "expected"), [
    (None, {"a": 1}, ({"field": "a", "from": None, "to": 1},)),   # first version
    ({"a": {"b": 1}}, {"a": {"b": 1}}, ()),                        # nothing changed
    ({"png": "x" * 300}, {"png": "y" * 300}, ({"field": "png"},)),  # images: name only
])
def test_diff_data(old, new, expected):
    assert diff_data(old, new) == expected


def handle(result: dict, name: str) -> tuple[float, float]:
    return next(tuple(h["xy"]) for h in result["handles"] if h["id"] == name)


@pytest.mark.parametrize(("name", "xy"), [
    ("center", (150.0, 130.0)),   # the ring follows the centre handle exactly
    ("major", (230.0, 125.0)),    # the major axis end: length and angle
    ("band_out", (90.0, 120.0)),  # the band's outer radius, opposite the major end
    ("zero", (160.0, 40.0)),      # pocket 0 dragged to the top of the ring
])
def test_roulette_handle_lands_where_it_was_dropped(name: str, xy: tuple[float, float]):
    data = adjust("roulette", roulette_data(), name, xy)
    got = handle(overlay("roulette", data), name)
    if name == "zero":  # the marker sits on the ray through the drop point
        ang = math.atan2(got[1] - 120, got[0] - 160) - math.atan2(xy[1] - 120, xy[0] - 160)
        assert abs(math.remainder(ang, 2 * math.pi)) < math.radians(2)
    else:
        assert got == pytest.approx(xy, abs=1.5)


def test_roulette_overlay_numbers_every_pocket_once():
    shapes = overlay("roulette", roulette_data())["shapes"]
    labels = sorted(int(s["text"]) for s in shapes if s["kind"] == "label")
    assert labels == list(range(37))


def test_minor_axis_never_exceeds_the_major_one():
    data = adjust("roulette", roulette_data(), "minor", (160.0, 20.0))  # 100 px > major 60
    assert data["ring"]["axes_px"][1] <= data["ring"]["axes_px"][0]


SICBO = {"small_width": 320, "dome": {"center_xy": [100.0, 80.0], "axes_px": [120.0, 100.0],
                                      "angle_deg": 0.0, "roi_xyxy": [40, 30, 160, 130]}}


def test_sicbo_box_follows_the_dome():
    data = adjust("sicbo", SICBO, "center", (110.0, 90.0))
    assert data["dome"]["center_xy"] == [110.0, 90.0]
    assert data["dome"]["roi_xyxy"] == [50, 40, 170, 140]  # moved with it
    assert handle(overlay("sicbo", data), "center") == (110.0, 90.0)


@pytest.mark.parametrize(("game", "data", "name", "message"), [
    ("roulette", roulette_data(), "nose", "handle must be one of"),  # no such handle
    ("sicbo", SICBO, "zero", "handle must be one of"),               # roulette-only handle
])
def test_unknown_handle_is_refused(game, data, name, message):
    with pytest.raises(ValueError, match=message):
        adjust(game, data, name, (0.0, 0.0))


def test_malformed_data_is_a_clear_value_error():
    with pytest.raises(ValueError, match="lacks or mangles"):
        overlay("roulette", {"ring": {}})
