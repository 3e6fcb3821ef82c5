"""One entry point for every game's picture: ``draw(game, view, seat)`` → one ``<svg>`` element.

The HTML viewer, ``show --svg`` and ``replay --svg`` all call this, so a view is drawn the same
way everywhere. Each game's drawing lives in ``cli/svg_<game>.py`` as
``svg(view, seat, standalone=False)``; the string returned here embeds inline in an HTML page
(no XML prolog, no external fonts, images or links). Elements that show a seat's hidden cards
carry ``class="hand"`` (or ``"hidden-card"``) and ``data-seat="N"``, so a page can be checked
in the DOM for cards another seat may not see.
"""

from __future__ import annotations

import importlib
import importlib.util
from collections.abc import Sequence
from types import ModuleType
from typing import Any

PROLOG = "<?xml version='1.0' encoding='UTF-8'?>\n"
GAMES = ("red-north", "brian-boru", "feast")


def _module_name(game: str) -> str:
    return f"{__package__}.svg_" + game.replace("-", "_")


def inner_view(view: dict[str, Any]) -> dict[str, Any]:
    """The game's own view from either form the CLI holds: ``view_json(result)`` or its
    ``"view"`` part."""
    if "game_id" in view and isinstance(view.get("view"), dict):
        inner: dict[str, Any] = view["view"]
        return inner
    return view


def _module(game: str) -> ModuleType:
    try:
        return importlib.import_module(_module_name(game))
    except ModuleNotFoundError as exc:
        if exc.name != _module_name(game):
            raise
        raise ValueError(f"no SVG drawing for {game!r}") from None


def has_drawing(game: str) -> bool:
    """Whether ``game`` has a ``cli/svg_<game>.py``."""
    return importlib.util.find_spec(_module_name(game)) is not None


def _finish(picture: str, standalone: bool) -> str:
    picture = picture.removeprefix(PROLOG).strip()
    return PROLOG + picture + "\n" if standalone else picture


def draw(
    game: str, view: dict[str, Any], seat: int | None = None, *, standalone: bool = False
) -> str:
    """The picture of ``view`` of ``game`` (``red-north``/``red_north``, ``brian-boru``,
    ``feast``) as one ``<svg>`` element; ``seat`` is whose view it is (``None``: the public or
    the referee's view, whatever the view holds). ``standalone`` adds the XML prolog, for files.
    """
    picture: str = _module(game).svg(inner_view(view), seat)
    return _finish(picture, standalone)


def draw_referee(game: str, views: Sequence[dict[str, Any]], *, standalone: bool = False) -> str:
    """The referee's picture: one drawing with every seat's hidden cards, made from each
    seat's own view at one version (``views[seat]``, either form ``draw`` takes). The
    domain serves no view with every secret; each seat's view holds its own."""
    if not views:
        raise ValueError("a referee drawing needs every seat's view")
    module = _module(game)
    merged: dict[str, Any] = module.referee_view([inner_view(v) for v in views])
    picture: str = module.svg(merged, None)
    return _finish(picture, standalone)
