"""The palace family's boards as the shared board scene sees them (game/scenes/views/api.py).

Each board (one, two or four palaces: game.rules.palace_board) is drawn from its graph: a wooden
board with its lines burnt in, the palace triangles lacquered red and their doors ringed, black
kings as ebony discs with a gold 王, white soldiers as ivory discs with 兵. Beside the board: the
soldiers still in hand as a stack with their count (left) and black's captures filling one slot
per capture needed (right).
The teaching overlay (O) shows, for each king, how many escape points it still has, the points
where one more soldier would shut a king in, and at every empty point how many soldiers it takes
to surround a lone king there (16 in the middle of the square, 4 or 5 inside a palace).
"""

from __future__ import annotations

import math
import random

import pygame

from game import fonts
from game.i18n import tr
from game.rules import palace as P
from game.scenes.views.api import GameView
from game.scenes.views.piece_art import PieceImages, blit_piece, lit_disc

# ---- colours ------------------------------------------------------------------------------------
WOOD = (203, 156, 96)
WOOD_DARK = (176, 128, 72)
WOOD_LIGHT = (222, 182, 122)
FRAME = (112, 68, 36)
FRAME_LIGHT = (150, 98, 54)
INK = (62, 36, 18)
PALACE_TINT = (168, 52, 38, 70)
LABEL = (92, 58, 30)
EBONY = ((70, 70, 78), (14, 14, 18))
IVORY = ((253, 248, 234), (206, 190, 158))
GOLD = (226, 182, 86)
SOLDIER_INK = (122, 54, 36)
SIDE_TEXT = (226, 214, 190)
SIDE_DIM = (160, 150, 132)
TRAP = (232, 56, 48)
DOOR = (150, 40, 28)
BADGE = {0: (214, 48, 40), 1: (236, 120, 40), 2: (230, 190, 60)}
BADGE_OK = (80, 176, 96)

MARGIN = 0.9  # board edge to the outer points, in grid steps


# ---- what the overlay teaches ---------------------------------------------------------------------
def surround(board) -> dict:
    """{point: soldiers it takes to surround a lone king there}: every neighbour, plus the point
    behind each neighbour on the same line (else the king jumps it)."""
    return {p: len(set(board.adj[p]) | {to for _, to in board.jumps[p]}) for p in board.points}


SURROUND = surround(P.BOARDS[2])


def king_escapes(state, king):
    """Moves (steps and single jumps) the king on `king` has in `state`'s board."""
    b = state.board
    empty = b.used_mask & ~(state.black | state.white)
    n = (b.adj_mask[king] & empty).bit_count()
    for over, to in b.jumps[king]:
        if state.white >> over & 1 and empty >> to & 1:
            n += 1
    return n


def trap_points(state):
    """{empty point: kings that one more soldier there would leave without a move}."""
    out = {}
    b = state.board
    kings = state.kings
    for p in b.points:
        if state.at(p) is not None:
            continue
        white = state.white | (1 << p)
        empty = b.used_mask & ~(state.black | white)
        for k in kings:
            if (b.adj_mask[k] & empty) or any(white >> o & 1 and empty >> t & 1 for o, t in b.jumps[k]):
                continue
            if king_escapes(state, k):  # not already shut
                out.setdefault(p, []).append(k)
    return out


class View(GameView):
    game = "palace"
    setup_picture = True  # one, two or four palaces: the setup shows the board chosen

    def __init__(self, options: dict):
        super().__init__(options)
        self.board = P.BOARDS[self.options.get("palaces", 2)]
        self.surround = surround(self.board)
        self.step = 10
        self.radius = 4
        self.origin = (0, 0)
        self.board_rect = pygame.Rect(0, 0, 1, 1)
        self.hand_rect = pygame.Rect(0, 0, 1, 1)
        self.caps_rect = pygame.Rect(0, 0, 1, 1)
        self.show_coords = True
        self._board_cache = None
        self._images = PieceImages(self._piece_surface, most=96)

    # ---- geometry -------------------------------------------------------------------------------
    def follow(self, state) -> None:
        """Take the board of `state` if it is another one (a lesson step or a loaded position on
        another board): the layout is made again for it."""
        if state.board is not self.board:
            self.board = state.board
            self.surround = surround(self.board)
            self.options["palaces"] = self.board.palaces
            self.layout(self.rect, self.flipped)

    def layout(self, rect, flipped):
        super().layout(rect, flipped)
        r = self.rect
        # units of the grid step: the board (cols-1) x (rows-1) plus 0.9 margins for the frame and
        # coordinates, a side column each side (2.0 wide, 1.6 on the wide board) with 0.3 gaps
        b = self.board
        side = 2.0 if b.cols < 9 else 1.6
        gw, gh = b.cols - 1 + 2 * MARGIN, b.rows - 1 + 2 * MARGIN
        s = max(4.0, min(r.w / (gw + 2 * (side + 0.3)), r.h / gh))
        self.step = s
        bw, bh = gw * s, gh * s
        total_w = bw + 2 * (side + 0.3) * s
        left = r.x + (r.w - total_w) / 2
        top = r.y + (r.h - bh) / 2
        self.board_rect = pygame.Rect(round(left + (side + 0.3) * s), round(top), round(bw), round(bh))
        self.origin = (self.board_rect.x + MARGIN * s, self.board_rect.y + MARGIN * s)
        self.hand_rect = pygame.Rect(round(left), round(top + 0.3 * s), round(side * s), round(bh - 0.6 * s))
        self.caps_rect = pygame.Rect(
            round(left + total_w - side * s), round(top + 0.3 * s), round(side * s), round(bh - 0.6 * s)
        )
        self.radius = max(3, int(s * 0.36))
        self._board_cache = None
        self._images.clear()

    def points(self):
        return list(self.board.points)

    def point_xy(self, point):
        b = self.board
        row, col = divmod(point, b.cols)
        if self.flipped:
            row, col = b.rows - 1 - row, b.cols - 1 - col
        return (round(self.origin[0] + col * self.step), round(self.origin[1] + row * self.step))

    def piece_radius(self):
        return self.radius

    def jumped(self, pieces, a, b):
        over = self.board.jump_over.get((a, b))
        return over if over in pieces else None

    def is_jump(self, a, b):
        return (a, b) in self.board.jump_over

    # ---- the board ------------------------------------------------------------------------------
    def draw_board(self, surface):
        if self._board_cache is None or self._board_cache[0] != (self.board_rect, self.flipped, self.show_coords):
            self._board_cache = ((self.board_rect, self.flipped, self.show_coords), self._render_board())
        surface.blit(self._board_cache[1], self.board_rect)

    def _local(self, point):
        x, y = self.point_xy(point)
        return x - self.board_rect.x, y - self.board_rect.y

    def _render_board(self):
        w, h = self.board_rect.size
        s = self.step
        surf = pygame.Surface((w, h), pygame.SRCALPHA)
        corner = max(4, int(s * 0.25))
        # frame and wood with grain
        pygame.draw.rect(surf, FRAME, (0, 0, w, h), border_radius=corner)
        inset = max(3, int(s * 0.16))
        inner = pygame.Rect(inset, inset, w - 2 * inset, h - 2 * inset)
        wood = pygame.Surface(inner.size, pygame.SRCALPHA)
        wood.fill(WOOD + (255,))
        rng = random.Random(11)
        for _ in range(int(inner.w * 0.9)):
            x0 = rng.uniform(-0.1, 1.1) * inner.w
            amp = rng.uniform(0.5, 3.5) * s / 40
            freq = rng.uniform(1.5, 4.0)
            phase = rng.uniform(0, math.tau)
            colour = WOOD_DARK if rng.random() < 0.55 else WOOD_LIGHT
            shade = rng.uniform(0.15, 0.5)
            c = tuple(int(WOOD[i] + (colour[i] - WOOD[i]) * shade) for i in range(3))
            pts = [(x0 + amp * math.sin(freq * y / inner.h * math.tau + phase), y) for y in range(0, inner.h + 8, 8)]
            pygame.draw.lines(wood, c, False, pts, 1)
        mask = pygame.Surface(inner.size, pygame.SRCALPHA)
        pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=max(2, corner - inset // 2))
        wood.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
        surf.blit(wood, inner)
        pygame.draw.rect(surf, FRAME_LIGHT, (0, 0, w, h), max(1, inset // 3), border_radius=corner)
        pygame.draw.rect(surf, (80, 46, 22), inner.inflate(2, 2), 1, border_radius=max(2, corner - inset // 2))
        # lacquered palaces
        tint = pygame.Surface((w, h), pygame.SRCALPHA)
        board = self.board
        for tri in board.triangles:
            pygame.draw.polygon(tint, PALACE_TINT, [self._local(p) for p in tri])
        surf.blit(tint, (0, 0))
        # the lines
        width = max(2, int(s / 26))
        for line in board.lines:
            pts = [self._local(p) for p in line]
            pygame.draw.lines(surf, INK, False, pts, width)
        # points: small dots; doors and centre ringed
        dot = max(2, int(s * 0.075))
        for p in board.points:
            x, y = self._local(p)
            pygame.draw.circle(surf, INK, (x, y), dot)
            if p in board.doors:  # a door: a red ring round the point
                pygame.draw.circle(surf, DOOR, (x, y), int(s * 0.46), max(2, width))
            elif p == board.centre:
                pygame.draw.circle(surf, INK, (x, y), int(s * 0.17), max(1, width - 1))
        if self.show_coords:
            f = fonts.font(max(8, int(s * 0.26)))
            for c in range(board.cols):
                col = board.cols - 1 - c if self.flipped else c
                img = f.render(board.files[col], True, LABEL)
                x = self.origin[0] - self.board_rect.x + c * s
                surf.blit(img, img.get_rect(center=(x, h - s * 0.36)))
            for r in range(board.rows):
                row = board.rows - 1 - r if self.flipped else r
                img = f.render(str(board.rows - row), True, LABEL)
                y = self.origin[1] - self.board_rect.y + r * s
                surf.blit(img, img.get_rect(center=(s * 0.36, y)))
        return surf

    # ---- pieces ---------------------------------------------------------------------------------
    def pieces(self, state):
        self.follow(state)
        out = {}
        for p in state.board.points:
            code = state.at(p)
            if code:
                out[p] = code
        return out

    def _piece_surface(self, piece, radius):
        pad = max(2, radius // 5)
        light, dark = EBONY if piece == "B" else IVORY
        img = lit_disc(
            radius, pad, light, dark, shadow_alpha=80, shadow_offset=(pad // 2, pad), exponent=1.6, shift=0.28
        )
        c = img.get_width() // 2
        rim = (0, 0, 0) if piece == "B" else (150, 124, 86)
        pygame.draw.circle(img, rim, (c, c), radius, max(1, radius // 12))
        if piece == "B":
            pygame.draw.circle(img, GOLD, (c, c), int(radius * 0.78), max(1, radius // 14))
            glyph, colour = "王", GOLD
        else:
            pygame.draw.circle(img, (176, 150, 110), (c, c), int(radius * 0.78), max(1, radius // 16))
            glyph, colour = "兵", SOLDIER_INK
        if radius >= 7:
            f = fonts.font(max(6, int(radius * 1.05)), serif=True)
            g = f.render(glyph, True, colour)
            img.blit(g, g.get_rect(center=(c, c + radius // 20)))
        return img

    def draw_piece(self, surface, piece, center, scale=1.0, alpha=255, flip=None):
        radius = max(2, int(round(self.radius * scale)))
        blit_piece(surface, self._images.get(piece, radius), center, alpha)

    # ---- beside the board: soldiers in hand, captures toward the target --------------------------------
    def draw_extras(self, surface, state, lang):
        self.follow(state)
        s = self.step
        f_px, big_px = max(9, int(s * 0.3)), max(10, int(s * 0.5))
        f, big = fonts.font(f_px), fonts.font(big_px)
        small_r = self.radius * 0.82
        # the stack of soldiers in hand, piled upward from the bottom of the left column (the labels
        # kept in the margins beside the board: on a small picture of the wide board they are wider
        # than the columns)
        hr = self.hand_rect
        room = pygame.Rect(self.rect.x, 0, self.board_rect.x - self.rect.x, 1)
        self._side_label(surface, tr("palace.in_hand", lang), f_px, SIDE_DIM, hr.centerx, hr.y, room)
        colour = SIDE_TEXT if state.hand else SIDE_DIM
        self._side_label(surface, str(state.hand), big_px, colour, hr.centerx, hr.y + f.get_height(), room)
        base_y = hr.bottom - small_r - 2
        most = max(state.hand, P.board_setup(state.board.palaces).max_hand, 1)
        lift = min(small_r * 0.5, (hr.h - 3.5 * s - 2 * small_r) / most)
        for i in range(state.hand):
            self.draw_piece(surface, "W", (hr.centerx, base_y - i * lift), scale=0.82)
        if state.hand == 0:
            pygame.draw.circle(surface, SIDE_DIM, (hr.centerx, round(base_y)), round(small_r), 1)
        # black's captures: one slot per capture needed, from the top of the right column
        cr = self.caps_rect
        room = pygame.Rect(self.board_rect.right, 0, self.rect.right - self.board_rect.right, 1)
        self._side_label(surface, tr("palace.captures", lang), f_px, SIDE_DIM, cr.centerx, cr.y, room)
        n = state.captures
        target = state.win_captures
        colour = (236, 120, 90) if n >= target - 2 else SIDE_TEXT
        self._side_label(surface, f"{n}/{target}", big_px, colour, cr.centerx, cr.y + f.get_height(), room)
        top = cr.y + f.get_height() + big.get_height() + small_r + s * 0.2
        gap = min(2.2 * small_r, (cr.bottom - small_r - top) / max(1, target - 1))
        for i in range(target):
            y = top + i * gap
            pygame.draw.circle(surface, (70, 64, 58), (cr.centerx, round(y)), round(small_r), max(1, int(s / 30)))
            if i < n:
                self.draw_piece(surface, "W", (cr.centerx, y), scale=0.82)

    @staticmethod
    def _side_label(surface, text, px, colour, centre_x, y, room) -> None:
        """`text` at `px` pixels centred on centre_x at y and kept within `room`'s columns (the
        margin beside the board): shrunk to fit down to 9 px on a small picture of the wide board,
        else left out rather than drawn across the board's frame."""
        font = fonts.font(px)
        height = font.get_height()
        while font.size(text)[0] > room.w:
            if px <= 9:
                return
            px -= 1
            font = fonts.font(px)
        img = font.render(text, True, colour)
        box = img.get_rect(midtop=(centre_x, y + (height - img.get_height()) // 2))
        box.x = max(room.x, min(box.x, room.right - box.w))
        surface.blit(img, box)

    # ---- the teaching overlay --------------------------------------------------------------------
    def has_overlay(self):
        return True

    def draw_overlay(self, surface, state, lang):
        s = self.step
        r = self.radius
        tiny = fonts.font(max(8, int(s * 0.22)))
        small = fonts.font(max(9, int(s * 0.28)))
        pieces = self.pieces(state)
        traps = trap_points(state)
        for p in state.board.points:
            if p in pieces:
                continue
            x, y = self.point_xy(p)
            need = self.surround.get(p, 0)
            colour = (150, 40, 30) if need <= 5 else ((120, 80, 20) if need <= 8 else (40, 80, 40))
            img = tiny.render(str(need), True, colour)
            box = img.get_rect(center=(x + r * 0.62, y - r * 0.62))
            bg = pygame.Surface(box.inflate(4, 0).size, pygame.SRCALPHA)
            bg.fill((246, 232, 200, 190))
            surface.blit(bg, box.inflate(4, 0))
            surface.blit(img, box)
            if p in traps:
                pygame.draw.circle(surface, TRAP, (x, y), int(r * 0.8), max(2, int(s / 18)))
                d = int(r * 0.35)
                pygame.draw.line(surface, TRAP, (x - d, y - d), (x + d, y + d), max(2, int(s / 20)))
                pygame.draw.line(surface, TRAP, (x - d, y + d), (x + d, y - d), max(2, int(s / 20)))
        for k in state.kings:
            n = king_escapes(state, k)
            x, y = self.point_xy(k)
            centre = (round(x + r * 0.85), round(y - r * 0.85))
            rad = max(7, int(r * 0.45))
            pygame.draw.circle(surface, BADGE.get(n, BADGE_OK), centre, rad)
            pygame.draw.circle(surface, (255, 255, 255), centre, rad, max(1, rad // 6))
            img = small.render(str(n), True, (255, 255, 255))
            surface.blit(img, img.get_rect(center=centre))

    def overlay_legend(self, lang):
        return [
            tr("palace.overlay.title", lang),
            tr("palace.overlay.badge", lang),
            tr("palace.overlay.trap", lang),
            tr("palace.overlay.need", lang),
            tr("palace.overlay.hint", lang),
        ]

    # ---- side panel -----------------------------------------------------------------------------
    def seat_label(self, seat, start_state, lang, state=None):
        side = start_state.to_move if seat == 0 else ("w" if start_state.to_move == "b" else "b")
        return tr("palace.seat_black" if side == "b" else "palace.seat_white", lang)

    def side_label(self, side, lang):
        return tr("palace.black" if side == "b" else "palace.white", lang)

    def captured(self, state):
        return {"b": ["W"] * state.captures, "w": []}

    def status_lines(self, state, lang):
        lines = [
            tr("palace.status_hand", lang, n=state.hand) if state.hand else tr("palace.status_moving", lang),
            tr("palace.status_captures", lang, n=state.captures, target=state.win_captures),
        ]
        if state.board.palaces != 2:
            lines.insert(0, tr("palace.status_board", lang, board=tr(f"palace.board.{state.board.palaces}", lang)))
        limit = state.options.get("no_progress", 100)
        if limit and state.hand == 0 and state.plies:
            lines.append(tr("palace.status_quiet", lang, n=state.plies, limit=limit))
        if state.options.get("repetition", True):
            seen = state.history.count(state.key())
            if seen >= 2:
                lines.append(tr("palace.status_repeat", lang, n=seen))
        return lines

    def result_text(self, result, lang):
        reason = result.reason
        if reason == "white_blocked":
            return tr(
                "palace.result.white_blocked_win" if result.winner == "b" else "palace.result.white_blocked_draw", lang
            )
        if reason == "resign":
            loser = "w" if result.winner == "b" else "b"
            return tr(
                "palace.result.resign",
                lang,
                side=self.side_label(loser, lang),
                winner=self.side_label(result.winner, lang),
            )
        if reason == "no_progress":
            return tr("palace.result.no_progress", lang, n=self.options.get("no_progress", 100) or 100)
        if reason == "captures":
            target = self.options.get("target") or P.board_setup(self.board.palaces).target
            return tr("palace.result.captures", lang, n=target)
        key = f"palace.result.{reason}"
        return tr(key, lang)

    # ---- keys -----------------------------------------------------------------------------------
    def show_labels(self, on):
        self.show_coords = bool(on)

    def labels_shown(self):
        return self.show_coords

    def handle_key(self, key):
        if key == pygame.K_c:
            self.show_coords = not self.show_coords
            return True
        return False

    def help_keys(self, lang):
        return [("C", tr("palace.coords_key", lang))]


def _wrap(font, text, width):
    """Rendered lines of `text` no wider than `width` (words for English, characters for Chinese)."""
    out, line = [], ""
    tokens = text.split(" ") if " " in text else list(text)
    sep = " " if " " in text else ""
    for tok in tokens:
        trial = (line + sep + tok) if line else tok
        if font.size(trial)[0] <= width or not line:
            line = trial
        else:
            out.append(line)
            line = tok
    if line:
        out.append(line)
    return [font.render(t, True, SIDE_TEXT) for t in out]
