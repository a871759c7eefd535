"""One move generator for the whole draughts family, built from a Variant's rule flags
(game.rules.draughts_variants): board size, men capturing backwards, flying or short kings, the
majority rule, crowning in the middle of a capture. Pure Python, no pygame.

Internal moves are (from_bit, to_bit, captured_bits, crowned): `crowned` is whether a man ends
the move as a king (on the last row, or, in Russian draughts, having passed it during a capture).
International draughts plays through the faster, 10x10-only generator of draughts_board (the same
rules: tests/test_draughts_variants.py holds the two to the same counts).

Rules every variant shares: capturing is compulsory; a capture goes on while it can (a piece
never stops in the middle of a capture); captured pieces leave the board only when the move ends,
so they block the way and are never jumped twice (the Turkish strike). Two ways of playing a
capture with the same start, end, captured set (and crowning) are one move.
"""

from __future__ import annotations

from game.rules.draughts_variants import Variant


class MoveGen:
    """The move generator of one variant (built once per variant: see generator())."""

    def __init__(self, variant: Variant):
        self.variant = v = variant
        g = v.geometry
        self.geometry = g
        self.mask = g.mask
        s1, s2 = g.s1, g.s2
        self.s1, self.s2 = s1, s2
        self.promo_w, self.promo_b = g.promo_w, g.promo_b
        self.rays = g.rays
        # (shift, toward the bottom) pairs a man may capture along: forward for White is up
        both = ((s1, True), (s2, True), (s1, False), (s2, False))
        self.man_dirs_w = both if v.men_capture_back else ((s1, False), (s2, False))
        self.man_dirs_b = both if v.men_capture_back else ((s1, True), (s2, True))
        self.all_dirs = both

    # ---- captures ------------------------------------------------------------------------------
    def _man(self, cur, enemy, occ, dirs, promo, path, caps, out):
        """Extend a man's capture from `cur` (True if it could). Captured pieces stay in `occ`
        (they block) but leave `enemy` (never jumped twice)."""
        mask = self.mask
        extended = False
        for sh, down in dirs:
            mid = (cur << sh) if down else (cur >> sh)
            if not mid & enemy:
                continue
            land = (mid << sh) if down else (mid >> sh)
            if not land & mask or land & occ:
                continue
            extended = True
            path.append(land)
            ncaps = caps | mid
            if land & promo and self.variant.crown_in_capture:  # Russian: crowned, goes on as a king
                if not self._king(land, enemy ^ mid, occ, path, ncaps, out, True):
                    out.append((tuple(path), ncaps, True))
            elif not self._man(land, enemy ^ mid, occ, dirs, promo, path, ncaps, out):
                # crowned only if the move ends on the last row (an English man can go no further)
                out.append((tuple(path), ncaps, bool(land & promo)))
            path.pop()
        return extended

    def _king(self, cur, enemy, occ, path, caps, out, crowned):
        """Extend a king's capture from `cur`. A flying king chooses where to land behind its
        victim, but must land where it can go on capturing when some square lets it."""
        if not self.variant.flying_kings:
            return self._short_king(cur, enemy, occ, path, caps, out, crowned)
        mask = self.mask
        extended = False
        for sh, down, ray in self.rays[cur]:
            blockers = ray & occ
            if not blockers:
                continue
            victim = (blockers & -blockers) if down else 1 << (blockers.bit_length() - 1)
            if not victim & enemy:
                continue
            rest, ncaps = enemy ^ victim, caps | victim
            land = (victim << sh) if down else (victim >> sh)
            stops = []
            goes_on = False
            while land & mask and not land & occ:
                extended = True
                path.append(land)
                if self._king(land, rest, occ, path, ncaps, out, crowned):
                    goes_on = True
                else:
                    stops.append(tuple(path))
                path.pop()
                land = (land << sh) if down else (land >> sh)
            if not goes_on:  # a stop is a choice only when no landing square goes on
                out.extend((p, ncaps, crowned) for p in stops)
        return extended

    def _short_king(self, cur, enemy, occ, path, caps, out, crowned):
        mask = self.mask
        extended = False
        for sh, down in self.all_dirs:
            mid = (cur << sh) if down else (cur >> sh)
            if not mid & enemy:
                continue
            land = (mid << sh) if down else (mid >> sh)
            if not land & mask or land & occ:
                continue
            extended = True
            path.append(land)
            if not self._short_king(land, enemy ^ mid, occ, path, caps | mid, out, crowned):
                out.append((tuple(path), caps | mid, crowned))
            path.pop()
        return extended

    def capture_paths(self, men, kings, enemy, occ, white):
        """[(path bits, captured bits, crowned), ...]: every legal capture, each way of playing it
        (the majority rule applied)."""
        out: list = []
        dirs = self.man_dirs_w if white else self.man_dirs_b
        promo = self.promo_w if white else self.promo_b
        pieces = men
        while pieces:
            frm = pieces & -pieces
            pieces ^= frm
            self._man(frm, enemy, occ ^ frm, dirs, promo, [frm], 0, out)
        pieces = kings
        while pieces:
            frm = pieces & -pieces
            pieces ^= frm
            self._king(frm, enemy, occ ^ frm, [frm], 0, out, False)
        if self.variant.majority and len(out) > 1:
            best = max(c.bit_count() for _, c, _ in out)
            out = [m for m in out if m[1].bit_count() == best]
        return out

    def has_capture(self, men, kings, enemy, occ, white):
        """Whether the side owning men/kings has a capture (without building it)."""
        empty = self.mask ^ occ
        for sh, down in self.man_dirs_w if white else self.man_dirs_b:
            if down and men & (enemy >> sh) & (empty >> (2 * sh)):
                return True
            if not down and men & (enemy << sh) & (empty << (2 * sh)):
                return True
        if not kings:
            return False
        if not self.variant.flying_kings:
            return any(
                kings & ((enemy >> sh) & (empty >> (2 * sh)) if down else (enemy << sh) & (empty << (2 * sh)))
                for sh, down in self.all_dirs
            )
        while kings:
            frm = kings & -kings
            kings ^= frm
            for sh, down, ray in self.rays[frm]:
                blockers = ray & occ
                if blockers:
                    victim = (blockers & -blockers) if down else 1 << (blockers.bit_length() - 1)
                    if victim & enemy and ((victim << sh) if down else (victim >> sh)) & empty:
                        return True
        return False

    def captures(self, men, kings, enemy, occ, white):
        """Internal capture moves, each once."""
        return list(dict.fromkeys((p[0], p[-1], c, k) for p, c, k in self.capture_paths(men, kings, enemy, occ, white)))

    # ---- quiet moves ---------------------------------------------------------------------------
    def quiets(self, men, kings, occ, white):
        """Men one step forward; kings one step (short) or any distance (flying)."""
        empty = self.mask ^ occ
        out = []
        promo = self.promo_w if white else self.promo_b
        for sh in (self.s1, self.s2):
            t = ((men >> sh) if white else (men << sh)) & empty
            while t:
                low = t & -t
                t ^= low
                out.append(((low << sh) if white else (low >> sh), low, 0, bool(low & promo)))
        flying = self.variant.flying_kings
        while kings:
            frm = kings & -kings
            kings ^= frm
            for sh, down in self.all_dirs:
                x = (frm << sh) if down else (frm >> sh)
                while x & empty:
                    out.append((frm, x, 0, False))
                    if not flying:
                        break
                    x = (x << sh) if down else (x >> sh)
        return out

    def sides(self, wm, wk, bm, bk, white):
        """(men, kings, enemy, occupied) of the side to move."""
        occ = wm | wk | bm | bk
        return (wm, wk, bm | bk, occ) if white else (bm, bk, wm | wk, occ)

    def moves(self, wm, wk, bm, bk, white):
        """Every legal move (internal form) of the side to move."""
        men, kings, enemy, occ = self.sides(wm, wk, bm, bk, white)
        return self.captures(men, kings, enemy, occ, white) or self.quiets(men, kings, occ, white)

    @staticmethod
    def apply(wm, wk, bm, bk, white, mv):
        """The bitboards after internal move mv, whether a man moved and whether the balance of
        forces changed (a capture or a crowning)."""
        frm, to, caps, crowned = mv
        if white:
            man = bool(wm & frm)
            if man:
                wm ^= frm
                if crowned:
                    wk |= to
                else:
                    wm |= to
            else:
                wk = (wk ^ frm) | to
            bm &= ~caps
            bk &= ~caps
        else:
            man = bool(bm & frm)
            if man:
                bm ^= frm
                if crowned:
                    bk |= to
                else:
                    bm |= to
            else:
                bk = (bk ^ frm) | to
            wm &= ~caps
            wk &= ~caps
        return wm, wk, bm, bk, man, bool(caps) or crowned

    def perft(self, wm, wk, bm, bk, white, depth, cache):
        moves = self.moves(wm, wk, bm, bk, white)
        if depth == 1:
            return len(moves)
        if cache is not None:
            key = (wm, wk, bm, bk, white, depth)
            hit = cache.get(key)
            if hit is not None:
                return hit
        total = 0
        for mv in moves:
            nwm, nwk, nbm, nbk, _, _ = self.apply(wm, wk, bm, bk, white, mv)
            total += self.perft(nwm, nwk, nbm, nbk, not white, depth - 1, cache)
        if cache is not None:
            cache[key] = total
        return total


_GENERATORS: dict = {}


def generator(variant: Variant) -> MoveGen:
    """The variant's move generator (built on first use, then kept)."""
    gen = _GENERATORS.get(variant.name)
    if gen is None:
        gen = _GENERATORS[variant.name] = MoveGen(variant)
    return gen
