"""The command table (``TABLE``) of ``decide``: per command, its check and the events it emits;
``settle`` then adds every automatic follow-up (the rest of the action, the next turn, the
phases after the last pass or feast run inside the handlers)."""

from __future__ import annotations

from skald.domain.feast.game import checks, granted, hooks
from skald.domain.feast.game import commands as cmd
from skald.domain.feast.game import events as ev
from skald.domain.feast.game.actions import dice_steps, voyage_steps
from skald.domain.feast.game.commands import CODES
from skald.domain.feast.game.flow import Log
from skald.domain.feast.game.items import SHIP_SPECS, boards, piece_of
from skald.domain.feast.game.phases import run_phases
from skald.domain.feast.game.scoring import final_scores
from skald.domain.feast.game.state import Resume, State
from skald.domain.feast.game.turn import advance, continue_action, finish_action, place, use_space
from skald.domain.feast.goods import upgrades
from skald.domain.feast.placement import STONE, WOOD, Placement, legal_placements, uncovered_banquet
from skald.domain.kernel.chance import Chance
from skald.domain.kernel.table import CommandTable

GRANT_OVER = "grant-over"
"""``Resume.step`` after a granted feast whose end left offers waiting (``granted.over``)."""


def log_of(state: State, chance: Chance) -> Log:
    """A command's ``Log``: with occupations in play, it hands their watched events on."""
    if state.effects:
        return Log(state, hooks.watch.watch, hooks.watch.watched(), chance)
    return Log(state)


def settle(log: Log, chance: Chance) -> None:
    """As-soon-as occupations, after every command."""
    hooks.cards.settle(log, chance)


def _place_vikings(log: Log, seat: int, command: cmd.PlaceVikings, chance: Chance) -> None:
    place(log, seat, command.space, command.option, command.copy, chance, command.occupation)


def _pass(log: Log, seat: int, command: cmd.Pass, chance: Chance) -> None:
    log.emit(ev.Passed(seat))
    advance(log, seat, chance)


def _take(log: Log, seat: int, command: cmd.TakeFromMountain, chance: Chance) -> None:
    strip = next(x for x in log.state.strips if x.number == command.strip)
    log.emit(ev.MountainTaken(seat, command.strip, strip.items[: command.count]))
    continue_action(log, chance)


def _upgrade(log: Log, seat: int, command: cmd.Upgrade, chance: Chance) -> None:
    into = upgrades(command.good, command.steps)
    assert into is not None
    log.emit(ev.GoodUpgraded(seat, command.good, into))
    continue_action(log, chance)


def _play(log: Log, seat: int, command: cmd.PlayOccupation, chance: Chance) -> None:
    hooks.cards.play(log, seat, command.card, chance)
    continue_action(log, chance)


def _finish(log: Log, seat: int, command: cmd.FinishAction, chance: Chance) -> None:
    finish_action(log, chance)


def _place_good(log: Log, seat: int, command: cmd.PlaceGood, chance: Chance) -> None:
    piece = piece_of(command.piece)
    assert piece is not None
    log.emit(
        ev.GoodPlaced(
            seat, command.board, Placement(piece, command.row, command.col, command.rotation)
        )
    )


def _buy_ship(log: Log, seat: int, command: cmd.BuyShip, chance: Chance) -> None:
    log.emit(ev.ShipBought(seat, command.kind, SHIP_SPECS[command.kind].cost))


def _load_ore(log: Log, seat: int, command: cmd.LoadOre, chance: Chance) -> None:
    log.emit(ev.OreLoaded(seat, command.ship))


def _serve(log: Log, seat: int, command: cmd.ServeFood, chance: Chance) -> None:
    piece = piece_of(command.piece)
    assert piece is not None
    log.emit(ev.FoodServed(seat, Placement(piece, 0, command.col, command.rotation)))


def _end_feast(log: Log, seat: int, command: cmd.EndFeast, chance: Chance) -> None:
    """フェイズ9: one Thing penalty per open square left bare; the food goes back."""
    table = log.state.players[seat].banquet
    assert table is not None
    hooks.cards.feast_end(log, seat, chance)
    log.emit(ev.FeastEnded(seat, uncovered_banquet(table)))
    if log.state.granting is not None:  # a feast for this seat alone (#5): the flow goes on
        if log.state.offers:
            log.emit(ev.OccupationsAwaited(Resume(GRANT_OVER)))
        else:
            granted.over(log, chance)
    elif all(p.feasted for p in log.state.players):
        if log.state.offers:
            log.emit(ev.OccupationsAwaited(Resume("after-feast")))
        else:
            run_phases(log, chance, "after-feast")


def _store_resources(log: Log, seat: int) -> None:
    """Game end (rules.ja.txt ゲーム終了, RULINGS.md): wood and stone left in supply go onto the
    sheds' and stone houses' resource squares. Always to the player's gain and
    order-free, so it is done for them, first free square first."""
    for piece, have in ((WOOD, "wood"), (STONE, "stone")):
        while getattr(log.state.players[seat], have) > 0:
            spot = next(
                (
                    (name, pl)
                    for name, board in boards(log.state.players[seat])
                    for pl in legal_placements(board, piece, game_end=True)
                ),
                None,
            )
            if spot is None:
                break
            log.emit(ev.GoodPlaced(seat, spot[0], spot[1]))


def _finish_placing(log: Log, seat: int, command: cmd.FinishPlacing, chance: Chance) -> None:
    log.emit(ev.PlacingFinished(seat))
    if all(p.finished for p in log.state.players):
        for s in range(log.state.count):
            _store_resources(log, s)
        hooks.cards.before_scoring(log, chance)
        log.emit(ev.GameScored(*final_scores(log.state)))


def _use_card(log: Log, seat: int, command: cmd.UseOccupation, chance: Chance) -> None:
    hooks.answers.use(log, seat, command, chance)


def _resolve_card(log: Log, seat: int, command: cmd.ResolveOccupation, chance: Chance) -> None:
    """Answer the first offer; once none waits, the flow goes on where it stopped."""
    hooks.answers.resolve(log, seat, command, chance)
    r = log.state.resume
    if log.state.offers or r is None:
        return
    log.emit(ev.OffersSettled(r.step))
    _resume(log, r, chance)


def _resume(log: Log, resume: Resume, chance: Chance) -> None:
    if resume.step == "use-space":
        use_space(log, resume, chance)
    elif resume.step == "continue-action":
        continue_action(log, chance)
    elif resume.step == "advance":
        advance(log, resume.seat, chance)
    elif resume.step == GRANT_OVER:
        granted.over(log, chance)
    else:
        run_phases(log, chance, resume.step)


TABLE: CommandTable[State, Log] = CommandTable(
    CODES,
    {
        cmd.PlaceVikings: (checks.place_vikings, _place_vikings),
        cmd.Pass: (checks.nothing, _pass),
        cmd.TakeFromMountain: (checks.take, _take),
        cmd.Upgrade: (checks.upgrade, _upgrade),
        cmd.PlayOccupation: (checks.play, _play),
        cmd.FinishAction: (checks.nothing, _finish),
        cmd.PlaceGood: (checks.place_good, _place_good),
        cmd.BuyShip: (checks.buy_ship, _buy_ship),
        cmd.LoadOre: (checks.load_ore, _load_ore),
        cmd.ServeFood: (checks.serve, _serve),
        cmd.EndFeast: (checks.nothing, _end_feast),
        cmd.FinishPlacing: (checks.nothing, _finish_placing),
        cmd.Reroll: (dice_steps.check_reroll, dice_steps.reroll),
        cmd.DeclareHunt: (dice_steps.check_hunt, dice_steps.declare_hunt),
        cmd.DeclareRaid: (dice_steps.check_raid, dice_steps.declare_raid),
        cmd.TradeOverseas: (voyage_steps.check_trade, voyage_steps.trade),
        cmd.BuySpecials: (voyage_steps.check_sale, voyage_steps.sale),
        cmd.UseOccupation: (checks.use_card, _use_card),
        cmd.ResolveOccupation: (checks.resolve_card, _resolve_card),
    },
    unknown=checks.unknown,
    gate=checks.gate,
    admit=checks.admit,
)
"""Per command type: its check (``checks``, every refusal) and its handler (here, the events)."""
