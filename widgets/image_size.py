"""The pixel size of an uploaded image, read from its header (PNG, JPEG, GIF, WebP, SVG),
so a traced map keeps its proportions on the sheet without an imaging library."""

from __future__ import annotations

import re
import struct

__all__ = ["image_size"]


def image_size(data: bytes) -> tuple[int, int]:
    """``(width, height)`` in pixels; raises ``ValueError`` for what is not a known image.

    >>> png = bytes.fromhex("89504e470d0a1a0a0000000d49484452") + struct.pack(">II", 640, 480)
    >>> image_size(png)
    (640, 480)
    >>> image_size(b"hello")
    Traceback (most recent call last):
    ...
    ValueError: not an image this designer can read (PNG, JPEG, GIF, WebP or SVG)
    """
    if data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) >= 24:
        return struct.unpack(">II", data[16:24])
    if data[:6] in (b"GIF87a", b"GIF89a"):
        return struct.unpack("<HH", data[6:10])
    if data[:4] == b"RIFF" and data[8:12] == b"WEBP":
        return _webp(data)
    if data[:2] == b"\xff\xd8":
        return _jpeg(data)
    head = data[:2048].decode("utf-8", "ignore")
    if "<svg" in head:
        w, h = (re.search(rf'\b{k}="([\d.]+)', head) for k in ("width", "height"))
        box = re.search(r'viewBox="[\d.\s-]+?([\d.]+)\s+([\d.]+)"', head)
        if w and h:
            return round(float(w.group(1))), round(float(h.group(1)))
        if box:
            return round(float(box.group(1))), round(float(box.group(2)))
    raise ValueError("not an image this designer can read (PNG, JPEG, GIF, WebP or SVG)")


def _jpeg(data: bytes) -> tuple[int, int]:
    i = 2
    while i + 9 < len(data):
        if data[i] != 0xFF:
            i += 1
            continue
        marker = data[i + 1]
        length = struct.unpack(">H", data[i + 2 : i + 4])[0]
        if 0xC0 <= marker <= 0xCF and marker not in (0xC4, 0xC8, 0xCC):
            height, width = struct.unpack(">HH", data[i + 5 : i + 9])
            return width, height
        i += 2 + length
    raise ValueError("a JPEG without a frame header: cannot tell its size")


def _webp(data: bytes) -> tuple[int, int]:
    chunk = data[12:16]
    if chunk == b"VP8X":
        w = int.from_bytes(data[24:27], "little") + 1
        h = int.from_bytes(data[27:30], "little") + 1
        return w, h
    if chunk == b"VP8 ":
        w, h = struct.unpack("<HH", data[26:30])
        return w & 0x3FFF, h & 0x3FFF
    if chunk == b"VP8L":
        bits = int.from_bytes(data[21:25], "little")
        return (bits & 0x3FFF) + 1, ((bits >> 14) & 0x3FFF) + 1
    raise ValueError("a WebP image of an unknown kind: cannot tell its size")
