"""The K/V page pool: which pages are free, and which pages each request's tokens live in.

The model keeps attention K/V (and the indexer's keys) in `num_pages` pages of `page_size` tokens;
a request's block-table row lists its pages in position order, so position p lives in page
`pages[p // page_size]` at offset `p % page_size`. The scheduler grows a request's list before
each step so that every token it schedules has its page, and gives the pages back when the request
finishes, is aborted or is preempted (once no launched step still writes them; see the scheduler).

Pages carry reference counts, so that one page can later sit in several requests' rows: prefix
caching (issue 47, item 5) will key each full page by the hash chain of its tokens
(`hash(parent page's hash, this page's tokens)`), keep freed full pages findable by that hash
until they are reused, and share them by raising their count. Today each page has one owner.
"""

from __future__ import annotations

from collections import deque

from model.paging import pages_for
from qcompile.engine.sequence import Sequence


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
        self.free_pages: deque[int] = deque(range(num_pages))

    @property
    def trash_page(self) -> int:
        return self.num_pages

    @property
    def num_tokens(self) -> int:
        """Tokens the whole pool holds: the most one request can ever have."""
        return self.num_pages * self.page_size

    @property
    def num_free_pages(self) -> int:
        return len(self.free_pages)

    @property
    def usage(self) -> float:
        """Fraction of the pool's pages in use (vLLM's `kv_cache_usage_perc`, 0..1)."""
        return 1 - len(self.free_pages) / self.num_pages

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
        if need > len(self.free_pages):
            return False
        for _ in range(need):
            page = self.free_pages.popleft()
            self.ref_counts[page] = 1
            seq.pages.append(page)
        return True

    def free(self, seq: Sequence) -> None:
        """Drop `seq`'s hold on its pages; a page nobody holds goes back to the pool."""
        for page in seq.pages:
            if self.ref_counts[page] < 1:
                raise RuntimeError(f"page {page} of request {seq.request_id!r} is already free")
            self.ref_counts[page] -= 1
            if self.ref_counts[page] == 0:
                self.free_pages.append(page)
        seq.pages = []

    def reset(self) -> None:
        """Every page free (after a failed step dropped the requests that held them)."""
        self.ref_counts = [0] * self.num_pages
        self.free_pages = deque(range(self.num_pages))
