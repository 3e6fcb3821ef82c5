"""The lifecycle use cases: create, fork, export and import a game.

Each writes a new game as one sealed batch starting with its typed ``skald.GameCreated``
record, and stores the game's secrets (chance seeds and nonces, the record salt key, token
hashes) beside it — never in its stream, so an export carries none of them. Options are
validated once, here, against the game's schema (:func:`skald.domain.kernel.options.resolve_options`);
the complete resolved options are stored, so a later change of a default cannot change a
recorded game.
"""

from __future__ import annotations

import secrets
import uuid
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from skald.domain.kernel.chance import Chance, ChanceEntry, TableChance, commitment
from skald.domain.kernel.errors import GameOver, Malformed
from skald.domain.kernel.options import resolve_options, stored_values
from skald.domain.kernel.records import (
    ChanceMode,
    ForkOrigin,
    GameCreated,
    GameEnded,
    OptionSetting,
    SeedReveal,
    Segment,
)
from skald.service.app import disputes, policy
from skald.service.model import auth
from skald.service.model.auth import Principal
from skald.service.model.batches import build_records, chance_for, check_table_leftover, seal
from skald.service.model.errors import NotFound, Tampered
from skald.service.model.folding import Loaded, advance, boundary, fold_into
from skald.service.model.records import (
    ENDED,
    GENESIS,
    RULES_FORMAT,
    SETUP,
    Record,
    kernel_record,
    new_salt_key,
    read_kernel,
)
from skald.service.model.verify import Report, verify
from skald.service.store import replay_file
from skald.service.store.event_store import Secret
from skald.service.store.repository import Repository

__all__ = ["Created", "create", "export", "fork", "import_text"]


@dataclass(frozen=True, slots=True)
class Created:
    """A new game and its tokens (given out once: the store keeps only their hashes)."""

    game_id: str
    game: str
    players: int
    seat_tokens: tuple[str, ...]
    referee_token: str
    commitment: str
    version: int


CHOSEN_STREAM = "chosen"
"""The chance stream of every chosen seed: the same seed, game and players deal the same game
again (a random seed's stream is the id of the game that drew it)."""


def _new_seed() -> bytes:
    return uuid.uuid4().bytes + uuid.uuid4().bytes


def _segment(
    start: int, stream: str, seed: bytes, nonce: bytes | None = None
) -> tuple[SeedReveal, Segment]:
    """A new chance segment: its secret seed with a fresh 16-byte commitment nonce (unless
    pinned), and the public segment committing to ``sha256(nonce || seed)``, so a guessable
    chosen seed stays hidden."""
    nonce = nonce if nonce is not None else secrets.token_bytes(16)
    return (
        SeedReveal(start, stream, seed.hex(), nonce=nonce.hex()),
        Segment(start, stream, commitment(seed, nonce)),
    )


def _issue(
    repo: Repository,
    game_id: str,
    seeds: Sequence[SeedReveal],
    players: int,
    salt_key: bytes | None = None,
    server_keys: Sequence[str] = (),
) -> tuple[tuple[str, ...], str]:
    """New seat and referee tokens for a game; only their hashes are stored, with its seeds,
    its record salt key (a new one unless given) and the receipt keys of the servers it was
    imported from."""
    seat_tokens = tuple(auth.new_token() for _ in range(players))
    referee = auth.new_token()
    hashes = tuple(auth.token_hash(t) for t in seat_tokens)
    key = salt_key if salt_key is not None else new_salt_key()
    repo.put_secret(
        game_id,
        Secret(tuple(seeds), hashes, auth.token_hash(referee), key, tuple(server_keys)),
    )
    return seat_tokens, referee


def _new_id(repo: Repository, wanted: str | None) -> str:
    if wanted is None:
        return str(uuid.uuid4())
    try:
        game_id = str(uuid.UUID(wanted))
    except ValueError:
        raise Malformed("game/bad-id", f"{wanted!r} is not a game id (a UUID)") from None
    if repo.read(game_id, upto=1):
        raise Malformed("game/id-taken", f"a game with id {game_id} already exists")
    return game_id


def create(
    repo: Repository,
    game: str,
    players: int,
    *,
    seed: bytes | None = None,
    chance: str = "server",
    options: dict[str, Any] | None = None,
    table_entries: Sequence[ChanceEntry] = (),
    game_id: str | None = None,
    pinned: tuple[bytes, bytes] | None = None,
) -> Created:
    """A new game. A chosen ``seed`` deals the same game again for the same game and players
    (its stream is :data:`CHOSEN_STREAM`); a random one draws on the game's own id. ``game_id``
    (a UUID, default random) pins the id, and ``pinned`` the commitment nonce and salt key that
    are otherwise fresh randomness — the golden recorder (``python -m skald.tools.goldens``) pins both
    to re-record exactly (in-process only: no remote caller can pin them)."""
    rules = repo.games.rules(game)
    if not rules.min_players <= players <= rules.max_players:
        raise Malformed(
            "players/out-of-range",
            f"{rules.title} takes {rules.min_players}–{rules.max_players} players, not {players}",
        )
    try:
        mode = ChanceMode(chance)
    except ValueError:
        raise Malformed(
            "chance/mode", f"chance must be 'server' or 'table', not {str(chance)[:40]!r}"
        ) from None
    if table_entries and mode != ChanceMode.TABLE:  # they would be dropped without a word
        raise Malformed(
            "chance/not-table", "table entries need chance 'table'; this game draws its own"
        )
    resolved = resolve_options(rules.options, options or {})
    game_id = _new_id(repo, game_id)
    stream = game_id if seed is None else CHOSEN_STREAM
    nonce, salt_key = pinned if pinned is not None else (None, new_salt_key())
    reveal, segment = _segment(0, stream, seed if seed is not None else _new_seed(), nonce)
    created = GameCreated(
        game_id=game_id,
        game=rules.name,
        players=players,
        options=tuple(OptionSetting.of(name, value) for name, value in resolved.items()),
        chance=mode,
        segments=(segment,),
        rules_version=rules.rules_version,
        format=RULES_FORMAT,
    )
    source: Chance = (
        chance_for((reveal,), 0) if mode == ChanceMode.SERVER else TableChance(table_entries)
    )
    setup_events = rules.setup(players, resolved, source)
    check_table_leftover(source)
    records = [kernel_record(1, SETUP, created)]
    records += build_records(2, None, SETUP, None, source, mode, 0, setup_events)
    sealed = seal(records, GENESIS, salt_key, game_id)
    state = rules.initial(players)
    for event in setup_events:
        state = rules.evolve(state, event)
    start = Loaded(game_id, rules, created, state=state)
    seat_tokens, referee = _issue(repo, game_id, (reveal,), players, salt_key)
    repo.append(game_id, sealed, after=advance(start, sealed, state))
    return Created(
        game_id, rules.name, players, seat_tokens, referee, segment.commitment, sealed[-1].version
    )


def fork(
    repo: Repository,
    game_id: str,
    principal: Principal,
    at: int,
    reseed: bool = False,
    seed: bytes | None = None,
) -> Created:
    """A new game holding the first ``at`` events; same chance stream unless ``reseed`` (then
    from ``seed``, or a fresh random one). The copied prefix is re-sealed under the fork's own
    id and new salt key, so no salt of the source is shared."""
    policy.require_full_access(principal, "forking shares the chance seed")
    source = repo.load(game_id)
    setup_end = source.batches[SETUP][1]
    if 1 <= at < max(setup_end, 2):  # before the boundary check, whose advice may be setup's
        raise Malformed("version/not-a-boundary", f"fork after setup (version ≥ {setup_end})")
    boundary(source, at)
    # The fork plays the source's options, so they are checked as creation checks them: a
    # game stored before options were held to 32 bits may hold one no fork should copy.
    resolve_options(
        source.rules.options, stored_values(source.rules.options, source.created.option_values())
    )
    secret = repo.secret(game_id)
    if secret is None:
        raise NotFound("game/no-secret", f"game {game_id} has no chance seed in this store")
    records = [r for r in repo.read(game_id, upto=at) if r.type != ENDED]
    prefix = fold_into(None, game_id, records, repo.games)
    if prefix.rules.outcome(prefix.state) is not None:  # no command could follow: not a game
        raise GameOver("game/over", f"the game is over at version {at}; fork before its end")
    new_id = str(uuid.uuid4())
    # A segment the source began past the fork's cursor (its own fork point, a source that is
    # itself a reseeded fork forked again earlier) is not the fork's: it draws on from the one
    # in force at its cursor (verify refuses a segment beyond the fork point).
    seeds = [s for s in secret.seeds if s.start <= prefix.cursor]
    segments = [s for s in source.created.segments if s.start <= prefix.cursor]
    if reseed:  # the new segment replaces any the source began at or after the fork's cursor
        seeds = [s for s in seeds if s.start < prefix.cursor]
        segments = [s for s in segments if s.start < prefix.cursor]
        stream = new_id if seed is None else CHOSEN_STREAM
        reveal, segment = _segment(prefix.cursor, stream, seed if seed is not None else _new_seed())
        seeds.append(reveal)
        segments.append(segment)
    created = replace(
        source.created,
        game_id=new_id,
        segments=tuple(segments),
        forked_from=ForkOrigin(game_id, at),
    )
    copied = [kernel_record(1, SETUP, created)] + [
        Record(r.version, r.type, r.seat, r.command_id, r.data, r.command, r.chance)
        for r in records[1:]
    ]
    salt_key = new_salt_key()
    sealed = seal(copied, GENESIS, salt_key, new_id)
    seat_tokens, referee = _issue(repo, new_id, seeds, source.players, salt_key)
    forked = replace(prefix, game_id=new_id, created=created, last_hash=sealed[-1].hash)
    repo.append(new_id, sealed, after=forked)
    return Created(
        new_id,
        source.game,
        source.players,
        seat_tokens,
        referee,
        segments[-1].commitment,
        sealed[-1].version,
    )


def export(repo: Repository, game_id: str, principal: Principal) -> str:
    """The game as a replay file; a game whose records do not end at the store's head (cut
    short in the database) is refused, so a file cannot launder the cut."""
    policy.require_full_access(principal, "an export holds every hidden card")
    records, head = repo.read_to_head(game_id)
    if not records:
        raise NotFound("game/unknown", f"no game with id {game_id!r}")
    if head != (records[-1].version, records[-1].hash):
        raise Tampered(
            "store/head-mismatch",
            f"game {game_id} ends at v{records[-1].version}, its head names v{head.version}",
        )
    # A running table-chance game's file carries the key it continues under (an import goes
    # on with it). A running server-chance game's does not: it cannot be imported before its
    # end (its seed is secret), and with the key a holder of the file could test guesses of
    # the hidden draws of records written after it against the hashes seats are served.
    secret = repo.secret(game_id)
    table = read_kernel(records[0], GameCreated).chance == ChanceMode.TABLE
    return replay_file.dumps(
        game_id,
        records,
        salt_key=secret.salt_key if secret is not None and table else None,
        server_keys=receipt_keys(repo, game_id),
        disputes=[r.to_json() for r in repo.read_disputes(game_id)],
    )


def receipt_keys(repo: Repository, game_id: str) -> list[str]:
    """The receipt keys a game names: earlier servers' (from an import) and this store's, if
    it has one (a store that never signed a receipt makes none for an export)."""
    from skald.service.model.receipts import Signer

    secret = repo.secret(game_id)
    keys = list(secret.server_keys) if secret is not None else []
    private = repo.store.server_key(create=False)
    if private is not None and (own := Signer(private).key) not in keys:
        keys.append(own)
    return keys


def import_text(repo: Repository, text: str) -> tuple[Created, Report]:
    """Store a replay file as a game (a new id if its id is taken), validated whole first.

    The file is parsed (every byte bound), every field checked against the game
    (:func:`replay_file.validate`) and the game verified in full — nothing is written unless
    all pass. A server-chance game is imported only once it can be verified: a running game's
    (or a withheld) seed is not in the file, so its deals cannot be checked and it is refused;
    export it after its end. A running (table-chance) game continues under the salt key its
    file's header carries, checked against its records' salts and kept in its secrets, so its
    later records are salted as its earlier ones and it verifies at its end; a running game's
    file without one (from an older skald) is refused."""
    parsed = replay_file.loads(text.split("\n"))
    replay_file.validate(parsed, repo.games)
    ended = parsed.records[-1].type == ENDED
    table = parsed.created.chance == ChanceMode.TABLE  # a running server game: refused below
    if not ended and table and parsed.salt_key is None:
        raise Tampered(
            "replay/no-salt-key",
            "the file holds a running game but not the salt key it continues under (its "
            "header's salt_key): export it again with this skald",
        )
    report = verify(parsed.records, parsed.seeds, repo.games, salt_key=parsed.salt_key)
    if not report.ok:
        raise Tampered("replay/does-not-verify", f"v{report.first_bad}: {report.problem}")
    report = disputes.apply(report, parsed.records, parsed.disputes)  # checked before writing
    if not report.ok:
        raise Tampered("replay/does-not-verify", f"v{report.first_bad}: {report.problem}")
    game_id = parsed.created.game_id
    try:
        game_id = _new_id(repo, game_id)
    except Malformed:
        game_id = str(uuid.uuid4())
    records = list(parsed.records)
    folded = fold_into(None, game_id, records, repo.games, trusted=False)
    revealed = read_kernel(records[-1], GameEnded).salt_key if ended else None
    salt_key = bytes.fromhex(revealed) if revealed is not None else parsed.salt_key
    seat_tokens, referee = _issue(
        repo, game_id, parsed.seeds, folded.players, salt_key, parsed.server_keys
    )
    repo.append(game_id, records)
    if parsed.disputes:  # beside the game's records, as they were (bound by hashes, not ids)
        repo.append_disputes(game_id, disputes.parse(parsed.disputes))
    created = Created(
        game_id,
        folded.game,
        folded.players,
        seat_tokens,
        referee,
        folded.created.segments[0].commitment if folded.created.segments else "",
        records[-1].version,
    )
    return created, report
