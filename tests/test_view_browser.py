"""``skald view`` pages in a real headless Chromium (the system's, driven by Playwright).

Each game's page loads without console errors, its timeline moves with the keyboard and the
drawing changes, and its picture at a fixed event matches the stored screenshot
(``tests/view_screens/``; ``SKALD_UPDATE_SCREENS=1`` writes them anew). Switching seats, or a
seat's own page, leaves no other seat's hidden cards in the DOM; the diff page marks the
first difference; the live page shows a move played over a real gRPC server. One browser
serves the whole module. Skipped only where no Chromium is installed.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from skald.service.app.requests import CreateGame, ListLegal, SubmitMove
from skald.service.model.auth import OPERATOR
from tests.view_helpers import BB3, FEAST2, RN2, build, forked_pair, grpc_server, page_data

CHROMIUM = os.environ.get("SKALD_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
SCREENS = Path(__file__).resolve().parent / "view_screens"
UPDATE = bool(os.environ.get("SKALD_UPDATE_SCREENS"))
EVENTS = 30
"""Each game's page holds its first 30 events (quick to draw, enough to follow)."""
SHOT_EVENT = 24
SHOT_HEIGHT = 640
TOLERANCE = 0.01
"""At most this share of a screenshot's pixels may differ (by more than 48 in a channel)."""
HIDDEN_SEATS = """() => [...document.querySelectorAll(
    'figure [class~="hand"], figure [class~="hidden-card"]')].map(e => e.getAttribute("data-seat"))"""

STEP_ALL = """() => {
  const seen = [];
  for (let i = 0; i < document.querySelectorAll("ol.events > li").length; i++) {
    seen.push([...document.querySelectorAll('figure [class~="hand"], figure [class~="hidden-card"]')]
      .map(e => e.getAttribute("data-seat")));
    document.dispatchEvent(new KeyboardEvent("keydown", {key: "ArrowRight", bubbles: true}));
  }
  return seen;
}"""

if not Path(CHROMIUM).is_file():
    pytest.skip(f"no Chromium at {CHROMIUM} (apt-get install chromium)", allow_module_level=True)
from playwright import sync_api  # noqa: E402  (in the test extra: missing is an error, not a skip)


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with sync_api.sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=CHROMIUM, headless=True)
        yield chromium
        chromium.close()


SPECS = {
    "red-north": (str(RN2), "--to", str(EVENTS)),
    "brian-boru": (str(BB3), "--to", str(EVENTS), "--seat", "0"),
    "feast": (str(FEAST2), "--to", str(EVENTS), "--public"),
    "red-north-seat1": (str(RN2), "--to", str(EVENTS), "--seat", "1"),
}
"""The pages: Red North's referee page (every view), and one view alone of the others (each
view drawn costs milliseconds), and a seat's page."""


class Pages:
    """Each page built on first use (xdist may run this module's tests on several workers)."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.built: dict[str, Path] = {}

    def __getitem__(self, name: str) -> Path:
        if name not in self.built:
            self.built[name] = self.folder / f"{name}.html"
            build(self.built[name], *SPECS[name])
        return self.built[name]


@pytest.fixture(scope="module")
def pages(tmp_path_factory: pytest.TempPathFactory) -> Pages:
    return Pages(tmp_path_factory.mktemp("pages"))


class Page:
    """A browser tab on one page, with the console errors it logged."""

    def __init__(self, browser: Any, url: str) -> None:
        self.tab = browser.new_page(viewport={"width": 1400, "height": 1000})
        self.errors: list[str] = []
        self.tab.on("console", self._console)
        self.tab.on("pageerror", lambda e: self.errors.append(str(e)))
        self.tab.goto(url)
        self.tab.wait_for_selector("body[data-ready=true]", timeout=15000)

    def _console(self, message: Any) -> None:
        if message.type == "error":
            self.errors.append(message.text)

    def version(self, pane: str = "") -> int:
        return int(self.tab.get_attribute(f"{pane} figure.picture", "data-v"))

    def picture(self, pane: str = "") -> str:
        return str(self.tab.inner_html(f"{pane} figure.picture"))

    def key(self, *keys: str) -> None:
        self.tab.evaluate("() => document.activeElement && document.activeElement.blur()")
        for k in keys:
            self.tab.keyboard.press(k)

    def go(self, version: int) -> None:
        self.tab.fill("input.jump", str(version))
        self.tab.press("input.jump", "Enter")
        assert self.version() == version

    def hidden_seats(self) -> set[str]:
        return set(self.tab.evaluate(HIDDEN_SEATS))

    def close(self) -> None:
        self.tab.close()


def _same_picture(shot: bytes, name: str) -> None:
    from io import BytesIO

    from PIL import Image, ImageChops

    stored = SCREENS / f"{name}.png"
    if UPDATE:
        SCREENS.mkdir(exist_ok=True)
        Image.open(BytesIO(shot)).save(stored, optimize=True)
        return
    assert stored.is_file(), f"no stored screenshot {stored}: run with SKALD_UPDATE_SCREENS=1"
    now, want = Image.open(BytesIO(shot)).convert("RGB"), Image.open(stored).convert("RGB")
    assert now.size == want.size, f"{name}: {now.size} against the stored {want.size}"
    diff = ImageChops.difference(now, want).convert("L").point(lambda x: 255 if x > 48 else 0)
    share = diff.histogram()[255] / (now.size[0] * now.size[1])
    assert share <= TOLERANCE, f"{name}: {share:.1%} of the pixels differ from the stored picture"


@pytest.mark.parametrize("game", ["red-north", "brian-boru", "feast"])
def test_each_game_loads_steps_plays_and_looks_as_stored(
    browser: Any, pages: Pages, game: str
) -> None:
    page = Page(browser, pages[game].as_uri())
    tab = page.tab
    data = page_data(pages[game].read_text())["games"][0]
    assert page.version() == 1
    first = page.picture()
    page.key("End")
    assert page.version() == EVENTS and page.picture() != first
    page.key("Home", "ArrowRight")
    assert page.version() == 2
    assert f"v2 of {EVENTS}" in tab.inner_text(".now")
    page.key("PageDown")
    assert page.version() == data["moves"][1][1]  # the end of the first move after setup
    tab.select_option("select.speed", "16")
    page.key("Home", " ")
    tab.wait_for_function("() => Number(document.querySelector('figure').dataset.v) > 4")
    page.key(" ")
    assert tab.get_attribute("button[data-act=play]", "aria-pressed") == "false"
    assert tab.locator("ol.moves > li").count() == len(data["moves"])
    assert tab.locator("ol.events > li").count() == EVENTS
    assert tab.get_attribute(".now", "aria-live") == "polite"
    assert "seat 0" in tab.inner_text("table.scores")
    page.go(SHOT_EVENT)
    assert tab.get_attribute("ol.events li[aria-current=step]", "data-v") == str(SHOT_EVENT)
    box = tab.locator("figure.picture").bounding_box()
    clip = {"x": box["x"], "y": box["y"], "width": box["width"], "height": SHOT_HEIGHT}
    _same_picture(tab.screenshot(clip=clip), game)
    assert page.errors == []
    page.close()


def test_switching_seats_and_a_seats_page_show_no_other_seats_cards(
    browser: Any, pages: Pages
) -> None:
    page = Page(browser, pages["red-north"].as_uri())
    page.go(SHOT_EVENT)
    shown = {}
    for series, seats in (("seat0", {"0"}), ("seat1", {"1"}), ("public", set())):
        page.tab.select_option("select.seat", series)
        assert page.hidden_seats() == seats
        shown[series] = page.picture()
    assert len(set(shown.values())) == 3
    page.close()

    page = Page(browser, pages["red-north-seat1"].as_uri())
    assert page.tab.locator("select.seat option").count() == 1
    page.key("Home")
    seen = page.tab.evaluate(STEP_ALL)  # every event, stepped with the keyboard in the page
    assert len(seen) == EVENTS
    assert set().union(*map(set, seen)) == {"1"}
    assert page.errors == []
    page.close()


def test_the_diff_page_marks_the_fork_and_the_first_difference(
    browser: Any, tmp_path: Path
) -> None:
    pair = forked_pair(tmp_path)
    out = tmp_path / "diff.html"
    build(out, pair.a, pair.b, "--db", pair.db, "--public", "--to", "60")
    page = Page(browser, out.as_uri())
    tab = page.tab
    for pane in ("pane-a", "pane-b"):
        where = f"[data-pane={pane}] ol.events"
        assert tab.get_attribute(f"{where} li.diverge", "data-v") == str(pair.at + 1)
        assert tab.get_attribute(f"{where} li.fork", "data-v") == str(pair.at)
        assert page.version(f"[data-pane={pane}]") == pair.at + 1
    tab.click("button[data-act=fork]")
    assert page.version("[data-pane=pane-a]") == page.version("[data-pane=pane-b]") == pair.at
    tab.uncheck("#link")
    tab.click("[data-pane=pane-a] button[data-act=last]")
    assert page.version("[data-pane=pane-a]") == 60
    assert page.version("[data-pane=pane-b]") == pair.at
    assert page.errors == []
    page.close()


def test_the_live_page_shows_a_move_played_over_grpc(browser: Any, tmp_path: Path) -> None:
    from skald.cli.commands.view import start_live
    from skald.service.client import RemoteClient

    with grpc_server(tmp_path) as port:
        address = f"127.0.0.1:{port}"
        created = RemoteClient(address).create(
            CreateGame("red_north", 2, b"live-page", "server", {}, [])
        )
        gid, tokens = created["game_id"], created["seat_tokens"]
        seat0, seat1 = RemoteClient(address, tokens[0]), RemoteClient(address, tokens[1])
        live = start_live(seat0, gid, jobs=1)
        try:
            page = Page(browser, live.url)
            tab = page.tab
            tab.wait_for_function(
                "() => document.querySelector('.live-state').textContent.includes('live')"
            )
            before = page.version()
            count = tab.locator("ol.events > li").count()
            version, _ = seat1.submit(
                SubmitMove(
                    gid,
                    1,
                    seat1.legal(ListLegal(gid, 1, who=OPERATOR))[0][0],
                    None,
                    None,
                    [],
                    who=OPERATOR,
                )
            )
            tab.wait_for_function(
                f"() => Number(document.querySelector('figure').dataset.v) === {version}",
                timeout=15000,
            )
            assert tab.locator("ol.events > li").count() == count + version - before
            assert "seat 1" in tab.inner_text("ol.moves > li:last-child")
            assert page.hidden_seats() <= {"0"}
            assert page.errors == []
            page.close()
        finally:
            live.stop()
            seat0.close()
            seat1.close()
