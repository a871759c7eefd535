"""The Banqi board as the shared board scene sees it (game/scenes/views/api.py).

A 4x8 wooden board; pieces are round boxwood tiles with their xiangqi character in a bold serif
face: red characters for red, black for black, and red tiles also carry a double inner ring (a
second cue beside colour). Face-down tiles show a carved back, never their identity. A flip turns
the tile over (it narrows to an edge, then widens showing the face). The pieces each side has lost
line up above (black's) and below (red's) the board. The overlay (O) marks pieces that can be
taken at once and, on every face-down tile, what flipping it risks for the side to move (game/
rules/banqi_risk.py: red on top, the chance the flip hands the opponent a capture at once; green
below, the chance it shows a piece of the flipper's that can capture); R switches the overlay to the
table of the pieces still face down with the chances of each flip. The panel lists, per colour, the
pieces still face down by type.
"""

from __future__ import annotations

import math
import random

import pygame

from game import fonts
from game.i18n import tr
from game.rules import banqi as B
from game.rules import banqi_risk
from game.scenes.views.api import GameView
from game.scenes.views.piece_art import PieceImages, blit_piece, lit_disc

GLYPH = {
    "K": "帥",
    "A": "仕",
    "B": "相",
    "R": "俥",
    "N": "傌",
    "C": "炮",
    "P": "兵",
    "k": "將",
    "a": "士",
    "b": "象",
    "r": "車",
    "n": "馬",
    "c": "包",
    "p": "卒",
}


# ---- colours -------------------------------------------------------------------------------------
WOOD = (196, 150, 92)
WOOD_DARK = (168, 122, 70)
WOOD_LIGHT = (216, 176, 116)
FRAME = (104, 62, 32)
FRAME_LIGHT = (142, 92, 50)
INK = (74, 44, 22)
LABEL = (236, 214, 176)
TILE = ((250, 236, 204), (214, 180, 124))  # boxwood face, lit from the upper left
TILE_RIM = (150, 108, 62)
BACK = ((150, 98, 52), (96, 58, 28))  # the carved back
BACK_LINE = (198, 150, 92)
RED_INK = (184, 30, 26)
BLACK_INK = (26, 26, 30)
THREAT = (232, 52, 44)
RISK_BAD = (255, 118, 104)  # light enough to read on the dark label behind it
RISK_GOOD = (126, 226, 120)
RISK_ZERO = (170, 160, 148)
RISK_LABEL = (18, 14, 10, 222)
PANEL_BG = (24, 22, 20, 215)
TEXT = (238, 226, 204)


class View(GameView):
    setup_extra = ("banqi_assistant", "setup.assistant")
    thumbnail_extras = False  # the menu card: no "Black lost / Red lost" rows, unreadable at its size

    def thumbnail_state(self, state):
        for i in range(6):  # a few tiles face up make a livelier picture
            flips = [m for m in state.legal_moves() if len(m.path) == 1]
            state = state.play(flips[(i * 7) % len(flips)])
        return state

    game = "banqi"

    def __init__(self, options: dict):
        super().__init__(options)
        self.cell = 10
        self.radius = 4
        self.board_rect = pygame.Rect(0, 0, 1, 1)
        self.top_strip = pygame.Rect(0, 0, 1, 1)
        self.bottom_strip = pygame.Rect(0, 0, 1, 1)
        self.show_coords = True
        self.show_risk = True  # the overlay shows flip risks (True) or the face-down table (False)
        self._risk_cache: tuple | None = None
        self._board_cache = None
        self._images = PieceImages(self._tile)

    # ---- geometry -----------------------------------------------------------------------------
    def layout(self, rect, flipped):
        super().layout(rect, flipped)
        r = self.rect
        s = max(6.0, min(r.w / 8.6, r.h / 6.5))
        self.cell = s
        bw, bh = 8.6 * s, 4.6 * s
        left = r.x + (r.w - bw) / 2
        top = r.y + (r.h - (bh + 1.9 * s)) / 2
        self.top_strip = pygame.Rect(round(left), round(top), round(bw), round(0.8 * s))
        self.board_rect = pygame.Rect(round(left), round(top + 0.95 * s), round(bw), round(bh))
        self.bottom_strip = pygame.Rect(
            round(left), round(self.board_rect.bottom + 0.15 * s), round(bw), round(0.8 * s)
        )
        self.radius = max(3, int(s * 0.42))
        self._board_cache = None
        self._images.clear()

    def points(self):
        return list(range(32))

    def point_xy(self, point):
        f, r = point % 8, point // 8
        col = 7 - f if self.flipped else f
        row = r if self.flipped else 3 - r
        s = self.cell
        return (
            round(self.board_rect.x + 0.3 * s + (col + 0.5) * s),
            round(self.board_rect.y + 0.3 * s + (row + 0.5) * s),
        )

    def piece_radius(self):
        return self.radius

    def hit(self, pos):
        s = self.cell
        x = (pos[0] - self.board_rect.x - 0.3 * s) / s
        y = (pos[1] - self.board_rect.y - 0.3 * s) / s
        if not (0 <= x < 8 and 0 <= y < 4):
            return None
        col, row = int(x), int(y)
        f = 7 - col if self.flipped else col
        r = row if self.flipped else 3 - row
        return r * 8 + f

    # ---- the board ------------------------------------------------------------------------------
    def draw_board(self, surface):
        key = (self.board_rect, self.flipped, self.show_coords)
        if self._board_cache is None or self._board_cache[0] != key:
            self._board_cache = (key, self._render_board())
        surface.blit(self._board_cache[1], self.board_rect)

    def _render_board(self):
        w, h = self.board_rect.size
        s = self.cell
        surf = pygame.Surface((w, h), pygame.SRCALPHA)
        corner = max(4, int(s * 0.12))
        pygame.draw.rect(surf, FRAME, (0, 0, w, h), border_radius=corner)
        inset = max(3, int(s * 0.3) - 2)
        inner = pygame.Rect(inset, inset, w - 2 * inset, h - 2 * inset)
        wood = pygame.Surface(inner.size, pygame.SRCALPHA)
        wood.fill(WOOD + (255,))
        rng = random.Random(5)
        for _ in range(int(inner.h * 0.8)):  # grain runs along the long side
            y0 = rng.uniform(-0.1, 1.1) * inner.h
            amp = rng.uniform(0.5, 3.0) * s / 60
            freq = rng.uniform(1.0, 3.0)
            phase = rng.uniform(0, math.tau)
            colour = WOOD_DARK if rng.random() < 0.55 else WOOD_LIGHT
            shade = rng.uniform(0.15, 0.5)
            c = tuple(int(WOOD[i] + (colour[i] - WOOD[i]) * shade) for i in range(3))
            pts = [(x, y0 + amp * math.sin(freq * x / inner.w * math.tau + phase)) for x in range(0, inner.w + 8, 8)]
            pygame.draw.lines(wood, c, False, pts, 1)
        surf.blit(wood, inner)
        pygame.draw.rect(surf, FRAME_LIGHT, (0, 0, w, h), max(1, inset // 4), border_radius=corner)
        # the 4x8 grid of squares
        gx, gy = 0.3 * s, 0.3 * s
        width = max(1, int(s / 30))
        for c in range(9):
            x = round(gx + c * s)
            pygame.draw.line(surf, INK, (x, round(gy)), (x, round(gy + 4 * s)), width)
        for r in range(5):
            y = round(gy + r * s)
            pygame.draw.line(surf, INK, (round(gx), y), (round(gx + 8 * s), y), width)
        pygame.draw.rect(surf, INK, (round(gx) - 2, round(gy) - 2, round(8 * s) + 5, round(4 * s) + 5), max(1, width))
        if self.show_coords and s >= 24:
            f = fonts.font(max(8, int(s * 0.2)))
            for c in range(8):
                file = 7 - c if self.flipped else c
                img = f.render("abcdefgh"[file], True, LABEL)
                surf.blit(img, img.get_rect(center=(gx + (c + 0.5) * s, h - 0.15 * s)))
            for r in range(4):
                rank = r + 1 if self.flipped else 4 - r
                img = f.render(str(rank), True, LABEL)
                surf.blit(img, img.get_rect(center=(0.15 * s, gy + (r + 0.5) * s)))
        return surf

    # ---- pieces -------------------------------------------------------------------------------
    def pieces(self, state):
        return {p: c for p, c in enumerate(state.board) if c != B.EMPTY}

    def _tile(self, piece, radius):
        pad = max(2, radius // 6)
        light, dark = BACK if piece == B.FACE_DOWN else TILE
        img = lit_disc(
            radius, pad, light, dark, shadow_alpha=90, shadow_offset=(pad // 2, pad // 2 + 1), exponent=1.5, shift=0.25
        )
        c = img.get_width() // 2
        pygame.draw.circle(
            img, TILE_RIM if piece != B.FACE_DOWN else (70, 40, 18), (c, c), radius, max(1, radius // 10)
        )
        if piece == B.FACE_DOWN:
            # carved back: two rings and a four-petal knot, the same on every tile
            pygame.draw.circle(img, BACK_LINE, (c, c), int(radius * 0.74), max(1, radius // 16))
            pygame.draw.circle(img, BACK_LINE, (c, c), int(radius * 0.58), max(1, radius // 20))
            d = radius * 0.3
            for ang in range(4):
                a = ang * math.pi / 2 + math.pi / 4
                x, y = c + math.cos(a) * d * 0.6, c + math.sin(a) * d * 0.6
                pygame.draw.circle(img, BACK_LINE, (round(x), round(y)), max(1, int(d * 0.55)), max(1, radius // 20))
        else:
            ink = RED_INK if piece.isupper() else BLACK_INK
            pygame.draw.circle(img, ink, (c, c), int(radius * 0.82), max(1, radius // 12))
            if piece.isupper():  # the second cue for red: a double ring
                pygame.draw.circle(img, ink, (c, c), int(radius * 0.7), max(1, radius // 18))
            if radius >= 6:
                f = fonts.font(max(6, int(radius * (0.95 if piece.isupper() else 1.1))), serif=True)
                g = f.render(GLYPH[piece], True, ink)
                img.blit(g, g.get_rect(center=(c, c - radius // 16)))
        return img

    def draw_piece(self, surface, piece, center, scale=1.0, alpha=255, flip=None):
        radius = max(2, int(round(self.radius * scale)))
        shown = piece
        width = 1.0
        if flip is not None:
            width = abs(math.cos(math.pi * flip))
            if flip < 0.5:
                shown = B.FACE_DOWN
        img = self._images.get(shown, radius)
        if width < 0.999:
            img = pygame.transform.smoothscale(img, (max(1, int(img.get_width() * width)), img.get_height()))
        blit_piece(surface, img, center, alpha)

    # ---- beside the board: the pieces each side has lost ------------------------------------------
    def draw_extras(self, surface, state, lang):
        black_lost = [c for c in state.captured if c.islower()]
        red_lost = [c for c in state.captured if c.isupper()]
        top, bottom = (red_lost, black_lost) if self.flipped else (black_lost, red_lost)
        top_key, bottom_key = (
            ("banqi.lost_red", "banqi.lost_black") if self.flipped else ("banqi.lost_black", "banqi.lost_red")
        )
        for strip, codes, key in ((self.top_strip, top, top_key), (self.bottom_strip, bottom, bottom_key)):
            self._draw_row(surface, strip, codes, tr(key, lang))

    def _draw_row(self, surface, strip, codes, title):
        s = self.cell
        f = fonts.font(max(8, int(s * 0.22)))
        img = f.render(title, True, LABEL)
        surface.blit(img, img.get_rect(midleft=(strip.x + 0.3 * s, strip.centery)))
        x0 = strip.x + 0.3 * s + img.get_width() + 0.25 * s
        small = 0.32 * s
        step = min(small * 2.1, (strip.right - x0 - 2 * small) / max(1, len(codes) - 1) if len(codes) > 1 else s)
        scale = small / max(1, self.radius)
        for i, code in enumerate(codes):
            self.draw_piece(surface, code, (x0 + small + i * step, strip.centery), scale=scale)

    # ---- the overlay (O) ------------------------------------------------------------------------
    def has_overlay(self):
        return True

    def draw_overlay(self, surface, state, lang):
        r = self.radius
        board = state.board
        taken = set()
        for p in range(32):
            if board[p] not in (B.EMPTY, B.FACE_DOWN):
                taken.update(B.attacks(board, p, state.house))
        for p in taken:
            x, y = self.point_xy(p)
            pygame.draw.circle(surface, THREAT, (x, y), r + max(2, r // 8), max(2, r // 8))
            pygame.draw.circle(surface, THREAT, (x + int(r * 0.72), y - int(r * 0.72)), max(4, r // 5))
        if self.show_risk:
            self._draw_risks(surface, state)
        else:
            self._draw_bag(surface, state, lang)

    def flip_risks(self, state) -> dict:
        """banqi_risk.flip_risks(state), kept while the public position stays the same (the overlay
        asks every frame)."""
        key = (state.board, state.to_move, state.captured, state.result() is None, state.house)
        if self._risk_cache is None or self._risk_cache[0] != key:
            self._risk_cache = (key, banqi_risk.flip_risks(state))
        return self._risk_cache[1]

    def _draw_risks(self, surface, state):
        """On each face-down tile: the danger in red above the centre, the gain in green below."""
        r = self.radius
        f = fonts.font(max(9, int(r * 0.5)))
        width = f.size("88%")[0] + max(4, r // 6)  # one label width: the figures line up
        for p, risk in self.flip_risks(state).items():
            x, y = self.point_xy(p)
            for value, colour, dy in ((risk.danger, RISK_BAD, -0.36), (risk.captures_own, RISK_GOOD, 0.36)):
                img = f.render(percent(value), True, colour if value else RISK_ZERO)
                box = pygame.Rect(0, 0, max(width, img.get_width() + 4), img.get_height())
                box.center = (x, round(y + dy * r))
                label = pygame.Surface(box.size, pygame.SRCALPHA)
                label.fill(RISK_LABEL)
                surface.blit(label, box)
                surface.blit(img, img.get_rect(center=box.center))

    def _draw_bag(self, surface, state, lang):
        """The table of the pieces still face down, each with its count and the chance a flip shows it."""
        r = self.radius
        bag = state.bag()
        total = sum(bag.values())
        s = self.cell
        f = fonts.font(max(8, int(s * 0.2)))
        title = f.render(tr("banqi.overlay.bag", lang), True, TEXT)
        hint = f.render(tr("banqi.overlay.threat", lang), True, TEXT)
        tiny = fonts.font(max(7, int(s * 0.16)))
        box = pygame.Rect(0, 0, round(7.6 * s), round(2.5 * s))
        box.center = self.board_rect.center
        panel = pygame.Surface(box.size, pygame.SRCALPHA)
        panel.fill(PANEL_BG)
        surface.blit(panel, box)
        surface.blit(title, (box.x + 0.15 * s, box.y + 0.06 * s))
        small = 0.24 * s
        for row, letters in enumerate((B.TYPES, B.TYPES.lower())):
            y = box.y + 0.62 * s + row * 0.84 * s
            for i, t in enumerate(letters):
                n = bag.get(t, 0)
                x = box.x + 0.6 * s + i * 1.07 * s
                self.draw_piece(surface, t, (x, y), scale=small / max(1, r), alpha=255 if n else 90)
                pct = f"{n} · {100 * n / total:.0f}%" if total and n else "0"
                img = tiny.render(pct, True, TEXT if n else (140, 130, 120))
                surface.blit(img, img.get_rect(midtop=(x, y + small + 0.02 * s)))
        surface.blit(hint, (box.x + 0.15 * s, box.bottom - hint.get_height() - 0.04 * s))

    # ---- side panel -----------------------------------------------------------------------------
    def piece_name(self, piece, lang):
        return GLYPH.get(piece, piece)

    def move_label(self, move, after, lang):
        """A flip shows what it turned up: "d2 俥" (the notation itself stays "d2")."""
        if move.kind == "flip":
            piece = after.board[move.path[0]]
            return f"{move} {GLYPH.get(piece, '')}".rstrip()
        return str(move)

    def side_label(self, side, lang):
        return tr("banqi.red" if side == "r" else "banqi.black", lang)

    def _seat_side(self, seat, start_state, state):
        if start_state.to_move is not None:  # a game set up from a position: seat 0 moves first
            return start_state.to_move if seat == 0 else B.other(start_state.to_move)
        first = getattr(state, "first_colour", None)
        if first is None:
            return None
        return first if seat == 0 else B.other(first)

    def seat_label(self, seat, start_state, lang, state=None):
        name = tr("banqi.first" if seat == 0 else "banqi.second", lang)
        side = self._seat_side(seat, start_state, state)
        if side is None:
            return name
        return tr("banqi.seat_colour", lang, seat=name, colour=self.side_label(side, lang))

    def winner_seat(self, start_state, final_state, result):
        if result.winner is None:
            return None
        if start_state.to_move is None:  # seat 0 flipped first and took that colour
            return 0 if result.winner == final_state.first_colour else 1
        return 0 if result.winner == start_state.to_move else 1

    def captured(self, state):
        return {"r": [c for c in state.captured if c.islower()], "b": [c for c in state.captured if c.isupper()]}

    def overlay_legend(self, lang):
        return [
            tr("banqi.risk.title", lang),
            tr("banqi.risk.red", lang),
            tr("banqi.risk.green", lang),
            tr("banqi.overlay.threat", lang),
        ]

    def face_down_lines(self, state, lang) -> list:
        """Per colour, the pieces still face down by type: "红方暗子：帥1 仕2 ..."."""
        counts = banqi_risk.face_down_counts(state)
        return [
            tr(
                "banqi.face_down_side",
                lang,
                colour=self.side_label(side, lang),
                pieces=" ".join(f"{GLYPH[t]}{n}" for t, n in counts[side]) or tr("banqi.none", lang),
            )
            for side in B.SIDES
        ]

    def status_lines(self, state, lang):
        lines = []
        house = house_text(state.options, lang)
        if house:  # the house rules in force, so nobody plays by the wrong ones (docs/BANQI.md)
            lines.append(tr("banqi.house", lang, rules=house))
        if state.to_move is None:
            lines.append(tr("banqi.undecided", lang))
        elif state.first_colour is not None:
            lines.append(
                tr(
                    "banqi.first_is",
                    lang,
                    colour=self.side_label(state.first_colour, lang),
                    other=self.side_label(B.other(state.first_colour), lang),
                )
            )
        if state.bag():
            lines.extend(self.face_down_lines(state, lang))
        limit = state.options.get("no_progress", 60)
        if state.quiet >= max(limit // 2, limit - 20):
            lines.append(tr("banqi.quiet", lang, n=state.quiet, limit=limit))
        rule = state.options.get("repetition", "chase")
        if rule != "off":
            seen = state.reps.count(state.key())
            if seen >= 2:
                lines.append(tr("banqi.repeat" if rule == "chase" else "banqi.repeat_draw", lang, n=seen))
        if state.result() is None and state.to_move is not None and not state.can_resign():
            lines.append(tr("banqi.resign_after", lang, n=B.RESIGN_PLIES, ply=state.ply))
        return lines

    def result_text(self, result, lang):
        reason = result.reason
        if result.winner is None:
            if reason == "no_pieces":  # a trade of equal pieces took the last piece of each side
                return tr("banqi.result.no_pieces_both", lang)
            if reason == "no_progress":
                return tr("banqi.result.no_progress", lang, n=self.options.get("no_progress", 60))
            return tr(f"banqi.result.{reason}", lang)
        return tr(
            f"banqi.result.{reason}",
            lang,
            winner=self.side_label(result.winner, lang),
            loser=self.side_label(B.other(result.winner), lang),
        )

    # ---- keys -----------------------------------------------------------------------------------
    def show_labels(self, on):
        self.show_coords = bool(on)

    def labels_shown(self):
        return self.show_coords

    def handle_key(self, key):
        if key == pygame.K_c:
            self.show_coords = not self.show_coords
            return True
        if key == pygame.K_r:
            self.show_risk = not self.show_risk
            return True
        return False

    def help_keys(self, lang):
        return [("C", tr("banqi.coords_key", lang)), ("R", tr("banqi.risk_key", lang))]


#: the options that change how pieces move and capture (the house rules, docs/BANQI.md)
HOUSE_KEYS = ("chain", "chariot", "ranking", "trade")


def house_text(options: dict, lang: str) -> str:
    """The house rules in force, "label: choice" joined, or "" under the standard rules."""
    parts = []
    for opt in B.OPTIONS:
        if opt.key in HOUSE_KEYS and options.get(opt.key, opt.default) != opt.default:
            choice = opt.choice_labels.get(options[opt.key], {}).get(lang, str(options[opt.key]))
            parts.append(f"{opt.label[lang]}: {choice}")
    return "; ".join(parts)


def percent(p) -> str:
    """A chance as a whole percent; never "0%" or "100%" for a chance that is not exactly 0 or 1."""
    if p <= 0:
        return "0"
    if p >= 1:
        return "100%"
    return f"{min(99, max(1, round(100 * p)))}%"
