"""The skeleton every variant's ``settle`` shares (reconciled.md §1–§3, §6).

A ``settle`` reads the record of one hand — ``dealer``, the variant's own members,
``events`` (each with its index, the pointer ``#/record/events/N``), ``end`` — validates it
in stages and answers its money as transfer rows and zero-sum totals. The stages, the record
frame, the row and its order are the same for every variant; a variant writes only its
events, its pricing and its end-of-hand rules.

Modules, one concern each: `stages` (the staged validation and the `SettleRules` a variant
fills), `shape` (stage 1: `RecordFrame`, `ShapeChecker`), `reader` (stage 2: `TileReader`),
`hands` (stage 3: hand checks, copies over the table), `events` (the shared `Winner` and
`Kong`, and ``not_after_kong``: the one ``after_kong`` check of every record), `kongs`
(stage 4's shared ``meld_mismatch`` checks: `KongLedger`),
`rows` (`Transfer`, reason-major order, totals).
Seats — turn order, who pays, what the seats cannot say — are `engine.seats`'.
"""
