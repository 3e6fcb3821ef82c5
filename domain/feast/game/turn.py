"""The actions phase: placing Vikings, the running action's steps, passing, turn order.

rules.ja.txt フェイズ5 and ヴァイキング駒の配置ルール: from the start player clockwise, take
1–4 Vikings (the column) from the Thing square onto one free space and use it at once and
fully; a used space is closed to everyone for the round; passing ends one's round; the phase
ends when every player has passed or has no Viking left. Column 3 draws an occupation before
the action (RULINGS.md); column 4 may play one occupation (refresher.en.txt). 4 players: an
imitation space copies a space of its column that another player occupies (RULINGS.md).
"""

from __future__ import annotations

from collections.abc import Iterator

from skald.domain.feast.action_board import ActionSpace
from skald.domain.feast.game import events as ev
from skald.domain.feast.game import hooks
from skald.domain.feast.game.actions import SPACE_RULES, SPACES
from skald.domain.feast.game.actions.base import DONE, Offer, Refusal
from skald.domain.feast.game.actions.mountains import can_upgrade, strips_open
from skald.domain.feast.game.actions.occupations import draw_occupation
from skald.domain.feast.game.commands import CODES
from skald.domain.feast.game.evolve import apply
from skald.domain.feast.game.flow import Log
from skald.domain.feast.game.hooks import SpaceUse
from skald.domain.feast.game.items import SHIP_SPECS
from skald.domain.feast.game.phases import run_phases
from skald.domain.feast.game.solo import blocked_refusal
from skald.domain.feast.game.state import Acting, Resume, Running, State
from skald.domain.feast.ships import Berth, ShipKind
from skald.domain.kernel.chance import Chance
from skald.domain.kernel.fast import replace

IMITATION = "imitation-"


def imitation_space(column: int) -> str:
    return f"{IMITATION}{column}"


def _ships_meet(state: State, seat: int, needs: tuple[str, ...]) -> Refusal | None:
    """A space's ship needs (rules.ja.txt: 商船が必要 etc.); a ship may serve many spaces.
    With #147 Steersman a knarr also serves where a longship is needed, and stays a knarr
    for the spaces that need one (overseas trading, the special sale)."""
    kinds = [sh.kind for sh in state.players[seat].ships]
    as_longship = hooks.cards.knarr_as_longship(state, seat)
    large = sum(1 for k in kinds if k is not ShipKind.WHALING_BOAT)
    small = len(kinds) - large
    for need in set(needs):
        n = needs.count(need)
        if need == "free-small-berth":
            ok = small < 3
        elif need == "free-large-berth":
            ok = large < 4
        elif need == "any-ship":
            ok = len(kinds) >= n
        elif need == "knarr-or-longship":
            ok = large >= n
        elif need == ShipKind.LONGSHIP.value and as_longship:
            ok = kinds.count(ShipKind.LONGSHIP) + kinds.count(ShipKind.KNARR) >= n
        else:
            ok = kinds.count(ShipKind(need)) >= n
        if not ok:
            what = need if n == 1 else f"{n} × {need}"
            return CODES.refusal("needs-ship", f"this space needs {what}")
    return None


def space_refusal(
    state: State, seat: int, space_id: str, option: int, copy: str | None
) -> tuple[ActionSpace | None, Refusal | None]:
    """The space used (the copied one for an imitation space) and the rule broken, if any."""
    column: int
    if space_id.startswith(IMITATION):
        col = space_id.removeprefix(IMITATION)
        if (
            not col.isdigit()
            or int(col) not in state.imitation
            or imitation_space(int(col)) != space_id
        ):
            return None, CODES.refusal(
                "unknown-space", f"there is no space {space_id!r} in this game"
            )
        column = int(col)
        if copy is None:
            return None, CODES.refusal("imitation-needs-copy", "an imitation space copies a space")
        target = SPACES.get(copy)
        if target is None or target.column != column:
            return None, CODES.refusal("imitation-column", f"copy a space of column {column}")
        taken = state.occupant(copy)
        if taken is None or taken.seat == seat or taken.copy is not None:
            return None, CODES.refusal(
                "imitation-needs-other", "copy only a space another player occupies"
            )
    else:
        if copy is not None:
            return None, CODES.refusal(
                "copy-only-imitation", "only an imitation space copies a space"
            )
        found = SPACES.get(space_id)
        if found is None:
            return None, CODES.refusal("unknown-space", f"there is no action space {space_id!r}")
        target, column = found, found.column
    handler = SPACE_RULES.get(target.kind)
    if handler is None:
        return target, CODES.refusal(
            "space-not-built", f"{target.id} ({target.kind}) is not built yet"
        )
    if state.occupant(space_id) is not None:
        return target, CODES.refusal("space-occupied", f"{space_id} is already used this round")
    blocked = blocked_refusal(state, space_id)
    if blocked is not None:
        return target, blocked
    need = (
        column
        if space_id.startswith(IMITATION)
        else column - hooks.cards.vikings_saved(state, seat, target)
    )
    if state.players[seat].thing < need:
        return target, CODES.refusal("too-few-vikings", f"this space needs {need} Vikings")
    if option not in handler.options:
        return target, CODES.refusal("no-such-option", f"{target.id} has options {handler.options}")
    acting = Acting(seat, space_id, target.id, need)
    use = SpaceUse(seat, target, option, space_id.startswith(IMITATION), acting)
    return target, counted_refusal(state, use)


def place_commands(state: State, seat: int) -> Iterator[tuple[str, int, str | None]]:
    """Every (space, option, copy) the seat may place on now."""
    for space in SPACES.values():
        handler = SPACE_RULES.get(space.kind)
        if handler is None:
            continue
        for option in handler.options:
            if space_refusal(state, seat, space.id, option, None)[1] is None:
                yield space.id, option, None
    for column in state.imitation:
        space_id = imitation_space(column)
        for o in state.occupied:
            if SPACES.get(o.space) is None or SPACES[o.space].column != column:
                continue
            handler = SPACE_RULES.get(SPACES[o.space].kind)
            for option in handler.options if handler else ():
                if space_refusal(state, seat, space_id, option, o.space)[1] is None:
                    yield space_id, option, o.space


def place(
    log: Log,
    seat: int,
    space_id: str,
    option: int,
    copy: str | None,
    chance: Chance,
    occupation: str | None = None,
) -> None:
    """Place, draw the column-3 occupation, play a column-4 occupation first, then the
    occupations that act just before the space (they may wait for answers: the space's
    effect then follows once they are answered, ``use_space``)."""
    target = SPACES[copy if copy is not None else space_id]
    column = target.column
    saved = 0 if copy is not None else hooks.cards.vikings_saved(log.state, seat, target)
    log.emit(ev.VikingsPlaced(seat, space_id, column - saved, copy))
    if column == 3:
        draw_occupation(log, seat, chance)
    if occupation is not None:
        hooks.cards.play(log, seat, occupation, chance)  # column 4, before the action
    resume = Resume("use-space", seat, space_id, option, copy, occupation is not None)
    before_and_use(log, target, resume, copy is not None, chance)


def before_and_use(
    log: Log, target: ActionSpace, resume: Resume, imitation: bool, chance: Chance
) -> None:
    """The occupations acting just before the space's action, then its effect (``use_space``,
    once their offers are answered): a Viking action, or one granted by a card (``granted``)."""
    hooks.cards.before_space(log, resume.seat, target, resume.option, imitation, chance)
    if log.state.offers:
        log.emit(ev.OccupationsAwaited(resume))
        return
    use_space(log, resume, chance)


def use_space(log: Log, resume: Resume, chance: Chance) -> None:
    """Use the space; offer what is left to choose, or end the action at once when nothing is
    (``ActionFinished`` right after the effects). An occupation played or used just before
    may have left the space unusable (a column-4 card selling the only longship): its action
    is then void (NOTES.md)."""
    seat = resume.seat
    target = SPACES[resume.copy if resume.copy is not None else resume.space]
    replaced = hooks.cards.replacement(log.state)
    if replaced == "upgrade-2":  # an occupation took "upgrade 2 goods" instead
        offer = Offer(upgrades=2, used=False)
    elif replaced == "done":  # an occupation carried the action out itself
        offer = DONE
    elif _usable(log.state, seat, target, resume.option):
        offer = SPACE_RULES[target.kind].use(log, seat, target, resume.option, chance)
        if replaced == "no-upgrade":  # an occupation exchanged in place of the upgrade
            offer = replace(offer, upgrades=0, used=True)
    else:
        log.emit(ev.ActionFinished(seat))
        after_action(log, seat, chance, space_hooks=False)
        return
    choices = ev.ChoicesOffered(
        seat,
        target.id,
        tuple(sorted(offer.takes, reverse=True)),
        offer.upgrades,
        offer.upgrade_steps,
        offer.plays,
        target.column == 4 and not resume.played_first,
        offer.used,
        offer.awaiting,
    )
    trial = apply(log.state, choices)
    assert trial.running is not None
    if set(step_answers(trial, trial.running)) <= {"FinishAction"}:
        log.emit(ev.ActionFinished(seat))
        after_action(log, seat, chance)
        return
    log.emit(choices)


def _usable(state: State, seat: int, target: ActionSpace, option: int) -> bool:
    return not state.effects or usable_refusal(state, seat, target, option) is None


def usable_refusal(state: State, seat: int, target: ActionSpace, option: int) -> Refusal | None:
    """The space's own conditions (its ships, its cost, a full action), not its Vikings."""
    return _ships_meet(state, seat, target.needs) or SPACE_RULES[target.kind].refuse(
        state, seat, target, option
    )


def counted_refusal(state: State, use: SpaceUse) -> Refusal | None:
    """``usable_refusal`` when the space is chosen (Vikings placed, or an action granted),
    with the seat's cards acting immediately before its action or instead of it counted: a
    space may be taken when its action can be carried out as the player's played cards change
    it (RULINGS.md "A Feast for Odin, more": #149's oil, #37's ↑1, #105's knarr …;
    ``cards.enables``, only under the readings that count them). Once the space is used, its
    action reads the state those cards made (``use_space``): a card's offer declined that
    left it unusable voids the action, as a column-4 card played first may."""
    found = usable_refusal(state, use.seat, use.space, use.option)
    if found is None:
        return None

    def usable(after: State) -> bool:
        return usable_refusal(after, use.seat, use.space, use.option) is None

    return None if hooks.cards.enables(state, use, usable) else found


# --- the running action's steps -------------------------------------------------------------


def main_steps(state: State, run: Running) -> tuple[str, ...]:
    p = state.players[run.seat]
    out = []
    if run.takes and strips_open(state, run):
        out.append("TakeFromMountain")
    if run.upgrades and can_upgrade(p, run):
        out.append("Upgrade")
    if run.plays and p.hand:
        out.append("PlayOccupation")
    return tuple(out)


def step_answers(state: State, run: Running) -> tuple[str, ...]:
    """The commands that answer the running action now (its pending decision)."""
    if run.awaiting:
        return run.awaiting
    main = main_steps(state, run)
    out = list(main)
    if "PlayOccupation" not in out and run.bonus_play and state.players[run.seat].hand:
        out.append("PlayOccupation")
    if run.used or not main:
        out.append("FinishAction")
    return tuple(out)


def continue_action(log: Log, chance: Chance) -> None:
    """Ends the action by itself when no choice is left, then the next turn; occupation offers
    waiting are answered first."""
    run = log.state.running
    assert run is not None
    if log.state.offers:
        log.emit(ev.OccupationsAwaited(Resume("continue-action", run.seat)))
        return
    if set(step_answers(log.state, run)) <= {"FinishAction"}:
        finish_action(log, chance)


def finish_action(log: Log, chance: Chance) -> None:
    run = log.state.running
    assert run is not None
    log.emit(ev.ActionFinished(run.seat))
    after_action(log, run.seat, chance)


def after_action(log: Log, seat: int, chance: Chance, space_hooks: bool = True) -> None:
    """The occupations that act right after a Viking action, then the next turn."""
    if space_hooks:
        hooks.cards.after_space(log, chance)
    if log.state.offers:
        log.emit(ev.OccupationsAwaited(Resume("advance", seat)))
        return
    advance(log, seat, chance)


def next_seat(state: State, after: int) -> int | None:
    """Clockwise after ``after`` (itself last): a seat that has not passed and has Vikings."""
    for k in range(1, state.count + 1):
        seat = (after + k) % state.count
        p = state.players[seat]
        if not p.passed and p.thing > 0:
            return seat
    return None


def advance(log: Log, after: int, chance: Chance) -> None:
    """The next turn, unless a granted action ends here or one waits to start (``granted``)."""
    if hooks.grants.over(log, chance) or hooks.grants.start_next(
        log, Resume("advance", after), chance
    ):
        return
    nxt = next_seat(log.state, after)
    if nxt is None:
        run_phases(log, chance, "after-actions")
    else:
        log.emit(ev.TurnStarted(nxt))


def berth_of(kind: ShipKind) -> Berth:
    return SHIP_SPECS[kind].berth
