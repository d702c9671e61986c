"""Giving freed memory back to the system after a large body (issue 13: a worker's RSS after
the worst body stays within 10 MB of before).

A 1 MiB body is parsed into a few large buffers (the bytes, the text, lists of hundreds of
thousands of pointers). glibc serves large allocations with ``mmap`` and returns them on
free — but after the first such free it raises its mmap threshold (up to 32 MB), so later
buffers of that size come from the heap, whose top cannot shrink past live data: each worst
body then left a worker 10–17 MB larger (measured by ``python -m benchmarks.hostile``).
Setting the threshold fixes it at 128 KiB and turns the adjustment off; the cost is an
``mmap`` per buffer over 128 KiB, which only bodies far larger than a valid request need.
Without glibc (musl, macOS) nothing is done.
"""

from __future__ import annotations

import ctypes
import ctypes.util

M_MMAP_THRESHOLD = -3
"""glibc's mallopt parameter number (malloc.h)."""
MMAP_THRESHOLD = 128 * 1024


def return_freed_memory() -> bool:
    """Fix glibc's mmap threshold for this process (and the workers forked from it);
    whether it was set."""
    name = ctypes.util.find_library("c")
    if name is None:
        return False
    try:
        mallopt = ctypes.CDLL(name).mallopt
    except (OSError, AttributeError):
        return False
    return bool(mallopt(M_MMAP_THRESHOLD, MMAP_THRESHOLD))
