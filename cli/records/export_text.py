"""``skald export --format text``: a game record for people, like a chess PGN.

Header tags in square brackets (game, id, players, rules version, options, chance, seed
commitment, fork origin, result), a comment on how to read the moves, then the moves under
round headings, one a line: the seat (written where it changes, so one seat's turn reads as a
block), the move in the game's notation, and the version the game reaches after it (``skald
show GAME --at N`` draws the board there). Plain text, no colour, printable. ``import`` does
not read it: the JSON Lines replay file is the record that verifies."""

from __future__ import annotations

from skald.cli.records.timeline import Move, Timeline
from skald.domain.kernel.records import GameCreated, GameEnded, OptionSetting
from skald.service.model.registry import cli_name

MOVE_WIDTH = 44


def _tag(name: str, value: object) -> str:
    text = str(value).replace("\\", "\\\\").replace('"', '\\"')
    return f'[{name} "{text}"]'


def _options(options: tuple[OptionSetting, ...]) -> str:
    return "; ".join(f"{o.name}={o.value}" for o in options) or "defaults"


def _commitments(created: GameCreated) -> str:
    return "; ".join(
        f"{s.commitment} (stream {s.stream}, draws from {s.start})" for s in created.segments
    )


def _seed_state(ended: GameEnded | None) -> str:
    if ended is None:
        return "not yet revealed (the game is running)"
    if any(s.withheld for s in ended.seeds):
        return "withheld (a running game shares it)"
    return "revealed in the game's end record (skald verify checks every draw)"


def header(t: Timeline) -> list[str]:
    created, ended = t.created, t.ended
    tags = [
        _tag("Game", t.rules.title),
        _tag("GameKey", cli_name(created.game)),
        _tag("GameId", created.game_id),
        _tag("Players", created.players),
        _tag("Seats", ", ".join(f"seat {s}" for s in range(created.players))),
        _tag("RulesVersion", created.rules_version),
        _tag("Options", _options(created.options)),
        _tag("Chance", created.chance.value),
        _tag("SeedCommitment", _commitments(created) or "none"),
        _tag("Seed", _seed_state(ended)),
    ]
    if created.forked_from is not None:
        origin = created.forked_from
        tags.append(_tag("ForkedFrom", f"{origin.game_id} at v{origin.version}"))
    tags.append(_tag("Events", t.version))
    if ended is None:
        tags.append(_tag("Result", "*"))
    else:
        tags.append(_tag("Result", " ".join(str(s) for s in ended.scores)))
        tags.append(_tag("Winner", ", ".join(f"seat {w}" for w in ended.winners) or "none"))
        tags.append(_tag("Termination", ended.reason))
    return tags


def _round_heading(move: Move) -> str:
    return "Setup" if not move.round else f"Round {move.round}"


def moves(t: Timeline) -> list[str]:
    """The move list under round headings, the seat written where it changes."""
    out: list[str] = []
    heading = ""
    last_seat: int | None = -1
    for move in t.moves:
        if _round_heading(move) != heading:
            heading = _round_heading(move)
            out += ["", heading]
            last_seat = -1
        span = f"v{move.last}" if move.first == move.last else f"v{move.first}-{move.last}"
        if move.command is None:
            out.append(f"  {{{t.text(move)}: {span}}}")
            last_seat = -1
            continue
        seat = "" if move.seat == last_seat else f"seat {move.seat}"
        last_seat = move.seat
        out.append(f"  {seat:<8}{t.text(move):<{MOVE_WIDTH}} v{move.last}".rstrip())
    return out


def text_record(t: Timeline) -> str:
    """The whole record, ending with the result line."""
    lines = header(t)
    lines += [
        "",
        f"{{Moves in the notation of {t.rules.title} (see the README); the number after a "
        "move is the version it brings the game to: skald show GAME --at N.}",
    ]
    lines += moves(t)
    lines += ["", f"Result: {t.outcome_line()}", ""]
    return "\n".join(lines)
