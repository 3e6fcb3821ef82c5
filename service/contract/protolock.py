"""The wire contract's memory: which number every field, oneof member and enum value was given.

A *contract* is what an existing client relies on, read from compiled descriptors: per message
(full name) each field's number, type, label and oneof, and the numbers and names it reserves;
per enum each value's number and the reserved ones. The committed lock
(``protos/skald.lock.json``) is the union of every contract ever generated: entries are never
deleted, only marked ``removed`` (the generator then emits them as ``reserved``).

:func:`breaking_changes` compares two contracts and names every change that would break a
client built against the older one: a renumbered field or value, a number whose type, label,
oneof or name changed, a number or name dropped without ``reserved``, a reserved one reused.
Adding fields, values, messages and enums is never a break; removing a whole message or enum
is not either (the fields that referred to it are themselves reserved or flagged).
"""

from __future__ import annotations

import json
import tempfile
from pathlib import Path
from typing import Any

from google.protobuf import descriptor_pb2


def project_root() -> Path:
    """The project around the contract's files: a checkout (through the ``skald/`` links) or an
    unpacked sdist (real files under ``skald/``); from a wheel there is none, and the guess is
    the package's parent (protogen's ``__main__`` says a checkout is needed)."""
    here = Path(__file__).resolve()
    return next((p for p in here.parents if (p / "pyproject.toml").is_file()), here.parents[2])


Contract = dict[str, dict[str, Any]]
"""``{"messages": {full_name: {...}}, "enums": {full_name: {...}}}`` (see :func:`contract`)."""

_TYPES = {
    v: k.removeprefix("TYPE_").lower() for k, v in descriptor_pb2.FieldDescriptorProto.Type.items()
}


def descriptor_set(proto_root: Path) -> descriptor_pb2.FileDescriptorSet:
    """Compile every ``.proto`` under ``proto_root`` with protoc into one descriptor set."""
    import grpc_tools
    from grpc_tools import protoc

    include = Path(grpc_tools.__file__).parent / "_proto"
    files = sorted(str(p.relative_to(proto_root)) for p in proto_root.rglob("*.proto"))
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "set.binpb"
        args = ["protoc", f"-I{proto_root}", f"-I{include}", f"--descriptor_set_out={out}"]
        if protoc.main([*args, *files]) != 0:
            raise ValueError(f"protoc could not compile {proto_root}")
        return descriptor_pb2.FileDescriptorSet.FromString(out.read_bytes())


def _field(f: descriptor_pb2.FieldDescriptorProto, oneofs: list[str]) -> dict[str, Any]:
    kind = f.type_name.lstrip(".") if f.type_name else _TYPES[f.type]
    label = "repeated" if f.label == f.LABEL_REPEATED else ""
    if f.proto3_optional:
        label = "optional"
    oneof = oneofs[f.oneof_index] if f.HasField("oneof_index") and not f.proto3_optional else ""
    return {"number": f.number, "type": kind, "label": label, "oneof": oneof}


def contract(fds: descriptor_pb2.FileDescriptorSet, prefix: str = "skald.") -> Contract:
    """The contract of every message and enum in packages starting with ``prefix``."""
    messages: dict[str, Any] = {}
    enums: dict[str, Any] = {}

    def enum(scope: str, e: descriptor_pb2.EnumDescriptorProto) -> None:
        enums[f"{scope}.{e.name}"] = {
            "values": {v.name: v.number for v in e.value},
            "reserved_numbers": sorted(
                n for r in e.reserved_range for n in range(r.start, r.end + 1)
            ),
            "reserved_names": sorted(e.reserved_name),
        }

    def message(scope: str, m: descriptor_pb2.DescriptorProto) -> None:
        full = f"{scope}.{m.name}"
        oneofs = [o.name for o in m.oneof_decl]
        messages[full] = {
            "fields": {f.name: _field(f, oneofs) for f in m.field},
            "reserved_numbers": sorted(n for r in m.reserved_range for n in range(r.start, r.end)),
            "reserved_names": sorted(m.reserved_name),
        }
        for nested in m.nested_type:
            message(full, nested)
        for e in m.enum_type:
            enum(full, e)

    for file in fds.file:
        if not file.package.startswith(prefix):
            continue
        for m in file.message_type:
            message(file.package, m)
        for e in file.enum_type:
            enum(file.package, e)
    return {"messages": messages, "enums": enums}


def breaking_changes(old: Contract, new: Contract) -> list[str]:
    """Every change from ``old`` to ``new`` that breaks a client built against ``old``."""
    problems: list[str] = []
    for full, was in old["messages"].items():
        now = new["messages"].get(full)
        if now is not None:
            problems += _message_breaks(full, was, now)
    for full, was in old["enums"].items():
        now = new["enums"].get(full)
        if now is not None:
            problems += _enum_breaks(full, was, now)
    return problems


def _message_breaks(full: str, was: dict[str, Any], now: dict[str, Any]) -> list[str]:
    out: list[str] = []
    by_number = {f["number"]: (name, f) for name, f in now["fields"].items()}
    for name, f in was["fields"].items():
        number = f["number"]
        moved = now["fields"].get(name)
        if moved is not None and moved["number"] != number:
            out.append(f"{full}.{name}: renumbered from {number} to {moved['number']}")
        if number in by_number:
            new_name, g = by_number[number]
            for key in ("type", "label", "oneof"):
                if g[key] != f[key]:
                    out.append(
                        f"{full}.{name} = {number}: {key} changed from {f[key]!r} to {g[key]!r}"
                    )
            if new_name != name:
                out.append(f"{full} = {number}: renamed from {name} to {new_name} (JSON breaks)")
        elif number not in now["reserved_numbers"]:
            out.append(f"{full}.{name} = {number}: removed without `reserved {number}`")
        if moved is None and number not in by_number and name not in now["reserved_names"]:
            out.append(f'{full}.{name}: removed without `reserved "{name}"`')
    out += _reserved_breaks(full, was, now, {f["number"] for f in now["fields"].values()})
    return out


def _enum_breaks(full: str, was: dict[str, Any], now: dict[str, Any]) -> list[str]:
    out: list[str] = []
    by_number = {n: name for name, n in now["values"].items()}
    for name, number in was["values"].items():
        moved = now["values"].get(name)
        if moved is not None and moved != number:
            out.append(f"{full}.{name}: renumbered from {number} to {moved}")
        if number in by_number:
            if by_number[number] != name:
                out.append(f"{full} = {number}: renamed from {name} to {by_number[number]}")
        elif number not in now["reserved_numbers"]:
            out.append(f"{full}.{name} = {number}: removed without `reserved {number}`")
        elif moved is None and name not in now["reserved_names"]:
            out.append(f'{full}.{name}: removed without `reserved "{name}"`')
    out += _reserved_breaks(full, was, now, set(now["values"].values()))
    return out


def _reserved_breaks(
    full: str, was: dict[str, Any], now: dict[str, Any], used: set[int]
) -> list[str]:
    names = set(now.get("fields", now.get("values", {})))
    out = [
        f"{full}: reserved number {n} is reused" if n in used else f"{full}: reserved {n} dropped"
        for n in was["reserved_numbers"]
        if n not in now["reserved_numbers"]
    ]
    out += [
        f"{full}: reserved name {n!r} is reused"
        if n in names
        else f"{full}: reserved {n!r} dropped"
        for n in was["reserved_names"]
        if n not in now["reserved_names"]
    ]
    return out


# ---------------------------------------------------------------- the lock


def load_lock(path: Path) -> Contract:
    if not path.exists():
        return {"messages": {}, "enums": {}}
    data: Contract = json.loads(path.read_text())
    return data


def save_lock(path: Path, lock: Contract) -> None:
    """One line per field or value, sorted, so a review reads the diff of numbers."""
    lines = ["{"]
    for k, kind in enumerate(("enums", "messages")):
        lines.append(f'  "{kind}": {{')
        items = sorted(lock[kind].items())
        for i, (full, entries) in enumerate(items):
            lines.append(f"    {json.dumps(full)}: {{")
            rows = sorted(entries.items(), key=lambda e: (e[1]["number"], e[0]))
            for j, (name, entry) in enumerate(rows):
                comma = "," if j < len(rows) - 1 else ""
                lines.append(
                    f"      {json.dumps(name)}: {json.dumps(entry, sort_keys=True)}{comma}"
                )
            lines.append("    }" + ("," if i < len(items) - 1 else ""))
        lines.append("  }" + ("," if k == 0 else ""))
    path.write_text("\n".join([*lines, "}"]) + "\n")


def lock_contract(lock: Contract, new: Contract | None = None) -> Contract:
    """The lock as a contract: its removed entries are what must stay reserved.

    A removed name that ``new`` brings back (the generator gives it its old number) counts as a
    live field instead, so reviving it is checked like any kept field: same number, same type."""
    back = new or {"messages": {}, "enums": {}}
    messages = {}
    for full, fields in lock["messages"].items():
        revived = back["messages"].get(full, {}).get("fields", {})
        live = {n: {k: v for k, v in f.items() if k != "removed"} for n, f in fields.items()}
        gone = {n: f for n, f in fields.items() if f.get("removed") and n not in revived}
        messages[full] = {
            "fields": {n: f for n, f in live.items() if n not in gone},
            "reserved_numbers": sorted(f["number"] for f in gone.values()),
            "reserved_names": sorted(gone),
        }
    enums = {}
    for full, values in lock["enums"].items():
        revived = back["enums"].get(full, {}).get("values", {})
        gone = {n: v for n, v in values.items() if v.get("removed") and n not in revived}
        enums[full] = {
            "values": {n: v["number"] for n, v in values.items() if n not in gone},
            "reserved_numbers": sorted(v["number"] for v in gone.values()),
            "reserved_names": sorted(gone),
        }
    return {"messages": messages, "enums": enums}


def extend_lock(lock: Contract, new: Contract) -> Contract:
    """The lock after ``new`` is published: new names added, vanished names marked removed."""
    out: Contract = {"messages": {}, "enums": {}}
    for full in sorted({*lock["messages"], *new["messages"]}):
        old = lock["messages"].get(full, {})
        now = new["messages"].get(full)
        if now is None:
            out["messages"][full] = old
            continue
        merged = {n: dict(f) for n, f in now["fields"].items()}
        for n, f in old.items():
            if n not in merged:
                merged[n] = {**f, "removed": True}
        out["messages"][full] = merged
    for full in sorted({*lock["enums"], *new["enums"]}):
        old = lock["enums"].get(full, {})
        now = new["enums"].get(full)
        if now is None:
            out["enums"][full] = old
            continue
        merged = {n: {"number": v} for n, v in now["values"].items()}
        for n, v in old.items():
            if n not in merged:
                merged[n] = {**v, "removed": True}
        out["enums"][full] = merged
    return out


def numbers(
    lock: Contract, kind: str, full: str, names: list[str], first: int = 1
) -> tuple[dict[str, int], list[tuple[int, str]]]:
    """Numbers for ``names`` (locked ones kept, new ones next free) and what to reserve."""
    locked = lock[kind].get(full, {})
    taken = [e["number"] for e in locked.values()]
    free = max([first - 1, *taken]) + 1
    out: dict[str, int] = {}
    for name in names:
        if name in locked:
            out[name] = locked[name]["number"]
        else:
            out[name] = free
            free += 1
    reserved = sorted(
        (e["number"], n) for n, e in locked.items() if n not in out and e["number"] >= first
    )
    return out, reserved
