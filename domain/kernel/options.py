"""Setup options declared with a schema and validated once, by the kernel, before ``setup``.

A game lists its options as :class:`OptionSpec` values (``Rules.options``): name, type, default,
allowed values or bounds, and which printed value or ruling the option overrides (RULINGS.md asks
that uncertain printed values be overridable). :func:`resolve_options` checks what a user gave
against the schema and returns every option with defaults filled in, so ``setup`` receives a
complete, well-typed mapping and the stored ``GameCreated`` record binds the values actually
played (a later change of a default cannot change a recorded game).

Values given as text (the CLI's ``--option key=value``) are converted for ``int`` and ``bool``
options; anything else that does not fit is refused with :class:`~domain.kernel.errors.Malformed`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum

from domain.kernel.errors import Malformed

OptionValue = str | int | bool
Options = Mapping[str, OptionValue]


class OptionKind(StrEnum):
    """The type of an option's value."""

    TEXT = "text"
    NUMBER = "number"
    FLAG = "flag"


_PY = {OptionKind.TEXT: str, OptionKind.NUMBER: int, OptionKind.FLAG: bool}


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
            try:
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
        "options/type", f"option {spec.name!r} takes a {spec.kind.value}, not {value!r}"
    )


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
                f"option {spec.name!r} must be one of {allowed}, not {value!r}",
            )
        if isinstance(value, int) and not isinstance(value, bool):
            if spec.minimum is not None and value < spec.minimum:
                raise Malformed(
                    "options/out-of-range", f"option {spec.name!r} must be ≥ {spec.minimum}"
                )
            if spec.maximum is not None and value > spec.maximum:
                raise Malformed(
                    "options/out-of-range", f"option {spec.name!r} must be ≤ {spec.maximum}"
                )
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
