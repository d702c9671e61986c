"""The prometheus_client multiprocess directory: bounded over restarts, safe when full.

prometheus_client's multiprocess mode gives every process its own memory-mapped files
(``counter_<pid>.db``, ``histogram_<pid>.db``, ``gauge_<mode>_<pid>.db``) and never removes a
dead process's counters, because they must stay in the totals. Two problems follow, and this
module answers both with prometheus_client's own file format and reader (``MmapedDict``):

* **Growth.** Every worker restart used to leave its files behind (~120 KB here), and every
  scrape reads them all. ``merge_dead`` folds a dead worker's counters and histograms into one
  archive file per type (``counter_archive.db``, ``histogram_archive.db``: the collector
  takes a file's type from its name, so the two cannot share one) and removes its files,
  gauges included — a dead process's gauges say nothing, as ``mark_process_dead`` already
  decides for the live ones. Sums of counters and of raw (not yet cumulative) histogram
  buckets are what the collector adds up anyway, so the totals are exactly what they were.
  The directory then holds the live processes' files and two archives, whatever the number
  of restarts.
* **A full directory.** ``MmapedDict`` sizes a file with ``truncate``: on a tmpfs that is
  a sparse file, and the first write to a page no memory backs kills the process with SIGBUS
  (the gunicorn master died so, silently, on a 64 KiB tmpfs). ``AllocatedMmapedDict``
  allocates every byte before it is mapped (``posix_fallocate``, which fails cleanly with
  ``ENOSPC``), and when the directory cannot be written (full, read-only, deleted) it keeps
  the values in process memory instead: the process answers as before, its metrics are no
  longer scraped, and one log line says so (``degraded()`` is then true; ``/readyz`` says
  ``metrics: degraded``).

Scrapes and merges take a lock (``flock`` on ``.lock`` in the directory: shared for a
scrape, exclusive for a merge), so no scrape sees the archive and the dead files at once (a
total counted twice, then a drop that Prometheus would take for a counter reset).

``install()`` makes prometheus_client create its files through ``AllocatedMmapedDict``; it
replaces the module global ``prometheus_client.values.MmapedDict`` that the multiprocess
value class looks up on each file it opens (no public hook exists; the version is pinned,
and ``tests/service/test_metrics_dir.py`` holds the behaviour).
"""

from __future__ import annotations

import contextlib
import fcntl
import glob
import logging
import mmap
import os
from collections.abc import Iterator

from prometheus_client import values
from prometheus_client.mmap_dict import MmapedDict

log = logging.getLogger("hupai")

ARCHIVE = "archive"
"""The archive's place of a pid in a file name: ``counter_archive.db``."""
INITIAL_BYTES = 4 * mmap.PAGESIZE
"""A new file's allocated size (prometheus_client's own 64 KiB mostly stays unused)."""
LOCK_FILE = ".lock"
_PARTIAL = ".partial"
"""Suffix of a file being written; the collector reads ``*.db`` only, so never sees one."""

_degraded: list[str] = []
"""Why this process keeps its metrics in memory (empty: it writes them to the directory)."""


def degraded() -> bool:
    """True when this process's metrics are not written to the directory."""
    return bool(_degraded)


def degrade(filename: str, error: OSError) -> None:
    if not _degraded:
        log.error(
            "metrics degraded: cannot write %s (%s); this process keeps answering requests, "
            "but its metrics are kept in memory and no longer scraped",
            filename,
            error.strerror or error,
        )
    _degraded.append(filename)


def forget_degradation() -> None:
    """A forked worker opens files of its own: it tries the directory afresh."""
    _degraded.clear()


os.register_at_fork(after_in_child=forget_degradation)


def _allocate(path: str, size: int) -> None:
    """Create ``path`` with ``size`` bytes allocated, or raise; never a half-made ``path``."""
    partial = path + _PARTIAL
    fd = os.open(partial, os.O_RDWR | os.O_CREAT | os.O_TRUNC, 0o644)
    try:
        os.posix_fallocate(fd, 0, size)
        os.rename(partial, path)
    except OSError:
        with contextlib.suppress(OSError):
            os.remove(partial)
        raise
    finally:
        os.close(fd)


def _entry_bytes(key: str) -> int:
    """The bytes ``MmapedDict._init_value`` appends for ``key`` (length, padded key, 2 doubles)."""
    encoded = len(key.encode("utf-8"))
    return 4 + encoded + (8 - (encoded + 4) % 8) + 16


class AllocatedMmapedDict(MmapedDict):
    """``MmapedDict`` whose file space is allocated before it is written, or in memory.

    A file is created fully allocated; growing it allocates the doubled size before
    ``MmapedDict`` maps it. When that fails, the file's content moves to an anonymous memory
    file (``memfd``) and the process carries on there, degraded.
    """

    def __init__(self, filename: str, read_mode: bool = False, *, fallback: bool = True) -> None:
        self._fallback = fallback
        if read_mode or os.path.exists(filename):
            super().__init__(filename, read_mode)  # type: ignore[no-untyped-call]
            return
        try:
            _allocate(filename, INITIAL_BYTES)
        except OSError as e:
            if not fallback:
                raise
            degrade(filename, e)
            fd = os.memfd_create("hupai-metrics")
            try:
                super().__init__(f"/proc/self/fd/{fd}")  # type: ignore[no-untyped-call]
            finally:
                os.close(fd)
            self._fname = filename
            return
        super().__init__(filename)  # type: ignore[no-untyped-call]

    def _init_value(self, key: str) -> None:
        capacity = self._capacity
        while self._used + _entry_bytes(key) > capacity:
            capacity *= 2
        if capacity != self._capacity:
            try:
                os.posix_fallocate(self._f.fileno(), 0, capacity)
            except OSError as e:
                if not self._fallback:
                    raise
                degrade(self._fname, e)
                self._move_to_memory()
        super()._init_value(key)  # type: ignore[no-untyped-call]

    def _move_to_memory(self) -> None:
        """Continue in a memory file holding what the mapped file holds (same layout)."""
        content = self._m[: self._capacity]
        self._m.close()
        fd = os.memfd_create("hupai-metrics")
        try:
            self._f.close()
            self._f = open(f"/proc/self/fd/{fd}", "a+b")  # noqa: SIM115 (kept open, as MmapedDict)
        finally:
            os.close(fd)
        self._f.write(content)
        self._f.flush()
        self._m = mmap.mmap(self._f.fileno(), self._capacity)


def install() -> None:
    """Make prometheus_client's multiprocess values open their files through this module."""
    values.MmapedDict = AllocatedMmapedDict  # type: ignore[attr-defined]


@contextlib.contextmanager
def locked(directory: str, exclusive: bool) -> Iterator[None]:
    """Hold the directory's lock; without one (a directory nobody can write) go unlocked."""
    path = os.path.join(directory, LOCK_FILE)
    try:
        fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
    except OSError:
        try:
            fd = os.open(path, os.O_RDONLY)
        except OSError:
            yield
            return
    try:
        fcntl.flock(fd, fcntl.LOCK_EX if exclusive else fcntl.LOCK_SH)
        yield
    finally:
        os.close(fd)  # releases the lock


def _file_type(path: str) -> str:
    return os.path.basename(path).split("_", 1)[0]


def _totals(paths: list[str]) -> dict[str, float]:
    """Every key's value summed over ``paths`` (prometheus_client's reader)."""
    totals: dict[str, float] = {}
    for path in paths:
        for key, value, _timestamp, _pos in MmapedDict.read_all_values_from_file(path):  # type: ignore[no-untyped-call]
            totals[key] = totals.get(key, 0.0) + value
    return totals


def _write(path: str, totals: dict[str, float]) -> None:
    """Replace ``path`` by a file holding ``totals``, in one rename."""
    partial = path + _PARTIAL
    with contextlib.suppress(FileNotFoundError):
        os.remove(partial)
    try:
        archive = AllocatedMmapedDict(partial, fallback=False)
        try:
            for key, value in totals.items():
                archive.write_value(key, value, 0.0)  # type: ignore[no-untyped-call]
        finally:
            archive.close()  # type: ignore[no-untyped-call]
        os.replace(partial, path)
    except OSError:
        with contextlib.suppress(OSError):
            os.remove(partial)
        raise


def merge_dead(directory: str, pid: int) -> int:
    """Fold dead process ``pid``'s counters and histograms into the archives, drop its gauges.

    Returns the number of files removed. Raises ``OSError`` when an archive cannot be
    written; the dead process's files then stay where they are (the totals stay right, only
    the directory does not shrink).
    """
    with locked(directory, exclusive=True):
        dead = sorted(glob.glob(os.path.join(directory, f"*_{pid}.db")))
        for path in dead:
            typ = _file_type(path)
            if typ != "gauge":
                archive = os.path.join(directory, f"{typ}_{ARCHIVE}.db")
                sources = [archive, path] if os.path.exists(archive) else [path]
                _write(archive, _totals(sources))
            os.remove(path)
        return len(dead)
