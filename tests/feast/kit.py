"""The Feast test kit: a set-up game, state surgery, running commands, occupations in play
(playing a card through a space, answering offers, reading what a card gave), ``refused``."""

from __future__ import annotations

from collections import Counter
from functools import cache
from typing import Any

from skald.domain.feast.game import RULES
from skald.domain.feast.game import commands as cmd
from skald.domain.feast.game import events as ev
from skald.domain.feast.game.commands import CODES
from skald.domain.feast.game.items import HOUSE_BOARDS, amount, boards, gain, items, pay
from skald.domain.feast.game.setup_data import card_id
from skald.domain.feast.game.state import NO_GOODS, ItemCount, Phase, Ship, State
from skald.domain.feast.goods import Good
from skald.domain.feast.placement import Piece, empty_board, legal_placements
from skald.domain.feast.ships import ShipKind
from skald.domain.kernel import Chance, ServerChance, TableChance, resolve_options
from skald.domain.kernel.fast import replace
from skald.domain.kernel.play import fold
from tests.refusals import refuser


def new_game(players: int = 2, seed: str = "kit", **options: Any) -> tuple[State, ServerChance]:
    chance = ServerChance(b"kit", seed)
    events = RULES.setup(players, resolve_options(RULES.options, options), chance)
    return fold(RULES, players, events), chance


def holding(state: State, seat: int, **things: int) -> State:
    """The seat holds exactly ``things`` (underscores for dashes: ``salt_meat=2``)."""
    p = state.players[seat]
    for name, n in things.items():
        item = name.replace("_", "-")

        have = amount(p, item)
        if n > have:
            p = gain(p, (ItemCount(item, n - have),))
        elif n < have:
            p = pay(p, (ItemCount(item, have - n),))
    return state.with_player(seat, p)


def turn_of(state: State, seat: int) -> State:
    return replace(state, turn=seat)


def names(events: list[Any]) -> list[str]:
    return [type(e).__name__ for e in events]


refused = refuser(RULES, CODES)


WB, KNARR, LONGSHIP = ShipKind.WHALING_BOAT, ShipKind.KNARR, ShipKind.LONGSHIP
PLAY_SPACE = "emigration-and-occupation-2-2"
"""Play up to 2 occupations (2 Vikings): the space the tests play cards on."""


@cache
def _base(players: int) -> State:
    return new_game(players, "cards")[0]


def chance(seed: str = "cards") -> ServerChance:
    return ServerChance(b"cards", seed)


def game(players: int = 2, seat: int = 0, **things: int) -> State:
    """Round 1, the seat's turn, holding exactly ``things`` (others as set up)."""
    state = turn_of(_base(players), seat)
    return holding(state, seat, **things) if things else state


def bare(players: int = 2, seat: int = 0, **things: int) -> State:
    """``game`` with the seat holding no goods, silver, wood, stone, ore or occupations but
    ``things``."""
    state = game(players, seat)
    p = replace(state.players[seat], goods=NO_GOODS, silver=0, wood=0, stone=0, ore=0, hand=())
    return holding(state.with_player(seat, p), seat, **things)


def played(state: State, seat: int, *numbers: int) -> State:
    p = state.players[seat]
    return state.with_player(seat, replace(p, played=(*p.played, *map(card_id, numbers))))


def in_hand(state: State, seat: int, *numbers: int) -> State:
    p = state.players[seat]
    return state.with_player(seat, replace(p, hand=(*p.hand, *map(card_id, numbers))))


def with_ships(state: State, seat: int, *ships: ShipKind | tuple[ShipKind, int]) -> State:
    fleet = tuple(Ship(s) if isinstance(s, ShipKind) else Ship(s[0], s[1]) for s in ships)
    return state.with_player(seat, replace(state.players[seat], ships=fleet))


def with_houses(state: State, seat: int, *kinds: str) -> State:
    p = state.players[seat]
    new = tuple(empty_board(HOUSE_BOARDS[k]) for k in kinds)
    return state.with_player(seat, replace(p, houses=p.houses + new))


def give_items(state: State, seat: int, *pairs: tuple[str, int]) -> State:
    return state.with_player(seat, gain(state.players[seat], items(*pairs)))


def run(state: State, seat: int, command: Any, c: Chance | None = None) -> tuple[State, list[Any]]:
    events = list(RULES.decide(state, seat, command, c or chance()))
    return fold(RULES, state.count, events, state), events


def play(state: State, seat: int, number: int, c: Chance | None = None) -> tuple[State, list[Any]]:
    """The seat plays card ``number`` on the play-2 space: the events of ``PlayOccupation``."""
    state = turn_of(in_hand(state, seat, number), seat)
    state, _ = run(state, seat, cmd.PlaceVikings(PLAY_SPACE), c)
    return run(state, seat, cmd.PlayOccupation(card_id(number)), c)


def answer(state: State, option: int | None, c: Chance | None = None) -> tuple[State, list[Any]]:
    """The first offer's owner answers it."""
    first = state.offers[0]
    return run(state, first.seat, cmd.ResolveOccupation(first.card, option), c)


def use(state: State, seat: int, number: int, option: int = 0) -> tuple[State, list[Any]]:
    return run(state, seat, cmd.UseOccupation(card_id(number), option))


def got(events: list[Any], seat: int, number: int) -> Counter[str]:
    """What the card gave the seat, net of what it cost (its ``Gained`` less its ``Paid``)."""
    out: Counter[str] = Counter()
    for e in events:
        if isinstance(e, ev.Gained | ev.Paid) and e.seat == seat and e.reason == card_id(number):
            for it in e.items:
                out[it.item] += it.count if isinstance(e, ev.Gained) else -it.count
    return Counter({k: v for k, v in out.items() if v})


def used(events: list[Any], number: int) -> int:
    """How often the card's effect happened in ``events``."""
    cid = card_id(number)
    return sum(
        1
        for e in events
        if (isinstance(e, ev.OccupationUsed) and e.card == cid)
        or (isinstance(e, ev.OccupationAnswered) and e.card == cid and e.option is not None)
    )


def offered(state: State) -> list[tuple[int, int]]:
    """The first offer's options (``None`` as -1 for sorting) as (seat, option)."""
    return sorted(
        (state.offers[0].seat, -1 if c.option is None else c.option)
        for c in RULES.legal_commands(state, state.offers[0].seat)
        if isinstance(c, cmd.ResolveOccupation)
    )


def options(state: State, seat: int, number: int) -> list[int]:
    """The ``UseOccupation`` options listed for the card."""
    return sorted(
        c.option
        for c in RULES.legal_commands(state, seat)
        if isinstance(c, cmd.UseOccupation) and c.card == card_id(number)
    )


def have(state: State, seat: int, item: str) -> int:
    return amount(state.players[seat], item)


def surrounded_stone_house() -> Any:
    """A stone house whose hide bonus square is bare and surrounded (silver all round)."""
    from skald.domain.feast.boards.grid import BoardId
    from skald.domain.feast.placement import SILVER, Placement, place

    board = empty_board(BoardId.STONE_HOUSE)
    for r, c in ((0, 1), (0, 2), (1, 1), (1, 3), (2, 1), (2, 2), (2, 3)):
        board = place(board, Placement(SILVER, r, c, 0))
    return board


def with_board_houses(state: State, seat: int, *houses: Any) -> State:
    p = state.players[seat]
    return state.with_player(seat, replace(p, houses=p.houses + tuple(houses)))


def place(
    state: State, seat: int, space: str, option: int = 0, c: Chance | None = None
) -> tuple[State, list[Any]]:
    """The seat places Vikings on ``space`` (its turn)."""
    return run(turn_of(state, seat), seat, cmd.PlaceVikings(space, option), c)


def with_strip(state: State, number: int, *things: Any) -> State:
    """Face-up strip ``number`` (replacing the first) holding ``things`` (``MountainItem``s)."""
    from skald.domain.feast.game.state import Strip

    strips = (Strip(number, tuple(things)), *state.strips[1:])
    return replace(state, strips=strips)


def rolling(state: State, space: str, value: int, option: int = 0) -> tuple[State, list[Any]]:
    """Seat 0 uses the dice space ``space``, its first roll ``value``."""
    return place(state, 0, space, option, TableChance([value]))


def declaring(state: State, command: Any) -> tuple[State, list[Any]]:
    """Seat 0 declares its roll (``DeclareHunt``/``DeclareRaid``), no further chance."""
    return run(state, 0, command, TableChance([]))


def listed_of(state: State, kind: type) -> set[Any]:
    """Seat 0's legal commands of type ``kind``."""
    return {c for c in RULES.legal_commands(state, 0) if isinstance(c, kind)}


def to_feast(state: State) -> tuple[State, list[Any]]:
    """Every seat passes; the events from the last pass (phases 6–9)."""
    events: list[Any] = []
    while state.phase is Phase.ACTIONS and not state.offers:
        state, events = run(state, state.turn if state.turn is not None else 0, cmd.Pass())
    return state, events


def end_feasts(state: State) -> tuple[State, list[Any]]:
    """Every seat ends its feast; the events of the last EndFeast (phases 10–12 and on)."""
    events: list[Any] = []
    for seat in range(state.count):
        if not state.players[seat].feasted and not state.offers:
            state, events = run(state, seat, cmd.EndFeast())
    return state, events


def next_round(state: State, round_: int) -> tuple[State, list[Any]]:
    """From round ``round_``'s actions to the next round's (its harvest and weapons)."""
    fed, _ = to_feast(replace(state, round=round_))
    return end_feasts(fed)


def at_feast(state: State) -> State:
    """``to_feast``, which must reach the Feast phase (no offer on the way)."""
    fed, _ = to_feast(state)
    assert fed.phase is Phase.FEAST
    return fed


def place_good(state: State, board: str, good: Good) -> tuple[State, list[Any]]:
    """Seat 0 places ``good`` on ``board`` (a name of ``items.boards``) at its first listed spot."""
    target = dict(boards(state.players[0]))[board]
    pl = next(iter(legal_placements(target, Piece.good(good))))
    return run(state, 0, cmd.PlaceGood(board, good.value, pl.row, pl.col, pl.rotation))
