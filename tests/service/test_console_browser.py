"""The console in a real headless browser (Debian's Chromium driven by Playwright): drag
a handle, save, see the new version, roll back, take a screenshot. Skips when Chromium
or Playwright is missing (scripts/test.sh installs both on CI)."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import httpx
import pytest
from pydantic import SecretStr

from tests.service.builders import free_port, serve, wait_for
from tests.service.console_scenes import ROUND, RoundPatchReader, roulette_data, write_table_clip
from vision.service.app import create_app
from vision.service.settings import ApiToken, ServiceSettings, TableConfig

CHROMIUM = os.environ.get("VISION_CHROMIUM", "/usr/bin/chromium")
TECH = "technician-token-0123456789"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]

sync_api = pytest.importorskip("playwright.sync_api",
                               reason="playwright is not installed (pip install -e '.[test]')")
if not (Path(CHROMIUM).is_file() or shutil.which(CHROMIUM)):
    pytest.skip(f"no Chromium at {CHROMIUM} (apt-get install chromium, or set VISION_CHROMIUM)",
                allow_module_level=True)


@pytest.fixture
def url(tmp_path: Path):  # noqa: ANN201 - the console's base URL
    clip = write_table_clip(tmp_path / "table.avi", 3 * ROUND)
    settings = ServiceSettings(
        data_dir=tmp_path / "data", settlement_secret=SecretStr("s" * 24),
        tables=[TableConfig(id="T1", game="roulette", source=str(clip))],
        tokens=[ApiToken(name="tom", role="technician", token=TECH)])
    port = free_port()
    app = create_app(settings, reader_factory=lambda g, i, p: RoundPatchReader(i, p),
                     base_url=f"http://127.0.0.1:{port}")
    with serve(app, port) as base:
        wait_for(lambda: app.state.console.guards["T1"].latest is not None)
        first = httpx.post(f"{base}/tables/T1/calibration", json={"data": roulette_data()},
                           headers={"Authorization": f"Bearer {TECH}"})
        assert first.status_code == 201, first.text
        yield base


def handle_on_screen(page, name: str) -> tuple[float, float]:  # noqa: ANN001
    return page.evaluate("""(name) => {
        const h = state.overlay.handles.find((k) => k.id === name);
        const c = document.getElementById("overlay"), r = c.getBoundingClientRect();
        return [r.left + h.xy[0] * r.width / c.width, r.top + h.xy[1] * r.height / c.height];
    }""", name)


def test_drag_save_rollback_in_a_browser(url: str, tmp_path: Path):
    with sync_api.sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
        try:
            page = browser.new_page(viewport={"width": 1100, "height": 700})
            page.goto(f"{url}/console")
            page.get_by_test_id("token").fill(TECH)
            page.get_by_test_id("token").dispatch_event("change")
            page.wait_for_selector("li[data-version='1'].active")
            page.wait_for_function("state.overlay && state.overlay.handles.length === 6")
            page.wait_for_function(  # the frozen frame is shown, so handles sit on it
                "(() => { const i = document.getElementById('frame');"
                " return i.complete && i.naturalWidth === state.width"
                " && i.src.includes('snapshot.jpg'); })()")
            x, y = handle_on_screen(page, "center")
            page.mouse.move(x, y)
            page.mouse.down()
            page.mouse.move(x + 25, y + 10, steps=5)
            page.mouse.up()
            page.wait_for_function("state.data.ring.center_xy[0] > 165 && !state.busy")
            moved = page.evaluate("state.data.ring.center_xy")
            page.get_by_test_id("note").fill("centre nudged in the browser")
            page.get_by_test_id("save").click()
            page.wait_for_selector("li[data-version='2'].active")
            assert "centre nudged in the browser" in page.inner_text("li[data-version='2']")
            assert "ring.center_xy" in page.inner_text("li[data-version='2']")
            page.get_by_test_id("rollback-1").click()
            page.wait_for_selector("li[data-version='3'].active")
            assert "rollback" in page.inner_text("li[data-version='3']")
            page.wait_for_function("state.data && state.data.ring.center_xy[0] === 160")
            shot = page.screenshot(path=str(tmp_path / "console.png"))
        finally:
            browser.close()
    assert moved[0] > 165 and shot[:8] == b"\x89PNG\r\n\x1a\n"
    status = httpx.get(f"{url}/tables/T1/calibration").json()
    assert status["active_version"] == 3
    assert [v["action"] for v in status["versions"]] == ["rollback", "save", "save"]
    assert status["versions"][1]["by"] == "tom"


def test_home_page_event_box_says_it_is_live_then_shows_events(tmp_path: Path):
    """A supervisor opening the home page is told why the Events box may be empty (it is
    live, from the page's opening) and where earlier decisions are; the first live
    decision replaces that note."""
    clip = write_table_clip(tmp_path / "table.avi", 3 * ROUND)
    settings = ServiceSettings(
        data_dir=tmp_path / "data", settlement_secret=SecretStr("s" * 24),
        tables=[TableConfig(id="T1", game="roulette", source=str(clip))])
    port = free_port()
    app = create_app(settings, reader_factory=lambda g, i, p: RoundPatchReader(i, p),
                     base_url=f"http://127.0.0.1:{port}")
    with serve(app, port) as base, sync_api.sync_playwright() as pw:
        served = httpx.get(f"{base}/").text
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
        try:
            page = browser.new_page()
            page.goto(f"{base}/")
            page.wait_for_selector("#log-empty", state="detached")
            page.wait_for_function(
                "[...document.querySelectorAll('#log div')].some("
                "(d) => / T1 \\d+ outcome /.test(d.textContent))")
            text = page.inner_text("#log")
        finally:
            browser.close()
    assert "No events yet" in served and "rounds" in served
    assert "No events yet" not in text and '"result":{"number":17}' in text
