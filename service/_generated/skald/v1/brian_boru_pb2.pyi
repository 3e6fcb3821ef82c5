from google.protobuf.internal import containers as _containers
from google.protobuf.internal import enum_type_wrapper as _enum_type_wrapper
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class CardSide(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    CARD_SIDE_UNSPECIFIED: _ClassVar[CardSide]
    CARD_SIDE_PRIMARY: _ClassVar[CardSide]
    CARD_SIDE_SECONDARY_A: _ClassVar[CardSide]
    CARD_SIDE_SECONDARY_B: _ClassVar[CardSide]

class DecisionKind(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    DECISION_KIND_UNSPECIFIED: _ClassVar[DecisionKind]
    DECISION_KIND_SECONDARY: _ClassVar[DecisionKind]
    DECISION_KIND_EXTRAS: _ClassVar[DecisionKind]
    DECISION_KIND_EXPAND: _ClassVar[DecisionKind]
    DECISION_KIND_FREE_VIKING: _ClassVar[DecisionKind]
    DECISION_KIND_PLACE_TOWN: _ClassVar[DecisionKind]
    DECISION_KIND_PRINCESS: _ClassVar[DecisionKind]
    DECISION_KIND_CASUALTY: _ClassVar[DecisionKind]
    DECISION_KIND_MONASTERY: _ClassVar[DecisionKind]

class OpKind(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    OP_KIND_UNSPECIFIED: _ClassVar[OpKind]
    OP_KIND_PRIMARY: _ClassVar[OpKind]
    OP_KIND_SECONDARY: _ClassVar[OpKind]
    OP_KIND_TOWN: _ClassVar[OpKind]
    OP_KIND_COIN_GAIN: _ClassVar[OpKind]
    OP_KIND_COIN_PAY: _ClassVar[OpKind]
    OP_KIND_RENOWN: _ClassVar[OpKind]
    OP_KIND_CHURCH: _ClassVar[OpKind]
    OP_KIND_RAIDER: _ClassVar[OpKind]
    OP_KIND_MARRIAGE: _ClassVar[OpKind]
    OP_KIND_EXPAND: _ClassVar[OpKind]
    OP_KIND_FREE_VIKING: _ClassVar[OpKind]
    OP_KIND_POINTS: _ClassVar[OpKind]
    OP_KIND_PLACE_TOWN: _ClassVar[OpKind]
    OP_KIND_PRINCESS: _ClassVar[OpKind]
    OP_KIND_MARRIAGE_STEP: _ClassVar[OpKind]
    OP_KIND_BATTLE_STEP: _ClassVar[OpKind]
    OP_KIND_CASUALTY: _ClassVar[OpKind]
    OP_KIND_CLEAR_BATTLEFIELD: _ClassVar[OpKind]
    OP_KIND_SPOILS: _ClassVar[OpKind]
    OP_KIND_CHURCH_MAJORITY: _ClassVar[OpKind]
    OP_KIND_CHURCH_RECOUNT: _ClassVar[OpKind]
    OP_KIND_CHURCH_THRESHOLD: _ClassVar[OpKind]
    OP_KIND_MONASTERY: _ClassVar[OpKind]
    OP_KIND_CLAIM_STEP: _ClassVar[OpKind]
    OP_KIND_ROUND_END: _ClassVar[OpKind]

class Phase(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    PHASE_UNSPECIFIED: _ClassVar[Phase]
    PHASE_SETUP: _ClassVar[Phase]
    PHASE_START_TOWNS: _ClassVar[Phase]
    PHASE_DRAFT: _ClassVar[Phase]
    PHASE_LEAD: _ClassVar[Phase]
    PHASE_PLAY: _ClassVar[Phase]
    PHASE_RESOLVE: _ClassVar[Phase]
    PHASE_UPKEEP: _ClassVar[Phase]
    PHASE_OVER: _ClassVar[Phase]

class PrincessOption(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    PRINCESS_OPTION_UNSPECIFIED: _ClassVar[PrincessOption]
    PRINCESS_OPTION_MILITARY_SUPPORT: _ClassVar[PrincessOption]
    PRINCESS_OPTION_ESTABLISH_TRADE: _ClassVar[PrincessOption]
    PRINCESS_OPTION_SPURN: _ClassVar[PrincessOption]

class SecondaryChoice(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    SECONDARY_CHOICE_UNSPECIFIED: _ClassVar[SecondaryChoice]
    SECONDARY_CHOICE_A: _ClassVar[SecondaryChoice]
    SECONDARY_CHOICE_B: _ClassVar[SecondaryChoice]
CARD_SIDE_UNSPECIFIED: CardSide
CARD_SIDE_PRIMARY: CardSide
CARD_SIDE_SECONDARY_A: CardSide
CARD_SIDE_SECONDARY_B: CardSide
DECISION_KIND_UNSPECIFIED: DecisionKind
DECISION_KIND_SECONDARY: DecisionKind
DECISION_KIND_EXTRAS: DecisionKind
DECISION_KIND_EXPAND: DecisionKind
DECISION_KIND_FREE_VIKING: DecisionKind
DECISION_KIND_PLACE_TOWN: DecisionKind
DECISION_KIND_PRINCESS: DecisionKind
DECISION_KIND_CASUALTY: DecisionKind
DECISION_KIND_MONASTERY: DecisionKind
OP_KIND_UNSPECIFIED: OpKind
OP_KIND_PRIMARY: OpKind
OP_KIND_SECONDARY: OpKind
OP_KIND_TOWN: OpKind
OP_KIND_COIN_GAIN: OpKind
OP_KIND_COIN_PAY: OpKind
OP_KIND_RENOWN: OpKind
OP_KIND_CHURCH: OpKind
OP_KIND_RAIDER: OpKind
OP_KIND_MARRIAGE: OpKind
OP_KIND_EXPAND: OpKind
OP_KIND_FREE_VIKING: OpKind
OP_KIND_POINTS: OpKind
OP_KIND_PLACE_TOWN: OpKind
OP_KIND_PRINCESS: OpKind
OP_KIND_MARRIAGE_STEP: OpKind
OP_KIND_BATTLE_STEP: OpKind
OP_KIND_CASUALTY: OpKind
OP_KIND_CLEAR_BATTLEFIELD: OpKind
OP_KIND_SPOILS: OpKind
OP_KIND_CHURCH_MAJORITY: OpKind
OP_KIND_CHURCH_RECOUNT: OpKind
OP_KIND_CHURCH_THRESHOLD: OpKind
OP_KIND_MONASTERY: OpKind
OP_KIND_CLAIM_STEP: OpKind
OP_KIND_ROUND_END: OpKind
PHASE_UNSPECIFIED: Phase
PHASE_SETUP: Phase
PHASE_START_TOWNS: Phase
PHASE_DRAFT: Phase
PHASE_LEAD: Phase
PHASE_PLAY: Phase
PHASE_RESOLVE: Phase
PHASE_UPKEEP: Phase
PHASE_OVER: Phase
PRINCESS_OPTION_UNSPECIFIED: PrincessOption
PRINCESS_OPTION_MILITARY_SUPPORT: PrincessOption
PRINCESS_OPTION_ESTABLISH_TRADE: PrincessOption
PRINCESS_OPTION_SPURN: PrincessOption
SECONDARY_CHOICE_UNSPECIFIED: SecondaryChoice
SECONDARY_CHOICE_A: SecondaryChoice
SECONDARY_CHOICE_B: SecondaryChoice

class ActionCardsShuffled(_message.Message):
    __slots__ = ("round", "order", "count")
    ROUND_FIELD_NUMBER: _ClassVar[int]
    ORDER_FIELD_NUMBER: _ClassVar[int]
    COUNT_FIELD_NUMBER: _ClassVar[int]
    round: int
    order: _containers.RepeatedScalarFieldContainer[str]
    count: int
    def __init__(self, round: _Optional[int] = ..., order: _Optional[_Iterable[str]] = ..., count: _Optional[int] = ...) -> None: ...

class ActionChosen(_message.Message):
    __slots__ = ("seat", "card", "side", "then")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    CARD_FIELD_NUMBER: _ClassVar[int]
    SIDE_FIELD_NUMBER: _ClassVar[int]
    THEN_FIELD_NUMBER: _ClassVar[int]
    seat: int
    card: str
    side: CardSide
    then: _containers.RepeatedCompositeFieldContainer[Op]
    def __init__(self, seat: _Optional[int] = ..., card: _Optional[str] = ..., side: _Optional[_Union[CardSide, str]] = ..., then: _Optional[_Iterable[_Union[Op, _Mapping]]] = ...) -> None: ...

class ActionPhaseEnded(_message.Message):
    __slots__ = ("round",)
    ROUND_FIELD_NUMBER: _ClassVar[int]
    round: int
    def __init__(self, round: _Optional[int] = ...) -> None: ...

class ActiveTownChosen(_message.Message):
    __slots__ = ("seat", "town")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    TOWN_FIELD_NUMBER: _ClassVar[int]
    seat: int
    town: int
    def __init__(self, seat: _Optional[int] = ..., town: _Optional[int] = ...) -> None: ...

class ActiveTownTaken(_message.Message):
    __slots__ = ("seat", "town")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    TOWN_FIELD_NUMBER: _ClassVar[int]
    seat: int
    town: int
    def __init__(self, seat: _Optional[int] = ..., town: _Optional[int] = ...) -> None: ...

class BattleBegan(_message.Message):
    __slots__ = ("raiders", "then")
    RAIDERS_FIELD_NUMBER: _ClassVar[int]
    THEN_FIELD_NUMBER: _ClassVar[int]
    raiders: int
    then: _containers.RepeatedCompositeFieldContainer[Op]
    def __init__(self, raiders: _Optional[int] = ..., then: _Optional[_Iterable[_Union[Op, _Mapping]]] = ...) -> None: ...

class BattlefieldCleared(_message.Message):
    __slots__ = ("returned",)
    RETURNED_FIELD_NUMBER: _ClassVar[int]
    returned: int
    def __init__(self, returned: _Optional[int] = ...) -> None: ...

class BrianBoruView(_message.Message):
    __slots__ = ("seat", "phase", "round", "final_round", "start_seat", "marker_holder", "active_town", "trick_number", "trick", "battlefield", "marriage_card", "marriage_deck_count", "viking_deck_count", "discard_count", "players", "towns", "claims", "pending", "to_act", "hand", "pile", "scores", "winners")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    PHASE_FIELD_NUMBER: _ClassVar[int]
    ROUND_FIELD_NUMBER: _ClassVar[int]
    FINAL_ROUND_FIELD_NUMBER: _ClassVar[int]
    START_SEAT_FIELD_NUMBER: _ClassVar[int]
    MARKER_HOLDER_FIELD_NUMBER: _ClassVar[int]
    ACTIVE_TOWN_FIELD_NUMBER: _ClassVar[int]
    TRICK_NUMBER_FIELD_NUMBER: _ClassVar[int]
    TRICK_FIELD_NUMBER: _ClassVar[int]
    BATTLEFIELD_FIELD_NUMBER: _ClassVar[int]
    MARRIAGE_CARD_FIELD_NUMBER: _ClassVar[int]
    MARRIAGE_DECK_COUNT_FIELD_NUMBER: _ClassVar[int]
    VIKING_DECK_COUNT_FIELD_NUMBER: _ClassVar[int]
    DISCARD_COUNT_FIELD_NUMBER: _ClassVar[int]
    PLAYERS_FIELD_NUMBER: _ClassVar[int]
    TOWNS_FIELD_NUMBER: _ClassVar[int]
    CLAIMS_FIELD_NUMBER: _ClassVar[int]
    PENDING_FIELD_NUMBER: _ClassVar[int]
    TO_ACT_FIELD_NUMBER: _ClassVar[int]
    HAND_FIELD_NUMBER: _ClassVar[int]
    PILE_FIELD_NUMBER: _ClassVar[int]
    SCORES_FIELD_NUMBER: _ClassVar[int]
    WINNERS_FIELD_NUMBER: _ClassVar[int]
    seat: int
    phase: Phase
    round: int
    final_round: bool
    start_seat: int
    marker_holder: int
    active_town: int
    trick_number: int
    trick: _containers.RepeatedCompositeFieldContainer[TrickCardView]
    battlefield: int
    marriage_card: str
    marriage_deck_count: int
    viking_deck_count: int
    discard_count: int
    players: _containers.RepeatedCompositeFieldContainer[PlayerView]
    towns: _containers.RepeatedCompositeFieldContainer[TownView]
    claims: _containers.RepeatedCompositeFieldContainer[ClaimView]
    pending: Decision
    to_act: _containers.RepeatedScalarFieldContainer[int]
    hand: _containers.RepeatedScalarFieldContainer[str]
    pile: _containers.RepeatedScalarFieldContainer[str]
    scores: _containers.RepeatedScalarFieldContainer[int]
    winners: _containers.RepeatedScalarFieldContainer[int]
    def __init__(self, seat: _Optional[int] = ..., phase: _Optional[_Union[Phase, str]] = ..., round: _Optional[int] = ..., final_round: _Optional[bool] = ..., start_seat: _Optional[int] = ..., marker_holder: _Optional[int] = ..., active_town: _Optional[int] = ..., trick_number: _Optional[int] = ..., trick: _Optional[_Iterable[_Union[TrickCardView, _Mapping]]] = ..., battlefield: _Optional[int] = ..., marriage_card: _Optional[str] = ..., marriage_deck_count: _Optional[int] = ..., viking_deck_count: _Optional[int] = ..., discard_count: _Optional[int] = ..., players: _Optional[_Iterable[_Union[PlayerView, _Mapping]]] = ..., towns: _Optional[_Iterable[_Union[TownView, _Mapping]]] = ..., claims: _Optional[_Iterable[_Union[ClaimView, _Mapping]]] = ..., pending: _Optional[_Union[Decision, _Mapping]] = ..., to_act: _Optional[_Iterable[int]] = ..., hand: _Optional[_Iterable[str]] = ..., pile: _Optional[_Iterable[str]] = ..., scores: _Optional[_Iterable[int]] = ..., winners: _Optional[_Iterable[int]] = ...) -> None: ...

class BuyExtras(_message.Message):
    __slots__ = ("count",)
    COUNT_FIELD_NUMBER: _ClassVar[int]
    count: int
    def __init__(self, count: _Optional[int] = ...) -> None: ...

class CardPlayed(_message.Message):
    __slots__ = ("seat", "card")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    CARD_FIELD_NUMBER: _ClassVar[int]
    seat: int
    card: str
    def __init__(self, seat: _Optional[int] = ..., card: _Optional[str] = ...) -> None: ...

class CardsDealt(_message.Message):
    __slots__ = ("seat", "cards", "count")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    CARDS_FIELD_NUMBER: _ClassVar[int]
    COUNT_FIELD_NUMBER: _ClassVar[int]
    seat: int
    cards: _containers.RepeatedScalarFieldContainer[str]
    count: int
    def __init__(self, seat: _Optional[int] = ..., cards: _Optional[_Iterable[str]] = ..., count: _Optional[int] = ...) -> None: ...

class CardsKept(_message.Message):
    __slots__ = ("seat", "cards", "count")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    CARDS_FIELD_NUMBER: _ClassVar[int]
    COUNT_FIELD_NUMBER: _ClassVar[int]
    seat: int
    cards: _containers.RepeatedScalarFieldContainer[str]
    count: int
    def __init__(self, seat: _Optional[int] = ..., cards: _Optional[_Iterable[str]] = ..., count: _Optional[int] = ...) -> None: ...

class CardsPassed(_message.Message):
    __slots__ = ("seat", "to_seat", "cards", "count")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    TO_SEAT_FIELD_NUMBER: _ClassVar[int]
    CARDS_FIELD_NUMBER: _ClassVar[int]
    COUNT_FIELD_NUMBER: _ClassVar[int]
    seat: int
    to_seat: int
    cards: _containers.RepeatedScalarFieldContainer[str]
    count: int
    def __init__(self, seat: _Optional[int] = ..., to_seat: _Optional[int] = ..., cards: _Optional[_Iterable[str]] = ..., count: _Optional[int] = ...) -> None: ...

class ChooseActiveTown(_message.Message):
    __slots__ = ("town",)
    TOWN_FIELD_NUMBER: _ClassVar[int]
    town: int
    def __init__(self, town: _Optional[int] = ...) -> None: ...

class ChoosePrincessOption(_message.Message):
    __slots__ = ("option",)
    OPTION_FIELD_NUMBER: _ClassVar[int]
    option: PrincessOption
    def __init__(self, option: _Optional[_Union[PrincessOption, str]] = ...) -> None: ...

class ChooseSecondary(_message.Message):
    __slots__ = ("option",)
    OPTION_FIELD_NUMBER: _ClassVar[int]
    option: SecondaryChoice
    def __init__(self, option: _Optional[_Union[SecondaryChoice, str]] = ...) -> None: ...

class ChooseTown(_message.Message):
    __slots__ = ("town",)
    TOWN_FIELD_NUMBER: _ClassVar[int]
    town: int
    def __init__(self, town: _Optional[int] = ...) -> None: ...

class ChurchDiscsPlaced(_message.Message):
    __slots__ = ("seat", "base", "extra", "paid")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    BASE_FIELD_NUMBER: _ClassVar[int]
    EXTRA_FIELD_NUMBER: _ClassVar[int]
    PAID_FIELD_NUMBER: _ClassVar[int]
    seat: int
    base: int
    extra: int
    paid: int
    def __init__(self, seat: _Optional[int] = ..., base: _Optional[int] = ..., extra: _Optional[int] = ..., paid: _Optional[int] = ...) -> None: ...

class ChurchMajorityWon(_message.Message):
    __slots__ = ("seat", "returned", "then")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    RETURNED_FIELD_NUMBER: _ClassVar[int]
    THEN_FIELD_NUMBER: _ClassVar[int]
    seat: int
    returned: int
    then: _containers.RepeatedCompositeFieldContainer[Op]
    def __init__(self, seat: _Optional[int] = ..., returned: _Optional[int] = ..., then: _Optional[_Iterable[_Union[Op, _Mapping]]] = ...) -> None: ...

class ChurchRecounted(_message.Message):
    __slots__ = ("seats",)
    SEATS_FIELD_NUMBER: _ClassVar[int]
    seats: _containers.RepeatedScalarFieldContainer[int]
    def __init__(self, seats: _Optional[_Iterable[int]] = ...) -> None: ...

class ChurchThresholdChecked(_message.Message):
    __slots__ = ("seats", "then")
    SEATS_FIELD_NUMBER: _ClassVar[int]
    THEN_FIELD_NUMBER: _ClassVar[int]
    seats: _containers.RepeatedScalarFieldContainer[int]
    then: _containers.RepeatedCompositeFieldContainer[Op]
    def __init__(self, seats: _Optional[_Iterable[int]] = ..., then: _Optional[_Iterable[_Union[Op, _Mapping]]] = ...) -> None: ...

class ClaimMove(_message.Message):
    __slots__ = ("region", "from_holder", "to_holder")
    REGION_FIELD_NUMBER: _ClassVar[int]
    FROM_HOLDER_FIELD_NUMBER: _ClassVar[int]
    TO_HOLDER_FIELD_NUMBER: _ClassVar[int]
    region: str
    from_holder: int
    to_holder: int
    def __init__(self, region: _Optional[str] = ..., from_holder: _Optional[int] = ..., to_holder: _Optional[int] = ...) -> None: ...

class ClaimView(_message.Message):
    __slots__ = ("region", "face_up", "holder")
    REGION_FIELD_NUMBER: _ClassVar[int]
    FACE_UP_FIELD_NUMBER: _ClassVar[int]
    HOLDER_FIELD_NUMBER: _ClassVar[int]
    region: str
    face_up: bool
    holder: int
    def __init__(self, region: _Optional[str] = ..., face_up: _Optional[bool] = ..., holder: _Optional[int] = ...) -> None: ...

class CoinPaid(_message.Message):
    __slots__ = ("seat", "coins", "points")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    COINS_FIELD_NUMBER: _ClassVar[int]
    POINTS_FIELD_NUMBER: _ClassVar[int]
    seat: int
    coins: int
    points: int
    def __init__(self, seat: _Optional[int] = ..., coins: _Optional[int] = ..., points: _Optional[int] = ...) -> None: ...

class CoinsGained(_message.Message):
    __slots__ = ("seat", "amount")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    AMOUNT_FIELD_NUMBER: _ClassVar[int]
    seat: int
    amount: int
    def __init__(self, seat: _Optional[int] = ..., amount: _Optional[int] = ...) -> None: ...

class Decision(_message.Message):
    __slots__ = ("seat", "kind", "options", "max_extra", "about", "card")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    KIND_FIELD_NUMBER: _ClassVar[int]
    OPTIONS_FIELD_NUMBER: _ClassVar[int]
    MAX_EXTRA_FIELD_NUMBER: _ClassVar[int]
    ABOUT_FIELD_NUMBER: _ClassVar[int]
    CARD_FIELD_NUMBER: _ClassVar[int]
    seat: int
    kind: DecisionKind
    options: _containers.RepeatedScalarFieldContainer[int]
    max_extra: int
    about: str
    card: str
    def __init__(self, seat: _Optional[int] = ..., kind: _Optional[_Union[DecisionKind, str]] = ..., options: _Optional[_Iterable[int]] = ..., max_extra: _Optional[int] = ..., about: _Optional[str] = ..., card: _Optional[str] = ...) -> None: ...

class DecisionRequested(_message.Message):
    __slots__ = ("decision",)
    DECISION_FIELD_NUMBER: _ClassVar[int]
    decision: Decision
    def __init__(self, decision: _Optional[_Union[Decision, _Mapping]] = ...) -> None: ...

class DraftEnded(_message.Message):
    __slots__ = ("round",)
    ROUND_FIELD_NUMBER: _ClassVar[int]
    round: int
    def __init__(self, round: _Optional[int] = ...) -> None: ...

class Expand(_message.Message):
    __slots__ = ("town",)
    TOWN_FIELD_NUMBER: _ClassVar[int]
    town: int
    def __init__(self, town: _Optional[int] = ...) -> None: ...

class FinalScore(_message.Message):
    __slots__ = ("seat", "track_points", "most_coins", "marker", "renown", "claims_held", "claims_board", "regions", "total")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    TRACK_POINTS_FIELD_NUMBER: _ClassVar[int]
    MOST_COINS_FIELD_NUMBER: _ClassVar[int]
    MARKER_FIELD_NUMBER: _ClassVar[int]
    RENOWN_FIELD_NUMBER: _ClassVar[int]
    CLAIMS_HELD_FIELD_NUMBER: _ClassVar[int]
    CLAIMS_BOARD_FIELD_NUMBER: _ClassVar[int]
    REGIONS_FIELD_NUMBER: _ClassVar[int]
    TOTAL_FIELD_NUMBER: _ClassVar[int]
    seat: int
    track_points: int
    most_coins: int
    marker: int
    renown: int
    claims_held: int
    claims_board: int
    regions: int
    total: int
    def __init__(self, seat: _Optional[int] = ..., track_points: _Optional[int] = ..., most_coins: _Optional[int] = ..., marker: _Optional[int] = ..., renown: _Optional[int] = ..., claims_held: _Optional[int] = ..., claims_board: _Optional[int] = ..., regions: _Optional[int] = ..., total: _Optional[int] = ...) -> None: ...

class GameEnded(_message.Message):
    __slots__ = ("scores", "winners", "reason")
    SCORES_FIELD_NUMBER: _ClassVar[int]
    WINNERS_FIELD_NUMBER: _ClassVar[int]
    REASON_FIELD_NUMBER: _ClassVar[int]
    scores: _containers.RepeatedCompositeFieldContainer[FinalScore]
    winners: _containers.RepeatedScalarFieldContainer[int]
    reason: str
    def __init__(self, scores: _Optional[_Iterable[_Union[FinalScore, _Mapping]]] = ..., winners: _Optional[_Iterable[int]] = ..., reason: _Optional[str] = ...) -> None: ...

class GameStarted(_message.Message):
    __slots__ = ("players", "options", "start_seat", "viking_strengths", "card5_coins")
    PLAYERS_FIELD_NUMBER: _ClassVar[int]
    OPTIONS_FIELD_NUMBER: _ClassVar[int]
    START_SEAT_FIELD_NUMBER: _ClassVar[int]
    VIKING_STRENGTHS_FIELD_NUMBER: _ClassVar[int]
    CARD5_COINS_FIELD_NUMBER: _ClassVar[int]
    players: int
    options: _containers.RepeatedCompositeFieldContainer[OptionSetting]
    start_seat: int
    viking_strengths: _containers.RepeatedScalarFieldContainer[int]
    card5_coins: int
    def __init__(self, players: _Optional[int] = ..., options: _Optional[_Iterable[_Union[OptionSetting, _Mapping]]] = ..., start_seat: _Optional[int] = ..., viking_strengths: _Optional[_Iterable[int]] = ..., card5_coins: _Optional[int] = ...) -> None: ...

class KeepCards(_message.Message):
    __slots__ = ("cards",)
    CARDS_FIELD_NUMBER: _ClassVar[int]
    cards: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, cards: _Optional[_Iterable[str]] = ...) -> None: ...

class MarriageAdvanced(_message.Message):
    __slots__ = ("seat", "steps", "extra", "paid", "from_space", "to_space")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    STEPS_FIELD_NUMBER: _ClassVar[int]
    EXTRA_FIELD_NUMBER: _ClassVar[int]
    PAID_FIELD_NUMBER: _ClassVar[int]
    FROM_SPACE_FIELD_NUMBER: _ClassVar[int]
    TO_SPACE_FIELD_NUMBER: _ClassVar[int]
    seat: int
    steps: int
    extra: int
    paid: int
    from_space: int
    to_space: int
    def __init__(self, seat: _Optional[int] = ..., steps: _Optional[int] = ..., extra: _Optional[int] = ..., paid: _Optional[int] = ..., from_space: _Optional[int] = ..., to_space: _Optional[int] = ...) -> None: ...

class MarriageCardDiscarded(_message.Message):
    __slots__ = ("card",)
    CARD_FIELD_NUMBER: _ClassVar[int]
    card: str
    def __init__(self, card: _Optional[str] = ...) -> None: ...

class MarriageCardRevealed(_message.Message):
    __slots__ = ("card", "final_round")
    CARD_FIELD_NUMBER: _ClassVar[int]
    FINAL_ROUND_FIELD_NUMBER: _ClassVar[int]
    card: str
    final_round: bool
    def __init__(self, card: _Optional[str] = ..., final_round: _Optional[bool] = ...) -> None: ...

class MarriageDeckBuilt(_message.Message):
    __slots__ = ("deck", "removed", "deck_count")
    DECK_FIELD_NUMBER: _ClassVar[int]
    REMOVED_FIELD_NUMBER: _ClassVar[int]
    DECK_COUNT_FIELD_NUMBER: _ClassVar[int]
    deck: _containers.RepeatedScalarFieldContainer[str]
    removed: _containers.RepeatedScalarFieldContainer[str]
    deck_count: int
    def __init__(self, deck: _Optional[_Iterable[str]] = ..., removed: _Optional[_Iterable[str]] = ..., deck_count: _Optional[int] = ...) -> None: ...

class MarriageWon(_message.Message):
    __slots__ = ("seat", "card", "then")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    CARD_FIELD_NUMBER: _ClassVar[int]
    THEN_FIELD_NUMBER: _ClassVar[int]
    seat: int
    card: str
    then: _containers.RepeatedCompositeFieldContainer[Op]
    def __init__(self, seat: _Optional[int] = ..., card: _Optional[str] = ..., then: _Optional[_Iterable[_Union[Op, _Mapping]]] = ...) -> None: ...

class MonasteryPlaced(_message.Message):
    __slots__ = ("seat", "town", "returned")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    TOWN_FIELD_NUMBER: _ClassVar[int]
    RETURNED_FIELD_NUMBER: _ClassVar[int]
    seat: int
    town: int
    returned: int
    def __init__(self, seat: _Optional[int] = ..., town: _Optional[int] = ..., returned: _Optional[int] = ...) -> None: ...

class Op(_message.Message):
    __slots__ = ("kind", "seat", "amount", "card", "region", "by", "returns_discs")
    KIND_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    AMOUNT_FIELD_NUMBER: _ClassVar[int]
    CARD_FIELD_NUMBER: _ClassVar[int]
    REGION_FIELD_NUMBER: _ClassVar[int]
    BY_FIELD_NUMBER: _ClassVar[int]
    RETURNS_DISCS_FIELD_NUMBER: _ClassVar[int]
    kind: OpKind
    seat: int
    amount: int
    card: str
    region: str
    by: int
    returns_discs: bool
    def __init__(self, kind: _Optional[_Union[OpKind, str]] = ..., seat: _Optional[int] = ..., amount: _Optional[int] = ..., card: _Optional[str] = ..., region: _Optional[str] = ..., by: _Optional[int] = ..., returns_discs: _Optional[bool] = ...) -> None: ...

class OptionSetting(_message.Message):
    __slots__ = ("name", "value")
    NAME_FIELD_NUMBER: _ClassVar[int]
    VALUE_FIELD_NUMBER: _ClassVar[int]
    name: str
    value: str
    def __init__(self, name: _Optional[str] = ..., value: _Optional[str] = ...) -> None: ...

class PlaceStartingTown(_message.Message):
    __slots__ = ("town",)
    TOWN_FIELD_NUMBER: _ClassVar[int]
    town: int
    def __init__(self, town: _Optional[int] = ...) -> None: ...

class PlayCard(_message.Message):
    __slots__ = ("card",)
    CARD_FIELD_NUMBER: _ClassVar[int]
    card: str
    def __init__(self, card: _Optional[str] = ...) -> None: ...

class PlayerView(_message.Message):
    __slots__ = ("seat", "coins", "renown", "points", "raiders", "church_discs", "track_space", "marriages", "princess_option", "hand_count", "pile_count", "has_kept")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    COINS_FIELD_NUMBER: _ClassVar[int]
    RENOWN_FIELD_NUMBER: _ClassVar[int]
    POINTS_FIELD_NUMBER: _ClassVar[int]
    RAIDERS_FIELD_NUMBER: _ClassVar[int]
    CHURCH_DISCS_FIELD_NUMBER: _ClassVar[int]
    TRACK_SPACE_FIELD_NUMBER: _ClassVar[int]
    MARRIAGES_FIELD_NUMBER: _ClassVar[int]
    PRINCESS_OPTION_FIELD_NUMBER: _ClassVar[int]
    HAND_COUNT_FIELD_NUMBER: _ClassVar[int]
    PILE_COUNT_FIELD_NUMBER: _ClassVar[int]
    HAS_KEPT_FIELD_NUMBER: _ClassVar[int]
    seat: int
    coins: int
    renown: int
    points: int
    raiders: int
    church_discs: int
    track_space: int
    marriages: _containers.RepeatedScalarFieldContainer[str]
    princess_option: str
    hand_count: int
    pile_count: int
    has_kept: bool
    def __init__(self, seat: _Optional[int] = ..., coins: _Optional[int] = ..., renown: _Optional[int] = ..., points: _Optional[int] = ..., raiders: _Optional[int] = ..., church_discs: _Optional[int] = ..., track_space: _Optional[int] = ..., marriages: _Optional[_Iterable[str]] = ..., princess_option: _Optional[str] = ..., hand_count: _Optional[int] = ..., pile_count: _Optional[int] = ..., has_kept: _Optional[bool] = ...) -> None: ...

class PointsScored(_message.Message):
    __slots__ = ("seat", "amount", "reason")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    AMOUNT_FIELD_NUMBER: _ClassVar[int]
    REASON_FIELD_NUMBER: _ClassVar[int]
    seat: int
    amount: int
    reason: str
    def __init__(self, seat: _Optional[int] = ..., amount: _Optional[int] = ..., reason: _Optional[str] = ...) -> None: ...

class PrincessOptionChosen(_message.Message):
    __slots__ = ("seat", "option", "points")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    OPTION_FIELD_NUMBER: _ClassVar[int]
    POINTS_FIELD_NUMBER: _ClassVar[int]
    seat: int
    option: PrincessOption
    points: int
    def __init__(self, seat: _Optional[int] = ..., option: _Optional[_Union[PrincessOption, str]] = ..., points: _Optional[int] = ...) -> None: ...

class RaidersTaken(_message.Message):
    __slots__ = ("seat", "base", "extra", "paid")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    BASE_FIELD_NUMBER: _ClassVar[int]
    EXTRA_FIELD_NUMBER: _ClassVar[int]
    PAID_FIELD_NUMBER: _ClassVar[int]
    seat: int
    base: int
    extra: int
    paid: int
    def __init__(self, seat: _Optional[int] = ..., base: _Optional[int] = ..., extra: _Optional[int] = ..., paid: _Optional[int] = ...) -> None: ...

class RegionsClaimed(_message.Message):
    __slots__ = ("flipped", "moves")
    FLIPPED_FIELD_NUMBER: _ClassVar[int]
    MOVES_FIELD_NUMBER: _ClassVar[int]
    flipped: _containers.RepeatedScalarFieldContainer[str]
    moves: _containers.RepeatedCompositeFieldContainer[ClaimMove]
    def __init__(self, flipped: _Optional[_Iterable[str]] = ..., moves: _Optional[_Iterable[_Union[ClaimMove, _Mapping]]] = ...) -> None: ...

class RenownGained(_message.Message):
    __slots__ = ("seat", "amount")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    AMOUNT_FIELD_NUMBER: _ClassVar[int]
    seat: int
    amount: int
    def __init__(self, seat: _Optional[int] = ..., amount: _Optional[int] = ...) -> None: ...

class RoundBegan(_message.Message):
    __slots__ = ("round",)
    ROUND_FIELD_NUMBER: _ClassVar[int]
    round: int
    def __init__(self, round: _Optional[int] = ...) -> None: ...

class RoundEnded(_message.Message):
    __slots__ = ("round",)
    ROUND_FIELD_NUMBER: _ClassVar[int]
    round: int
    def __init__(self, round: _Optional[int] = ...) -> None: ...

class SpoilsAwarded(_message.Message):
    __slots__ = ("seat", "renown", "points", "returned")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    RENOWN_FIELD_NUMBER: _ClassVar[int]
    POINTS_FIELD_NUMBER: _ClassVar[int]
    RETURNED_FIELD_NUMBER: _ClassVar[int]
    seat: int
    renown: int
    points: int
    returned: int
    def __init__(self, seat: _Optional[int] = ..., renown: _Optional[int] = ..., points: _Optional[int] = ..., returned: _Optional[int] = ...) -> None: ...

class StartingTownPlaced(_message.Message):
    __slots__ = ("seat", "town")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    TOWN_FIELD_NUMBER: _ClassVar[int]
    seat: int
    town: int
    def __init__(self, seat: _Optional[int] = ..., town: _Optional[int] = ...) -> None: ...

class StepCompleted(_message.Message):
    __slots__ = ("step", "reason")
    STEP_FIELD_NUMBER: _ClassVar[int]
    REASON_FIELD_NUMBER: _ClassVar[int]
    step: str
    reason: str
    def __init__(self, step: _Optional[str] = ..., reason: _Optional[str] = ...) -> None: ...

class TownExpanded(_message.Message):
    __slots__ = ("seat", "town", "paid")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    TOWN_FIELD_NUMBER: _ClassVar[int]
    PAID_FIELD_NUMBER: _ClassVar[int]
    seat: int
    town: int
    paid: int
    def __init__(self, seat: _Optional[int] = ..., town: _Optional[int] = ..., paid: _Optional[int] = ...) -> None: ...

class TownLostToVikings(_message.Message):
    __slots__ = ("seat", "town", "chosen_by")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    TOWN_FIELD_NUMBER: _ClassVar[int]
    CHOSEN_BY_FIELD_NUMBER: _ClassVar[int]
    seat: int
    town: int
    chosen_by: int
    def __init__(self, seat: _Optional[int] = ..., town: _Optional[int] = ..., chosen_by: _Optional[int] = ...) -> None: ...

class TownPlaced(_message.Message):
    __slots__ = ("seat", "town", "reason")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    TOWN_FIELD_NUMBER: _ClassVar[int]
    REASON_FIELD_NUMBER: _ClassVar[int]
    seat: int
    town: int
    reason: str
    def __init__(self, seat: _Optional[int] = ..., town: _Optional[int] = ..., reason: _Optional[str] = ...) -> None: ...

class TownView(_message.Message):
    __slots__ = ("town", "owner", "viking", "monastery")
    TOWN_FIELD_NUMBER: _ClassVar[int]
    OWNER_FIELD_NUMBER: _ClassVar[int]
    VIKING_FIELD_NUMBER: _ClassVar[int]
    MONASTERY_FIELD_NUMBER: _ClassVar[int]
    town: int
    owner: int
    viking: bool
    monastery: bool
    def __init__(self, town: _Optional[int] = ..., owner: _Optional[int] = ..., viking: _Optional[bool] = ..., monastery: _Optional[bool] = ...) -> None: ...

class TrickCardView(_message.Message):
    __slots__ = ("seat", "card")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    CARD_FIELD_NUMBER: _ClassVar[int]
    seat: int
    card: str
    def __init__(self, seat: _Optional[int] = ..., card: _Optional[str] = ...) -> None: ...

class TrickEnded(_message.Message):
    __slots__ = ("trick", "winner")
    TRICK_FIELD_NUMBER: _ClassVar[int]
    WINNER_FIELD_NUMBER: _ClassVar[int]
    trick: int
    winner: int
    def __init__(self, trick: _Optional[int] = ..., winner: _Optional[int] = ...) -> None: ...

class TrickWon(_message.Message):
    __slots__ = ("seat", "card", "town", "then")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    CARD_FIELD_NUMBER: _ClassVar[int]
    TOWN_FIELD_NUMBER: _ClassVar[int]
    THEN_FIELD_NUMBER: _ClassVar[int]
    seat: int
    card: str
    town: int
    then: _containers.RepeatedCompositeFieldContainer[Op]
    def __init__(self, seat: _Optional[int] = ..., card: _Optional[str] = ..., town: _Optional[int] = ..., then: _Optional[_Iterable[_Union[Op, _Mapping]]] = ...) -> None: ...

class UpkeepBegan(_message.Message):
    __slots__ = ("round", "then")
    ROUND_FIELD_NUMBER: _ClassVar[int]
    THEN_FIELD_NUMBER: _ClassVar[int]
    round: int
    then: _containers.RepeatedCompositeFieldContainer[Op]
    def __init__(self, round: _Optional[int] = ..., then: _Optional[_Iterable[_Union[Op, _Mapping]]] = ...) -> None: ...

class VikingDeckShuffled(_message.Message):
    __slots__ = ("order", "count")
    ORDER_FIELD_NUMBER: _ClassVar[int]
    COUNT_FIELD_NUMBER: _ClassVar[int]
    order: _containers.RepeatedScalarFieldContainer[str]
    count: int
    def __init__(self, order: _Optional[_Iterable[str]] = ..., count: _Optional[int] = ...) -> None: ...

class VikingFreed(_message.Message):
    __slots__ = ("seat", "town", "owner")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    TOWN_FIELD_NUMBER: _ClassVar[int]
    OWNER_FIELD_NUMBER: _ClassVar[int]
    seat: int
    town: int
    owner: int
    def __init__(self, seat: _Optional[int] = ..., town: _Optional[int] = ..., owner: _Optional[int] = ...) -> None: ...

class VikingsAttacked(_message.Message):
    __slots__ = ("card", "strength")
    CARD_FIELD_NUMBER: _ClassVar[int]
    STRENGTH_FIELD_NUMBER: _ClassVar[int]
    card: str
    strength: int
    def __init__(self, card: _Optional[str] = ..., strength: _Optional[int] = ...) -> None: ...

class AnyCommand(_message.Message):
    __slots__ = ("place_starting_town", "keep_cards", "choose_active_town", "play_card", "choose_secondary", "buy_extras", "expand", "choose_town", "choose_princess_option")
    PLACE_STARTING_TOWN_FIELD_NUMBER: _ClassVar[int]
    KEEP_CARDS_FIELD_NUMBER: _ClassVar[int]
    CHOOSE_ACTIVE_TOWN_FIELD_NUMBER: _ClassVar[int]
    PLAY_CARD_FIELD_NUMBER: _ClassVar[int]
    CHOOSE_SECONDARY_FIELD_NUMBER: _ClassVar[int]
    BUY_EXTRAS_FIELD_NUMBER: _ClassVar[int]
    EXPAND_FIELD_NUMBER: _ClassVar[int]
    CHOOSE_TOWN_FIELD_NUMBER: _ClassVar[int]
    CHOOSE_PRINCESS_OPTION_FIELD_NUMBER: _ClassVar[int]
    place_starting_town: PlaceStartingTown
    keep_cards: KeepCards
    choose_active_town: ChooseActiveTown
    play_card: PlayCard
    choose_secondary: ChooseSecondary
    buy_extras: BuyExtras
    expand: Expand
    choose_town: ChooseTown
    choose_princess_option: ChoosePrincessOption
    def __init__(self, place_starting_town: _Optional[_Union[PlaceStartingTown, _Mapping]] = ..., keep_cards: _Optional[_Union[KeepCards, _Mapping]] = ..., choose_active_town: _Optional[_Union[ChooseActiveTown, _Mapping]] = ..., play_card: _Optional[_Union[PlayCard, _Mapping]] = ..., choose_secondary: _Optional[_Union[ChooseSecondary, _Mapping]] = ..., buy_extras: _Optional[_Union[BuyExtras, _Mapping]] = ..., expand: _Optional[_Union[Expand, _Mapping]] = ..., choose_town: _Optional[_Union[ChooseTown, _Mapping]] = ..., choose_princess_option: _Optional[_Union[ChoosePrincessOption, _Mapping]] = ...) -> None: ...

class AnyEvent(_message.Message):
    __slots__ = ("game_started", "marriage_deck_built", "viking_deck_shuffled", "starting_town_placed", "round_began", "vikings_attacked", "marriage_card_revealed", "action_cards_shuffled", "cards_dealt", "cards_kept", "cards_passed", "draft_ended", "active_town_chosen", "card_played", "trick_won", "decision_requested", "action_chosen", "active_town_taken", "coins_gained", "coin_paid", "renown_gained", "church_discs_placed", "raiders_taken", "marriage_advanced", "town_expanded", "viking_freed", "trick_ended", "action_phase_ended", "upkeep_began", "marriage_won", "marriage_card_discarded", "points_scored", "town_placed", "princess_option_chosen", "battle_began", "town_lost_to_vikings", "battlefield_cleared", "spoils_awarded", "church_majority_won", "church_recounted", "church_threshold_checked", "monastery_placed", "regions_claimed", "step_completed", "round_ended", "game_ended")
    GAME_STARTED_FIELD_NUMBER: _ClassVar[int]
    MARRIAGE_DECK_BUILT_FIELD_NUMBER: _ClassVar[int]
    VIKING_DECK_SHUFFLED_FIELD_NUMBER: _ClassVar[int]
    STARTING_TOWN_PLACED_FIELD_NUMBER: _ClassVar[int]
    ROUND_BEGAN_FIELD_NUMBER: _ClassVar[int]
    VIKINGS_ATTACKED_FIELD_NUMBER: _ClassVar[int]
    MARRIAGE_CARD_REVEALED_FIELD_NUMBER: _ClassVar[int]
    ACTION_CARDS_SHUFFLED_FIELD_NUMBER: _ClassVar[int]
    CARDS_DEALT_FIELD_NUMBER: _ClassVar[int]
    CARDS_KEPT_FIELD_NUMBER: _ClassVar[int]
    CARDS_PASSED_FIELD_NUMBER: _ClassVar[int]
    DRAFT_ENDED_FIELD_NUMBER: _ClassVar[int]
    ACTIVE_TOWN_CHOSEN_FIELD_NUMBER: _ClassVar[int]
    CARD_PLAYED_FIELD_NUMBER: _ClassVar[int]
    TRICK_WON_FIELD_NUMBER: _ClassVar[int]
    DECISION_REQUESTED_FIELD_NUMBER: _ClassVar[int]
    ACTION_CHOSEN_FIELD_NUMBER: _ClassVar[int]
    ACTIVE_TOWN_TAKEN_FIELD_NUMBER: _ClassVar[int]
    COINS_GAINED_FIELD_NUMBER: _ClassVar[int]
    COIN_PAID_FIELD_NUMBER: _ClassVar[int]
    RENOWN_GAINED_FIELD_NUMBER: _ClassVar[int]
    CHURCH_DISCS_PLACED_FIELD_NUMBER: _ClassVar[int]
    RAIDERS_TAKEN_FIELD_NUMBER: _ClassVar[int]
    MARRIAGE_ADVANCED_FIELD_NUMBER: _ClassVar[int]
    TOWN_EXPANDED_FIELD_NUMBER: _ClassVar[int]
    VIKING_FREED_FIELD_NUMBER: _ClassVar[int]
    TRICK_ENDED_FIELD_NUMBER: _ClassVar[int]
    ACTION_PHASE_ENDED_FIELD_NUMBER: _ClassVar[int]
    UPKEEP_BEGAN_FIELD_NUMBER: _ClassVar[int]
    MARRIAGE_WON_FIELD_NUMBER: _ClassVar[int]
    MARRIAGE_CARD_DISCARDED_FIELD_NUMBER: _ClassVar[int]
    POINTS_SCORED_FIELD_NUMBER: _ClassVar[int]
    TOWN_PLACED_FIELD_NUMBER: _ClassVar[int]
    PRINCESS_OPTION_CHOSEN_FIELD_NUMBER: _ClassVar[int]
    BATTLE_BEGAN_FIELD_NUMBER: _ClassVar[int]
    TOWN_LOST_TO_VIKINGS_FIELD_NUMBER: _ClassVar[int]
    BATTLEFIELD_CLEARED_FIELD_NUMBER: _ClassVar[int]
    SPOILS_AWARDED_FIELD_NUMBER: _ClassVar[int]
    CHURCH_MAJORITY_WON_FIELD_NUMBER: _ClassVar[int]
    CHURCH_RECOUNTED_FIELD_NUMBER: _ClassVar[int]
    CHURCH_THRESHOLD_CHECKED_FIELD_NUMBER: _ClassVar[int]
    MONASTERY_PLACED_FIELD_NUMBER: _ClassVar[int]
    REGIONS_CLAIMED_FIELD_NUMBER: _ClassVar[int]
    STEP_COMPLETED_FIELD_NUMBER: _ClassVar[int]
    ROUND_ENDED_FIELD_NUMBER: _ClassVar[int]
    GAME_ENDED_FIELD_NUMBER: _ClassVar[int]
    game_started: GameStarted
    marriage_deck_built: MarriageDeckBuilt
    viking_deck_shuffled: VikingDeckShuffled
    starting_town_placed: StartingTownPlaced
    round_began: RoundBegan
    vikings_attacked: VikingsAttacked
    marriage_card_revealed: MarriageCardRevealed
    action_cards_shuffled: ActionCardsShuffled
    cards_dealt: CardsDealt
    cards_kept: CardsKept
    cards_passed: CardsPassed
    draft_ended: DraftEnded
    active_town_chosen: ActiveTownChosen
    card_played: CardPlayed
    trick_won: TrickWon
    decision_requested: DecisionRequested
    action_chosen: ActionChosen
    active_town_taken: ActiveTownTaken
    coins_gained: CoinsGained
    coin_paid: CoinPaid
    renown_gained: RenownGained
    church_discs_placed: ChurchDiscsPlaced
    raiders_taken: RaidersTaken
    marriage_advanced: MarriageAdvanced
    town_expanded: TownExpanded
    viking_freed: VikingFreed
    trick_ended: TrickEnded
    action_phase_ended: ActionPhaseEnded
    upkeep_began: UpkeepBegan
    marriage_won: MarriageWon
    marriage_card_discarded: MarriageCardDiscarded
    points_scored: PointsScored
    town_placed: TownPlaced
    princess_option_chosen: PrincessOptionChosen
    battle_began: BattleBegan
    town_lost_to_vikings: TownLostToVikings
    battlefield_cleared: BattlefieldCleared
    spoils_awarded: SpoilsAwarded
    church_majority_won: ChurchMajorityWon
    church_recounted: ChurchRecounted
    church_threshold_checked: ChurchThresholdChecked
    monastery_placed: MonasteryPlaced
    regions_claimed: RegionsClaimed
    step_completed: StepCompleted
    round_ended: RoundEnded
    game_ended: GameEnded
    def __init__(self, game_started: _Optional[_Union[GameStarted, _Mapping]] = ..., marriage_deck_built: _Optional[_Union[MarriageDeckBuilt, _Mapping]] = ..., viking_deck_shuffled: _Optional[_Union[VikingDeckShuffled, _Mapping]] = ..., starting_town_placed: _Optional[_Union[StartingTownPlaced, _Mapping]] = ..., round_began: _Optional[_Union[RoundBegan, _Mapping]] = ..., vikings_attacked: _Optional[_Union[VikingsAttacked, _Mapping]] = ..., marriage_card_revealed: _Optional[_Union[MarriageCardRevealed, _Mapping]] = ..., action_cards_shuffled: _Optional[_Union[ActionCardsShuffled, _Mapping]] = ..., cards_dealt: _Optional[_Union[CardsDealt, _Mapping]] = ..., cards_kept: _Optional[_Union[CardsKept, _Mapping]] = ..., cards_passed: _Optional[_Union[CardsPassed, _Mapping]] = ..., draft_ended: _Optional[_Union[DraftEnded, _Mapping]] = ..., active_town_chosen: _Optional[_Union[ActiveTownChosen, _Mapping]] = ..., card_played: _Optional[_Union[CardPlayed, _Mapping]] = ..., trick_won: _Optional[_Union[TrickWon, _Mapping]] = ..., decision_requested: _Optional[_Union[DecisionRequested, _Mapping]] = ..., action_chosen: _Optional[_Union[ActionChosen, _Mapping]] = ..., active_town_taken: _Optional[_Union[ActiveTownTaken, _Mapping]] = ..., coins_gained: _Optional[_Union[CoinsGained, _Mapping]] = ..., coin_paid: _Optional[_Union[CoinPaid, _Mapping]] = ..., renown_gained: _Optional[_Union[RenownGained, _Mapping]] = ..., church_discs_placed: _Optional[_Union[ChurchDiscsPlaced, _Mapping]] = ..., raiders_taken: _Optional[_Union[RaidersTaken, _Mapping]] = ..., marriage_advanced: _Optional[_Union[MarriageAdvanced, _Mapping]] = ..., town_expanded: _Optional[_Union[TownExpanded, _Mapping]] = ..., viking_freed: _Optional[_Union[VikingFreed, _Mapping]] = ..., trick_ended: _Optional[_Union[TrickEnded, _Mapping]] = ..., action_phase_ended: _Optional[_Union[ActionPhaseEnded, _Mapping]] = ..., upkeep_began: _Optional[_Union[UpkeepBegan, _Mapping]] = ..., marriage_won: _Optional[_Union[MarriageWon, _Mapping]] = ..., marriage_card_discarded: _Optional[_Union[MarriageCardDiscarded, _Mapping]] = ..., points_scored: _Optional[_Union[PointsScored, _Mapping]] = ..., town_placed: _Optional[_Union[TownPlaced, _Mapping]] = ..., princess_option_chosen: _Optional[_Union[PrincessOptionChosen, _Mapping]] = ..., battle_began: _Optional[_Union[BattleBegan, _Mapping]] = ..., town_lost_to_vikings: _Optional[_Union[TownLostToVikings, _Mapping]] = ..., battlefield_cleared: _Optional[_Union[BattlefieldCleared, _Mapping]] = ..., spoils_awarded: _Optional[_Union[SpoilsAwarded, _Mapping]] = ..., church_majority_won: _Optional[_Union[ChurchMajorityWon, _Mapping]] = ..., church_recounted: _Optional[_Union[ChurchRecounted, _Mapping]] = ..., church_threshold_checked: _Optional[_Union[ChurchThresholdChecked, _Mapping]] = ..., monastery_placed: _Optional[_Union[MonasteryPlaced, _Mapping]] = ..., regions_claimed: _Optional[_Union[RegionsClaimed, _Mapping]] = ..., step_completed: _Optional[_Union[StepCompleted, _Mapping]] = ..., round_ended: _Optional[_Union[RoundEnded, _Mapping]] = ..., game_ended: _Optional[_Union[GameEnded, _Mapping]] = ...) -> None: ...

class AnyView(_message.Message):
    __slots__ = ("view",)
    VIEW_FIELD_NUMBER: _ClassVar[int]
    view: BrianBoruView
    def __init__(self, view: _Optional[_Union[BrianBoruView, _Mapping]] = ...) -> None: ...
