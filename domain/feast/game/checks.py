"""The checks of ``check(state, seat, command)`` (``decide.TABLE``): the rule error ``decide`` would raise, or nothing.

Every refusal lives here, one checker per command, citing its rule; handlers only build
events, so ``check`` and ``decide`` cannot disagree. A check reads the state only (no events,
no chance) and answers one placement through the engine's ``check``, never by listing.
"""

from __future__ import annotations

from typing import Any

from skald.domain.feast.game import commands as cmd
from skald.domain.feast.game import hooks
from skald.domain.feast.game.actions.mountains import strips_open, upgradable
from skald.domain.feast.game.commands import CODES
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
from skald.domain.kernel.table import refuse

_SHIPS = {s.kind: s for s in SHIPS}


def gate(state: State, seat: int) -> None:
    """What every command meets before its own check (``decide.TABLE``): the game is running
    and the seat exists."""
    if state.phase is Phase.OVER:
        raise CODES.game_over()
    if state.phase is Phase.SETUP:
        raise CODES.illegal("not-started", "the game has not been set up")
    if not 0 <= seat < state.count:
        raise CODES.not_your_turn("no-such-seat", f"there is no seat {seat}")


def unknown(command: object) -> str:
    """The reason of ``feast/unknown-command``."""
    return f"{command!r} is not a Feast command"


def admit(state: State, seat: int, command: object) -> None:
    """A command outside ``Rules.anytime`` answers a decision the seat is awaited for."""
    name = type(command).__name__
    if name not in cmd.ANYTIME:
        answers = answers_of(state, seat)
        if not answers:
            raise CODES.not_your_turn("not-your-turn", f"seat {seat} is not awaited now")
        if name not in answers:
            raise CODES.illegal("not-now", f"{name} does not answer {sorted(answers)}")


def place_vikings(state: State, seat: int, command: cmd.PlaceVikings) -> None:
    """rules.ja.txt フェイズ5, ヴァイキング駒の配置ルール; column 4 may play one occupation
    before the action (refresher.en.txt), checked on the state before it."""
    target, refusal = space_refusal(state, seat, command.space, command.option, command.copy)
    refuse(refusal)
    if command.occupation is not None:
        assert target is not None
        if target.column != 4:
            refuse(
                CODES.refusal(
                    "play-first-column-4", "only a column-4 space plays an occupation first"
                )
            )
        if command.occupation not in state.players[seat].hand:
            refuse(CODES.refusal("occupation-not-in-hand", "play an occupation from your hand"))


def nothing(state: State, seat: int, command: Any) -> None:
    """Pass (フェイズ5: one may pass with Vikings left), FinishAction, EndFeast, FinishPlacing:
    the pending decision itself says when they answer."""


def take(state: State, seat: int, command: cmd.TakeFromMountain) -> None:
    """山岳と交易: up to the allowance, from the arrow end of a strip not used yet."""
    run = state.running
    assert run is not None
    if command.strip not in strips_open(state, run):
        refuse(
            CODES.refusal(
                "strip-not-open", f"strip {command.strip} is not face up, empty or used already"
            )
        )
    left = next(len(x.items) for x in state.strips if x.number == command.strip)
    most = min(max(run.takes), left)
    if not 1 <= command.count <= most:
        refuse(CODES.refusal("take-count", f"take 1 to {most} items from strip {command.strip}"))


def upgrade(state: State, seat: int, command: cmd.Upgrade) -> None:
    """山岳と交易: 格上げ, same shape, one step (or up to two on the double spaces); up to n
    goods, each once ("物品最大n個を…格上げする"): not a good this action's upgrades made."""
    run = state.running
    assert run is not None
    if not 1 <= command.steps <= run.upgrade_steps:
        refuse(
            CODES.refusal("upgrade-steps", f"this space upgrades up to {run.upgrade_steps} step(s)")
        )
    p = state.players[seat]
    if GOOD_INDEX[command.good.value] not in upgradable(p, run):
        if GOOD_INDEX[command.good.value] in upgradable(p):
            refuse(
                CODES.refusal(
                    "upgraded-already",
                    f"this action made that {command.good.value}: upgrade another",
                )
            )
        refuse(CODES.refusal("nothing-to-upgrade", f"you have no {command.good.value} to upgrade"))
    if upgrades(command.good, command.steps) is None:
        refuse(
            CODES.refusal(
                "upgrade-too-far", f"{command.good.value} cannot go up {command.steps} steps"
            )
        )


def play(state: State, seat: int, command: cmd.PlayOccupation) -> None:
    if command.card not in state.players[seat].hand:
        refuse(CODES.refusal("occupation-not-in-hand", "play an occupation from your hand"))


def place_good(state: State, seat: int, command: cmd.PlaceGood) -> None:
    """随時アクション: any time, on one's own boards and houses; placed goods never move."""
    if state.phase not in (Phase.ACTIONS, Phase.FEAST, Phase.FINAL):
        refuse(CODES.refusal("not-now", "goods are placed while the game runs"))
    p = state.players[seat]
    piece, refusal = piece_refusal(p, command.piece, command.rotation)
    refuse(refusal)
    assert piece is not None
    refuse(
        place_refusal(
            p, command.board, Placement(piece, command.row, command.col, command.rotation)
        )
    )


def buy_ship(state: State, seat: int, command: cmd.BuyShip) -> None:
    """船の購入: any time, its silver cost, onto a free berth of its size."""
    spec = _SHIPS[command.kind]
    p = state.players[seat]
    if p.silver < spec.cost:
        refuse(CODES.refusal("cannot-pay", f"a {command.kind.value} costs {spec.cost} silver"))
    if free_berths(p, berth_of(command.kind)) < 1:
        refuse(
            CODES.refusal(
                "no-free-berth",
                f"no free {berth_of(command.kind)} berth for a {command.kind.value}",
            )
        )


def load_ore(state: State, seat: int, command: cmd.LoadOre) -> None:
    """武装: any time but during one's own action; whaling boat 1 slot, longship 3."""
    p = state.players[seat]
    if state.running is not None and state.running.seat == seat:
        refuse(CODES.refusal("not-during-action", "ore is loaded before or after an action"))
    if not 0 <= command.ship < len(p.ships):
        refuse(CODES.refusal("no-such-ship", f"you have no ship {command.ship}"))
    ship = p.ships[command.ship]
    if ship.ore >= _SHIPS[ship.kind].ore_slots:
        refuse(CODES.refusal("ship-full", f"this {ship.kind.value} holds no more ore"))
    if p.ore < 1:
        refuse(CODES.refusal("not-in-supply", "you have no ore"))


def serve(state: State, seat: int, command: cmd.ServeFood) -> None:
    """フェイズ9: orange, red and silver on the open squares; the engine's banquet rules."""
    p = state.players[seat]
    piece, refusal = piece_refusal(p, command.piece, command.rotation)
    refuse(refusal)
    assert piece is not None and p.banquet is not None
    if P.colour(piece) not in FOOD:
        refuse(CODES.refusal("not-food", f"{command.piece} is not food (orange, red or silver)"))
    refuse(hooks.cards.serve_refusal(state, seat, command.piece))
    error = engine_check(p.banquet, Placement(piece, 0, command.col, command.rotation))
    if error is not None:
        raise error


def use_card(state: State, seat: int, command: cmd.UseOccupation) -> None:
    refuse(hooks.answers.use_refusal(state, seat, command))


def resolve_card(state: State, seat: int, command: cmd.ResolveOccupation) -> None:
    refuse(hooks.answers.resolve_refusal(state, seat, command))
