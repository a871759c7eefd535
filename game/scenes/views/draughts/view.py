"""Draughts view: the 10x10 board (or the 8x8 board of the Russian, Brazilian and English
variants, option `variant`), men and crowned kings, coordinates, square numbers on demand (N), and
a teaching overlay (O) that marks the pieces under attack.

Points are square numbers 1..50 (1..32 on 8x8; game.rules.draughts). White plays from the bottom
unless the board is flipped.
"""

from __future__ import annotations

import math

import pygame

from game import fonts
from game.i18n import tr
from game.rules import draughts as R
from game.rules import draughts_variants as V
from game.rules.draughts_movegen import generator
from game.scenes.views.api import GameView
from game.scenes.views.piece_art import PieceImages, blit_piece

LIGHT = (236, 214, 174)
DARK = (120, 78, 48)
DARK_HI = (138, 92, 58)
FRAME = (64, 40, 24)
FRAME_HI = (104, 70, 42)
COORD = (232, 206, 160)
NUMBER = (250, 232, 196)
WHITE_FACE = (246, 240, 226)
WHITE_RIM = (196, 184, 160)
WHITE_EDGE = (120, 108, 90)
BLACK_FACE = (48, 44, 44)
BLACK_RIM = (22, 20, 20)
BLACK_EDGE = (8, 8, 8)
CROWN_ON_WHITE = (196, 140, 36)
CROWN_ON_BLACK = (236, 190, 80)
ATTACKED = (230, 70, 60)
# (light, dark, dark's top edge) of each variant's board: English checkers is played on green and
# cream (WCDF rules 1.2), the others on the brown board above
BOARD_COLOURS = {"english": ((238, 230, 200), (52, 116, 70), (66, 134, 84))}


class View(GameView):
    game = "draughts"
    bottom_side = "w"
    setup_extra = ("draughts_setup", "setup.custom")
    setup_picture = True  # 10x10 or one of the 8x8 boards: the setup shows the variant chosen

    def __init__(self, options: dict):
        super().__init__(options)
        self.variant = V.get(options.get("variant", "international"))
        self.geo = self.variant.geometry  # the board's size and numbering
        self.size = self.geo.size
        self.show_numbers = True  # the board and the move list speak one notation
        self.cell = 1
        self.origin = (0, 0)
        self._board = None
        self._images = PieceImages(self._piece_surface)
        self._recent = [{}, {}]
        self._numbers = None  # (layout key, the numbers drawn once on a transparent layer)

    # ---- geometry ----------------------------------------------------------------------------
    def layout(self, rect, flipped):
        super().layout(rect, flipped)
        rect = pygame.Rect(rect)
        side = min(rect.w, rect.h)
        margin = max(10, int(side * 0.055))  # the frame with coordinates
        cell = max(4, (side - 2 * margin) // self.size)
        self.cell = cell
        self.margin = margin
        board = cell * self.size
        self.board_rect = pygame.Rect(0, 0, board, board)
        self.board_rect.center = rect.center
        self.frame_rect = self.board_rect.inflate(2 * margin, 2 * margin)
        self.origin = self.board_rect.topleft
        self._board = None
        self._images.clear()

    def points(self):
        return list(range(1, self.geo.n + 1))

    def grid_xy(self, row, col):
        if self.flipped:
            row, col = self.size - 1 - row, self.size - 1 - col
        x0, y0 = self.origin
        return x0 + col * self.cell + self.cell // 2, y0 + row * self.cell + self.cell // 2

    def point_xy(self, point):
        return self.grid_xy(*self.geo.row_col(point))

    def piece_radius(self):
        return max(2, int(self.cell * 0.41))

    def hit(self, pos):
        x0, y0 = self.origin
        col = (pos[0] - x0) // self.cell
        row = (pos[1] - y0) // self.cell
        if self.flipped:
            row, col = self.size - 1 - row, self.size - 1 - col
        return self.geo.square_at(row, col)

    def jumped(self, pieces, a, b):
        (ra, ca), (rb, cb) = self.geo.row_col(a), self.geo.row_col(b)
        if abs(ra - rb) != abs(ca - cb) or abs(ra - rb) < 2:
            return None
        dr, dc = (1 if rb > ra else -1), (1 if cb > ca else -1)
        for i in range(1, abs(ra - rb)):
            sq = self.geo.square_at(ra + i * dr, ca + i * dc)
            if sq in pieces:
                return sq
        return None

    def is_jump(self, a, b):
        """A path segment passes over a piece when a square between a and b is occupied in the
        position before the move (the board scene asks right after pieces(before), pieces(after))."""
        before = self._recent[0]
        (ra, ca), (rb, cb) = self.geo.row_col(a), self.geo.row_col(b)
        if abs(ra - rb) != abs(ca - cb) or abs(ra - rb) < 2:
            return False
        dr, dc = (1 if rb > ra else -1), (1 if cb > ca else -1)
        return any(self.geo.square_at(ra + i * dr, ca + i * dc) in before for i in range(1, abs(ra - rb)))

    # ---- board -------------------------------------------------------------------------------------
    def _font(self, size):
        return fonts.font(max(8, int(size)))

    def _render_board(self):
        surf = pygame.Surface(self.rect.size, pygame.SRCALPHA)
        off = (-self.rect.x, -self.rect.y)
        frame = self.frame_rect.move(off)
        board = self.board_rect.move(off)
        # drop shadow and wooden frame
        shadow = pygame.Surface((frame.w + 24, frame.h + 24), pygame.SRCALPHA)
        for i in range(12):
            pygame.draw.rect(shadow, (0, 0, 0, 10), shadow.get_rect().inflate(-2 * i, -2 * i), border_radius=18)
        surf.blit(shadow, (frame.x - 12, frame.y - 6))
        pygame.draw.rect(surf, FRAME, frame, border_radius=max(6, self.margin // 3))
        pygame.draw.rect(surf, FRAME_HI, frame, max(2, self.margin // 8), border_radius=max(6, self.margin // 3))
        c, n = self.cell, self.size
        light, dark, dark_hi = BOARD_COLOURS.get(self.variant.name, (LIGHT, DARK, DARK_HI))
        for row in range(n):
            for col in range(n):
                r = pygame.Rect(board.x + col * c, board.y + row * c, c, c)
                if (row + col) % 2 == 0:
                    pygame.draw.rect(surf, light, r)
                else:
                    pygame.draw.rect(surf, dark, r)
                    pygame.draw.line(surf, dark_hi, r.topleft, (r.right - 1, r.top))
        # a soft inner glow along the board's edge
        glow = pygame.Surface(board.size, pygame.SRCALPHA)
        depth = max(4, c // 3)
        for i in range(depth):
            a = int(70 * (1 - i / depth) ** 2)
            pygame.draw.rect(glow, (255, 226, 170, a), glow.get_rect().inflate(-2 * i, -2 * i), 1)
        surf.blit(glow, board.topleft)
        pygame.draw.rect(surf, (30, 18, 10), board.inflate(2, 2), 1)
        # coordinates: files a..j, ranks 1..10 (a..h, 1..8 on 8x8; from White's side), turned with the board
        font = self._font(self.margin * 0.5)
        files = "abcdefghij"
        for i in range(n):
            col = n - 1 - i if self.flipped else i
            row = n - 1 - i if self.flipped else i
            x = board.x + i * c + c // 2
            y = board.y + i * c + c // 2
            for text, center in (
                (files[col], (x, board.bottom + self.margin // 2)),
                (files[col], (x, board.top - self.margin // 2)),
                (str(n - row), (board.left - self.margin // 2, y)),
                (str(n - row), (board.right + self.margin // 2, y)),
            ):
                img = font.render(text, True, COORD)
                surf.blit(img, img.get_rect(center=center))
        return surf

    def draw_board(self, surface):
        if self._board is None or self._board.get_size() != self.rect.size:
            self._board = self._render_board()
        surface.blit(self._board, self.rect.topleft)

    def draw_over(self, surface, state, lang):
        """Square numbers in the top-left corner of each playing square, over the pieces with a
        dark edge, so the board and the move list speak one notation."""
        if not self.show_numbers or self.variant.algebraic:  # Russian names squares by the coordinates
            return
        key = (self.cell, self.flipped, self.board_rect.topleft)
        if self._numbers is None or self._numbers[0] != key:
            font = self._font(self.cell * 0.22)
            layer = pygame.Surface(self.board_rect.size, pygame.SRCALPHA)  # the board only: cheap to blit
            ox, oy = self.board_rect.topleft
            for sq in self.points():
                x, y = self.point_xy(sq)
                pos = (x - self.cell // 2 + 2 - ox, y - self.cell // 2 - oy)
                shade = font.render(str(sq), True, (24, 14, 6))
                for dx, dy in ((1, 1), (-1, 0), (1, 0), (0, 1)):
                    layer.blit(shade, (pos[0] + dx, pos[1] + dy))
                layer.blit(font.render(str(sq), True, NUMBER), pos)
            if pygame.display.get_surface() is not None:
                layer = layer.convert_alpha()  # the display's own format: a cheaper blit every frame
            self._numbers = (key, layer)
        surface.blit(self._numbers[1], self.board_rect.topleft)

    def show_labels(self, on):
        self.show_numbers = bool(on)

    def labels_shown(self):
        return self.show_numbers

    def handle_key(self, key):
        if key == pygame.K_n:
            self.show_numbers = not self.show_numbers
            return True
        return False

    def help_keys(self, lang):
        if self.variant.algebraic:  # Russian: the coordinates name the squares, N shows nothing
            return []
        return [("N", tr("draughts.key.numbers", lang))]

    # ---- pieces ------------------------------------------------------------------------------------
    def pieces(self, state):
        out = state.pieces()
        self._recent = [self._recent[1], out]
        return out

    def _piece_surface(self, code, r):
        white = code in "wW"
        face, rim, edge = (WHITE_FACE, WHITE_RIM, WHITE_EDGE) if white else (BLACK_FACE, BLACK_RIM, BLACK_EDGE)
        size = 2 * r + 8
        surf = pygame.Surface((size, size), pygame.SRCALPHA)
        c = size // 2
        # shadow, side (thickness), top face with ridges
        pygame.draw.circle(surf, (0, 0, 0, 80), (c + 2, c + 4), r)
        pygame.draw.circle(surf, edge, (c, c + 2), r)
        pygame.draw.circle(surf, rim, (c, c), r)
        pygame.draw.circle(surf, face, (c, c - 1), int(r * 0.86))
        for k in (0.72, 0.5):
            pygame.draw.circle(surf, rim, (c, c - 1), int(r * k), max(1, r // 14))
        # highlight
        hi = pygame.Surface((size, size), pygame.SRCALPHA)
        pygame.draw.circle(hi, (255, 255, 255, 60 if white else 36), (c - r // 3, c - r // 3), int(r * 0.38))
        surf.blit(hi, (0, 0))
        if code in "WB":
            self._crown(surf, (c, c - 1), r, CROWN_ON_WHITE if white else CROWN_ON_BLACK)
        return surf

    @staticmethod
    def _crown(surf, center, r, colour):
        x, y = center
        w = r * 0.66
        h = r * 0.5
        base = y + h * 0.55
        top = y - h * 0.75
        pts = [
            (x - w, base),
            (x - w, y - h * 0.2),
            (x - w * 0.5, y + h * 0.05),
            (x, top),
            (x + w * 0.5, y + h * 0.05),
            (x + w, y - h * 0.2),
            (x + w, base),
        ]
        pts = [(int(a), int(b)) for a, b in pts]
        pygame.draw.polygon(surf, colour, pts)
        pygame.draw.polygon(surf, (60, 40, 10), pts, max(1, r // 16))
        for px_, py_ in (pts[1], pts[3], pts[5]):
            pygame.draw.circle(surf, colour, (px_, py_), max(2, r // 10))
        band = pygame.Rect(0, 0, int(2 * w), max(2, int(r * 0.14)))
        band.midbottom = (x, int(base))
        pygame.draw.rect(surf, (60, 40, 10), band)

    def draw_piece(self, surface, piece, center, scale=1.0, alpha=255, flip=None):
        r = max(2, int(self.piece_radius() * scale))
        blit_piece(surface, self._images.get(piece, r), center, alpha)

    # ---- teaching overlay: pieces the opponent could capture now ------------------------------------
    def has_overlay(self):
        return True

    def draw_overlay(self, surface, state, lang):
        occ = state.wm | state.wk | state.bm | state.bk
        attacked = set()
        sides = ((state.wm, state.wk, state.bm | state.bk, True), (state.bm, state.bk, state.wm | state.wk, False))
        for men, kings, enemy, white in sides:
            if self.variant is V.INTERNATIONAL:
                found = R.gen_captures(men, kings, enemy, occ)
            else:
                found = generator(self.variant).captures(men, kings, enemy, occ, white)
            for mv in found:
                attacked.update(self.geo.squares(mv[2]))
        r = self.piece_radius()
        for sq in attacked:
            x, y = self.point_xy(sq)
            pygame.draw.circle(surface, ATTACKED, (x, y), int(r * 1.18), max(2, r // 8))
            pygame.draw.line(surface, ATTACKED, (x - r // 3, y - r // 3), (x + r // 3, y + r // 3), max(2, r // 8))
            pygame.draw.line(surface, ATTACKED, (x - r // 3, y + r // 3), (x + r // 3, y - r // 3), max(2, r // 8))

    # ---- panel ------------------------------------------------------------------------------------------
    def side_label(self, side, lang):
        return tr("draughts.white" if side == "w" else "draughts.black", lang)

    def seat_label(self, seat, start_state, lang, state=None):
        first = start_state.to_move
        side = first if seat == 0 else ("b" if first == "w" else "w")
        return tr("draughts.seat" if seat == 0 else "draughts.seat2", lang, side=self.side_label(side, lang))

    def captured(self, state):
        return {}

    def status_lines(self, state, lang):
        lines = []
        for side, men, kings in (("w", state.wm, state.wk), ("b", state.bm, state.bk)):
            lines.append(
                tr(
                    "draughts.count",
                    lang,
                    side=self.side_label(side, lang),
                    men=men.bit_count(),
                    kings=kings.bit_count(),
                )
            )
        if state.result() is None:
            moves = state.legal_moves()
            if moves and moves[0].captures:
                most = max(len(m.captures) for m in moves)
                lines.append(
                    tr("draughts.must_capture", lang, n=most) if most > 1 else tr("draughts.must_capture_one", lang)
                )
            counter = state.draw_counter()
            if counter is not None:
                reason, plies = counter
                if reason == "no_progress_kings" and self.variant is not V.INTERNATIONAL:
                    reason = "kings_rule"  # the 8x8 variants' count (15 or 20 moves), not the 25
                m = self.variant.kings_only_plies // 2
                lines.append(tr(f"draughts.left.{reason}", lang, n=math.ceil(plies / 2), m=m))
        return lines

    def result_text(self, result, lang):
        winner = loser = ""
        if result.winner is not None:
            winner = self.side_label(result.winner, lang)
            loser = self.side_label("b" if result.winner == "w" else "w", lang)
        reason = result.reason
        if reason == "no_progress_kings" and self.variant is not V.INTERNATIONAL:
            reason = "kings_rule"
        key = f"draughts.result.{reason}"
        return tr(key, lang, winner=winner, loser=loser, m=self.variant.kings_only_plies // 2)
