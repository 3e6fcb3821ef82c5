from google.protobuf.internal import containers as _containers
from google.protobuf.internal import enum_type_wrapper as _enum_type_wrapper
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class Colour(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    COLOUR_UNSPECIFIED: _ClassVar[Colour]
    COLOUR_GREEN: _ClassVar[Colour]
    COLOUR_PURPLE: _ClassVar[Colour]
    COLOUR_RED: _ClassVar[Colour]
    COLOUR_YELLOW: _ClassVar[Colour]
    COLOUR_BLUE: _ClassVar[Colour]

class End(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    END_UNSPECIFIED: _ClassVar[End]
    END_LEFT: _ClassVar[End]
    END_RIGHT: _ClassVar[End]

class God(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    GOD_UNSPECIFIED: _ClassVar[God]
    GOD_THOR: _ClassVar[God]
    GOD_LOKI: _ClassVar[God]
    GOD_ODIN: _ClassVar[God]
    GOD_FREYA: _ClassVar[God]
    GOD_NORNIR: _ClassVar[God]
    GOD_TYR: _ClassVar[God]
    GOD_SAGA: _ClassVar[God]
    GOD_HEL: _ClassVar[God]

class Phase(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    PHASE_UNSPECIFIED: _ClassVar[Phase]
    PHASE_SETUP: _ClassVar[Phase]
    PHASE_DEPLOYMENT: _ClassVar[Phase]
    PHASE_OUTPOST_POWERS: _ClassVar[Phase]
    PHASE_ACTIONS: _ClassVar[Phase]
    PHASE_OVER: _ClassVar[Phase]

class Token(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    TOKEN_UNSPECIFIED: _ClassVar[Token]
    TOKEN_FIRST_PLAYER: _ClassVar[Token]
    TOKEN_TIE_BREAKER: _ClassVar[Token]
    TOKEN_CHAMPION: _ClassVar[Token]
COLOUR_UNSPECIFIED: Colour
COLOUR_GREEN: Colour
COLOUR_PURPLE: Colour
COLOUR_RED: Colour
COLOUR_YELLOW: Colour
COLOUR_BLUE: Colour
END_UNSPECIFIED: End
END_LEFT: End
END_RIGHT: End
GOD_UNSPECIFIED: God
GOD_THOR: God
GOD_LOKI: God
GOD_ODIN: God
GOD_FREYA: God
GOD_NORNIR: God
GOD_TYR: God
GOD_SAGA: God
GOD_HEL: God
PHASE_UNSPECIFIED: Phase
PHASE_SETUP: Phase
PHASE_DEPLOYMENT: Phase
PHASE_OUTPOST_POWERS: Phase
PHASE_ACTIONS: Phase
PHASE_OVER: Phase
TOKEN_UNSPECIFIED: Token
TOKEN_FIRST_PLAYER: Token
TOKEN_TIE_BREAKER: Token
TOKEN_CHAMPION: Token

class CardAdded(_message.Message):
    __slots__ = ("seat", "card", "position")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    CARD_FIELD_NUMBER: _ClassVar[int]
    POSITION_FIELD_NUMBER: _ClassVar[int]
    seat: int
    card: str
    position: int
    def __init__(self, seat: _Optional[int] = ..., card: _Optional[str] = ..., position: _Optional[int] = ...) -> None: ...

class CardDrawnIntoParty(_message.Message):
    __slots__ = ("seat", "card", "position")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    CARD_FIELD_NUMBER: _ClassVar[int]
    POSITION_FIELD_NUMBER: _ClassVar[int]
    seat: int
    card: str
    position: int
    def __init__(self, seat: _Optional[int] = ..., card: _Optional[str] = ..., position: _Optional[int] = ...) -> None: ...

class CardRevealed(_message.Message):
    __slots__ = ("seat", "position", "card")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    POSITION_FIELD_NUMBER: _ClassVar[int]
    CARD_FIELD_NUMBER: _ClassVar[int]
    seat: int
    position: int
    card: str
    def __init__(self, seat: _Optional[int] = ..., position: _Optional[int] = ..., card: _Optional[str] = ...) -> None: ...

class CardTakenFromDiscard(_message.Message):
    __slots__ = ("seat", "card", "position", "reason")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    CARD_FIELD_NUMBER: _ClassVar[int]
    POSITION_FIELD_NUMBER: _ClassVar[int]
    REASON_FIELD_NUMBER: _ClassVar[int]
    seat: int
    card: str
    position: int
    reason: str
    def __init__(self, seat: _Optional[int] = ..., card: _Optional[str] = ..., position: _Optional[int] = ..., reason: _Optional[str] = ...) -> None: ...

class CardWithdrawn(_message.Message):
    __slots__ = ("seat", "position", "card")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    POSITION_FIELD_NUMBER: _ClassVar[int]
    CARD_FIELD_NUMBER: _ClassVar[int]
    seat: int
    position: int
    card: str
    def __init__(self, seat: _Optional[int] = ..., position: _Optional[int] = ..., card: _Optional[str] = ...) -> None: ...

class CardsDrawn(_message.Message):
    __slots__ = ("seat", "cards", "reason")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    CARDS_FIELD_NUMBER: _ClassVar[int]
    REASON_FIELD_NUMBER: _ClassVar[int]
    seat: int
    cards: _containers.RepeatedScalarFieldContainer[str]
    reason: str
    def __init__(self, seat: _Optional[int] = ..., cards: _Optional[_Iterable[str]] = ..., reason: _Optional[str] = ...) -> None: ...

class ChampionPlaced(_message.Message):
    __slots__ = ("seat", "position")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    POSITION_FIELD_NUMBER: _ClassVar[int]
    seat: int
    position: int
    def __init__(self, seat: _Optional[int] = ..., position: _Optional[int] = ...) -> None: ...

class DeckShuffled(_message.Message):
    __slots__ = ("order",)
    ORDER_FIELD_NUMBER: _ClassVar[int]
    order: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, order: _Optional[_Iterable[str]] = ...) -> None: ...

class DeclinePower(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class Deploy(_message.Message):
    __slots__ = ("cards",)
    CARDS_FIELD_NUMBER: _ClassVar[int]
    cards: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, cards: _Optional[_Iterable[str]] = ...) -> None: ...

class DiscardShuffledIntoDeck(_message.Message):
    __slots__ = ("order",)
    ORDER_FIELD_NUMBER: _ClassVar[int]
    order: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, order: _Optional[_Iterable[str]] = ...) -> None: ...

class FreyaCardDrawn(_message.Message):
    __slots__ = ("seat", "card")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    CARD_FIELD_NUMBER: _ClassVar[int]
    seat: int
    card: str
    def __init__(self, seat: _Optional[int] = ..., card: _Optional[str] = ...) -> None: ...

class FreyaCardPlaced(_message.Message):
    __slots__ = ("seat", "card", "position")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    CARD_FIELD_NUMBER: _ClassVar[int]
    POSITION_FIELD_NUMBER: _ClassVar[int]
    seat: int
    card: str
    position: int
    def __init__(self, seat: _Optional[int] = ..., card: _Optional[str] = ..., position: _Optional[int] = ...) -> None: ...

class GameEnded(_message.Message):
    __slots__ = ("scores", "winners", "reason")
    SCORES_FIELD_NUMBER: _ClassVar[int]
    WINNERS_FIELD_NUMBER: _ClassVar[int]
    REASON_FIELD_NUMBER: _ClassVar[int]
    scores: _containers.RepeatedScalarFieldContainer[int]
    winners: _containers.RepeatedScalarFieldContainer[int]
    reason: str
    def __init__(self, scores: _Optional[_Iterable[int]] = ..., winners: _Optional[_Iterable[int]] = ..., reason: _Optional[str] = ...) -> None: ...

class GameStarted(_message.Message):
    __slots__ = ("players", "outposts", "outpost_raid_points", "starting_glory")
    PLAYERS_FIELD_NUMBER: _ClassVar[int]
    OUTPOSTS_FIELD_NUMBER: _ClassVar[int]
    OUTPOST_RAID_POINTS_FIELD_NUMBER: _ClassVar[int]
    STARTING_GLORY_FIELD_NUMBER: _ClassVar[int]
    players: int
    outposts: _containers.RepeatedScalarFieldContainer[Colour]
    outpost_raid_points: _containers.RepeatedScalarFieldContainer[int]
    starting_glory: int
    def __init__(self, players: _Optional[int] = ..., outposts: _Optional[_Iterable[_Union[Colour, str]]] = ..., outpost_raid_points: _Optional[_Iterable[int]] = ..., starting_glory: _Optional[int] = ...) -> None: ...

class GiveFirstPlayer(_message.Message):
    __slots__ = ("seat",)
    SEAT_FIELD_NUMBER: _ClassVar[int]
    seat: int
    def __init__(self, seat: _Optional[int] = ...) -> None: ...

class GloryGained(_message.Message):
    __slots__ = ("seat", "colours")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    COLOURS_FIELD_NUMBER: _ClassVar[int]
    seat: int
    colours: _containers.RepeatedScalarFieldContainer[Colour]
    def __init__(self, seat: _Optional[int] = ..., colours: _Optional[_Iterable[_Union[Colour, str]]] = ...) -> None: ...

class GloryPlaced(_message.Message):
    __slots__ = ("seat", "position", "from_supply")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    POSITION_FIELD_NUMBER: _ClassVar[int]
    FROM_SUPPLY_FIELD_NUMBER: _ClassVar[int]
    seat: int
    position: int
    from_supply: bool
    def __init__(self, seat: _Optional[int] = ..., position: _Optional[int] = ..., from_supply: _Optional[bool] = ...) -> None: ...

class GloryRetrieved(_message.Message):
    __slots__ = ("seat", "count")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    COUNT_FIELD_NUMBER: _ClassVar[int]
    seat: int
    count: int
    def __init__(self, seat: _Optional[int] = ..., count: _Optional[int] = ...) -> None: ...

class GodInvoked(_message.Message):
    __slots__ = ("seat", "god")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    GOD_FIELD_NUMBER: _ClassVar[int]
    seat: int
    god: God
    def __init__(self, seat: _Optional[int] = ..., god: _Optional[_Union[God, str]] = ...) -> None: ...

class GodsSelected(_message.Message):
    __slots__ = ("chosen", "removed")
    CHOSEN_FIELD_NUMBER: _ClassVar[int]
    REMOVED_FIELD_NUMBER: _ClassVar[int]
    chosen: _containers.RepeatedScalarFieldContainer[str]
    removed: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, chosen: _Optional[_Iterable[str]] = ..., removed: _Optional[_Iterable[str]] = ...) -> None: ...

class HeroRetrieved(_message.Message):
    __slots__ = ("seat", "card")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    CARD_FIELD_NUMBER: _ClassVar[int]
    seat: int
    card: str
    def __init__(self, seat: _Optional[int] = ..., card: _Optional[str] = ...) -> None: ...

class Inspire(_message.Message):
    __slots__ = ("position",)
    POSITION_FIELD_NUMBER: _ClassVar[int]
    position: int
    def __init__(self, position: _Optional[int] = ...) -> None: ...

class Invoke(_message.Message):
    __slots__ = ("god", "positions", "end", "targets", "card", "position")
    GOD_FIELD_NUMBER: _ClassVar[int]
    POSITIONS_FIELD_NUMBER: _ClassVar[int]
    END_FIELD_NUMBER: _ClassVar[int]
    TARGETS_FIELD_NUMBER: _ClassVar[int]
    CARD_FIELD_NUMBER: _ClassVar[int]
    POSITION_FIELD_NUMBER: _ClassVar[int]
    god: God
    positions: _containers.RepeatedScalarFieldContainer[int]
    end: End
    targets: _containers.RepeatedCompositeFieldContainer[SagaTarget]
    card: str
    position: int
    def __init__(self, god: _Optional[_Union[God, str]] = ..., positions: _Optional[_Iterable[int]] = ..., end: _Optional[_Union[End, str]] = ..., targets: _Optional[_Iterable[_Union[SagaTarget, _Mapping]]] = ..., card: _Optional[str] = ..., position: _Optional[int] = ...) -> None: ...

class JarlGiven(_message.Message):
    __slots__ = ("seat", "card")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    CARD_FIELD_NUMBER: _ClassVar[int]
    seat: int
    card: str
    def __init__(self, seat: _Optional[int] = ..., card: _Optional[str] = ...) -> None: ...

class JarlsRemoved(_message.Message):
    __slots__ = ("cards",)
    CARDS_FIELD_NUMBER: _ClassVar[int]
    cards: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, cards: _Optional[_Iterable[str]] = ...) -> None: ...

class MusterGroup(_message.Message):
    __slots__ = ("leader", "cards")
    LEADER_FIELD_NUMBER: _ClassVar[int]
    CARDS_FIELD_NUMBER: _ClassVar[int]
    leader: str
    cards: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, leader: _Optional[str] = ..., cards: _Optional[_Iterable[str]] = ...) -> None: ...

class MusterGroupDiscarded(_message.Message):
    __slots__ = ("leader", "cards")
    LEADER_FIELD_NUMBER: _ClassVar[int]
    CARDS_FIELD_NUMBER: _ClassVar[int]
    leader: str
    cards: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, leader: _Optional[str] = ..., cards: _Optional[_Iterable[str]] = ...) -> None: ...

class MusterGroupFormed(_message.Message):
    __slots__ = ("leader", "cards")
    LEADER_FIELD_NUMBER: _ClassVar[int]
    CARDS_FIELD_NUMBER: _ClassVar[int]
    leader: str
    cards: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, leader: _Optional[str] = ..., cards: _Optional[_Iterable[str]] = ...) -> None: ...

class Outpost(_message.Message):
    __slots__ = ("colour", "raid_points", "owner")
    COLOUR_FIELD_NUMBER: _ClassVar[int]
    RAID_POINTS_FIELD_NUMBER: _ClassVar[int]
    OWNER_FIELD_NUMBER: _ClassVar[int]
    colour: Colour
    raid_points: int
    owner: int
    def __init__(self, colour: _Optional[_Union[Colour, str]] = ..., raid_points: _Optional[int] = ..., owner: _Optional[int] = ...) -> None: ...

class OutpostAwarded(_message.Message):
    __slots__ = ("colour", "seat", "points", "vp", "how")
    COLOUR_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    POINTS_FIELD_NUMBER: _ClassVar[int]
    VP_FIELD_NUMBER: _ClassVar[int]
    HOW_FIELD_NUMBER: _ClassVar[int]
    colour: Colour
    seat: int
    points: _containers.RepeatedScalarFieldContainer[int]
    vp: int
    how: str
    def __init__(self, colour: _Optional[_Union[Colour, str]] = ..., seat: _Optional[int] = ..., points: _Optional[_Iterable[int]] = ..., vp: _Optional[int] = ..., how: _Optional[str] = ...) -> None: ...

class OutpostPowerClosed(_message.Message):
    __slots__ = ("colour", "used")
    COLOUR_FIELD_NUMBER: _ClassVar[int]
    USED_FIELD_NUMBER: _ClassVar[int]
    colour: Colour
    used: bool
    def __init__(self, colour: _Optional[_Union[Colour, str]] = ..., used: _Optional[bool] = ...) -> None: ...

class OutpostPowersOffered(_message.Message):
    __slots__ = ("colours",)
    COLOURS_FIELD_NUMBER: _ClassVar[int]
    colours: _containers.RepeatedScalarFieldContainer[Colour]
    def __init__(self, colours: _Optional[_Iterable[_Union[Colour, str]]] = ...) -> None: ...

class PartiesDiscarded(_message.Message):
    __slots__ = ("cards",)
    CARDS_FIELD_NUMBER: _ClassVar[int]
    cards: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, cards: _Optional[_Iterable[str]] = ...) -> None: ...

class PartyCard(_message.Message):
    __slots__ = ("card", "face_up", "glory", "champion")
    CARD_FIELD_NUMBER: _ClassVar[int]
    FACE_UP_FIELD_NUMBER: _ClassVar[int]
    GLORY_FIELD_NUMBER: _ClassVar[int]
    CHAMPION_FIELD_NUMBER: _ClassVar[int]
    card: str
    face_up: bool
    glory: int
    champion: bool
    def __init__(self, card: _Optional[str] = ..., face_up: _Optional[bool] = ..., glory: _Optional[int] = ..., champion: _Optional[bool] = ...) -> None: ...

class PartyDeployed(_message.Message):
    __slots__ = ("seat", "cards")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    CARDS_FIELD_NUMBER: _ClassVar[int]
    seat: int
    cards: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, seat: _Optional[int] = ..., cards: _Optional[_Iterable[str]] = ...) -> None: ...

class Pass(_message.Message):
    __slots__ = ("group",)
    GROUP_FIELD_NUMBER: _ClassVar[int]
    group: str
    def __init__(self, group: _Optional[str] = ...) -> None: ...

class Passed(_message.Message):
    __slots__ = ("seat", "group", "cards")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    GROUP_FIELD_NUMBER: _ClassVar[int]
    CARDS_FIELD_NUMBER: _ClassVar[int]
    seat: int
    group: str
    cards: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, seat: _Optional[int] = ..., group: _Optional[str] = ..., cards: _Optional[_Iterable[str]] = ...) -> None: ...

class PlaceFreyaCard(_message.Message):
    __slots__ = ("end",)
    END_FIELD_NUMBER: _ClassVar[int]
    end: End
    def __init__(self, end: _Optional[_Union[End, str]] = ...) -> None: ...

class PlayerView(_message.Message):
    __slots__ = ("seat", "hand", "party", "glory", "vp", "gods", "invoked", "deployed", "passed", "drawn")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    HAND_FIELD_NUMBER: _ClassVar[int]
    PARTY_FIELD_NUMBER: _ClassVar[int]
    GLORY_FIELD_NUMBER: _ClassVar[int]
    VP_FIELD_NUMBER: _ClassVar[int]
    GODS_FIELD_NUMBER: _ClassVar[int]
    INVOKED_FIELD_NUMBER: _ClassVar[int]
    DEPLOYED_FIELD_NUMBER: _ClassVar[int]
    PASSED_FIELD_NUMBER: _ClassVar[int]
    DRAWN_FIELD_NUMBER: _ClassVar[int]
    seat: int
    hand: _containers.RepeatedScalarFieldContainer[str]
    party: _containers.RepeatedCompositeFieldContainer[PartyCard]
    glory: int
    vp: int
    gods: _containers.RepeatedScalarFieldContainer[str]
    invoked: bool
    deployed: bool
    passed: bool
    drawn: str
    def __init__(self, seat: _Optional[int] = ..., hand: _Optional[_Iterable[str]] = ..., party: _Optional[_Iterable[_Union[PartyCard, _Mapping]]] = ..., glory: _Optional[int] = ..., vp: _Optional[int] = ..., gods: _Optional[_Iterable[str]] = ..., invoked: _Optional[bool] = ..., deployed: _Optional[bool] = ..., passed: _Optional[bool] = ..., drawn: _Optional[str] = ...) -> None: ...

class Promote(_message.Message):
    __slots__ = ("position",)
    POSITION_FIELD_NUMBER: _ClassVar[int]
    position: int
    def __init__(self, position: _Optional[int] = ...) -> None: ...

class RedNorthView(_message.Message):
    __slots__ = ("viewer", "round", "phase", "to_act", "current", "first_player", "tie_breaker", "champion", "outposts", "pending_powers", "players", "muster", "deck_size", "discard", "set_aside", "scores", "winners")
    VIEWER_FIELD_NUMBER: _ClassVar[int]
    ROUND_FIELD_NUMBER: _ClassVar[int]
    PHASE_FIELD_NUMBER: _ClassVar[int]
    TO_ACT_FIELD_NUMBER: _ClassVar[int]
    CURRENT_FIELD_NUMBER: _ClassVar[int]
    FIRST_PLAYER_FIELD_NUMBER: _ClassVar[int]
    TIE_BREAKER_FIELD_NUMBER: _ClassVar[int]
    CHAMPION_FIELD_NUMBER: _ClassVar[int]
    OUTPOSTS_FIELD_NUMBER: _ClassVar[int]
    PENDING_POWERS_FIELD_NUMBER: _ClassVar[int]
    PLAYERS_FIELD_NUMBER: _ClassVar[int]
    MUSTER_FIELD_NUMBER: _ClassVar[int]
    DECK_SIZE_FIELD_NUMBER: _ClassVar[int]
    DISCARD_FIELD_NUMBER: _ClassVar[int]
    SET_ASIDE_FIELD_NUMBER: _ClassVar[int]
    SCORES_FIELD_NUMBER: _ClassVar[int]
    WINNERS_FIELD_NUMBER: _ClassVar[int]
    viewer: int
    round: int
    phase: Phase
    to_act: _containers.RepeatedScalarFieldContainer[int]
    current: int
    first_player: int
    tie_breaker: int
    champion: int
    outposts: _containers.RepeatedCompositeFieldContainer[Outpost]
    pending_powers: _containers.RepeatedScalarFieldContainer[Colour]
    players: _containers.RepeatedCompositeFieldContainer[PlayerView]
    muster: _containers.RepeatedCompositeFieldContainer[MusterGroup]
    deck_size: int
    discard: _containers.RepeatedScalarFieldContainer[str]
    set_aside: _containers.RepeatedScalarFieldContainer[str]
    scores: _containers.RepeatedScalarFieldContainer[int]
    winners: _containers.RepeatedScalarFieldContainer[int]
    def __init__(self, viewer: _Optional[int] = ..., round: _Optional[int] = ..., phase: _Optional[_Union[Phase, str]] = ..., to_act: _Optional[_Iterable[int]] = ..., current: _Optional[int] = ..., first_player: _Optional[int] = ..., tie_breaker: _Optional[int] = ..., champion: _Optional[int] = ..., outposts: _Optional[_Iterable[_Union[Outpost, _Mapping]]] = ..., pending_powers: _Optional[_Iterable[_Union[Colour, str]]] = ..., players: _Optional[_Iterable[_Union[PlayerView, _Mapping]]] = ..., muster: _Optional[_Iterable[_Union[MusterGroup, _Mapping]]] = ..., deck_size: _Optional[int] = ..., discard: _Optional[_Iterable[str]] = ..., set_aside: _Optional[_Iterable[str]] = ..., scores: _Optional[_Iterable[int]] = ..., winners: _Optional[_Iterable[int]] = ...) -> None: ...

class Reinforce(_message.Message):
    __slots__ = ("position", "card", "end")
    POSITION_FIELD_NUMBER: _ClassVar[int]
    CARD_FIELD_NUMBER: _ClassVar[int]
    END_FIELD_NUMBER: _ClassVar[int]
    position: int
    card: str
    end: End
    def __init__(self, position: _Optional[int] = ..., card: _Optional[str] = ..., end: _Optional[_Union[End, str]] = ...) -> None: ...

class RoundStarted(_message.Message):
    __slots__ = ("round",)
    ROUND_FIELD_NUMBER: _ClassVar[int]
    round: int
    def __init__(self, round: _Optional[int] = ...) -> None: ...

class SagaTarget(_message.Message):
    __slots__ = ("seat", "position")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    POSITION_FIELD_NUMBER: _ClassVar[int]
    seat: int
    position: int
    def __init__(self, seat: _Optional[int] = ..., position: _Optional[int] = ...) -> None: ...

class TakeFromDiscard(_message.Message):
    __slots__ = ("card", "end")
    CARD_FIELD_NUMBER: _ClassVar[int]
    END_FIELD_NUMBER: _ClassVar[int]
    card: str
    end: End
    def __init__(self, card: _Optional[str] = ..., end: _Optional[_Union[End, str]] = ...) -> None: ...

class TokenPassed(_message.Message):
    __slots__ = ("token", "seat", "reason")
    TOKEN_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    REASON_FIELD_NUMBER: _ClassVar[int]
    token: Token
    seat: int
    reason: str
    def __init__(self, token: _Optional[_Union[Token, str]] = ..., seat: _Optional[int] = ..., reason: _Optional[str] = ...) -> None: ...

class TurnStarted(_message.Message):
    __slots__ = ("seat",)
    SEAT_FIELD_NUMBER: _ClassVar[int]
    seat: int
    def __init__(self, seat: _Optional[int] = ...) -> None: ...

class VictoryPointsGained(_message.Message):
    __slots__ = ("seat", "points", "reason")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    POINTS_FIELD_NUMBER: _ClassVar[int]
    REASON_FIELD_NUMBER: _ClassVar[int]
    seat: int
    points: int
    reason: str
    def __init__(self, seat: _Optional[int] = ..., points: _Optional[int] = ..., reason: _Optional[str] = ...) -> None: ...

class Withdraw(_message.Message):
    __slots__ = ("position",)
    POSITION_FIELD_NUMBER: _ClassVar[int]
    position: int
    def __init__(self, position: _Optional[int] = ...) -> None: ...

class AnyCommand(_message.Message):
    __slots__ = ("deploy", "give_first_player", "take_from_discard", "decline_power", "withdraw", "reinforce", "inspire", "promote", "invoke", "pass_", "place_freya_card")
    DEPLOY_FIELD_NUMBER: _ClassVar[int]
    GIVE_FIRST_PLAYER_FIELD_NUMBER: _ClassVar[int]
    TAKE_FROM_DISCARD_FIELD_NUMBER: _ClassVar[int]
    DECLINE_POWER_FIELD_NUMBER: _ClassVar[int]
    WITHDRAW_FIELD_NUMBER: _ClassVar[int]
    REINFORCE_FIELD_NUMBER: _ClassVar[int]
    INSPIRE_FIELD_NUMBER: _ClassVar[int]
    PROMOTE_FIELD_NUMBER: _ClassVar[int]
    INVOKE_FIELD_NUMBER: _ClassVar[int]
    PASS__FIELD_NUMBER: _ClassVar[int]
    PLACE_FREYA_CARD_FIELD_NUMBER: _ClassVar[int]
    deploy: Deploy
    give_first_player: GiveFirstPlayer
    take_from_discard: TakeFromDiscard
    decline_power: DeclinePower
    withdraw: Withdraw
    reinforce: Reinforce
    inspire: Inspire
    promote: Promote
    invoke: Invoke
    pass_: Pass
    place_freya_card: PlaceFreyaCard
    def __init__(self, deploy: _Optional[_Union[Deploy, _Mapping]] = ..., give_first_player: _Optional[_Union[GiveFirstPlayer, _Mapping]] = ..., take_from_discard: _Optional[_Union[TakeFromDiscard, _Mapping]] = ..., decline_power: _Optional[_Union[DeclinePower, _Mapping]] = ..., withdraw: _Optional[_Union[Withdraw, _Mapping]] = ..., reinforce: _Optional[_Union[Reinforce, _Mapping]] = ..., inspire: _Optional[_Union[Inspire, _Mapping]] = ..., promote: _Optional[_Union[Promote, _Mapping]] = ..., invoke: _Optional[_Union[Invoke, _Mapping]] = ..., pass_: _Optional[_Union[Pass, _Mapping]] = ..., place_freya_card: _Optional[_Union[PlaceFreyaCard, _Mapping]] = ...) -> None: ...

class AnyEvent(_message.Message):
    __slots__ = ("game_started", "jarls_removed", "jarl_given", "deck_shuffled", "discard_shuffled_into_deck", "cards_drawn", "token_passed", "muster_group_formed", "gods_selected", "round_started", "party_deployed", "outpost_powers_offered", "outpost_power_closed", "card_taken_from_discard", "turn_started", "card_withdrawn", "card_revealed", "card_added", "glory_placed", "champion_placed", "god_invoked", "hero_retrieved", "victory_points_gained", "card_drawn_into_party", "glory_retrieved", "passed", "outpost_awarded", "glory_gained", "parties_discarded", "muster_group_discarded", "game_ended", "freya_card_drawn", "freya_card_placed")
    GAME_STARTED_FIELD_NUMBER: _ClassVar[int]
    JARLS_REMOVED_FIELD_NUMBER: _ClassVar[int]
    JARL_GIVEN_FIELD_NUMBER: _ClassVar[int]
    DECK_SHUFFLED_FIELD_NUMBER: _ClassVar[int]
    DISCARD_SHUFFLED_INTO_DECK_FIELD_NUMBER: _ClassVar[int]
    CARDS_DRAWN_FIELD_NUMBER: _ClassVar[int]
    TOKEN_PASSED_FIELD_NUMBER: _ClassVar[int]
    MUSTER_GROUP_FORMED_FIELD_NUMBER: _ClassVar[int]
    GODS_SELECTED_FIELD_NUMBER: _ClassVar[int]
    ROUND_STARTED_FIELD_NUMBER: _ClassVar[int]
    PARTY_DEPLOYED_FIELD_NUMBER: _ClassVar[int]
    OUTPOST_POWERS_OFFERED_FIELD_NUMBER: _ClassVar[int]
    OUTPOST_POWER_CLOSED_FIELD_NUMBER: _ClassVar[int]
    CARD_TAKEN_FROM_DISCARD_FIELD_NUMBER: _ClassVar[int]
    TURN_STARTED_FIELD_NUMBER: _ClassVar[int]
    CARD_WITHDRAWN_FIELD_NUMBER: _ClassVar[int]
    CARD_REVEALED_FIELD_NUMBER: _ClassVar[int]
    CARD_ADDED_FIELD_NUMBER: _ClassVar[int]
    GLORY_PLACED_FIELD_NUMBER: _ClassVar[int]
    CHAMPION_PLACED_FIELD_NUMBER: _ClassVar[int]
    GOD_INVOKED_FIELD_NUMBER: _ClassVar[int]
    HERO_RETRIEVED_FIELD_NUMBER: _ClassVar[int]
    VICTORY_POINTS_GAINED_FIELD_NUMBER: _ClassVar[int]
    CARD_DRAWN_INTO_PARTY_FIELD_NUMBER: _ClassVar[int]
    GLORY_RETRIEVED_FIELD_NUMBER: _ClassVar[int]
    PASSED_FIELD_NUMBER: _ClassVar[int]
    OUTPOST_AWARDED_FIELD_NUMBER: _ClassVar[int]
    GLORY_GAINED_FIELD_NUMBER: _ClassVar[int]
    PARTIES_DISCARDED_FIELD_NUMBER: _ClassVar[int]
    MUSTER_GROUP_DISCARDED_FIELD_NUMBER: _ClassVar[int]
    GAME_ENDED_FIELD_NUMBER: _ClassVar[int]
    FREYA_CARD_DRAWN_FIELD_NUMBER: _ClassVar[int]
    FREYA_CARD_PLACED_FIELD_NUMBER: _ClassVar[int]
    game_started: GameStarted
    jarls_removed: JarlsRemoved
    jarl_given: JarlGiven
    deck_shuffled: DeckShuffled
    discard_shuffled_into_deck: DiscardShuffledIntoDeck
    cards_drawn: CardsDrawn
    token_passed: TokenPassed
    muster_group_formed: MusterGroupFormed
    gods_selected: GodsSelected
    round_started: RoundStarted
    party_deployed: PartyDeployed
    outpost_powers_offered: OutpostPowersOffered
    outpost_power_closed: OutpostPowerClosed
    card_taken_from_discard: CardTakenFromDiscard
    turn_started: TurnStarted
    card_withdrawn: CardWithdrawn
    card_revealed: CardRevealed
    card_added: CardAdded
    glory_placed: GloryPlaced
    champion_placed: ChampionPlaced
    god_invoked: GodInvoked
    hero_retrieved: HeroRetrieved
    victory_points_gained: VictoryPointsGained
    card_drawn_into_party: CardDrawnIntoParty
    glory_retrieved: GloryRetrieved
    passed: Passed
    outpost_awarded: OutpostAwarded
    glory_gained: GloryGained
    parties_discarded: PartiesDiscarded
    muster_group_discarded: MusterGroupDiscarded
    game_ended: GameEnded
    freya_card_drawn: FreyaCardDrawn
    freya_card_placed: FreyaCardPlaced
    def __init__(self, game_started: _Optional[_Union[GameStarted, _Mapping]] = ..., jarls_removed: _Optional[_Union[JarlsRemoved, _Mapping]] = ..., jarl_given: _Optional[_Union[JarlGiven, _Mapping]] = ..., deck_shuffled: _Optional[_Union[DeckShuffled, _Mapping]] = ..., discard_shuffled_into_deck: _Optional[_Union[DiscardShuffledIntoDeck, _Mapping]] = ..., cards_drawn: _Optional[_Union[CardsDrawn, _Mapping]] = ..., token_passed: _Optional[_Union[TokenPassed, _Mapping]] = ..., muster_group_formed: _Optional[_Union[MusterGroupFormed, _Mapping]] = ..., gods_selected: _Optional[_Union[GodsSelected, _Mapping]] = ..., round_started: _Optional[_Union[RoundStarted, _Mapping]] = ..., party_deployed: _Optional[_Union[PartyDeployed, _Mapping]] = ..., outpost_powers_offered: _Optional[_Union[OutpostPowersOffered, _Mapping]] = ..., outpost_power_closed: _Optional[_Union[OutpostPowerClosed, _Mapping]] = ..., card_taken_from_discard: _Optional[_Union[CardTakenFromDiscard, _Mapping]] = ..., turn_started: _Optional[_Union[TurnStarted, _Mapping]] = ..., card_withdrawn: _Optional[_Union[CardWithdrawn, _Mapping]] = ..., card_revealed: _Optional[_Union[CardRevealed, _Mapping]] = ..., card_added: _Optional[_Union[CardAdded, _Mapping]] = ..., glory_placed: _Optional[_Union[GloryPlaced, _Mapping]] = ..., champion_placed: _Optional[_Union[ChampionPlaced, _Mapping]] = ..., god_invoked: _Optional[_Union[GodInvoked, _Mapping]] = ..., hero_retrieved: _Optional[_Union[HeroRetrieved, _Mapping]] = ..., victory_points_gained: _Optional[_Union[VictoryPointsGained, _Mapping]] = ..., card_drawn_into_party: _Optional[_Union[CardDrawnIntoParty, _Mapping]] = ..., glory_retrieved: _Optional[_Union[GloryRetrieved, _Mapping]] = ..., passed: _Optional[_Union[Passed, _Mapping]] = ..., outpost_awarded: _Optional[_Union[OutpostAwarded, _Mapping]] = ..., glory_gained: _Optional[_Union[GloryGained, _Mapping]] = ..., parties_discarded: _Optional[_Union[PartiesDiscarded, _Mapping]] = ..., muster_group_discarded: _Optional[_Union[MusterGroupDiscarded, _Mapping]] = ..., game_ended: _Optional[_Union[GameEnded, _Mapping]] = ..., freya_card_drawn: _Optional[_Union[FreyaCardDrawn, _Mapping]] = ..., freya_card_placed: _Optional[_Union[FreyaCardPlaced, _Mapping]] = ...) -> None: ...

class AnyView(_message.Message):
    __slots__ = ("view",)
    VIEW_FIELD_NUMBER: _ClassVar[int]
    view: RedNorthView
    def __init__(self, view: _Optional[_Union[RedNorthView, _Mapping]] = ...) -> None: ...
