"""四川 hand settlement (``settle``, settle.md §1.6): the whole money of one 血战到底 or
血流成河 hand from its record.

Modules, one concern each: `record` (the record's types), `shape` / `parse` / `hands` /
`checks` (the four validation stages), `pricing` (the only door to the Sichuan fan, waits and
kong code), `kongs`, `wins` (with 呼叫转移), `end` (查花猪, 查大叫, 退税), `answer` (the
answer's types), `settle` (the replay), `options` (the options it adds).

Temporary home: the package moves to ``engine/variants/sichuan/settle/`` with the variant.
"""
