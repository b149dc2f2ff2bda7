"""The console's calibration API on a real server: who may change what, versions, the
reader switching to a saved version without a restart, rollback, refusals."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
import pytest
from pydantic import SecretStr

from tests.service.builders import free_port, mjpeg_head, serve, wait_for
from tests.service.console_scenes import ROUND, RoundPatchReader, roulette_data, write_table_clip
from vision.service.app import create_app
from vision.service.settings import ApiToken, ServiceSettings, TableConfig

TECH = "technician-token-0123456789"
OPER = "operator-token-0123456789"


@dataclass
class Console:
    url: str
    app: Any
    made: list[Path | None]

    def post(self, path: str, body: Any = None, token: str | None = TECH) -> httpx.Response:
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        return httpx.post(f"{self.url}{path}", json=body, headers=headers, timeout=30)


@pytest.fixture(scope="module")
def console(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Console]:
    tmp = tmp_path_factory.mktemp("console")
    clip = write_table_clip(tmp / "table.avi", 3 * ROUND)
    made: list[Path | None] = []

    def factory(game, info, profile):  # noqa: ANN001, ANN202
        made.append(profile)
        return RoundPatchReader(info, profile)

    settings = ServiceSettings(
        data_dir=tmp / "data", settlement_secret=SecretStr("s" * 24),
        tables=[TableConfig(id="T1", game="roulette", source=str(clip))],
        tokens=[ApiToken(name="tom", role="technician", token=TECH),
                ApiToken(name="alice", role="operator", token=OPER)])
    port = free_port()
    app = create_app(settings, reader_factory=factory, base_url=f"http://127.0.0.1:{port}")
    with serve(app, port) as url:
        wait_for(lambda: app.state.console.guards["T1"].latest is not None)
        yield Console(url, app, made)


def test_page_and_its_files_are_served(console: Console):
    page = httpx.get(f"{console.url}/console")
    assert page.status_code == 200 and "Technician console" in page.text
    script = httpx.get(f"{console.url}/console/static/console.js")
    assert script.status_code == 200 and "calibration/overlay" in script.text


@pytest.mark.parametrize(("token", "code"), [
    (None, 401),   # no token
    ("not-a-known-token-at-all", 401),  # unknown token
    (OPER, 403),   # an operator may not change calibration
])
def test_only_a_technician_changes_calibration(console: Console, token, code):
    for path, body in (("/tables/T1/calibration", {"data": roulette_data()}),
                       ("/tables/T1/calibration/rollback", {"version": 1}),
                       ("/tables/T1/calibration/auto", None)):
        assert console.post(path, body, token).status_code == code, path


def test_snapshot_freezes_the_frame(console: Console):
    snap = console.post("/tables/T1/calibration/snapshot", token=None).json()
    assert (snap["width"], snap["height"]) == (320, 240)
    jpeg = httpx.get(f"{console.url}{snap['frame_url']}")
    assert jpeg.headers["content-type"] == "image/jpeg" and jpeg.content[:2] == b"\xff\xd8"


def test_dragging_a_handle_returns_new_data_and_overlay(console: Console):
    body = {"data": roulette_data(), "handle": "center", "xy": [150, 125]}
    moved = console.post("/tables/T1/calibration/overlay", body, token=None).json()
    assert moved["data"]["ring"]["center_xy"] == [150.0, 125.0]
    assert {"id": "center", "xy": [150.0, 125.0]} in moved["overlay"]["handles"]
    bad = console.post("/tables/T1/calibration/overlay", {**body, "handle": "nose"}, None)
    assert bad.status_code == 422 and "handle must be one of" in bad.text


@pytest.mark.parametrize(("change", "message"), [
    ({"sense": 2}, "sense must be 1 or -1"),            # the roulette parser's own check
    ({"ring": {"center_xy": [1, 2]}}, "refused"),       # axes missing
])
def test_bad_calibration_data_is_refused_with_the_reason(console: Console, change, message):
    answer = console.post("/tables/T1/calibration", {"data": {**roulette_data(), **change}})
    assert answer.status_code == 422 and message in answer.text


def test_auto_on_a_scene_without_a_wheel_says_why(console: Console):
    answer = console.post("/tables/T1/calibration/auto")
    assert answer.status_code == 422 and "auto calibration failed" in answer.text


def test_save_switch_and_roll_back(console: Console):
    base = console.app.state.console.store
    first = console.post("/tables/T1/calibration", {"data": roulette_data(), "note": "a"})
    assert first.status_code == 201, first.text
    v1 = first.json()["version"]
    wait_for(lambda: console.made[-1] == base.path("T1", v1))  # the reader switched
    nudged = roulette_data()
    nudged["ring"]["center_xy"] = [162.0, 121.0]
    v2 = console.post("/tables/T1/calibration", {"data": nudged, "note": "nudged"}).json()
    assert v2["version"] == v1 + 1 and v2["by"] == "tom" and v2["note"] == "nudged"
    assert {"field": "ring.center_xy", "from": [160.0, 120.0], "to": [162.0, 121.0]} \
        in v2["changes"]
    back = console.post("/tables/T1/calibration/rollback", {"version": v1}).json()
    assert back["rolled_back_to"] == v1 and back["version"] == v1 + 2
    wait_for(lambda: console.made[-1] == base.path("T1", back["version"]))
    status = httpx.get(f"{console.url}/tables/T1/calibration").json()
    assert status["active_version"] == back["version"]
    assert status["data"]["ring"]["center_xy"] == [160.0, 120.0]
    assert [v["version"] for v in status["versions"]] == [v1 + 2, v1 + 1, v1]
    table = console.app.state.runtime.tables["T1"]
    wait_for(lambda: table.versions[0] == f"v{back['version']}")  # what messages carry
    assert console.post("/tables/T1/calibration/rollback", {"version": 99}).status_code == 404
    audit = [e for e in console.app.state.runtime.audit.entries()
             if e["action"].startswith("calibration_") and e["answer"][0] != "4"]
    assert [(e["action"], e["answer"], e["by"]) for e in audit[-3:]] == [
        ("calibration_save", f"201 version {v1}", "tom"),
        ("calibration_save", f"201 version {v1 + 1}", "tom"),
        ("calibration_rollback", f"201 version {v1 + 2}", "tom")]
    refused = console.app.state.runtime.audit.entries()[-1]
    assert refused["answer"].startswith("404") and refused["to_version"] == 99
    # a round the swap cut short abstains as such, not as a camera fault
    reasons = {r.reason for r in table.rounds.recent(50) if r.status == "abstain"}
    assert "camera_unavailable" not in reasons


def test_verify_streams_the_live_picture(console: Console):
    head = mjpeg_head(f"{console.url}/tables/T1/calibration/verify.mjpg")
    jpeg = head.split(b"\r\n\r\n", 1)[1]
    assert jpeg[:2] == b"\xff\xd8"  # a JPEG picture
