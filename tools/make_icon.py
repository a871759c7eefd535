"""Draw Qipan's icon and write it for the three systems: python tools/make_icon.py

    assets/icon/qipan.png    512x512 (the window icon, Linux)
    assets/icon/qipan.ico    16..256 px (Windows; PNG images inside an ICO container)
    assets/icon/qipan.icns   128..1024 px (macOS; PNG images inside an ICNS container)

A red xiangqi-style piece with 棋 in the shipped serif font, on a board-coloured square. Needs
only pygame (no Pillow): the ICO and ICNS containers are written here. The files are committed;
run this again only to change the design.
"""

from __future__ import annotations

import io
import os
import struct
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import pygame  # noqa: E402

OUT = ROOT / "assets" / "icon"
ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)
ICNS_TYPES = ((b"ic07", 128), (b"ic08", 256), (b"ic09", 512), (b"ic10", 1024))


def draw(size: int) -> pygame.Surface:
    """The icon at `size` pixels, drawn at 4x and smoothed down."""
    from game.fonts import SERIF_FILE

    big = size * 4 if size < 256 else size
    s = pygame.Surface((big, big), pygame.SRCALPHA)
    k = big / 512
    board = pygame.Rect(0, 0, big, big).inflate(-int(24 * k), -int(24 * k))
    pygame.draw.rect(s, (226, 184, 118), board, border_radius=int(96 * k))  # wood
    pygame.draw.rect(s, (150, 104, 38), board, width=max(1, int(10 * k)), border_radius=int(96 * k))
    for i in (1, 2, 3):  # board lines
        x = board.left + board.width * i // 4
        y = board.top + board.height * i // 4
        pygame.draw.line(s, (150, 104, 38), (x, board.top + 6 * k), (x, board.bottom - 6 * k), max(1, int(5 * k)))
        pygame.draw.line(s, (150, 104, 38), (board.left + 6 * k, y), (board.right - 6 * k, y), max(1, int(5 * k)))
    c = board.center
    pygame.draw.circle(s, (60, 38, 20, 120), (c[0] + int(8 * k), c[1] + int(12 * k)), int(178 * k))  # shadow
    pygame.draw.circle(s, (246, 232, 200), c, int(178 * k))  # ivory piece
    pygame.draw.circle(s, (190, 40, 36), c, int(178 * k), max(1, int(14 * k)))
    pygame.draw.circle(s, (190, 40, 36), c, int(150 * k), max(1, int(6 * k)))
    font = pygame.font.Font(str(SERIF_FILE), int(230 * k))
    glyph = font.render("棋", True, (190, 40, 36))
    s.blit(glyph, glyph.get_rect(center=(c[0], c[1] + int(6 * k))))
    return pygame.transform.smoothscale(s, (size, size)) if big != size else s


def png_bytes(surface: pygame.Surface) -> bytes:
    buf = io.BytesIO()
    pygame.image.save(surface, buf, "icon.png")
    return buf.getvalue()


def ico(images: list[tuple[int, bytes]]) -> bytes:
    """An ICO file holding PNG images (Windows Vista and later read them)."""
    head = struct.pack("<HHH", 0, 1, len(images))
    offset = 6 + 16 * len(images)
    entries, data = b"", b""
    for size, png in images:
        dim = 0 if size >= 256 else size
        entries += struct.pack("<BBBBHHII", dim, dim, 0, 0, 1, 32, len(png), offset + len(data))
        data += png
    return head + entries + data


def icns(images: list[tuple[bytes, bytes]]) -> bytes:
    """An ICNS file holding PNG images."""
    body = b"".join(kind + struct.pack(">I", 8 + len(png)) + png for kind, png in images)
    return b"icns" + struct.pack(">I", 8 + len(body)) + body


def main() -> int:
    pygame.init()
    OUT.mkdir(parents=True, exist_ok=True)
    (OUT / "qipan.png").write_bytes(png_bytes(draw(512)))
    (OUT / "qipan.ico").write_bytes(ico([(n, png_bytes(draw(n))) for n in ICO_SIZES]))
    (OUT / "qipan.icns").write_bytes(icns([(kind, png_bytes(draw(n))) for kind, n in ICNS_TYPES]))
    for name in ("qipan.png", "qipan.ico", "qipan.icns"):
        print(f"{OUT / name}: {(OUT / name).stat().st_size} bytes")
    pygame.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main())
