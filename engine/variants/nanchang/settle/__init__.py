"""南昌 hand settlement (``settle``, rules/settle-nanchang.md, RULES.md §3.9): the whole money
of one hand — 胡分, 杠分, 抄庄, 上精 with 冲关 and 冲关包赔, 下精, 回头一笑, 上下翻精 — from its
record, on the shared settle skeleton (`engine.settle`).

Modules, one concern each: `record` (the record's types), `shape` / `parse` / `hands` /
`checks` (the four validation stages), `pricing` (the only door to the 南昌 fan, kong and 精
code), `pairs` (the turned 精 pairs and 冲关包赔), `answer` (the answer's types), `settle` (the
replay), `options` (the options §3.9.9 adds, which every 南昌 operation accepts and echoes).

Rooms of 2 or 3 players (§3.9.12, reconciled.md §1): the seats, ``opening.hands``,
``end.hands`` and the winners of an event are checked against ``players`` as sent at stage 1
(0–3 while it is invalid); every payment, 抄庄 and pair runs over the *P* seats. Where the
spec is silent: a seat's discards are at most 40 with 3 or 4 players (§3.9.8) and 64 with 2,
where a seat draws about half of the 109 tiles the deal leaves.
"""
