"""南昌 hand settlement (``settle``, rules/settle-nanchang.md, RULES.md §3.9): the whole money
of one hand — 胡分, 杠分, 抄庄, 上精 with 冲关 and 冲关包赔, 下精, 回头一笑, 上下翻精 — from its
record.

Today this package holds only `options` (the options §3.9.9 adds, which every 南昌 operation
accepts and echoes); the settlement itself is built on the shared settle skeleton.
"""
