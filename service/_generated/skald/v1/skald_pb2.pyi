from google.protobuf import struct_pb2 as _struct_pb2
from skald.v1 import brian_boru_pb2 as _brian_boru_pb2
from skald.v1 import red_north_pb2 as _red_north_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class Command(_message.Message):
    __slots__ = ("brian_boru", "red_north")
    BRIAN_BORU_FIELD_NUMBER: _ClassVar[int]
    RED_NORTH_FIELD_NUMBER: _ClassVar[int]
    brian_boru: _brian_boru_pb2.AnyCommand
    red_north: _red_north_pb2.AnyCommand
    def __init__(self, brian_boru: _Optional[_Union[_brian_boru_pb2.AnyCommand, _Mapping]] = ..., red_north: _Optional[_Union[_red_north_pb2.AnyCommand, _Mapping]] = ...) -> None: ...

class Event(_message.Message):
    __slots__ = ("brian_boru", "red_north", "kernel")
    BRIAN_BORU_FIELD_NUMBER: _ClassVar[int]
    RED_NORTH_FIELD_NUMBER: _ClassVar[int]
    KERNEL_FIELD_NUMBER: _ClassVar[int]
    brian_boru: _brian_boru_pb2.AnyEvent
    red_north: _red_north_pb2.AnyEvent
    kernel: KernelEvent
    def __init__(self, brian_boru: _Optional[_Union[_brian_boru_pb2.AnyEvent, _Mapping]] = ..., red_north: _Optional[_Union[_red_north_pb2.AnyEvent, _Mapping]] = ..., kernel: _Optional[_Union[KernelEvent, _Mapping]] = ...) -> None: ...

class View(_message.Message):
    __slots__ = ("brian_boru", "red_north")
    BRIAN_BORU_FIELD_NUMBER: _ClassVar[int]
    RED_NORTH_FIELD_NUMBER: _ClassVar[int]
    brian_boru: _brian_boru_pb2.AnyView
    red_north: _red_north_pb2.AnyView
    def __init__(self, brian_boru: _Optional[_Union[_brian_boru_pb2.AnyView, _Mapping]] = ..., red_north: _Optional[_Union[_red_north_pb2.AnyView, _Mapping]] = ...) -> None: ...

class OptionValue(_message.Message):
    __slots__ = ("text", "number", "flag")
    TEXT_FIELD_NUMBER: _ClassVar[int]
    NUMBER_FIELD_NUMBER: _ClassVar[int]
    FLAG_FIELD_NUMBER: _ClassVar[int]
    text: str
    number: int
    flag: bool
    def __init__(self, text: _Optional[str] = ..., number: _Optional[int] = ..., flag: _Optional[bool] = ...) -> None: ...

class ChanceEntry(_message.Message):
    __slots__ = ("value", "order")
    VALUE_FIELD_NUMBER: _ClassVar[int]
    ORDER_FIELD_NUMBER: _ClassVar[int]
    value: int
    order: Order
    def __init__(self, value: _Optional[int] = ..., order: _Optional[_Union[Order, _Mapping]] = ...) -> None: ...

class Order(_message.Message):
    __slots__ = ("items",)
    ITEMS_FIELD_NUMBER: _ClassVar[int]
    items: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, items: _Optional[_Iterable[str]] = ...) -> None: ...

class Segment(_message.Message):
    __slots__ = ("from_cursor", "stream", "commitment", "seed", "withheld")
    FROM_CURSOR_FIELD_NUMBER: _ClassVar[int]
    STREAM_FIELD_NUMBER: _ClassVar[int]
    COMMITMENT_FIELD_NUMBER: _ClassVar[int]
    SEED_FIELD_NUMBER: _ClassVar[int]
    WITHHELD_FIELD_NUMBER: _ClassVar[int]
    from_cursor: int
    stream: str
    commitment: str
    seed: str
    withheld: bool
    def __init__(self, from_cursor: _Optional[int] = ..., stream: _Optional[str] = ..., commitment: _Optional[str] = ..., seed: _Optional[str] = ..., withheld: _Optional[bool] = ...) -> None: ...

class ForkSource(_message.Message):
    __slots__ = ("game_id", "version")
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    VERSION_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    version: int
    def __init__(self, game_id: _Optional[str] = ..., version: _Optional[int] = ...) -> None: ...

class GameCreated(_message.Message):
    __slots__ = ("game", "players", "options", "chance", "segments", "rules_version", "format", "forked_from")
    class OptionsEntry(_message.Message):
        __slots__ = ("key", "value")
        KEY_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        key: str
        value: OptionValue
        def __init__(self, key: _Optional[str] = ..., value: _Optional[_Union[OptionValue, _Mapping]] = ...) -> None: ...
    GAME_FIELD_NUMBER: _ClassVar[int]
    PLAYERS_FIELD_NUMBER: _ClassVar[int]
    OPTIONS_FIELD_NUMBER: _ClassVar[int]
    CHANCE_FIELD_NUMBER: _ClassVar[int]
    SEGMENTS_FIELD_NUMBER: _ClassVar[int]
    RULES_VERSION_FIELD_NUMBER: _ClassVar[int]
    FORMAT_FIELD_NUMBER: _ClassVar[int]
    FORKED_FROM_FIELD_NUMBER: _ClassVar[int]
    game: str
    players: int
    options: _containers.MessageMap[str, OptionValue]
    chance: str
    segments: _containers.RepeatedCompositeFieldContainer[Segment]
    rules_version: str
    format: int
    forked_from: ForkSource
    def __init__(self, game: _Optional[str] = ..., players: _Optional[int] = ..., options: _Optional[_Mapping[str, OptionValue]] = ..., chance: _Optional[str] = ..., segments: _Optional[_Iterable[_Union[Segment, _Mapping]]] = ..., rules_version: _Optional[str] = ..., format: _Optional[int] = ..., forked_from: _Optional[_Union[ForkSource, _Mapping]] = ...) -> None: ...

class GameEnded(_message.Message):
    __slots__ = ("scores", "winners", "reason", "seeds")
    SCORES_FIELD_NUMBER: _ClassVar[int]
    WINNERS_FIELD_NUMBER: _ClassVar[int]
    REASON_FIELD_NUMBER: _ClassVar[int]
    SEEDS_FIELD_NUMBER: _ClassVar[int]
    scores: _containers.RepeatedScalarFieldContainer[int]
    winners: _containers.RepeatedScalarFieldContainer[int]
    reason: str
    seeds: _containers.RepeatedCompositeFieldContainer[Segment]
    def __init__(self, scores: _Optional[_Iterable[int]] = ..., winners: _Optional[_Iterable[int]] = ..., reason: _Optional[str] = ..., seeds: _Optional[_Iterable[_Union[Segment, _Mapping]]] = ...) -> None: ...

class KernelEvent(_message.Message):
    __slots__ = ("created", "ended", "reseeded")
    CREATED_FIELD_NUMBER: _ClassVar[int]
    ENDED_FIELD_NUMBER: _ClassVar[int]
    RESEEDED_FIELD_NUMBER: _ClassVar[int]
    created: GameCreated
    ended: GameEnded
    reseeded: Segment
    def __init__(self, created: _Optional[_Union[GameCreated, _Mapping]] = ..., ended: _Optional[_Union[GameEnded, _Mapping]] = ..., reseeded: _Optional[_Union[Segment, _Mapping]] = ...) -> None: ...

class ChanceUse(_message.Message):
    __slots__ = ("from_cursor", "used", "mode", "entries")
    FROM_CURSOR_FIELD_NUMBER: _ClassVar[int]
    USED_FIELD_NUMBER: _ClassVar[int]
    MODE_FIELD_NUMBER: _ClassVar[int]
    ENTRIES_FIELD_NUMBER: _ClassVar[int]
    from_cursor: int
    used: int
    mode: str
    entries: _containers.RepeatedCompositeFieldContainer[ChanceEntry]
    def __init__(self, from_cursor: _Optional[int] = ..., used: _Optional[int] = ..., mode: _Optional[str] = ..., entries: _Optional[_Iterable[_Union[ChanceEntry, _Mapping]]] = ...) -> None: ...

class GameEvent(_message.Message):
    __slots__ = ("version", "type", "seat", "command_id", "event", "command_type", "command", "chance", "prev_hash", "hash", "at")
    VERSION_FIELD_NUMBER: _ClassVar[int]
    TYPE_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    COMMAND_ID_FIELD_NUMBER: _ClassVar[int]
    EVENT_FIELD_NUMBER: _ClassVar[int]
    COMMAND_TYPE_FIELD_NUMBER: _ClassVar[int]
    COMMAND_FIELD_NUMBER: _ClassVar[int]
    CHANCE_FIELD_NUMBER: _ClassVar[int]
    PREV_HASH_FIELD_NUMBER: _ClassVar[int]
    HASH_FIELD_NUMBER: _ClassVar[int]
    AT_FIELD_NUMBER: _ClassVar[int]
    version: int
    type: str
    seat: int
    command_id: str
    event: Event
    command_type: str
    command: Command
    chance: ChanceUse
    prev_hash: str
    hash: str
    at: str
    def __init__(self, version: _Optional[int] = ..., type: _Optional[str] = ..., seat: _Optional[int] = ..., command_id: _Optional[str] = ..., event: _Optional[_Union[Event, _Mapping]] = ..., command_type: _Optional[str] = ..., command: _Optional[_Union[Command, _Mapping]] = ..., chance: _Optional[_Union[ChanceUse, _Mapping]] = ..., prev_hash: _Optional[str] = ..., hash: _Optional[str] = ..., at: _Optional[str] = ...) -> None: ...

class Outcome(_message.Message):
    __slots__ = ("scores", "winners", "reason")
    SCORES_FIELD_NUMBER: _ClassVar[int]
    WINNERS_FIELD_NUMBER: _ClassVar[int]
    REASON_FIELD_NUMBER: _ClassVar[int]
    scores: _containers.RepeatedScalarFieldContainer[int]
    winners: _containers.RepeatedScalarFieldContainer[int]
    reason: str
    def __init__(self, scores: _Optional[_Iterable[int]] = ..., winners: _Optional[_Iterable[int]] = ..., reason: _Optional[str] = ...) -> None: ...

class CreateGameRequest(_message.Message):
    __slots__ = ("game", "players", "seed", "chance", "options", "table_entries")
    class OptionsEntry(_message.Message):
        __slots__ = ("key", "value")
        KEY_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        key: str
        value: OptionValue
        def __init__(self, key: _Optional[str] = ..., value: _Optional[_Union[OptionValue, _Mapping]] = ...) -> None: ...
    GAME_FIELD_NUMBER: _ClassVar[int]
    PLAYERS_FIELD_NUMBER: _ClassVar[int]
    SEED_FIELD_NUMBER: _ClassVar[int]
    CHANCE_FIELD_NUMBER: _ClassVar[int]
    OPTIONS_FIELD_NUMBER: _ClassVar[int]
    TABLE_ENTRIES_FIELD_NUMBER: _ClassVar[int]
    game: str
    players: int
    seed: bytes
    chance: str
    options: _containers.MessageMap[str, OptionValue]
    table_entries: _containers.RepeatedCompositeFieldContainer[ChanceEntry]
    def __init__(self, game: _Optional[str] = ..., players: _Optional[int] = ..., seed: _Optional[bytes] = ..., chance: _Optional[str] = ..., options: _Optional[_Mapping[str, OptionValue]] = ..., table_entries: _Optional[_Iterable[_Union[ChanceEntry, _Mapping]]] = ...) -> None: ...

class CreateGameResponse(_message.Message):
    __slots__ = ("game_id", "game", "players", "seat_tokens", "referee_token", "commitment", "version")
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    GAME_FIELD_NUMBER: _ClassVar[int]
    PLAYERS_FIELD_NUMBER: _ClassVar[int]
    SEAT_TOKENS_FIELD_NUMBER: _ClassVar[int]
    REFEREE_TOKEN_FIELD_NUMBER: _ClassVar[int]
    COMMITMENT_FIELD_NUMBER: _ClassVar[int]
    VERSION_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    game: str
    players: int
    seat_tokens: _containers.RepeatedScalarFieldContainer[str]
    referee_token: str
    commitment: str
    version: int
    def __init__(self, game_id: _Optional[str] = ..., game: _Optional[str] = ..., players: _Optional[int] = ..., seat_tokens: _Optional[_Iterable[str]] = ..., referee_token: _Optional[str] = ..., commitment: _Optional[str] = ..., version: _Optional[int] = ...) -> None: ...

class GetViewRequest(_message.Message):
    __slots__ = ("game_id", "seat", "at_version")
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    AT_VERSION_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    seat: int
    at_version: int
    def __init__(self, game_id: _Optional[str] = ..., seat: _Optional[int] = ..., at_version: _Optional[int] = ...) -> None: ...

class GetViewResponse(_message.Message):
    __slots__ = ("game_id", "game", "version", "to_act", "finished", "outcome", "view", "seat")
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    GAME_FIELD_NUMBER: _ClassVar[int]
    VERSION_FIELD_NUMBER: _ClassVar[int]
    TO_ACT_FIELD_NUMBER: _ClassVar[int]
    FINISHED_FIELD_NUMBER: _ClassVar[int]
    OUTCOME_FIELD_NUMBER: _ClassVar[int]
    VIEW_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    game: str
    version: int
    to_act: _containers.RepeatedScalarFieldContainer[int]
    finished: bool
    outcome: Outcome
    view: View
    seat: int
    def __init__(self, game_id: _Optional[str] = ..., game: _Optional[str] = ..., version: _Optional[int] = ..., to_act: _Optional[_Iterable[int]] = ..., finished: _Optional[bool] = ..., outcome: _Optional[_Union[Outcome, _Mapping]] = ..., view: _Optional[_Union[View, _Mapping]] = ..., seat: _Optional[int] = ...) -> None: ...

class SubmitCommandRequest(_message.Message):
    __slots__ = ("game_id", "seat", "command", "expected_version", "command_id", "chance")
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    COMMAND_FIELD_NUMBER: _ClassVar[int]
    EXPECTED_VERSION_FIELD_NUMBER: _ClassVar[int]
    COMMAND_ID_FIELD_NUMBER: _ClassVar[int]
    CHANCE_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    seat: int
    command: Command
    expected_version: int
    command_id: str
    chance: _containers.RepeatedCompositeFieldContainer[ChanceEntry]
    def __init__(self, game_id: _Optional[str] = ..., seat: _Optional[int] = ..., command: _Optional[_Union[Command, _Mapping]] = ..., expected_version: _Optional[int] = ..., command_id: _Optional[str] = ..., chance: _Optional[_Iterable[_Union[ChanceEntry, _Mapping]]] = ...) -> None: ...

class SubmitCommandResponse(_message.Message):
    __slots__ = ("version", "events", "replayed")
    VERSION_FIELD_NUMBER: _ClassVar[int]
    EVENTS_FIELD_NUMBER: _ClassVar[int]
    REPLAYED_FIELD_NUMBER: _ClassVar[int]
    version: int
    events: _containers.RepeatedCompositeFieldContainer[GameEvent]
    replayed: bool
    def __init__(self, version: _Optional[int] = ..., events: _Optional[_Iterable[_Union[GameEvent, _Mapping]]] = ..., replayed: _Optional[bool] = ...) -> None: ...

class ListLegalCommandsRequest(_message.Message):
    __slots__ = ("game_id", "seat")
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    seat: int
    def __init__(self, game_id: _Optional[str] = ..., seat: _Optional[int] = ...) -> None: ...

class ListLegalCommandsResponse(_message.Message):
    __slots__ = ("version", "commands")
    VERSION_FIELD_NUMBER: _ClassVar[int]
    COMMANDS_FIELD_NUMBER: _ClassVar[int]
    version: int
    commands: _containers.RepeatedCompositeFieldContainer[Command]
    def __init__(self, version: _Optional[int] = ..., commands: _Optional[_Iterable[_Union[Command, _Mapping]]] = ...) -> None: ...

class WatchGameRequest(_message.Message):
    __slots__ = ("game_id", "after_version")
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    AFTER_VERSION_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    after_version: int
    def __init__(self, game_id: _Optional[str] = ..., after_version: _Optional[int] = ...) -> None: ...

class GetHistoryRequest(_message.Message):
    __slots__ = ("game_id", "after_version", "up_to_version")
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    AFTER_VERSION_FIELD_NUMBER: _ClassVar[int]
    UP_TO_VERSION_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    after_version: int
    up_to_version: int
    def __init__(self, game_id: _Optional[str] = ..., after_version: _Optional[int] = ..., up_to_version: _Optional[int] = ...) -> None: ...

class GetHistoryResponse(_message.Message):
    __slots__ = ("events",)
    EVENTS_FIELD_NUMBER: _ClassVar[int]
    events: _containers.RepeatedCompositeFieldContainer[GameEvent]
    def __init__(self, events: _Optional[_Iterable[_Union[GameEvent, _Mapping]]] = ...) -> None: ...

class ForkGameRequest(_message.Message):
    __slots__ = ("game_id", "at_version", "reseed")
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    AT_VERSION_FIELD_NUMBER: _ClassVar[int]
    RESEED_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    at_version: int
    reseed: bool
    def __init__(self, game_id: _Optional[str] = ..., at_version: _Optional[int] = ..., reseed: _Optional[bool] = ...) -> None: ...

class ForkGameResponse(_message.Message):
    __slots__ = ("game",)
    GAME_FIELD_NUMBER: _ClassVar[int]
    game: CreateGameResponse
    def __init__(self, game: _Optional[_Union[CreateGameResponse, _Mapping]] = ...) -> None: ...

class ListGamesRequest(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class GameSummary(_message.Message):
    __slots__ = ("game_id", "game", "players", "status", "version", "scores", "winners", "forked_from", "created_at")
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    GAME_FIELD_NUMBER: _ClassVar[int]
    PLAYERS_FIELD_NUMBER: _ClassVar[int]
    STATUS_FIELD_NUMBER: _ClassVar[int]
    VERSION_FIELD_NUMBER: _ClassVar[int]
    SCORES_FIELD_NUMBER: _ClassVar[int]
    WINNERS_FIELD_NUMBER: _ClassVar[int]
    FORKED_FROM_FIELD_NUMBER: _ClassVar[int]
    CREATED_AT_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    game: str
    players: int
    status: str
    version: int
    scores: _containers.RepeatedScalarFieldContainer[int]
    winners: _containers.RepeatedScalarFieldContainer[int]
    forked_from: ForkSource
    created_at: str
    def __init__(self, game_id: _Optional[str] = ..., game: _Optional[str] = ..., players: _Optional[int] = ..., status: _Optional[str] = ..., version: _Optional[int] = ..., scores: _Optional[_Iterable[int]] = ..., winners: _Optional[_Iterable[int]] = ..., forked_from: _Optional[_Union[ForkSource, _Mapping]] = ..., created_at: _Optional[str] = ...) -> None: ...

class ListGamesResponse(_message.Message):
    __slots__ = ("games",)
    GAMES_FIELD_NUMBER: _ClassVar[int]
    games: _containers.RepeatedCompositeFieldContainer[GameSummary]
    def __init__(self, games: _Optional[_Iterable[_Union[GameSummary, _Mapping]]] = ...) -> None: ...

class GetRulesRequest(_message.Message):
    __slots__ = ("game",)
    GAME_FIELD_NUMBER: _ClassVar[int]
    game: str
    def __init__(self, game: _Optional[str] = ...) -> None: ...

class GetRulesResponse(_message.Message):
    __slots__ = ("game", "title", "playable", "min_players", "max_players", "rules_version", "components")
    GAME_FIELD_NUMBER: _ClassVar[int]
    TITLE_FIELD_NUMBER: _ClassVar[int]
    PLAYABLE_FIELD_NUMBER: _ClassVar[int]
    MIN_PLAYERS_FIELD_NUMBER: _ClassVar[int]
    MAX_PLAYERS_FIELD_NUMBER: _ClassVar[int]
    RULES_VERSION_FIELD_NUMBER: _ClassVar[int]
    COMPONENTS_FIELD_NUMBER: _ClassVar[int]
    game: str
    title: str
    playable: bool
    min_players: int
    max_players: int
    rules_version: str
    components: _struct_pb2.Struct
    def __init__(self, game: _Optional[str] = ..., title: _Optional[str] = ..., playable: _Optional[bool] = ..., min_players: _Optional[int] = ..., max_players: _Optional[int] = ..., rules_version: _Optional[str] = ..., components: _Optional[_Union[_struct_pb2.Struct, _Mapping]] = ...) -> None: ...

class VerifyGameRequest(_message.Message):
    __slots__ = ("game_id",)
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    def __init__(self, game_id: _Optional[str] = ...) -> None: ...

class VerifyGameResponse(_message.Message):
    __slots__ = ("ok", "events", "first_bad", "problem", "checked", "notes")
    OK_FIELD_NUMBER: _ClassVar[int]
    EVENTS_FIELD_NUMBER: _ClassVar[int]
    FIRST_BAD_FIELD_NUMBER: _ClassVar[int]
    PROBLEM_FIELD_NUMBER: _ClassVar[int]
    CHECKED_FIELD_NUMBER: _ClassVar[int]
    NOTES_FIELD_NUMBER: _ClassVar[int]
    ok: bool
    events: int
    first_bad: int
    problem: str
    checked: _containers.RepeatedScalarFieldContainer[str]
    notes: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, ok: _Optional[bool] = ..., events: _Optional[int] = ..., first_bad: _Optional[int] = ..., problem: _Optional[str] = ..., checked: _Optional[_Iterable[str]] = ..., notes: _Optional[_Iterable[str]] = ...) -> None: ...

class CheckCommandRequest(_message.Message):
    __slots__ = ("game_id", "at_version", "seat", "command", "chance")
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    AT_VERSION_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    COMMAND_FIELD_NUMBER: _ClassVar[int]
    CHANCE_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    at_version: int
    seat: int
    command: Command
    chance: _containers.RepeatedCompositeFieldContainer[ChanceEntry]
    def __init__(self, game_id: _Optional[str] = ..., at_version: _Optional[int] = ..., seat: _Optional[int] = ..., command: _Optional[_Union[Command, _Mapping]] = ..., chance: _Optional[_Iterable[_Union[ChanceEntry, _Mapping]]] = ...) -> None: ...

class CheckCommandResponse(_message.Message):
    __slots__ = ("legal", "events", "rule", "reason")
    LEGAL_FIELD_NUMBER: _ClassVar[int]
    EVENTS_FIELD_NUMBER: _ClassVar[int]
    RULE_FIELD_NUMBER: _ClassVar[int]
    REASON_FIELD_NUMBER: _ClassVar[int]
    legal: bool
    events: _containers.RepeatedCompositeFieldContainer[GameEvent]
    rule: str
    reason: str
    def __init__(self, legal: _Optional[bool] = ..., events: _Optional[_Iterable[_Union[GameEvent, _Mapping]]] = ..., rule: _Optional[str] = ..., reason: _Optional[str] = ...) -> None: ...

class ExportGameRequest(_message.Message):
    __slots__ = ("game_id",)
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    def __init__(self, game_id: _Optional[str] = ...) -> None: ...

class ExportGameResponse(_message.Message):
    __slots__ = ("jsonl",)
    JSONL_FIELD_NUMBER: _ClassVar[int]
    jsonl: str
    def __init__(self, jsonl: _Optional[str] = ...) -> None: ...

class ImportGameRequest(_message.Message):
    __slots__ = ("jsonl",)
    JSONL_FIELD_NUMBER: _ClassVar[int]
    jsonl: str
    def __init__(self, jsonl: _Optional[str] = ...) -> None: ...

class ImportGameResponse(_message.Message):
    __slots__ = ("game", "report")
    GAME_FIELD_NUMBER: _ClassVar[int]
    REPORT_FIELD_NUMBER: _ClassVar[int]
    game: CreateGameResponse
    report: VerifyGameResponse
    def __init__(self, game: _Optional[_Union[CreateGameResponse, _Mapping]] = ..., report: _Optional[_Union[VerifyGameResponse, _Mapping]] = ...) -> None: ...
