"""The 61 printed action spaces (components.md §6, S1; checked against rules.ja.txt
アクションスペース and the S5 quick reference).

Column n costs n Vikings. ``pay``/``gain`` hold the fixed amounts; anything conditional or
chosen (dice, upgrades, "per sheep", choices) is in ``effect`` words and the ``kind`` code
the action engine will dispatch on. Column 3 also draws a dark occupation *before* the
action (RULINGS.md); column 4 may play one before or after (refresher.en.txt).
The 4-player imitation spaces are not printed spaces of the board: RULINGS.md gives one per
chosen column (see ``IMITATION_COLUMNS``).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class Group(StrEnum):
    BUILD_HOUSES = "build-houses"
    BUILD_SHIPS = "build-ships"
    HUNTING = "hunting"
    LIVESTOCK_MARKET = "livestock-market"
    WEEKLY_MARKET = "weekly-market"
    PRODUCTS = "products"
    CRAFTING = "crafting"
    MOUNTAINS_AND_TRADE = "mountains-and-trade"
    SAILING = "sailing"
    RAIDING = "raiding"
    EXPLORATION = "exploration"
    EMIGRATION_AND_OCCUPATION = "emigration-and-occupation"


@dataclass(frozen=True, slots=True)
class Amount:
    item: str
    count: int


@dataclass(frozen=True, slots=True)
class ActionSpace:
    id: str
    group: Group
    column: int
    kind: str
    pay: tuple[Amount, ...]
    gain: tuple[Amount, ...]
    needs: tuple[str, ...]
    effect: str

    @property
    def vikings(self) -> int:
        return self.column


def _amounts(text: str) -> tuple[Amount, ...]:
    """``"2 wood + 1 stone"`` → amounts; empty text → ()."""
    out = []
    for part in filter(None, (p.strip() for p in text.split("+"))):
        count, item = part.split(" ", 1)
        out.append(Amount(item, int(count)))
    return tuple(out)


_rows: list[ActionSpace] = []


def _s(
    group: Group, col: int, kind: str, pay: str, gain: str, effect: str, needs: tuple[str, ...] = ()
) -> None:
    n = sum(1 for a in _rows if a.group is group and a.column == col) + 1
    _rows.append(
        ActionSpace(
            f"{group.value}-{col}-{n}",
            group,
            col,
            kind,
            _amounts(pay),
            _amounts(gain),
            needs,
            effect,
        )
    )


G = Group
_s(G.BUILD_HOUSES, 1, "build", "2 wood", "1 shed", "Pay 2 wood: build a shed.")
_s(G.BUILD_HOUSES, 2, "build", "1 stone", "1 stone-house", "Pay 1 stone: build a stone house.")
_s(G.BUILD_HOUSES, 3, "build", "2 stone", "1 long-house", "Pay 2 stone: build a long house.")
_s(
    G.BUILD_HOUSES,
    4,
    "build-house-and-ship",
    "2 stone + 2 wood",
    "",
    "Pay 2 stone and 2 wood: a stone house and a longship, or a long house and a knarr.",
)
_s(
    G.BUILD_SHIPS,
    1,
    "build",
    "1 wood",
    "1 whaling-boat",
    "Pay 1 wood: build a whaling boat.",
    ("free-small-berth",),
)
_s(
    G.BUILD_SHIPS,
    2,
    "build",
    "2 wood",
    "1 knarr",
    "Pay 2 wood: build a knarr.",
    ("free-large-berth",),
)
_s(
    G.BUILD_SHIPS,
    3,
    "build",
    "2 wood",
    "1 longship",
    "Pay 2 wood: build a longship.",
    ("free-large-berth",),
)
_s(
    G.HUNTING,
    1,
    "hunting-game",
    "",
    "",
    "Roll d8 up to 3 times, aim low; pay wood/bows equal to the result for hide + game meat; "
    "or fail and take 1 wood + 1 bow.",
)
_s(G.HUNTING, 1, "gain", "", "1 stockfish", "Take 1 stockfish.")
_s(G.HUNTING, 2, "hunting-game", "", "", "Hunting game, as in column 1.")
_s(
    G.HUNTING,
    2,
    "laying-a-snare",
    "",
    "",
    "Roll d8, aim low; pay wood/snares for fur + 1 snare; or fail: 1 wood + 1 snare and 1 "
    "Viking back to the Thing square.",
)
_s(
    G.HUNTING,
    3,
    "whaling",
    "",
    "",
    "With 1-3 whaling boats: roll d12, -1 per ore on them; pay wood/spears for oil + whale "
    "meat + skin and bones; or fail: 1 wood + 1 spear and 2 Vikings back.",
    ("whaling-boat",),
)
_s(G.HUNTING, 4, "whaling", "", "", "Whaling with exactly 1 whaling boat.", ("whaling-boat",))
_s(G.LIVESTOCK_MARKET, 1, "buy", "1 silver", "2 stockfish", "Pay 1 silver: 2 stockfish.")
_s(G.LIVESTOCK_MARKET, 1, "buy", "2 silver", "2 salt-meat", "Pay 2 silver: 2 salt meat.")
_s(G.LIVESTOCK_MARKET, 2, "buy", "1 silver", "1 sheep", "Pay 1 silver: 1 sheep.")
_s(G.LIVESTOCK_MARKET, 2, "buy", "3 silver", "1 cattle + 1 milk", "Pay 3 silver: cattle + milk.")
_s(G.LIVESTOCK_MARKET, 3, "sheep-or-cattle", "", "", "Take 1 sheep, or pay 1 silver for 1 cattle.")
_s(
    G.LIVESTOCK_MARKET,
    4,
    "buy",
    "3 silver",
    "1 cattle + 1 sheep",
    "Pay 3 silver: 1 cattle + 1 sheep.",
)
_s(G.WEEKLY_MARKET, 1, "gain", "", "1 beans + 1 silver", "Take beans and 1 silver.")
_s(
    G.WEEKLY_MARKET,
    2,
    "gain",
    "",
    "1 flax + 1 stockfish + 1 silver",
    "Take flax, stockfish and 1 silver.",
)
_s(
    G.WEEKLY_MARKET,
    3,
    "gain",
    "",
    "1 fruits + 1 oil + 1 salt-meat + 1 silver",
    "Take fruits, oil, salt meat and 1 silver.",
)
_s(
    G.WEEKLY_MARKET,
    4,
    "weekly-market-4",
    "",
    "1 spices + 1 silver",
    "Take spices and 1 silver; plus 2 milk with at least 1 cattle, plus 1 wool with at least "
    "1 sheep.",
)
_s(G.PRODUCTS, 1, "milk-per-cattle", "", "", "1 milk per cattle owned, at most 3.")
_s(G.PRODUCTS, 2, "gain", "", "2 mead + 2 silver", "Take 2 mead and 2 silver.")
_s(G.PRODUCTS, 3, "wool-per-sheep", "", "", "1 wool per sheep owned, at most 3.")
_s(G.CRAFTING, 1, "exchange", "1 flax", "1 linen", "Pay 1 flax: 1 linen.")
_s(
    G.CRAFTING,
    1,
    "exchange",
    "1 stone",
    "1 rune-stone + 1 silver",
    "Pay 1 stone: rune stone + 1 silver.",
)
_s(
    G.CRAFTING,
    2,
    "exchange",
    "1 hide + 1 linen",
    "1 clothing + 2 silver",
    "Pay hide + linen: clothing + 2 silver.",
)
_s(
    G.CRAFTING,
    2,
    "wood-or-ore-to-chest",
    "",
    "1 chest + 1 silver",
    "Pay 1 wood or 1 ore: chest + 1 silver.",
)
_s(
    G.CRAFTING,
    3,
    "forge",
    "1 ore",
    "",
    "Pay 1 ore: 1 special tile with the forge symbol, or 1 jewelry.",
)
_s(
    G.CRAFTING,
    3,
    "exchange",
    "2 stone + 2 wood",
    "2 rune-stone + 2 chest",
    "Pay 2 stone + 2 wood: 2 rune stones + 2 chests.",
)
_s(
    G.CRAFTING,
    4,
    "crafting-4",
    "",
    "4 silver",
    "Take 4 silver; then optionally wool → robe and/or silverware → jewelry.",
)
_M = G.MOUNTAINS_AND_TRADE
_s(_M, 1, "mountain", "", "", "Take up to 2 items from one strip.")
_s(_M, 1, "mountain-and-upgrade", "", "", "Take 1 item from a strip, upgrade 1 good one step.")
_s(_M, 1, "upgrade", "", "", "Upgrade up to 2 goods one step.")
_s(_M, 2, "wood-per-player", "", "1 ore", "Take 1 wood per player in the game, and 1 ore.")
_s(
    _M,
    2,
    "mountain-and-upgrade",
    "",
    "",
    "Take up to 3 items from one strip, upgrade 1 good one step.",
)
_s(_M, 2, "upgrade", "", "", "Upgrade up to 3 goods one step.")
_s(_M, 3, "mountains-3-2", "", "", "Take up to 3 items from one strip and 2 from another.")
_s(_M, 3, "upgrade-and-weapons", "", "", "Upgrade up to 3 goods one step; draw 4 weapons.")
_s(_M, 3, "upgrade", "", "", "Upgrade up to 4 goods one step.")
_s(
    _M,
    4,
    "mountain-and-double-upgrade",
    "",
    "",
    "Take up to 4 items from one strip; upgrade up to 2 goods two steps.",
)
_s(
    _M,
    4,
    "mountains-2x4-or-double-upgrade",
    "",
    "",
    "Take up to 2 items from each of 4 strips, or upgrade up to 3 goods two steps.",
)
_s(
    G.SAILING,
    1,
    "overseas-trading",
    "1 silver",
    "",
    "Pay 1 silver: turn any number of different green goods in supply to blue.",
    ("knarr",),
)
_s(
    G.SAILING,
    2,
    "overseas-trading",
    "1 silver",
    "",
    "Overseas trading, as in column 1.",
    ("knarr",),
)
_s(
    G.SAILING,
    3,
    "special-sale",
    "",
    "",
    "Buy 1 or 2 special tiles at their silver cost (not the English Crown).",
    ("knarr",),
)
_s(
    G.RAIDING,
    1,
    "raiding",
    "",
    "",
    "Roll d8 up to 3 times, +1 per stone/long sword spent; ≤5 fails (1 stone + 1 long sword); "
    "else take a blue good or special tile with sword value ≤ result.",
    ("longship",),
)
_s(
    G.RAIDING,
    2,
    "pillaging",
    "",
    "",
    "Roll d12, + ore on the longship with most ore, +1 per stone/long sword; ≤5 fails (stone + "
    "long sword, 1 Viking back); else a blue good or special tile ≤ result.",
    ("longship",),
)
_s(G.RAIDING, 3, "pillaging", "", "", "Pillaging, as in column 2.", ("longship",))
_s(
    G.RAIDING,
    4,
    "plundering",
    "",
    "1 silver-hoard",
    "Take 1 silver hoard, no roll.",
    ("longship", "longship"),
)
_s(
    G.EXPLORATION,
    1,
    "explore",
    "",
    "",
    "Claim Shetland or the Faroe Islands and its silver.",
    ("any-ship",),
)
_s(
    G.EXPLORATION,
    2,
    "explore",
    "",
    "",
    "Claim Iceland, Greenland or Bear Island and its silver.",
    ("knarr-or-longship",),
)
_s(
    G.EXPLORATION,
    3,
    "explore",
    "",
    "",
    "Claim Baffin Island, Labrador or Newfoundland and its silver.",
    ("longship",),
)
_E = G.EMIGRATION_AND_OCCUPATION
_s(_E, 1, "draw-occupation", "", "1 occupation + 1 silver", "Draw 1 occupation; take 1 silver.")
_s(
    _E,
    1,
    "play-occupation-paid",
    "",
    "1 silver",
    "Pay 1 stone or 1 ore: play up to 1 occupation; take 1 silver.",
)
_s(
    _E,
    2,
    "emigrate",
    "",
    "",
    "Pay silver equal to the round: turn a knarr or longship onto the banquet table.",
    ("knarr-or-longship",),
)
_s(_E, 2, "play-occupations", "", "", "Play up to 2 occupations.")
_s(_E, 3, "emigrate", "", "", "Emigrate, as in column 2.", ("knarr-or-longship",))
_s(_E, 3, "play-occupations", "", "", "Play up to 4 occupations.")
_s(
    _E,
    4,
    "exchange-and-emigrate",
    "",
    "",
    "May exchange a whaling boat for a knarr, then emigrate.",
)

ACTION_SPACES: tuple[ActionSpace, ...] = tuple(_rows)

IMITATION_COLUMNS: tuple[tuple[int, int], ...] = ((1, 2), (3, 4))
"""4-player extension: a chance event picks one column of each pair, each gets one imitation
space copying a space in that column occupied by another player (RULINGS.md, Feast)."""
