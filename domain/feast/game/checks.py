"""``check(state, seat, command)``: the rule error ``decide`` would raise, or nothing.

Every refusal lives here, one checker per command, citing its rule; handlers only build
events, so ``check`` and ``decide`` cannot disagree. A check reads the state only (no events,
no chance) and answers one placement through the engine's ``check``, never by listing.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from skald.domain.feast.game import commands as cmd
from skald.domain.feast.game import hooks
from skald.domain.feast.game.actions import dice_steps, voyage_steps
from skald.domain.feast.game.actions.base import Refusal, rule
from skald.domain.feast.game.actions.mountains import strips_open, upgradable
from skald.domain.feast.game.items import GOOD_INDEX, free_berths
from skald.domain.feast.game.legal import answers_of
from skald.domain.feast.game.placing import FOOD, piece_refusal, place_refusal
from skald.domain.feast.game.state import Phase, State
from skald.domain.feast.game.turn import berth_of, space_refusal
from skald.domain.feast.goods import upgrades
from skald.domain.feast.placement import Placement
from skald.domain.feast.placement import check as engine_check
from skald.domain.feast.placement import pieces as P
from skald.domain.feast.ships import SHIPS
from skald.domain.kernel.errors import GameOver, IllegalMove, Malformed, NotYourTurn

_SHIPS = {s.kind: s for s in SHIPS}


def _raise(refusal: Refusal | None) -> None:
    if refusal is not None:
        raise IllegalMove(*refusal)


def check(state: State, seat: int, command: object) -> None:
    if state.phase is Phase.OVER:
        raise GameOver("feast/game-over", "the game has ended")
    if state.phase is Phase.SETUP:
        raise IllegalMove("feast/not-started", "the game has not been set up")
    if not 0 <= seat < state.count:
        raise NotYourTurn("feast/no-such-seat", f"there is no seat {seat}")
    checker = _CHECKS.get(type(command))
    if checker is None:
        raise Malformed("feast/unknown-command", f"{command!r} is not a Feast command")
    name = type(command).__name__
    if name not in cmd.ANYTIME:
        answers = answers_of(state, seat)
        if not answers:
            raise NotYourTurn("feast/not-your-turn", f"seat {seat} is not awaited now")
        if name not in answers:
            raise IllegalMove("feast/not-now", f"{name} does not answer {sorted(answers)}")
    checker(state, seat, command)


def _place_vikings(s: State, seat: int, c: cmd.PlaceVikings) -> None:
    """rules.ja.txt フェイズ5, ヴァイキング駒の配置ルール; column 4 may play one occupation
    before the action (refresher.en.txt), checked on the state before it."""
    target, refusal = space_refusal(s, seat, c.space, c.option, c.copy)
    _raise(refusal)
    if c.occupation is not None:
        assert target is not None
        if target.column != 4:
            _raise(rule("play-first-column-4", "only a column-4 space plays an occupation first"))
        if c.occupation not in s.players[seat].hand:
            _raise(rule("occupation-not-in-hand", "play an occupation from your hand"))


def _nothing(s: State, seat: int, c: Any) -> None:
    """Pass (フェイズ5: one may pass with Vikings left), FinishAction, EndFeast, FinishPlacing:
    the pending decision itself says when they answer."""


def _take(s: State, seat: int, c: cmd.TakeFromMountain) -> None:
    """山岳と交易: up to the allowance, from the arrow end of a strip not used yet."""
    run = s.running
    assert run is not None
    if c.strip not in strips_open(s, run):
        _raise(rule("strip-not-open", f"strip {c.strip} is not face up, empty or used already"))
    left = next(len(x.items) for x in s.strips if x.number == c.strip)
    most = min(max(run.takes), left)
    if not 1 <= c.count <= most:
        _raise(rule("take-count", f"take 1 to {most} items from strip {c.strip}"))


def _upgrade(s: State, seat: int, c: cmd.Upgrade) -> None:
    """山岳と交易: 格上げ, same shape, one step (or up to two on the double spaces); up to n
    goods, each once ("物品最大n個を…格上げする"): not a good this action's upgrades made."""
    run = s.running
    assert run is not None
    if not 1 <= c.steps <= run.upgrade_steps:
        _raise(rule("upgrade-steps", f"this space upgrades up to {run.upgrade_steps} step(s)"))
    p = s.players[seat]
    if GOOD_INDEX[c.good.value] not in upgradable(p, run):
        if GOOD_INDEX[c.good.value] in upgradable(p):
            _raise(
                rule("upgraded-already", f"this action made that {c.good.value}: upgrade another")
            )
        _raise(rule("nothing-to-upgrade", f"you have no {c.good.value} to upgrade"))
    if upgrades(c.good, c.steps) is None:
        _raise(rule("upgrade-too-far", f"{c.good.value} cannot go up {c.steps} steps"))


def _play(s: State, seat: int, c: cmd.PlayOccupation) -> None:
    if c.card not in s.players[seat].hand:
        _raise(rule("occupation-not-in-hand", "play an occupation from your hand"))


def _place_good(s: State, seat: int, c: cmd.PlaceGood) -> None:
    """随時アクション: any time, on one's own boards and houses; placed goods never move."""
    if s.phase not in (Phase.ACTIONS, Phase.FEAST, Phase.FINAL):
        _raise(rule("not-now", "goods are placed while the game runs"))
    p = s.players[seat]
    piece, refusal = piece_refusal(p, c.piece, c.rotation)
    _raise(refusal)
    assert piece is not None
    _raise(place_refusal(p, c.board, Placement(piece, c.row, c.col, c.rotation)))


def _buy_ship(s: State, seat: int, c: cmd.BuyShip) -> None:
    """船の購入: any time, its silver cost, onto a free berth of its size."""
    spec = _SHIPS[c.kind]
    p = s.players[seat]
    if p.silver < spec.cost:
        _raise(rule("cannot-pay", f"a {c.kind.value} costs {spec.cost} silver"))
    if free_berths(p, berth_of(c.kind)) < 1:
        _raise(rule("no-free-berth", f"no free {berth_of(c.kind)} berth for a {c.kind.value}"))


def _load_ore(s: State, seat: int, c: cmd.LoadOre) -> None:
    """武装: any time but during one's own action; whaling boat 1 slot, longship 3."""
    p = s.players[seat]
    if s.running is not None and s.running.seat == seat:
        _raise(rule("not-during-action", "ore is loaded before or after an action"))
    if not 0 <= c.ship < len(p.ships):
        _raise(rule("no-such-ship", f"you have no ship {c.ship}"))
    ship = p.ships[c.ship]
    if ship.ore >= _SHIPS[ship.kind].ore_slots:
        _raise(rule("ship-full", f"this {ship.kind.value} holds no more ore"))
    if p.ore < 1:
        _raise(rule("not-in-supply", "you have no ore"))


def _serve(s: State, seat: int, c: cmd.ServeFood) -> None:
    """フェイズ9: orange, red and silver on the open squares; the engine's banquet rules."""
    p = s.players[seat]
    piece, refusal = piece_refusal(p, c.piece, c.rotation)
    _raise(refusal)
    assert piece is not None and p.banquet is not None
    if P.colour(piece) not in FOOD:
        _raise(rule("not-food", f"{c.piece} is not food (orange, red or silver)"))
    _raise(hooks.cards.serve_refusal(s, seat, c.piece))
    error = engine_check(p.banquet, Placement(piece, 0, c.col, c.rotation))
    if error is not None:
        raise error


_CHECKS: dict[type, Callable[[State, int, Any], None]] = {
    cmd.PlaceVikings: _place_vikings,
    cmd.Pass: _nothing,
    cmd.TakeFromMountain: _take,
    cmd.Upgrade: _upgrade,
    cmd.PlayOccupation: _play,
    cmd.FinishAction: _nothing,
    cmd.PlaceGood: _place_good,
    cmd.BuyShip: _buy_ship,
    cmd.LoadOre: _load_ore,
    cmd.ServeFood: _serve,
    cmd.EndFeast: _nothing,
    cmd.FinishPlacing: _nothing,
    cmd.Reroll: dice_steps.check_reroll,
    cmd.DeclareHunt: dice_steps.check_hunt,
    cmd.DeclareRaid: dice_steps.check_raid,
    cmd.TradeOverseas: voyage_steps.check_trade,
    cmd.BuySpecials: voyage_steps.check_sale,
    cmd.UseOccupation: lambda s, seat, c: _raise(hooks.answers.use_refusal(s, seat, c)),
    cmd.ResolveOccupation: lambda s, seat, c: _raise(hooks.answers.resolve_refusal(s, seat, c)),
}
