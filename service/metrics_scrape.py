"""The multiprocess scrape: every process's metric files added up and written out, fast.

prometheus_client's ``MultiProcessCollector`` and ``generate_latest`` took 9–27 ms for the
~1,100 samples of a scrape here (``benchmarks/README.md``): on every scrape, for every sample,
they parse its key's JSON, build tuples, a ``Sample``, check each label name against a regular
expression and escape each label value. All of that depends on the key alone, and the set of
keys changes only when a label set is first used or a process starts or goes. ``Scraper``
reads the same files with prometheus_client's own reader, adds the values up by the same rules,
and keeps between scrapes:

* the layout of the text (``_Plan``): its families and lines, each line written up to its value
  by ``generate_latest`` itself — remade only when the set of samples changes (a new label set,
  a worker started or gone), and then only the families whose samples changed are written
  again (``_Kept``; a worker's first scrape, with nothing kept, costs what prometheus_client's
  costs);
* the archives' values (``counter_archive.db``, …) by inode, size and times: an archive is only
  ever replaced by a rename (``metrics_dir.merge_dead``), so an unchanged stat means the same
  content. A live process's file is read in full every time: its values change in place
  through a memory map, which updates no mtime.

What it writes is what prometheus_client writes (``tests/service/test_metrics_scrape.py`` holds
the two equal on generated directories): counters, summaries and histogram buckets summed over
the files, buckets cumulative in ascending ``le`` with ``_count`` the ``+Inf`` bucket; gauges by
the ``multiprocess_mode`` in their file's name — ``all``/``liveall`` one sample per process
(a ``pid`` label), ``sum``, ``min``, ``max`` and ``mostrecent`` (and their ``live`` forms) one
sample over the processes.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

from prometheus_client import generate_latest
from prometheus_client.metrics_core import Metric
from prometheus_client.mmap_dict import MmapedDict
from prometheus_client.utils import floatToGoString

_float_text: Callable[[float], str] = floatToGoString
"""How the text format writes a value (``+Inf``, Go's exponent style)."""

Id = str | tuple[str, str]
"""A sample's identity in a scrape: its key in the files, or (key, pid) for a gauge whose mode
keeps one sample per process."""

Labels = tuple[tuple[str, str], ...]
_Lines = list[tuple[str, Id, int]]

_PER_PROCESS = frozenset({"all", "liveall"})
_SUMMED = frozenset({"sum", "livesum"})
_LEAST = frozenset({"min", "livemin"})
_MOST = frozenset({"max", "livemax"})
_RECENT = frozenset({"mostrecent", "livemostrecent"})

# What a line of the plan writes after its prefix.
_VALUE = 0  # the sample's value
_FIRST_BUCKET = 1  # a histogram series' first bucket: the running count starts there
_BUCKET = 2  # a later bucket: the running count so far
_COUNT = 3  # the series' _count: the running count, the +Inf bucket's
_TEXT = 4  # nothing: the prefix is a whole line (a family's HELP and TYPE)


@dataclass(frozen=True)
class _File:
    """One ``*.db`` file as read: its type, gauge mode, process and (key, value, stamp)s."""

    typ: str
    mode: str
    pid: str
    entries: list[tuple[str, float, float]]


@dataclass(frozen=True)
class _Plan:
    """The text for one set of sample ids: (prefix, id, what follows the prefix) per line."""

    ids: frozenset[Id]
    lines: _Lines
    pids: frozenset[str]
    """The processes that have a ``liveall`` gauge file: the live ones (a dead process's are
    removed, by ``mark_process_dead`` or ``metrics_dir.merge_dead``)."""


@dataclass
class _Family:
    typ: str
    help: str
    samples: dict[tuple[str, Labels], Id] = field(default_factory=dict)
    """(sample name, labels) → the id whose value it shows (the histogram's ``_count``: that
    of its ``+Inf`` bucket, whose line comes last)."""


def _parse_file_name(name: str) -> tuple[str, str, str]:
    """``gauge_livesum_12.db`` → ("gauge", "livesum", "12"); ``counter_12.db`` → mode ""."""
    parts = name[: -len(".db")].split("_")
    if parts[0] == "gauge":
        return parts[0], parts[1], parts[2]
    return parts[0], "", parts[1]


class Scraper:
    """One process's scrapes of one directory (``text`` holds no lock: the caller takes the
    directory's shared lock, ``metrics_dir.locked``, so that no merge runs meanwhile)."""

    def __init__(self, directory: str, *, started: str | None = None) -> None:
        """``started``: a ``liveall`` gauge every process sets as it starts (a start time,
        never 0 once set). A process's ``liveall`` file in which it is still 0 was caught
        between its creation and the process's first write (a worker forked a moment ago, on
        a loaded machine for milliseconds): it is left out until then, as if not yet born."""
        self.directory = directory
        self._started = None if started is None else f'["{started}", '
        self._plan = _Plan(frozenset(), [], frozenset())
        self._kept = _Kept()
        self._archives: dict[str, tuple[tuple[int, ...], list[tuple[str, float, float]]]] = {}

    def text(self) -> tuple[bytes, frozenset[str]]:
        """The exposition of every file in the directory, and the pids that have ``liveall``
        gauges (the live processes: a dead one's are removed when it is marked or merged)."""
        files = list(self._read())
        values = _add_up(files)
        if values.keys() != self._plan.ids:
            self._plan, self._kept = _make_plan(files, values, self._kept)
        return _write(self._plan.lines, values), self._plan.pids

    def _read(self) -> Iterator[_File]:
        archives: dict[str, tuple[tuple[int, ...], list[tuple[str, float, float]]]] = {}
        with os.scandir(self.directory) as found:
            for entry in found:
                if not entry.name.endswith(".db"):
                    continue
                typ, mode, pid = _parse_file_name(entry.name)
                try:
                    if pid == "archive":
                        archives[entry.path] = self._archive(entry)
                        entries = archives[entry.path][1]
                    else:
                        entries = _entries(entry.path)
                except FileNotFoundError:
                    if mode.startswith("live"):  # mark_process_dead ran meanwhile
                        continue
                    raise
                if mode == "liveall" and self._starting(entries):
                    continue
                yield _File(typ, mode, pid, entries)
        self._archives = archives

    def _starting(self, entries: list[tuple[str, float, float]]) -> bool:
        marker = self._started
        return marker is not None and any(
            value == 0.0 and key.startswith(marker) for key, value, _ in entries)

    def _archive(self, entry: os.DirEntry[str]) -> tuple[tuple[int, ...],
                                                         list[tuple[str, float, float]]]:
        st = entry.stat()
        signature = (st.st_ino, st.st_size, st.st_mtime_ns, st.st_ctime_ns)
        known = self._archives.get(entry.path)
        if known is not None and known[0] == signature:
            return known
        return signature, _entries(entry.path)


def _entries(path: str) -> list[tuple[str, float, float]]:
    return [(key, value, stamp) for key, value, stamp, _pos
            in MmapedDict.read_all_values_from_file(path)]  # type: ignore[no-untyped-call]


def _add_up(files: Iterable[_File]) -> dict[Id, float]:
    """Every sample's value over the files, by prometheus_client's rules (module docstring)."""
    values: dict[Id, float] = {}
    stamps: dict[Id, float] = {}
    for f in files:
        mode = f.mode
        if f.typ != "gauge" or mode in _SUMMED:
            for key, value, _ in f.entries:
                values[key] = values.get(key, 0.0) + value
        elif mode in _PER_PROCESS:
            for key, value, _ in f.entries:
                values[key, f.pid] = value
        elif mode in _LEAST:
            for key, value, _ in f.entries:
                values[key] = min(values.get(key, value), value)
        elif mode in _MOST:
            for key, value, _ in f.entries:
                values[key] = max(values.get(key, value), value)
        elif mode in _RECENT:
            for key, value, stamp in f.entries:
                if key not in values or stamps[key] < stamp:
                    values[key], stamps[key] = value, stamp
        else:
            raise ValueError(f"unknown multiprocess mode {mode!r} in the metrics directory")
    return values


@dataclass
class _Kept:
    """What a new plan reuses of the previous one: each key parsed, and each family's lines
    while its samples are the same (after a restart only the per-process gauges change)."""

    keys: dict[str, tuple[str, str, Labels, str]] = field(default_factory=dict)
    families: dict[str, tuple[tuple[Any, ...], _Lines]] = field(default_factory=dict)


def _make_plan(files: list[_File], values: dict[Id, float], kept: _Kept) -> tuple[_Plan, _Kept]:
    families: dict[str, _Family] = {}
    pids: set[str] = set()
    keys: dict[str, tuple[str, str, Labels, str]] = {}
    for f in files:
        per_process = f.typ == "gauge" and f.mode in _PER_PROCESS
        if f.typ == "gauge" and f.mode == "liveall":
            pids.add(f.pid)
        for key, _value, _stamp in f.entries:
            found = keys.get(key) or kept.keys.get(key)
            if found is None:
                metric, sample, labels, help_text = json.loads(key)
                found = (metric, sample, tuple(sorted(labels.items())), help_text)
            keys[key] = found
            metric, sample, labels, help_text = found
            family = families.get(metric)
            if family is None:
                family = families[metric] = _Family(f.typ, help_text)
            if per_process:
                family.samples[sample, tuple(sorted((*labels, ("pid", f.pid))))] = key, f.pid
            else:
                family.samples[sample, labels] = key
    lines: _Lines = []
    made: dict[str, tuple[tuple[Any, ...], _Lines]] = {}
    for name in sorted(families):
        family = families[name]
        signature = (family.typ, family.help, family.samples)  # dicts: == without order
        known = kept.families.get(name)
        made[name] = known if known and known[0] == signature else (
            signature, list(_family_lines(name, family)))
        lines.extend(made[name][1])
    return _Plan(frozenset(values), lines, frozenset(pids)), _Kept(keys, made)


def _family_lines(name: str, family: _Family) -> Iterator[tuple[str, Id, int]]:
    """The family's lines: its header, then each sample up to the value, as ``generate_latest``
    writes them (it is given the family with every value 0 and its text is cut)."""
    metric = Metric(name, family.help, family.typ)
    whats: list[tuple[Id, int]] = []
    if family.typ == "histogram":
        series: dict[Labels, list[tuple[float, str, Id]]] = {}
        sums: dict[Labels, Id] = {}
        for (_sample, labels), sid in sorted(family.samples.items()):
            rest = tuple(kv for kv in labels if kv[0] != "le")
            if len(rest) < len(labels):
                bound = float(dict(labels)["le"])
                series.setdefault(rest, []).append((bound, _float_text(bound), sid))
            else:
                sums[rest] = sid
        for rest, buckets in sorted(series.items()):
            buckets.sort()
            for i, (_bound, le, sid) in enumerate(buckets):
                metric.add_sample(name + "_bucket", dict((*rest, ("le", le))), 0.0)
                whats.append((sid, _BUCKET if i else _FIRST_BUCKET))
            metric.add_sample(name + "_count", dict(rest), 0.0)
            whats.append((buckets[-1][2], _COUNT))
            if rest in sums:
                metric.add_sample(name + "_sum", dict(rest), 0.0)
                whats.append((sums.pop(rest), _VALUE))
        for rest, sid in sorted(sums.items()):  # a _sum without buckets: shown as it is
            metric.add_sample(name + "_sum", dict(rest), 0.0)
            whats.append((sid, _VALUE))
    else:
        for (sample, labels), sid in sorted(family.samples.items()):
            metric.add_sample(sample, dict(labels), 0.0)
            whats.append((sid, _VALUE))
    text = generate_latest(Families([metric])).decode("utf-8").splitlines(keepends=True)
    yield "".join(text[:2]), "", _TEXT
    for line, (sid, what) in zip(text[2:], whats, strict=True):
        yield line[: -len("0.0\n")], sid, what


@dataclass(frozen=True)
class Families:
    """A collector of given families, for ``generate_latest``."""

    families: list[Metric]

    def collect(self) -> Iterable[Metric]:
        return self.families


def _write(lines: _Lines, values: dict[Id, float]) -> bytes:
    out: list[str] = []
    count = 0.0
    for prefix, sid, what in lines:
        if what == _TEXT:
            out.append(prefix)
            continue
        if what == _VALUE:
            value = values[sid]
        elif what == _FIRST_BUCKET:
            value = count = values[sid]
        elif what == _BUCKET:
            value = count = count + values[sid]
        else:
            value = count
        out.append(f"{prefix}{_float_text(value)}\n")
    return "".join(out).encode("utf-8")
