"""Many SVG pictures stored once: every picture split into a tree of shared pieces.

A replay page holds a picture per event and seat, and consecutive pictures differ in a few
places (one tile placed, one score moved). Identical pictures are stored once, and so is every
identical part of them: each picture is cut at its ``<g>``/``<svg>`` groups into a tree, long
runs of elements between groups are cut into chunks at content-defined boundaries (so an
insertion moves no other boundary), and every distinct node is stored once in one table. A
node is a list of strings and indexes of other nodes; the picture is their concatenation.
The table is gzipped (the browser inflates it with ``DecompressionStream``); gzip's 32 KB
window alone would miss repeats that lie further apart, which the tree catches. Drawing
stays in Python: the page only concatenates strings it was given.
"""

from __future__ import annotations

import base64
import gzip
import json
import re
import zlib
from typing import Any

GROUP = re.compile(r"<(/?)(g|svg)\b[^>]*?(/?)>")
ELEMENT_END = re.compile(r"/>|</[a-zA-Z]+>")
CHUNK_MASK = 0x7
"""A run of elements is cut after an element whose CRC ends in three zero bits: about one cut
per eight elements, placed by content so equal runs cut equally."""
Part = str | int


class Packer:
    """Interns pictures into a node table; ``add`` gives each picture's root index."""

    def __init__(self) -> None:
        self.nodes: list[list[Part]] = []
        self._index: dict[tuple[Part, ...], int] = {}
        self._pictures: dict[str, int] = {}

    def _intern(self, parts: list[Part]) -> int:
        key = tuple(parts)
        found = self._index.get(key)
        if found is None:
            found = self._index[key] = len(self.nodes)
            self.nodes.append(parts)
        return found

    def add(self, svg: str) -> int:
        """The root node of ``svg`` (the same index for the same picture)."""
        known = self._pictures.get(svg)
        if known is not None:
            return known
        stack: list[list[Part]] = [[]]
        pos = 0
        for match in GROUP.finditer(svg):
            self._run(stack[-1], svg[pos : match.start()])
            pos = match.end()
            tag = match.group(0)
            if match.group(3):  # an empty group: plain text
                self._run(stack[-1], tag)
            elif match.group(1):  # closing: the group becomes one node of its parent
                if len(stack) == 1:
                    raise ValueError("an SVG closes a group it never opened")
                done = stack.pop()
                done.append(tag)
                stack[-1].append(self._intern(done))
            else:
                stack.append([tag])
        self._run(stack[-1], svg[pos:])
        if len(stack) != 1:
            raise ValueError("an SVG leaves a group open")
        root = self._intern(stack[0])
        self._pictures[svg] = root
        return root

    def _run(self, parts: list[Part], text: str) -> None:
        """Elements between group tags, as chunks cut by content (see ``CHUNK_MASK``)."""
        if not text:
            return
        start = 0
        for match in ELEMENT_END.finditer(text):
            end = match.end()
            if zlib.crc32(text[start:end].encode()) & CHUNK_MASK == 0 or end == len(text):
                parts.append(self._intern([text[start:end]]))
                start = end
        if start < len(text):
            parts.append(self._intern([text[start:]]))

    def unpack(self, root: int) -> str:
        """The picture ``root`` stands for."""
        return unpack(self.nodes, root)

    def payload(self) -> str:
        """The node table as base64 of gzipped JSON."""
        raw = json.dumps(self.nodes, ensure_ascii=False, separators=(",", ":")).encode()
        return base64.b64encode(gzip.compress(raw, 9, mtime=0)).decode("ascii")


def unpack(nodes: list[list[Any]], root: int) -> str:
    """The picture node ``root`` of ``nodes`` stands for (what the page's script does)."""
    return "".join(p if isinstance(p, str) else unpack(nodes, p) for p in nodes[root])


def unpayload(text: str) -> list[list[Any]]:
    """The node table of :meth:`Packer.payload` back (tests and the diff mode's checks)."""
    nodes: list[list[Any]] = json.loads(gzip.decompress(base64.b64decode(text)))
    return nodes
