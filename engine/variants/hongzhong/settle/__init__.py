"""红中 hand settlement (``settle``, settle-hongzhong.md §4.5): the whole money of one 红中 /
癞子 hand from its record.

Modules: `options` (the options it adds to every 红中 operation, §4.5.7).
"""
