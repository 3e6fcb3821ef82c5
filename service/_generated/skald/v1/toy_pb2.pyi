from google.protobuf.internal import containers as _containers
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class Dealt(_message.Message):
    __slots__ = ("seat", "card")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    CARD_FIELD_NUMBER: _ClassVar[int]
    seat: int
    card: str
    def __init__(self, seat: _Optional[int] = ..., card: _Optional[str] = ...) -> None: ...

class Roll(_message.Message):
    __slots__ = ("bonus",)
    BONUS_FIELD_NUMBER: _ClassVar[int]
    bonus: bool
    def __init__(self, bonus: _Optional[bool] = ...) -> None: ...

class Rolled(_message.Message):
    __slots__ = ("seat", "value")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    VALUE_FIELD_NUMBER: _ClassVar[int]
    seat: int
    value: int
    def __init__(self, seat: _Optional[int] = ..., value: _Optional[int] = ...) -> None: ...

class Shuffled(_message.Message):
    __slots__ = ("order",)
    ORDER_FIELD_NUMBER: _ClassVar[int]
    order: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, order: _Optional[_Iterable[str]] = ...) -> None: ...

class Started(_message.Message):
    __slots__ = ("players",)
    PLAYERS_FIELD_NUMBER: _ClassVar[int]
    players: int
    def __init__(self, players: _Optional[int] = ...) -> None: ...

class ToyView(_message.Message):
    __slots__ = ("scores", "turn", "my_card")
    SCORES_FIELD_NUMBER: _ClassVar[int]
    TURN_FIELD_NUMBER: _ClassVar[int]
    MY_CARD_FIELD_NUMBER: _ClassVar[int]
    scores: _containers.RepeatedScalarFieldContainer[int]
    turn: int
    my_card: str
    def __init__(self, scores: _Optional[_Iterable[int]] = ..., turn: _Optional[int] = ..., my_card: _Optional[str] = ...) -> None: ...

class AnyCommand(_message.Message):
    __slots__ = ("roll",)
    ROLL_FIELD_NUMBER: _ClassVar[int]
    roll: Roll
    def __init__(self, roll: _Optional[_Union[Roll, _Mapping]] = ...) -> None: ...

class AnyEvent(_message.Message):
    __slots__ = ("started", "shuffled", "dealt", "rolled")
    STARTED_FIELD_NUMBER: _ClassVar[int]
    SHUFFLED_FIELD_NUMBER: _ClassVar[int]
    DEALT_FIELD_NUMBER: _ClassVar[int]
    ROLLED_FIELD_NUMBER: _ClassVar[int]
    started: Started
    shuffled: Shuffled
    dealt: Dealt
    rolled: Rolled
    def __init__(self, started: _Optional[_Union[Started, _Mapping]] = ..., shuffled: _Optional[_Union[Shuffled, _Mapping]] = ..., dealt: _Optional[_Union[Dealt, _Mapping]] = ..., rolled: _Optional[_Union[Rolled, _Mapping]] = ...) -> None: ...

class AnyView(_message.Message):
    __slots__ = ("view",)
    VIEW_FIELD_NUMBER: _ClassVar[int]
    view: ToyView
    def __init__(self, view: _Optional[_Union[ToyView, _Mapping]] = ...) -> None: ...
