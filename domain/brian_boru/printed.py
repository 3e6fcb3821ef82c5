"""Setup options that override printed values we only know from one source.

RULINGS.md (preamble): every ruling on a printed value lives as named data "and can be
overridden by a setup option where it is a printed value". The Brian Boru rulings on printed
values and their options:

* ``viking_strengths`` — the 7 Viking card strengths (cards.py, parsed in engine.py);
* ``card5_coins`` — card 5's secondary A coins (cards.py);
* ``dubhlinn`` — "threshold,value" of Dubhlinn (RULINGS.md: "Dubhlinn threshold 2 and value
  2"; default ``2,2``);
* ``road_31_43`` — ``yes`` / ``no`` (RULINGS.md: "road 31–43 exists"; default ``yes``);
* ``marriage_track`` — the 10 spaces bottom to top (RULINGS.md: "the 10-space model in
  rules-and-data.md §7.1"), each ``none``, ``coinN``, ``renownN`` or ``town``; the bottom and
  the top space must be ``none``. Default ``none,none,coin1,coin1,coin1,coin2,coin2,renown1,
  town,none``.

The options are recorded in ``GameStarted.options`` and read back by ``evolve`` through
:func:`settings` (pure, validated at setup), so no event field changes.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from domain.brian_boru.map import REGION_BY_KEY
from domain.brian_boru.marriages import TRACK, TrackReward, TrackSpace
from domain.kernel.errors import Malformed

DUBHLINN_DEFAULT: tuple[int, int] = (
    REGION_BY_KEY["dubhlinn"].threshold,
    REGION_BY_KEY["dubhlinn"].value,
)
"""RULINGS.md: Dubhlinn threshold 2 and value 2 (map.py holds the same printed data)."""

ROAD_31_43: tuple[int, int] = (31, 43)
"""RULINGS.md: road 31–43 exists (option ``road_31_43=no`` removes it)."""


@dataclass(frozen=True, slots=True)
class PrintedSettings:
    dubhlinn: tuple[int, int] = DUBHLINN_DEFAULT
    road_31_43: bool = True
    track: tuple[TrackSpace, ...] = TRACK


def _bad(message: str) -> Malformed:
    return Malformed("brian_boru/bad-option", message)


def _space(index: int, text: str) -> TrackSpace:
    word = text.strip().lower()
    if word == "none":
        return TrackSpace(index, TrackReward.NONE)
    if word == "town":
        return TrackSpace(index, TrackReward.TOWN, 1)
    for reward in (TrackReward.COIN, TrackReward.RENOWN):
        if word.startswith(reward.value) and word[len(reward.value) :].isdigit():
            amount = int(word[len(reward.value) :])
            if amount > 0:
                return TrackSpace(index, reward, amount)
    raise _bad(f"marriage_track space {index}: {text!r} is not none/coinN/renownN/town")


def settings(options: Iterable[tuple[str, str]]) -> PrintedSettings:
    """The printed-value overrides among ``options`` (raises ``Malformed`` when invalid)."""
    out = PrintedSettings()
    for name, text in options:
        if name == "dubhlinn":
            parts = text.split(",")
            if len(parts) != 2 or not all(p.strip().isdigit() for p in parts):
                raise _bad("dubhlinn must be 'threshold,value', two integers")
            threshold, value = (int(p) for p in parts)
            if not 1 <= threshold <= len(REGION_BY_KEY["dubhlinn"].towns) * 2:
                raise _bad("dubhlinn threshold must be between 1 and 6")
            out = PrintedSettings((threshold, value), out.road_31_43, out.track)
        elif name == "road_31_43":
            if text.lower() not in ("yes", "no", "true", "false"):
                raise _bad("road_31_43 must be yes or no")
            out = PrintedSettings(out.dubhlinn, text.lower() in ("yes", "true"), out.track)
        elif name == "marriage_track":
            words = text.split(",")
            if len(words) != len(TRACK):
                raise _bad(f"marriage_track must list {len(TRACK)} spaces, bottom to top")
            track = tuple(_space(i, w) for i, w in enumerate(words))
            if track[0].reward is not TrackReward.NONE or track[-1].reward is not TrackReward.NONE:
                raise _bad("marriage_track: the bottom and the top space carry no reward")
            out = PrintedSettings(out.dubhlinn, out.road_31_43, track)
    return out
