"""The ``feast/after-roll`` decision: rerolling and declaring, checked, listed and decided.

rules.ja.txt 狩りスペース and 襲撃／略奪, refresher.en.txt, components.md §6:

* **Reroll**: up to three rolls; the new roll replaces the last (``after_roll`` offers only
  the declaration after the third).
* **Hunts** (hunting game, snare, whaling; aim low): success pays wood and the space's weapon
  (bows, snares, spears) together equal to the result (ダイスの出目分支払う) for the reward; a
  result of 0 must be declared a success; failure pays nothing (失敗の場合は何も払わない) and
  gives 1 wood and 1 such weapon. Success is impossible when wood + weapons fall short of the
  result: then only failure is listed and accepted (the automatic failure).
* **Raids** (raiding, pillaging; aim high): each stone or long sword spent adds 1; a battle
  result of 5 or less fails automatically; success takes exactly one blue good or special
  tile of sword value ≤ the result (components.md §1.4); failure spends nothing and gives 1
  stone and 1 long sword. "5 or less" is judged on the result after spending — the roll, plus
  ore where the space adds it, plus every stone and long sword spent (RULINGS.md "A Feast for
  Odin, more": 5 + a stone + a long sword = 7 succeeds); games under the first readings
  (option ``readings`` 1, every game stored before it) judge it on the roll plus ore, before
  spending (``readings.raid_judged_after_spending``).
* A failed snare returns 1 Viking, failed whaling 2, failed pillaging 1 (``DiceFailed``).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from skald.domain.feast.game import commands as cmd
from skald.domain.feast.game import events as ev
from skald.domain.feast.game import hooks
from skald.domain.feast.game.actions import SPACES
from skald.domain.feast.game.actions.base import Refusal
from skald.domain.feast.game.actions.dice import (
    RAID_FAILS_AT,
    boats_used,
    loot_table,
    result,
    roll,
    spec_of,
    sword_of,
    takeable,
)
from skald.domain.feast.game.commands import CODES
from skald.domain.feast.game.flow import Log
from skald.domain.feast.game.hooks import DiceOutcome
from skald.domain.feast.game.items import amount, items
from skald.domain.feast.game.readings import raid_judged_after_spending
from skald.domain.feast.game.state import Dice, State
from skald.domain.feast.game.turn import continue_action
from skald.domain.kernel.chance import Chance
from skald.domain.kernel.table import refuse


def _dice(state: State) -> Dice:
    d = state.dice
    assert d is not None, "the after-roll decision is open only while a roll stands"
    return d


# --- checks (``checks._CHECKS``; the pending answers already say which command fits) -------


def hunt_payments(value: int, wood: int, weapons: int, worth: int) -> Iterator[tuple[int, int]]:
    """Every (wood, weapons) paying a hunt's ``value`` with each weapon worth ``worth`` (1,
    or more with an occupation): wood and weapons together cover the result and none of them
    is spent for nothing (with ``worth`` 1: exactly the result, ダイスの出目分支払う)."""
    for w in range(min(weapons, value) + 1):
        rest = value - worth * w
        if rest > 0:
            if rest <= wood:
                yield rest, w
        elif w == 0 or worth * (w - 1) < value:
            yield 0, w


def hunt_refusal(state: State, seat: int, command: cmd.DeclareHunt) -> Refusal | None:
    d = _dice(state)
    spec = spec_of(d.space)
    value, weapon = result(d), spec.weapon
    if not command.success:
        if command.wood or command.weapons:
            return CODES.refusal("failure-pays-nothing", "a failed hunt pays nothing")
        if value == 0:
            return CODES.refusal("zero-must-succeed", "a result of 0 must be declared a success")
        return None
    if command.wood < 0 or command.weapons < 0:
        return CODES.refusal("bad-amount", "wood and weapons paid are 0 or more")
    worth = hooks.cards.weapon_value(state, seat, _kind(d))
    if (command.wood, command.weapons) not in set(
        hunt_payments(value, command.wood, command.weapons, worth)
    ):
        return CODES.refusal("pay-the-result", f"pay wood and {weapon}s together equal to {value}")
    p = state.players[seat]
    if command.wood > p.wood or command.weapons > amount(p, weapon):
        return CODES.refusal(
            "cannot-pay", f"you have {p.wood} wood and {amount(p, weapon)} {weapon}(s)"
        )
    return None


def _kind(dice: Dice) -> str:
    return SPACES[dice.space].kind


def raid_refusal(state: State, seat: int, command: cmd.DeclareRaid) -> Refusal | None:
    d = _dice(state)
    if not command.success:
        if command.stone or command.swords or command.spears or command.take is not None:
            return CODES.refusal("failure-pays-nothing", "a failed raid spends and takes nothing")
        return None
    if command.stone < 0 or command.swords < 0 or command.spears < 0:
        return CODES.refusal("bad-amount", "stone, long swords and spears spent are 0 or more")
    if command.spears and not hooks.cards.spears_as_swords(state, seat):
        return CODES.refusal("no-spears", "spears count in a raid only with Melee Fighter (#137)")
    p = state.players[seat]
    if (
        command.stone > p.stone
        or command.swords > amount(p, "long-sword")
        or command.spears > amount(p, "spear")
    ):
        swords, spears = amount(p, "long-sword"), amount(p, "spear")
        return CODES.refusal(
            "cannot-pay",
            f"you have {p.stone} stone, {swords} long sword(s) and {spears} spear(s)",
        )
    battle = (
        result(d)
        + hooks.cards.stone_value(state, seat) * command.stone
        + command.swords
        + command.spears
    )
    if raid_judged_after_spending(state):
        if battle <= RAID_FAILS_AT:
            return CODES.refusal(
                "automatic-failure", f"the battle result is {battle} (5 or less): it fails"
            )
    elif result(d) <= RAID_FAILS_AT:  # the first readings: roll + ore, before spending
        return CODES.refusal(
            "automatic-failure", f"the roll plus ore is {result(d)} (5 or less): it fails"
        )
    table = loot_table(state, seat)
    if command.take is None or (command.take not in table and sword_of(command.take) is None):
        return CODES.refusal("take-blue-or-special", "take one blue good or special tile")
    if command.take not in table:
        return CODES.refusal("special-not-left", f"{command.take} is no longer in the supply")
    sword = table[command.take]
    if sword > battle:
        return CODES.refusal("sword-too-high", f"{command.take} has sword value {sword} > {battle}")
    return None


def check_reroll(state: State, seat: int, command: cmd.Reroll) -> None:
    """Listed by ``after_roll`` only before the third roll: the pending answers decide."""


def check_hunt(state: State, seat: int, command: cmd.DeclareHunt) -> None:
    refuse(hunt_refusal(state, seat, command))


def check_raid(state: State, seat: int, command: cmd.DeclareRaid) -> None:
    refuse(raid_refusal(state, seat, command))


# --- listing (``legal._answers``): exactly the accepted declarations ------------------------


def dice_commands(state: State, seat: int, answers: frozenset[str]) -> Iterator[cmd.Command]:
    d = state.dice
    if d is None or d.seat != seat:
        return
    p = state.players[seat]
    if "Reroll" in answers:
        yield cmd.Reroll()
    value = result(d)
    if "DeclareHunt" in answers:
        have = amount(p, spec_of(d.space).weapon)
        worth = hooks.cards.weapon_value(state, seat, _kind(d))
        for wood, weapons in sorted(hunt_payments(value, p.wood, have, worth)):
            yield cmd.DeclareHunt(True, wood, weapons)
        if value:
            yield cmd.DeclareHunt(False)
    if "DeclareRaid" in answers:
        after = raid_judged_after_spending(state)
        if after or value > RAID_FAILS_AT:
            per_stone = hooks.cards.stone_value(state, seat)
            most = amount(p, "spear") if hooks.cards.spears_as_swords(state, seat) else 0
            for stone in range(p.stone + 1):
                for swords in range(amount(p, "long-sword") + 1):
                    for spears in range(most + 1):
                        battle = value + per_stone * stone + swords + spears
                        if after and battle <= RAID_FAILS_AT:
                            continue
                        for take in takeable(state, seat, battle):
                            yield cmd.DeclareRaid(True, stone, swords, take, spears)
        yield cmd.DeclareRaid(False)


# --- handlers (``decide._HANDLERS``) --------------------------------------------------------


def reroll(log: Log, seat: int, command: cmd.Reroll, chance: Chance) -> None:
    d = _dice(log.state)
    roll(log, seat, d.space, d.roll + 1, d.modifier, chance)


def _after(log: Log, seat: int, dice: Dice, success: bool, chance: Chance, **paid: Any) -> None:
    """The dice occupations of the seat, then the action goes on."""
    a = log.state.acting
    space = SPACES[dice.space]
    imitation = a is not None and a.space != a.target
    boats = boats_used(log.state, seat, space) if space.kind == "whaling" else 0
    outcome = DiceOutcome(seat, space, imitation, success, dice.roll, boats=boats, **paid)
    hooks.cards.after_dice(log, outcome, chance)
    continue_action(log, chance)


def _fail(log: Log, seat: int, dice: Dice, chance: Chance) -> None:
    spec = spec_of(dice.space)
    g = log.state.granting  # an action granted without Vikings sends none back
    returned = 0 if g is not None and g.seat == seat else spec.returned
    log.emit(ev.DiceFailed(seat, dice.space, result(dice), returned))
    log.emit(ev.Gained(seat, spec.consolation, "dice"))
    _after(log, seat, dice, False, chance, result=result(dice), returned=returned)


def declare_hunt(log: Log, seat: int, command: cmd.DeclareHunt, chance: Chance) -> None:
    d = _dice(log.state)
    if not command.success:
        _fail(log, seat, d, chance)
        return
    spec = spec_of(d.space)
    paid = items(("wood", command.wood), (spec.weapon, command.weapons))
    if paid:
        log.emit(ev.Paid(seat, paid, "dice"))
    log.emit(ev.DiceSucceeded(seat, d.space, result(d)))
    log.emit(ev.Gained(seat, spec.reward, "dice"))
    _after(log, seat, d, True, chance, result=result(d), wood=command.wood, weapons=command.weapons)


def declare_raid(log: Log, seat: int, command: cmd.DeclareRaid, chance: Chance) -> None:
    d = _dice(log.state)
    if not command.success:
        _fail(log, seat, d, chance)
        return
    assert command.take is not None
    spent = items(
        ("stone", command.stone), ("long-sword", command.swords), ("spear", command.spears)
    )
    battle = (
        result(d)
        + hooks.cards.stone_value(log.state, seat) * command.stone
        + command.swords
        + command.spears
    )
    if spent:
        log.emit(ev.Paid(seat, spent, "dice"))
    log.emit(ev.DiceSucceeded(seat, d.space, battle))
    log.emit(ev.Gained(seat, items((command.take, 1)), "dice"))
    _after(
        log,
        seat,
        d,
        True,
        chance,
        result=battle,
        stone=command.stone,
        swords=command.swords,
        take=command.take,
        spears=command.spears,
    )
