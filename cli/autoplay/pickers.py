"""How ``skald simulate`` (and the goldens, the benchmarks) choose among legal commands.

Every picker returns one of the commands it is given: it is a legal-move picker with a bias,
never a player that invents a move. Red North and Brian Boru pick uniformly (one
``Random.choice``, as they always have, so their recorded goldens stay the same).

A Feast for Odin lists every anytime goods placement beside the few moves that advance the
game (a turn may offer hundreds of ``PlaceGood`` drops and one ``Pass``), so a uniform pick
would mostly shuffle tiles, and the moves that end something (``Pass``, ``EndFeast``,
``FinishAction``) would come early and at random. Its picker is biased, so simulated games
reach every part of the rules (issue 9: "it places goods, takes dice actions, emigrates") and
every occupation gets played and set off (``simulate --cards``):

1. **emigrate** when an emigration space is legal (probability 0.8);
2. **play an occupation** when the action offers it (``PlayOccupation``, 0.9), **take an
   occupation's offer** rather than leave it (``ResolveOccupation`` with a choice, 0.95), and
   **use an anytime occupation** when one is usable (``UseOccupation``, 0.6);
3. **sail**: take a space that needs a ship (raiding, pillaging, plundering, overseas trading,
   the special sale, whaling, exploration) when one is legal (0.5) — rarely legal for a random
   player, and what many occupations react to (a successful raid, trading ②, a whaling);
4. **take a space that plays occupations** (0.3): a play-occupations space (legal only with a
   card in hand), a column-4 space played with a card first (``PlaceVikings.occupation``), or
   the paid play space while either of those shows the hand holds a card; else, with 0.1,
   the space that **draws an occupation**;
5. **place a good** when a placement is legal (0.35), uniformly among the drops;
6. **buy a ship** when legal (0.3: ships open raids, whaling, trading and exploration, which
   many cards react to), **load ore** (0.1);
7. otherwise a **move that does something** — placing Vikings, dice rolls and declarations,
   mountain takes, upgrades, serving food, trading: first a uniformly chosen *space*
   (``PlaceVikings`` grouped by the space, or the space copied), then one of its commands, so
   a space with many options is not favoured over one with a single option;
8. a move that **stops** only when nothing else of steps 1–7 is left, or by chance: ``Pass``
   with probability 0.04 (a seat that passes early takes fewer actions, so fewer of its cards
   ever have something to react to), ``EndFeast``, ``FinishAction``, ``FinishPlacing`` or an
   offer left unused with 0.1 (so some actions end with choices unused and some feasts end
   with squares open, as real players do).

The picker sees only the legal commands, never the state: what it knows of the hand is what
those commands show (step 4).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from functools import cache
from typing import Any

from skald.service.bootstrap import registry

Picker = Callable[[Sequence[Any], random.Random], Any]

STOPS = frozenset({"Pass", "EndFeast", "FinishAction", "FinishPlacing"})
"""Feast commands that end a turn, an action, a feast or the final placement."""
P_EMIGRATE, P_PLACE, P_BUY, P_SHIP, P_STOP, P_PASS = 0.8, 0.35, 0.3, 0.1, 0.1, 0.04
P_PLAY, P_TAKE_OFFER, P_CARD, P_PLAY_SPACE, P_DRAW = 0.9, 0.95, 0.6, 0.3, 0.1
P_VOYAGE = 0.5
VOYAGES = frozenset(
    {"raiding", "pillaging", "plundering", "overseas-trading", "special-sale", "whaling", "explore"}
)
"""Kinds of the spaces that need a ship: rarely legal, and what many occupations react to."""
_SIDE = frozenset({"PlaceGood", "BuyShip", "LoadOre", "UseOccupation", "PlayOccupation"})
"""Commands the earlier steps pick on their own, never as a "move"."""


def uniform(options: Sequence[Any], picker: random.Random) -> Any:
    return picker.choice(options)


@cache
def _space_kinds() -> dict[str, str]:
    """Each printed action space's kind (from the printed components)."""
    spaces = registry().rules("feast").components()["action_spaces"]
    return {str(a["id"]): str(a["kind"]) for a in spaces}


def _kind(command: Any) -> str:
    return type(command).__name__


def _space_kind(command: Any) -> str:
    """The kind of the printed space a ``PlaceVikings`` uses (the copied one on imitation)."""
    return _space_kinds().get(command.copy or command.space, "")


def _is_stop(command: Any) -> bool:
    kind = _kind(command)
    return kind in STOPS or (kind == "ResolveOccupation" and command.option is None)


def _occupation_spaces(placements: list[Any]) -> tuple[list[Any], list[Any]]:
    """Placements that play an occupation (step 4), and those that draw one."""
    hand = [
        c for c in placements if c.occupation is not None or _space_kind(c) == "play-occupations"
    ]
    paid = [c for c in placements if _space_kind(c) == "play-occupation-paid"]
    draw = [c for c in placements if _space_kind(c) == "draw-occupation"]
    return (hand + paid if hand else []), draw


def feast(options: Sequence[Any], picker: random.Random) -> Any:
    """The biased Feast picker of the module docstring."""
    placements = [c for c in options if _kind(c) == "PlaceVikings"]
    emigrate = [c for c in placements if "emigrate" in _space_kind(c)]
    if emigrate and picker.random() < P_EMIGRATE:
        return picker.choice(emigrate)
    plays = [c for c in options if _kind(c) == "PlayOccupation"]
    if plays and picker.random() < P_PLAY:
        return picker.choice(plays)
    taken = [c for c in options if _kind(c) == "ResolveOccupation" and c.option is not None]
    if taken and picker.random() < P_TAKE_OFFER:
        return picker.choice(taken)
    uses = [c for c in options if _kind(c) == "UseOccupation"]
    if uses and picker.random() < P_CARD:
        return picker.choice(uses)
    voyages = [c for c in placements if _space_kind(c) in VOYAGES]
    if voyages and picker.random() < P_VOYAGE:
        return picker.choice(voyages)
    to_play, to_draw = _occupation_spaces(placements)
    if to_play and picker.random() < P_PLAY_SPACE:
        return picker.choice(to_play)
    if to_draw and not to_play and picker.random() < P_DRAW:
        return picker.choice(to_draw)
    goods = [c for c in options if _kind(c) == "PlaceGood"]
    if goods and picker.random() < P_PLACE:
        return picker.choice(goods)
    ships = [c for c in options if _kind(c) == "BuyShip"]
    if ships and picker.random() < P_BUY:
        return picker.choice(ships)
    ore = [c for c in options if _kind(c) == "LoadOre"]
    if ore and picker.random() < P_SHIP:
        return picker.choice(ore)
    moves: dict[str, list[Any]] = {}
    for c in options:
        kind = _kind(c)
        if kind in _SIDE or _is_stop(c):
            continue
        key = f"{kind}:{c.space}" if kind == "PlaceVikings" else kind
        moves.setdefault(key, []).append(c)
    stops = [c for c in options if _is_stop(c)]
    chance = P_PASS if any(_kind(c) == "Pass" for c in stops) else P_STOP
    if moves and not (stops and picker.random() < chance):
        return picker.choice(moves[picker.choice(sorted(moves))])
    return picker.choice(stops or plays or goods or ships or ore or uses or list(options))


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
