"""How ``skald simulate`` (and the goldens, the benchmarks) choose among legal commands.

Every picker returns one of the commands it is given: it is a legal-move picker with a bias,
never a player that invents a move. Red North and Brian Boru pick uniformly (one
``Random.choice``, as they always have, so their recorded goldens stay the same).

A Feast for Odin lists every anytime goods placement beside the few moves that advance the
game (a turn may offer hundreds of ``PlaceGood`` drops and one ``Pass``), so a uniform pick
would mostly shuffle tiles, and the moves that end something (``Pass``, ``EndFeast``,
``FinishAction``) would come early and at random. Its picker is biased, so simulated games
reach every part of the rules (issue 9: "it places goods, takes dice actions, emigrates"):

1. **emigrate** when an emigration space is legal (probability 0.8);
2. **play an occupation** when the action offers it (``PlayOccupation``, 0.7), and **take an
   occupation's offer** rather than leave it (``ResolveOccupation`` with a choice, 0.8);
3. **place a good** when a placement is legal (0.35), uniformly among the drops;
4. **buy a ship or load ore** when legal (0.1), **use an anytime occupation** (0.2);
5. otherwise a **move that does something** — placing Vikings, dice rolls and declarations,
   mountain takes, upgrades, occupations, serving food, trading: first a uniformly chosen
   *space* (``PlaceVikings`` grouped by the space, or the space copied), then one of its
   commands, so a space with many options is not favoured over one with a single option;
6. a move that **stops** (``Pass``, ``EndFeast``, ``FinishAction``, ``FinishPlacing``, an
   offer left unused) only when nothing else of steps 1–5 is left, or with probability 0.1 (so some actions end with
   choices unused and some feasts end with squares open, as real players do).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from functools import cache
from typing import Any

from service.bootstrap import registry

Picker = Callable[[Sequence[Any], random.Random], Any]

STOPS = frozenset({"Pass", "EndFeast", "FinishAction", "FinishPlacing"})
"""Feast commands that end a turn, an action, a feast or the final placement."""
P_EMIGRATE, P_PLACE, P_SHIP, P_STOP = 0.8, 0.35, 0.1, 0.1
P_PLAY, P_TAKE_OFFER, P_CARD = 0.7, 0.8, 0.2


def uniform(options: Sequence[Any], picker: random.Random) -> Any:
    return picker.choice(options)


@cache
def _emigration_spaces() -> frozenset[str]:
    """Action spaces whose kind includes emigration (from the printed components)."""
    spaces = registry().rules("feast").components()["action_spaces"]
    return frozenset(a["id"] for a in spaces if "emigrate" in a["kind"])


def _kind(command: Any) -> str:
    return type(command).__name__


def feast(options: Sequence[Any], picker: random.Random) -> Any:
    """The biased Feast picker of the module docstring."""
    emigrate = [
        c
        for c in options
        if _kind(c) == "PlaceVikings" and (c.copy or c.space) in _emigration_spaces()
    ]
    if emigrate and picker.random() < P_EMIGRATE:
        return picker.choice(emigrate)
    plays = [c for c in options if _kind(c) == "PlayOccupation"]
    if plays and picker.random() < P_PLAY:
        return picker.choice(plays)
    offers = [c for c in options if _kind(c) == "ResolveOccupation"]
    taken = [c for c in offers if c.option is not None]
    if taken and picker.random() < P_TAKE_OFFER:
        return picker.choice(taken)
    goods = [c for c in options if _kind(c) == "PlaceGood"]
    if goods and picker.random() < P_PLACE:
        return picker.choice(goods)
    ships = [c for c in options if _kind(c) in ("BuyShip", "LoadOre")]
    if ships and picker.random() < P_SHIP:
        return picker.choice(ships)
    uses = [c for c in options if _kind(c) == "UseOccupation"]
    if uses and picker.random() < P_CARD:
        return picker.choice(uses)
    moves: dict[str, list[Any]] = {}
    for c in options:
        kind = _kind(c)
        if kind in STOPS or kind in ("PlaceGood", "BuyShip", "LoadOre", "UseOccupation"):
            continue
        if kind == "ResolveOccupation" and c.option is None:
            continue
        key = f"{kind}:{c.space}" if kind == "PlaceVikings" else kind
        moves.setdefault(key, []).append(c)
    stops = [
        c
        for c in options
        if _kind(c) in STOPS or (_kind(c) == "ResolveOccupation" and c.option is None)
    ]
    if moves and not (stops and picker.random() < P_STOP):
        return picker.choice(moves[picker.choice(sorted(moves))])
    return picker.choice(stops or goods or ships or uses or list(options))


PICKERS: dict[str, Picker] = {"feast": feast}
"""Games with a biased picker (canonical name); every other game picks uniformly."""


def picker_for(game: str) -> Picker:
    return PICKERS.get(game, uniform)


def tally_label(game: str, command: Any) -> str | None:
    """What ``simulate --spaces`` counts for a command: the action space a Feast
    ``PlaceVikings`` takes (an imitation space as ``space>copied``), another game's command
    type; ``None`` for a Feast command that takes no space."""
    if game != "feast":
        return _kind(command)
    if _kind(command) != "PlaceVikings":
        return None
    return f"{command.space}>{command.copy}" if command.copy else str(command.space)


__all__ = ["PICKERS", "Picker", "feast", "picker_for", "tally_label", "uniform"]
