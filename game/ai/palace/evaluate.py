"""The palace search's evaluation (game.ai.palace.search): captures, king mobility, closed points,
soldiers that can be jumped, the kings' room and the drop phase, in hundredths of a soldier for
black. Pure Python, no pygame.

It runs at every leaf of the search, so it works on whole bit sets where it can: a king's free
neighbours are one mask (adj_mask[k] & empty), the points behind its neighbours another
(Geometry.behind), and its room grows a ring at a time with the board's loop-free neighbours(),
whose answers for the small sets the rings are (a king's few points) are kept (Board.around), and
for a king shut in by steps by the jumps out of them (Board.jumped).
"""

from __future__ import annotations

from game.ai.palace.geometry import GEOMETRY, Geometry

G2 = GEOMETRY[2]


def _bits(mask):
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


ROOM_CAP = 12
ROOM_PENALTY = [2 * (ROOM_CAP - n) ** 2 for n in range(ROOM_CAP + 1)]
#: the most a king that can still move loses to the terms below (5 for one move, less the soldiers
#: needed term at need 1 and the room term at room 1)
_WORST_FREE = 3 * (9 - 1) ** 2 + ROOM_PENALTY[1] - 5
#: what a king shut in costs black, per board (palaces -> eval units). On one and four palaces it
#: is more than a king with one move left can cost (_WORST_FREE), so that shutting a king in is
#: always worth it to white; at 240, a nearly shut king (down to -429) looked worse to black than a
#: shut one, and white's search kept kings nearly shut rather than closing the trap. Two palaces
#: keep the 240 their balance and ladder were measured with (bench/RESULTS.md, "The family").
SHUT_IN = {1: 600, 2: 240, 4: 600}


def _room(k, white, empty, free, geo):
    """Empty points a king at k could reach in a few moves (steps, and jumps over soldiers),
    counted up to ROOM_CAP. free: k's empty neighbours (the first ring)."""
    n = free.bit_count()
    if n >= ROOM_CAP:
        return ROOM_CAP
    around = geo.around
    front, unreached = free, empty ^ free  # k itself is not empty
    while front:  # by steps first: cheap and usually enough
        front = around[front] & unreached
        unreached ^= front
        n += front.bit_count()
        if n >= ROOM_CAP:
            return ROOM_CAP
    # shut in by steps: add what jumps open up (the first ring by jumps alone, as the points
    # reached so far have no empty neighbour left unreached)
    jumped = geo.board.jumped  # landings() of a set over the soldiers next to it, kept
    front = (empty ^ unreached) | (1 << k)
    front = jumped[(front, white & around[front])] & unreached
    while front:
        unreached ^= front
        n += front.bit_count()
        if n >= ROOM_CAP:
            return ROOM_CAP
        near = around[front]
        front = (near | jumped[(front, white & near)]) & unreached
    return n


def soldiers_needed(k, black, white, empty, geo: Geometry = G2):
    """Soldiers still to be put down to surround a king on k: each free neighbour needs one, and
    each neighbour needs the point behind it filled (else the king jumps it); a neighbour that is
    a king needs neither."""
    need = (geo.adj_mask[k] & empty).bit_count() + (geo.behind[k] & empty).bit_count()
    kings = geo.adj_mask[k] & black
    if kings:
        beyond = geo.beyond[k]
        for q in _bits(kings):
            t = beyond.get(q)
            if t is not None and empty >> t & 1:
                need -= 1
    return need


def evaluate_black(black, white, caps, stm, hand, geo: Geometry = G2):
    """Static score for black in hundredths of a soldier."""
    adj_mask, jump_bits, palace_mask, behind = geo.adj_mask, geo.jump_bits, geo.palace_mask, geo.behind
    shut_in = SHUT_IN[geo.board.palaces]
    empty = geo.used & ~(black | white)
    score = 100 * caps
    threatened = 0
    for k in geo.ones[black]:
        free = adj_mask[k] & empty
        moves = free.bit_count()
        for over, to in jump_bits[k]:
            if white & over and empty & to:
                moves += 1
                threatened |= over
        if moves == 0:
            score -= shut_in  # a king shut in: a share of black's force lost
            continue
        score += 5 * moves
        # soldiers_needed(), its usual case (no king beside this one) written out
        need = (
            free.bit_count() + (behind[k] & empty).bit_count()
            if not adj_mask[k] & black
            else soldiers_needed(k, black, white, empty, geo)
        )
        if need < 9:  # few soldiers would shut this king in
            score -= 3 * (9 - need) ** 2
        score -= ROOM_PENALTY[_room(k, white, empty, free, geo)]  # a king with little room is soon trapped
        if palace_mask >> k & 1:  # kings are easily trapped inside a palace
            score -= 15
    t = threatened.bit_count()
    if t:
        # black to move takes one; white to move can save one soldier, seldom two
        score += 85 + 10 * (t - 1) if stm == "b" else (45 + 10 * t if t >= 2 else 15)
    # soldiers still in hand will close points later
    score -= 3 * hand
    return score


#: the kings' hunt in the ending (hunt()), per board (palaces -> eval units a king loses per step
#: it stands from the nearest point it could jump a soldier from): only Black's searches at the
#: levels that know the ending (LevelRow.tables) count it. Four palaces only: there the games
#: between strong levels stopped one capture short of the target of 60, the kings wandering
#: for 100 plies over a flat score (bench/RESULTS.md, "Four palaces: the kings' hunt"); elsewhere
#: it is not measured
HUNT = {4: 6}
HUNT_CAP = 8  # steps: a king further from every soldier it could take counts as this far
HUNT_SOLDIERS = 12  # the ending: nothing in hand and at most this many soldiers on the board


def hunting(white, hand, most: int = HUNT_SOLDIERS) -> bool:
    """Whether the kings' hunt counts in this position: nothing in hand and at most `most`
    soldiers on the board (the search's start of the hunt, HUNT_SOLDIERS unless a level's own)."""
    return hand == 0 and white.bit_count() <= most


def hunt(black, white, geo: Geometry = G2) -> int:
    """The kings' distance from the soldiers they could take: for each king, the steps to the
    nearest point from which it could jump a soldier (over a soldier with an empty point behind),
    up to HUNT_CAP. Without it the score of an ending where no soldier is within a few plies'
    reach is flat, and the kings wander until the rules' no-progress count draws the game."""
    empty = geo.used & ~(black | white)
    flanks = geo.flanks
    attack = 0
    for s in geo.ones[white]:
        for a, landing in flanks[s]:
            if landing & empty and not white >> a & 1:
                attack |= 1 << a
    if not attack:
        return HUNT_CAP * black.bit_count()
    points = geo.ones[attack]
    dist = geo.dist
    total = 0
    for k in geo.ones[black]:
        dk = dist[k]
        total += min(HUNT_CAP, min(dk[a] for a in points))
    return total
