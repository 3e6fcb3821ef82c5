"""Setup options declared with a schema and validated once, by the kernel, before ``setup``.

A game lists its options as :class:`OptionSpec` values (``Rules.options``): name, type, default,
allowed values or bounds, and which printed value or ruling the option overrides (RULINGS.md asks
that uncertain printed values be overridable). :func:`resolve_options` checks what a user gave
against the schema and returns every option with defaults filled in, so ``setup`` receives a
complete, well-typed mapping and the stored ``GameCreated`` record binds the values actually
played (a later change of a default cannot change a recorded game).

Values given as text (the CLI's ``--option key=value``) are converted for ``int`` and ``bool``
options; anything else that does not fit is refused with :class:`~skald.domain.kernel.errors.Malformed`.

Every integer an option holds — a number option's value, each number of a list option — must
also fit 32 bits (:mod:`skald.domain.kernel.ranges`), whatever bounds the game declares: setup records
option values in the game's events, and a game recorded with a number the wire cannot carry
could never be served (every call on it failed as INTERNAL). So it is refused here, the one
place every game's options pass, before anything is stored.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum

from skald.domain.kernel.errors import Malformed
from skald.domain.kernel.ranges import INT32_MAX, INT32_MIN, shown_number

OptionValue = str | int | bool
Options = Mapping[str, OptionValue]


class OptionKind(StrEnum):
    """The type of an option's value."""

    TEXT = "text"
    NUMBER = "number"
    FLAG = "flag"
    NUMBERS = "numbers"
    """Whole numbers separated by commas, held as the text given (``"9,10,11"``, so a stored
    game keeps the exact value it was created with); the kernel checks each number against the
    option's bounds as it checks a ``number`` option's value, and the game reads them with
    :func:`option_numbers`."""


_PY = {
    OptionKind.TEXT: str,
    OptionKind.NUMBER: int,
    OptionKind.FLAG: bool,
    OptionKind.NUMBERS: str,
}

_SHOWN = 40
"""How much of a given value an error message quotes (an error must not grow with the input)."""


def _shown(value: object) -> str:
    if isinstance(value, int):
        return shown_number(value)
    text = repr(value)
    return text if len(text) <= _SHOWN else text[:_SHOWN] + "…"


_DIGITS_64 = 19
"""Digits of the largest 64-bit number: a number written with more fits no bound of an option."""


def _whole(text: str, what: str) -> int | None:
    """``text`` as a whole number (ASCII digits after at most one sign), or ``None`` if it is
    none. More digits than any 64-bit number has → ``options/out-of-range`` without converting
    them: such a number fits no option, and converting thousands of digits costs quadratic
    time (Python refuses past 4,300 with a ValueError that would read as the wrong type)."""
    digits = text[1:] if text[:1] in ("+", "-") else text
    if not (digits.isascii() and digits.isdigit()):
        return None
    if len(digits.lstrip("0")) > _DIGITS_64:
        raise Malformed(
            "options/out-of-range", f"{what} must fit 32 bits ({INT32_MIN}..{INT32_MAX})"
        )
    return int(text)


@dataclass(frozen=True, slots=True)
class OptionSpec:
    """One setup option: what it is, what it may be, and what it overrides."""

    name: str
    kind: OptionKind
    default: OptionValue
    help: str
    overrides: str = ""
    """The printed value or ruling this option replaces (e.g. ``"RULINGS.md: Red North raid
    points"``); empty for pure variants."""
    allowed: tuple[OptionValue, ...] = ()
    """The only values accepted (empty: any value of the kind, within the bounds)."""
    minimum: int | None = None
    maximum: int | None = None
    """Bounds of a ``number`` option's value, or of each number of a ``numbers`` option; within
    32 bits either way (``None``: 32 bits is the only bound)."""
    absent: OptionValue | None = None
    """The value a game stored before this option existed plays with (``None``: the default).
    A stored game keeps the rules it was played under, so an option added later says here what
    those games did (e.g. A Feast for Odin's ``occupations``: off, no card effects then)."""

    def describe(self) -> dict[str, object]:
        """JSON-friendly form for ``skald rules`` and GetRules."""
        out: dict[str, object] = {
            "name": self.name,
            "kind": self.kind.value,
            "default": self.default,
            "help": self.help,
        }
        if self.overrides:
            out["overrides"] = self.overrides
        if self.allowed:
            out["allowed"] = list(self.allowed)
        if self.minimum is not None:
            out["minimum"] = self.minimum
        if self.maximum is not None:
            out["maximum"] = self.maximum
        return out


def _convert(spec: OptionSpec, value: object) -> OptionValue:
    wanted = _PY[spec.kind]
    if isinstance(value, str) and wanted is not str:
        text = value.strip().lower()
        if wanted is bool:
            if text in ("true", "yes", "on", "1"):
                return True
            if text in ("false", "no", "off", "0"):
                return False
        else:
            number = _whole(text, f"option {spec.name!r}")
            if number is not None:
                return number
            try:  # what int() reads besides (``1_000``), as before
                return int(text)
            except ValueError:
                pass
    if wanted is int and isinstance(value, int) and not isinstance(value, bool):
        return value
    if wanted is bool and isinstance(value, bool):
        return value
    if wanted is str and isinstance(value, str):
        return value
    raise Malformed(
        "options/type", f"option {spec.name!r} takes a {spec.kind.value}, not {_shown(value)}"
    )


def option_numbers(name: str, value: OptionValue) -> tuple[int, ...]:
    """The numbers of option ``name``'s value, a ``numbers`` option (``"9, 10,11"`` →
    ``(9, 10, 11)``); a part that is no whole number → ``options/type``. Games read their list
    options with this, so what they play is exactly what the kernel checked."""
    out: list[int] = []
    for part in str(value).split(","):
        number = _whole(part.strip(), f"each number of option {name!r}")
        if number is None:
            raise Malformed(
                "options/type",
                f"option {name!r} takes whole numbers separated by commas; "
                f"{_shown(part.strip())} is none",
            )
        out.append(number)
    return tuple(out)


def _bounded(spec: OptionSpec, value: int, what: str) -> None:
    """``value`` (the option's, or one number of a list option's) within the spec's bounds
    and within 32 bits; ``what`` names it in the refusal."""
    low = INT32_MIN if spec.minimum is None else max(spec.minimum, INT32_MIN)
    high = INT32_MAX if spec.maximum is None else min(spec.maximum, INT32_MAX)
    if value < low:
        raise Malformed("options/out-of-range", f"{what} must be ≥ {low}, not {_shown(value)}")
    if value > high:
        raise Malformed("options/out-of-range", f"{what} must be ≤ {high}, not {_shown(value)}")


def resolve_options(
    specs: tuple[OptionSpec, ...], given: Mapping[str, object]
) -> dict[str, OptionValue]:
    """Every option of ``specs``, from ``given`` or its default; unknown or invalid → Malformed."""
    by_name = {s.name: s for s in specs}
    unknown = sorted(set(given) - set(by_name))
    if unknown:
        known = ", ".join(sorted(by_name)) or "none"
        raise Malformed(
            "options/unknown", f"unknown option {unknown[0]!r} (this game's options: {known})"
        )
    out: dict[str, OptionValue] = {}
    for spec in specs:
        value = _convert(spec, given[spec.name]) if spec.name in given else spec.default
        if spec.allowed and value not in spec.allowed:
            allowed = ", ".join(map(str, spec.allowed))
            raise Malformed(
                "options/not-allowed",
                f"option {spec.name!r} must be one of {allowed}, not {_shown(value)}",
            )
        if spec.kind is OptionKind.NUMBERS:
            for number in option_numbers(spec.name, value):
                _bounded(spec, number, f"each number of option {spec.name!r}")
        elif isinstance(value, int) and not isinstance(value, bool):
            _bounded(spec, value, f"option {spec.name!r}")
        out[spec.name] = value
    return out


def stored_values(
    specs: Sequence[OptionSpec], values: Mapping[str, OptionValue]
) -> dict[str, OptionValue]:
    """The options of a stored game: its stored values, plus each option added since with the
    value such games played with (``absent``), so an old game re-runs as it was played."""
    out = dict(values)
    for spec in specs:
        if spec.name not in out:
            out[spec.name] = spec.default if spec.absent is None else spec.absent
    return out
