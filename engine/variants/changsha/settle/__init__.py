"""长沙's ``settle`` (settle-changsha.md §2.9): the whole money of one hand from its record —
起手小胡, the win with its birds from the right origin, 开杠 tiles, 海底, 飘 and the next
dealer — on the shared skeleton (`engine.settle`), each win priced by the ``fan`` code.

Modules: `options` (what only ``settle`` reads), `record` (the record as values), `shape`
(stage 1), `parse` (stage 2), `hands` (stage 3), `checks` (stage 4), `declarations`
(起手小胡 money), `pricing` (the door to ``fan``), `answer`, and `settle` (the replay).
"""
