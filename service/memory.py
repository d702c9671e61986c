"""Giving freed memory back to the system after a large body (issue 13: a worker's RSS after
the worst body stays within 10 MB of before).

Two things keep a worker's memory after a body far larger than any valid request, and each
is handled here:

A 1 MiB body is parsed into a few large buffers (the bytes, the text, lists of hundreds of
thousands of pointers). glibc serves large allocations with ``mmap`` and returns them on
free — but after the first such free it raises its mmap threshold (up to 32 MB), so later
buffers of that size come from the heap, whose top cannot shrink past live data: each worst
body then left a worker 10–17 MB larger (measured by ``python -m benchmarks.hostile``).
Setting the threshold fixes it at 128 KiB and turns the adjustment off; the cost is an
``mmap`` per buffer over 128 KiB, which only bodies far larger than a valid request need.

The rest — hundreds of thousands of small freed blocks amid a few that live on, in the heap
below its top, and whatever reference cycle (a framework's, an exception's) still reaches
parts of the body — is given back after the answer to a body over `LARGE_BODY` has been
written (`release_after_answer`): a full collection (cheap in a worker: the preloaded objects
are frozen, ``service/gunicorn_conf.py``) and ``malloc_trim``, which returns the free pages
inside the heap. Measured by ``python -m benchmarks.hostile`` on a live worker, every hostile
body three times, twice over: +26 MB without either, +14 MB with only the collection, +13 MB
with only the trim, +6 MB with both. Without glibc (musl, macOS) only the collection is done.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import gc
from functools import cache
from typing import Any

from flask import Response, after_this_request

M_MMAP_THRESHOLD = -3
"""glibc's mallopt parameter number (malloc.h)."""
MMAP_THRESHOLD = 128 * 1024
LARGE_BODY = 256 * 1024
"""Bodies over this size are followed by `release`: more than a full batch of ordinary
items (256 × ~300 bytes); the hostile bodies are up to 1 MiB."""


@cache
def _libc_function(name: str) -> Any:
    """A function of glibc, or None (no C library found, or not glibc)."""
    found = ctypes.util.find_library("c")
    if found is None:
        return None
    try:
        return getattr(ctypes.CDLL(found), name)
    except (OSError, AttributeError):
        return None


def return_freed_memory() -> bool:
    """Fix glibc's mmap threshold for this process (and the workers forked from it);
    whether it was set."""
    mallopt = _libc_function("mallopt")
    return mallopt is not None and bool(mallopt(M_MMAP_THRESHOLD, MMAP_THRESHOLD))


def release() -> None:
    """Collect every reference cycle, then give the heap's free pages back (glibc)."""
    gc.collect()
    trim = _libc_function("malloc_trim")
    if trim is not None:
        trim(0)


def release_after_answer() -> None:
    """`release` once this request's answer has been written (the response's ``close``:
    the caller is not kept waiting, and the request's objects are gone by then)."""
    after_this_request(_on_close)


def _on_close(response: Response) -> Response:
    response.call_on_close(release)
    return response
