"""The harness's hostile-input phase: property-based fuzzing of every RPC over a real connection.

Hypothesis draws calls against a real ``skald serve``: any method of the service (read from its
descriptor, so a method added later is fuzzed too), with a body that is random bytes, a request
past the size cap, or the method's own request message with every field drawn from values that
hurt — real and made-up game ids and prefixes, seats out of range, stale, current and future
versions, huge strings, random nested commands — and as anybody: no token, a forged one,
another seat's, the referee's. Each call must end

* never in ``INTERNAL`` or ``UNKNOWN`` (nor leave an ``unhandled error`` in the server's log);
* when refused, with a precise status: a message, and the rule that refused it (the
  ``skald-rule`` trailer) — only the transport's own size cap answers without one;
* when refused, with the store unchanged: the notification log's last id, read from the
  server's own file, is what it was before the call.

A broken property is shrunk to its smallest call by Hypothesis and reported as it was sent.
Calls that are accepted (a random command that happens to be legal, a valid fork) are counted
and move the baseline; they are allowed, not wanted.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

__all__ = ["hostile"]

GAME_FIELDS = ("game_id", "game")
"""Fields that name a game: drawn from the server's games (and near misses) most of the time."""
ALWAYS_SET = (*GAME_FIELDS, "seat", "command")
"""Fields a call always carries, so that the checks behind them are reached."""
PRECISE_WITHOUT_RULE = ("RESOURCE_EXHAUSTED",)
"""Refusals the transport gives itself (a request over the size cap), before any handler."""


def need_hypothesis() -> None:
    """Hypothesis is the optional 'loadtest' extra: without it, say so in one line."""
    from importlib.util import find_spec

    if find_spec("hypothesis") is None:
        raise SystemExit(
            "skald: the load test's hostile phase needs the 'loadtest' extra: "
            "pip install 'skald[loadtest]' (or leave the phase out: --only with the other loads)"
        )


def hostile(address: str, db: str, examples: int, seed: int = 0) -> dict[str, Any]:
    """Fuzz the server at ``address`` (whose store is ``db``) with ``examples`` calls; the
    counts, and the smallest call that broke a property, if one did."""
    need_hypothesis()
    import grpc
    from hypothesis import HealthCheck, Verbosity, given, settings
    from hypothesis import seed as fixed_seed
    from hypothesis import strategies as st

    from skald.service.contract._generated.skald.v1 import skald_pb2 as pb
    from skald.service.grpc.edge import MAX_REQUEST
    from skald.service.store.event_store import EventStore

    store = EventStore(db)
    channel = grpc.insecure_channel(address, options=[("grpc.max_send_message_length", -1)])
    games = _games(channel, pb)
    methods = pb.DESCRIPTOR.services_by_name["Skald"].methods
    out: dict[str, Any] = {
        "calls": 0,
        "statuses": Counter(),
        "internal_or_unknown": 0,
        "imprecise": 0,
        "state_changed_on_refusal": 0,
        "smallest_failure": None,
    }
    head = [store.recorder.max_notification_id() or 0]

    def call(method: Any, body: bytes, token: str | None) -> tuple[str, str, bool]:
        path = f"/{method.containing_service.full_name}/{method.name}"
        md = (("authorization", token),) if token is not None else ()
        try:
            if method.server_streaming:
                stream = channel.unary_stream(path)(body, metadata=md, timeout=0.5)
                for index, _ in enumerate(stream):
                    if index >= 2:
                        stream.cancel()
                        break
                return "OK", "", True
            channel.unary_unary(path)(body, metadata=md, timeout=10)
            return "OK", "", True
        except grpc.RpcError as error:
            trailers = dict(error.trailing_metadata() or ())
            return error.code().name, error.details() or "", "skald-rule" in trailers

    # each call aims at one game: its id and one of its tokens most of the time, so the checks
    # behind authentication (seat, version, legality) are reached, not only the first refusals
    aimed = {
        (m.name, t): st.tuples(st.just(m), _body(m, _aim(games, t), MAX_REQUEST), _token(games, t))
        for m in methods
        for t in range(len(games["ids"]))
    }

    @settings(
        max_examples=examples,
        deadline=None,
        database=None,
        suppress_health_check=list(HealthCheck),
        report_multiple_bugs=False,
        verbosity=Verbosity.quiet,  # the summary is the harness's one JSON document
    )
    @fixed_seed(seed)
    @given(
        st.tuples(
            st.sampled_from([m.name for m in methods]), st.integers(0, len(games["ids"]) - 1)
        ).flatmap(aimed.__getitem__)
    )
    def property_(drawn: tuple[Any, bytes, str | None]) -> None:
        method, body, token = drawn
        status, details, ruled = call(method, body, token)
        sent = f"{method.name}({len(body)} bytes {body[:60].hex()}…, token {_kind(token, games)})"
        out["calls"] += 1
        out["statuses"][f"{method.name} {status}"] += 1
        now = store.recorder.max_notification_id() or 0
        if status == "OK" or (method.server_streaming and status == "DEADLINE_EXCEEDED"):
            head[0] = now  # accepted: the store may have moved (a legal command, a fork)
            return
        if status in ("INTERNAL", "UNKNOWN"):
            out["internal_or_unknown"] += 1
            raise AssertionError(f"{sent} ended {status}: {details[:200]}")
        if not details or not (ruled or status in PRECISE_WITHOUT_RULE):
            out["imprecise"] += 1
            raise AssertionError(f"{sent} refused with {status} but no rule: {details!r:.200}")
        if now != head[0]:
            out["state_changed_on_refusal"] += 1
            head[0] = now
            raise AssertionError(f"{sent} refused ({status}: {details:.120}) yet the store moved")

    try:
        property_()
    except AssertionError as failure:  # already shrunk to the smallest call that breaks it
        out["smallest_failure"] = str(failure)[:600]
    finally:
        channel.close()
        store.close()
    out["statuses"] = dict(sorted(out["statuses"].items()))
    return out


def _games(channel: Any, pb: Any) -> dict[str, Any]:
    """One game of each kind to aim at, each moved one command on: ids, tokens, versions and
    the commands legal at their start (legal there, stale or illegal now, or another game's)."""
    from skald.service.contract._generated.skald.v1 import skald_pb2_grpc

    stub = skald_pb2_grpc.SkaldStub(channel)
    made, versions, commands = [], {0, 1, -1, 2**62}, []  # commands: a list per game
    for game, players in (("red_north", 3), ("brian_boru", 3), ("feast", 2)):
        created = stub.CreateGame(pb.CreateGameRequest(game=game, players=players))
        md = (("authorization", f"Bearer {created.referee_token}"),)
        view = stub.GetView(pb.GetViewRequest(game_id=created.game_id), metadata=md)
        seat = view.to_act[0]
        legal = stub.ListLegalCommands(
            pb.ListLegalCommandsRequest(game_id=created.game_id, seat=seat), metadata=md
        )
        moved = stub.SubmitCommand(
            pb.SubmitCommandRequest(
                game_id=created.game_id,
                seat=seat,
                command=legal.commands[0],
                expected_version=legal.version,
            ),
            metadata=md,
        )
        made.append(created)
        versions |= {moved.version - 1, moved.version, moved.version + 1}
        commands.append(list(legal.commands[:20]))
    junk: list[str | None] = [None, "Bearer forged-" + "x" * 30, "Basic dXNlcjpwYXNz", "Bearer "]
    return {
        "ids": [g.game_id for g in made],
        "near": [g.game_id[:n] + tail for g in made for n in (3, 6) for tail in ("", "\x00")],
        "own": [[f"Bearer {t}" for t in (g.referee_token, *g.seat_tokens)] for g in made],
        "junk": junk,
        "versions": sorted(versions),
        "commands_by_game": commands,
    }


def _kind(token: str | None, games: dict[str, Any]) -> str:
    """What a token was, for a report (not the token itself)."""
    for index, tokens in enumerate(games["own"]):
        if token in tokens:
            return f"{'referee' if token == tokens[0] else 'seat'} of game {index}"
    return "none" if token is None else "forged or malformed"


def _aim(games: dict[str, Any], target: int) -> dict[str, Any]:
    """``games`` with ``target`` as the only real game a call names."""
    others = [
        c for i, listed in enumerate(games["commands_by_game"]) if i != target for c in listed
    ]
    return {
        **games,
        "ids": [games["ids"][target]],
        "commands": games["commands_by_game"][target],
        "other_commands": others,
    }


def _token(games: dict[str, Any], target: int) -> Any:
    """Mostly one of the target game's tokens (the referee's or a seat's, right or wrong for
    the seat the call names); otherwise none, a forged one or another game's."""
    from hypothesis import strategies as st

    others = [t for i, tokens in enumerate(games["own"]) if i != target for t in tokens]
    pick = {
        "own": st.sampled_from(games["own"][target]),
        "other": st.sampled_from(games["junk"] + others),
    }
    return st.sampled_from(["own"] * 7 + ["other"] * 3).flatmap(pick.__getitem__)


def _body(method: Any, games: dict[str, Any], cap: int) -> Any:
    """Bodies for ``method``: random bytes, one past the size cap, or its request message with
    hostile field values (serialized)."""
    from hypothesis import strategies as st

    over_cap = b"\x0a" + _varint(cap + 1) + b"x" * (cap + 1)  # field 1, a string past the cap
    message = _message(method.input_type, games, depth=0).map(lambda m: m.SerializeToString())
    # mostly well-formed requests with hostile values; some raw bytes; a request past the cap
    # now and then (each is 16 MB on the wire)
    bodies = {"message": message, "bytes": st.binary(max_size=300), "over cap": st.just(over_cap)}
    kinds = ["message"] * 33 + ["bytes"] * 6 + ["over cap"]  # shrinks towards a message
    return st.sampled_from(kinds).flatmap(bodies.__getitem__)


def _message(descriptor: Any, games: dict[str, Any], depth: int) -> Any:
    from google.protobuf import message_factory
    from hypothesis import strategies as st

    cls = message_factory.GetMessageClass(descriptor)
    fields = [
        f for f in descriptor.fields if (depth < 3 or f.type != f.TYPE_MESSAGE) and not _is_map(f)
    ]
    if not fields:
        return st.builds(cls)
    per_field = {  # any field may be left out, but the game a call names is nearly always set
        f.name: _value(f, games, depth)
        if f.name in ALWAYS_SET
        else st.none() | _value(f, games, depth)
        for f in fields
    }

    def build(values: dict[str, Any]) -> Any:
        made = cls()
        for field in fields:
            value = values[field.name]
            if value is None:
                continue
            target = getattr(made, field.name)
            if field.is_repeated:
                if field.type == field.TYPE_MESSAGE:
                    for item in value:
                        target.add().CopyFrom(item)
                else:
                    target.extend(value)
            elif field.type == field.TYPE_MESSAGE:
                target.CopyFrom(value)
            else:
                setattr(made, field.name, value)
        return made

    def build_or_skip(values: dict[str, Any]) -> Any:
        try:
            return build(values)
        except (ValueError, TypeError):  # a value protobuf itself will not hold
            return cls()

    return st.fixed_dictionaries(per_field).map(build_or_skip)


def _value(field: Any, games: dict[str, Any], depth: int) -> Any:
    """One field's hostile values (a list of them when it repeats)."""
    from hypothesis import strategies as st

    one: Any
    name = field.name
    if field.type == field.TYPE_MESSAGE:
        if field.message_type.full_name == "skald.v1.Command":
            pick = {
                "own": st.sampled_from(games["commands"]),
                "other": st.sampled_from(games["other_commands"]),
                "random": _message(field.message_type, games, depth + 1),
            }
            kinds = ["own"] * 6 + ["other"] * 2 + ["random"] * 2  # mostly the game's own
            one = st.sampled_from(kinds).flatmap(pick.__getitem__)
        else:
            one = _message(field.message_type, games, depth + 1)
    elif field.type == field.TYPE_STRING and name in GAME_FIELDS:
        ids = games["ids"]
        names = ["", "red_north", "brian_boru", "feast", "chess"]
        near = st.sampled_from(games["near"] + names)
        odd = st.text(max_size=40) | st.just("é" * 70_000) | st.just("red\x00north")
        pick = {"real": st.sampled_from(ids), "near": near, "odd": odd}
        kinds = ["real"] * 6 + ["near"] * 2 + ["odd"] * 2  # mostly real: the deeper checks
        one = st.sampled_from(kinds).flatmap(pick.__getitem__)
    elif field.type == field.TYPE_STRING:
        one = st.text(max_size=40) | st.just("z" * 70_000)
    elif name == "seat":
        one = st.sampled_from([0, 1, 2] * 3 + [-1, 3, 7, 2**31 - 1, -(2**31)])
    elif field.type == field.TYPE_BOOL:
        one = st.booleans()
    elif field.type == field.TYPE_BYTES:
        one = st.binary(max_size=200)
    elif field.type in (field.TYPE_DOUBLE, field.TYPE_FLOAT):
        one = st.floats(allow_nan=True, allow_infinity=True, width=32)
    elif field.type == field.TYPE_ENUM:
        one = st.sampled_from([v.number for v in field.enum_type.values] + [99, -5])
    else:
        bits = 64 if field.type in _WIDE else 32
        low, high = (
            (0, 2**bits - 1)
            if field.type in _UNSIGNED
            else (-(2 ** (bits - 1)), 2 ** (bits - 1) - 1)
        )
        hurt = [v for v in games["versions"] + [-1, 0, 1, 2, 3, 7, low, high] if low <= v <= high]
        one = st.sampled_from(hurt) | st.integers(low, high)
    if field.is_repeated:
        return st.lists(one, max_size=3)
    return one


def _is_map(field: Any) -> bool:
    return field.message_type is not None and field.message_type.GetOptions().map_entry


def _varint(value: int) -> bytes:
    out = bytearray()
    while True:
        byte, value = value & 0x7F, value >> 7
        out.append(byte | (0x80 if value else 0))
        if not value:
            return bytes(out)


# protobuf's FieldDescriptor type numbers: 64-bit and unsigned integer kinds
_WIDE = frozenset({3, 4, 6, 16, 18})  # INT64, UINT64, FIXED64, SFIXED64, SINT64
_UNSIGNED = frozenset({4, 6, 7, 13})  # UINT64, FIXED64, FIXED32, UINT32
