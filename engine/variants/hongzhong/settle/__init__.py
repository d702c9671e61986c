"""红中 hand settlement (``settle``, settle-hongzhong.md §4.5 with reconciled.md): the whole
money of one 红中 / 癞子 hand from its record, on the shared skeleton (`engine.settle`).

Modules, one concern each: `record` (the record's types), `shape` / `parse` / `hands` /
`checks` (the four validation stages), `pricing` (the only door to the 红中 fan, codes and
kong code), `answer` (the answer's types), `settle` (the replay: kongs and their timing, the
win event's codes and rows, the outcome and the next dealer), `options` (the options it adds
to every 红中 operation).

Decisions where the spec is silent (README "Decisions" lists them too):

* A kind kong'd twice is ``too_many_copies`` at the second kong (stage 3 meets it first, as
  settled reading 1 says of a robbed kind), unless the konger is a winner of the first win:
  his kongs are in his hand, and the replay's ``meld_mismatch`` names it.
* Events after the win are checked and priced (``hand_over`` and their own problems: settled
  reading 8) but pay nothing; a record with them is refused anyway.
* ``codes: []`` is no code turned, as an absent ``codes``.
* ``end.last_drawer`` is required (stage 1) when the options as sent say
  ``draw_next_dealer: "last_drawer"``; an invalid ``draw_next_dealer`` is stage 2's.
* Rooms of 2 or 3 players (§4.5.10, reconciled.md §1): the seats, ``piao`` and the number of
  winners are checked against ``players`` as sent at stage 1 (0–3 while it is invalid), the
  tiles against the room's tile set (its ``suits`` and the tile set's honors, named as the
  room: "not in the 76-tile set of this room (suits p, s)") at stage 2; every kong, win and
  code is priced by the operations that price it in the room.
"""
