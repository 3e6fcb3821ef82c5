"""The viewer page's "go to version" box in a real headless Chromium: a version past either
end of the page went nowhere, silently; it now goes to that end and the box says which."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from tests.view_helpers import RN2, build

CHROMIUM = os.environ.get("SKALD_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
if not Path(CHROMIUM).is_file():
    pytest.skip(f"no Chromium at {CHROMIUM} (apt-get install chromium)", allow_module_level=True)
from playwright import sync_api  # noqa: E402


def test_a_version_past_either_end_goes_to_that_end(tmp_path: Path) -> None:
    out = tmp_path / "page.html"
    build(out, str(RN2), "--to", "30", "--public")
    with sync_api.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, headless=True)
        try:
            tab = browser.new_page(viewport={"width": 1400, "height": 1000})
            errors: list[str] = []
            tab.on("pageerror", lambda e: errors.append(str(e)))
            tab.goto(out.as_uri())
            tab.wait_for_selector("body[data-ready=true]", timeout=15000)
            box = tab.locator("input.jump").first

            def jump(text: str) -> tuple[int, str]:
                box.fill(text)
                box.press("Enter")
                tab.wait_for_timeout(100)
                shown = int(str(tab.get_attribute("figure.picture", "data-v")))
                return shown, box.input_value()

            assert jump("12") == (12, "12")
            assert jump("9999") == (30, "30")
            assert jump("0") == (1, "1")
            assert jump("17") == (17, "17")
            assert jump("-4") == (1, "1")
            assert errors == []
        finally:
            browser.close()
