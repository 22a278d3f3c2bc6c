"""The K/V page pool: which pages are free, and which pages each request's tokens live in.

The model keeps attention K/V (and the indexer's keys) in `num_pages` pages of `page_size` tokens;
a request's block-table row lists its pages in position order, so position p lives in page
`pages[p // page_size]` at offset `p % page_size`. The scheduler grows a request's list before
each step so that every token it schedules has its page, and gives the pages back when the request
finishes, is aborted or is preempted (once no launched step still writes them; see the scheduler).

Pages carry reference counts, so that one page can sit in several requests' rows (prefix caching,
`qcompile/engine/prefix_cache.py`). With caching on, each full page of known tokens is keyed by
the hash chain of its tokens (`page_hashes`: a page's parent's digest and its tokens, a 128-bit
BLAKE2b digest, so a collision is as unlikely as one of the digest). A freed page whose hash is
known stays findable with no holder ("cached free"); allocation takes never-cached free pages
first, then evicts the least recently freed cached page (counted in `num_evicted_pages`).
"""

from __future__ import annotations

import hashlib
import struct
from collections import OrderedDict, deque

from model.paging import pages_for
from qcompile.engine.sequence import Sequence

ROOT_HASH = b"\0" * 16  # the parent of a request's first page


def page_hashes(parent: bytes, token_ids: list[int], page_size: int) -> list[bytes]:
    """The chain digests of the full pages of `token_ids`, the first one's parent `parent`: each digest
    covers its parent's and its page's tokens (so equal digests mean equal prefixes, not only equal
    pages). The tokens are packed once (`struct`: a third of `array`'s time)."""
    packed = memoryview(struct.pack(f"{len(token_ids)}q", *token_ids))
    stride, out = 8 * page_size, []
    for begin in range(0, len(token_ids) // page_size * stride, stride):
        digest = hashlib.blake2b(parent, digest_size=16)
        digest.update(packed[begin : begin + stride])
        parent = digest.digest()
        out.append(parent)
    return out


class BlockManager:
    """`num_pages` pages of `page_size` tokens, numbered 0..num_pages-1; the model's trash page
    (`trash_page`, where padding rows write) lies outside them and is never handed out."""

    def __init__(self, num_pages: int, page_size: int) -> None:
        if num_pages < 1:
            raise ValueError(f"the K/V pool needs at least one page, got num_pages={num_pages}")
        if page_size < 1:
            raise ValueError(f"page_size must be >= 1, got {page_size}")
        self.num_pages = num_pages
        self.page_size = page_size
        self.ref_counts = [0] * num_pages
        self.free_pages: deque[int] = deque(range(num_pages))  # never cached (or evicted): taken first
        self.cached_pages: OrderedDict[int, None] = OrderedDict()  # hashed, held by nobody; least recent first
        self.page_of: dict[bytes, int] = {}  # chain hash -> the page holding it
        self.hash_of: dict[int, bytes] = {}
        self.num_evicted_pages = 0

    @property
    def trash_page(self) -> int:
        return self.num_pages

    @property
    def num_tokens(self) -> int:
        """Tokens the whole pool holds: the most one request can ever have."""
        return self.num_pages * self.page_size

    @property
    def num_free_pages(self) -> int:
        """Pages nobody holds: never cached, or cached and evictable."""
        return len(self.free_pages) + len(self.cached_pages)

    @property
    def usage(self) -> float:
        """Fraction of the pool's pages in use (vLLM's `kv_cache_usage_perc`, 0..1; cached free pages
        count as free)."""
        return 1 - self.num_free_pages / self.num_pages

    def check_fits(self, num_tokens: int, what: str) -> None:
        """Refuse a request that could not run even alone in the pool (ValueError naming both sizes)."""
        if num_tokens > self.num_tokens:
            raise ValueError(
                f"{what} needs {num_tokens} tokens of K/V but the whole pool holds {self.num_tokens} "
                f"({self.num_pages} pages of {self.page_size}); lower max_tokens or give the server more "
                "--kv-cache-memory"
            )

    def pages_needed(self, seq: Sequence, num_tokens: int) -> int:
        """Pages `seq` must still get so that its first `num_tokens` positions have one."""
        return max(0, pages_for(num_tokens, self.page_size) - len(seq.pages))

    def allocate(self, seq: Sequence, num_tokens: int) -> bool:
        """Grow `seq.pages` to cover its first `num_tokens` positions; False, taking nothing, when the
        pool has too few free pages."""
        need = self.pages_needed(seq, num_tokens)
        if need > self.num_free_pages:
            return False
        for _ in range(need):
            page = self.free_pages.popleft() if self.free_pages else self._evict()
            self.ref_counts[page] = 1
            seq.pages.append(page)
        return True

    def _evict(self) -> int:
        """The least recently freed cached page, no longer findable."""
        page, _ = self.cached_pages.popitem(last=False)
        del self.page_of[self.hash_of.pop(page)]
        self.num_evicted_pages += 1
        return page

    def free(self, seq: Sequence) -> None:
        """Drop `seq`'s hold on its pages; a page nobody holds goes back to the pool. Last page first, so
        a cached prefix is evicted from its end and its start stays findable longest."""
        for page in reversed(seq.pages):
            if self.ref_counts[page] < 1:
                raise RuntimeError(f"page {page} of request {seq.request_id!r} is already free")
            self.ref_counts[page] -= 1
            if self.ref_counts[page] == 0:
                if page in self.hash_of:
                    self.cached_pages[page] = None
                else:
                    self.free_pages.append(page)
        seq.pages, seq.num_registered_pages = [], 0

    # ---- prefix caching ----------------------------------------------------------------------
    def hash_pages(self, seq: Sequence, num_tokens: int) -> None:
        """Extend `seq.page_hashes` over its full pages among its first `num_tokens` positions whose
        tokens the host knows."""
        ps, done = self.page_size, len(seq.page_hashes)
        full = min(num_tokens, seq.num_tokens) // ps
        if full > done:
            parent = seq.page_hashes[-1] if seq.page_hashes else ROOT_HASH
            seq.page_hashes += page_hashes(parent, seq.known_token_ids(done * ps, full * ps), ps)

    def register(self, seq: Sequence) -> None:
        """Make `seq`'s full written pages of known tokens findable by their hashes (a page whose hash
        another page already holds stays unlisted: it goes back to the free list when freed). Only
        once a launched step writes them: a later step, which runs after it, may read them."""
        self.hash_pages(seq, seq.num_written_tokens)
        # `page_hashes` may run past the written pages (a lookup hashes the whole prompt), and `pages`
        # past them too (allocated for a chunk later cut at a checkpoint): neither is written yet
        end = min(len(seq.page_hashes), len(seq.pages), seq.num_written_tokens // self.page_size)
        for i in range(seq.num_registered_pages, end):
            h, page = seq.page_hashes[i], seq.pages[i]
            if h not in self.page_of and page not in self.hash_of:
                self.page_of[h], self.hash_of[page] = page, h
        seq.num_registered_pages = max(seq.num_registered_pages, end)

    def cached_prefix(self, seq: Sequence, max_pages: int) -> list[int]:
        """The pages holding `seq`'s first full pages, as far as the chain is findable (at most
        `max_pages`); taking them is `take`."""
        self.hash_pages(seq, max_pages * self.page_size)
        pages = []
        for h in seq.page_hashes[:max_pages]:
            page = self.page_of.get(h)
            if page is None:
                break
            pages.append(page)
        return pages

    def take(self, seq: Sequence, pages: list[int]) -> None:
        """Give `seq` (holding none yet) the cached `pages` of its prefix: shared read-only, since new
        tokens go to pages after them."""
        if seq.pages:
            raise RuntimeError(f"request {seq.request_id!r} already holds pages {seq.pages}")
        for page in pages:
            if self.ref_counts[page] == 0:
                del self.cached_pages[page]
            self.ref_counts[page] += 1
        seq.pages, seq.num_registered_pages = list(pages), len(pages)

    def reset(self) -> None:
        """Every page free (after a failed step dropped the requests that held them)."""
        self.ref_counts = [0] * self.num_pages
        self.free_pages = deque(range(self.num_pages))
        self.cached_pages.clear()
        self.page_of.clear()
        self.hash_of.clear()
