"""One step's plan, as the scheduler hands it to the runner: which requests run how many tokens from
where, and the slot resets, block-table rows and state copies that go with them (prefix-cache
checkpoints: restores, saves after the forward or inside a chunk, and the host tier's spills and
copies back)."""

from __future__ import annotations

from dataclasses import dataclass, field

from qcompile.engine.sequence import Sequence


@dataclass
class ScheduledBatch:
    """One step: `num_tokens[i]` tokens of `seqs[i]` starting at position `starts[i]`."""

    seqs: list[Sequence] = field(default_factory=list)
    num_tokens: list[int] = field(default_factory=list)
    starts: list[int] = field(default_factory=list)
    samples: list[bool] = field(default_factory=list)  # the chunk reaches the end: sample a token
    fresh_slots: list[int] = field(default_factory=list)  # reset before this step runs
    block_tables: dict[int, list[int]] = field(default_factory=dict)  # slot -> its pages, for rows that changed
    restores: list[tuple[int, int]] = field(default_factory=list)  # (checkpoint, slot): copied before the forward
    saves: list[tuple[int, int]] = field(default_factory=list)  # (slot, checkpoint): copied after the forward
    # slot -> (tokens into its chunk, checkpoint): states the forward writes inside the chunk, ascending
    chunk_saves: dict[int, list[tuple[int, int]]] = field(default_factory=dict)
    spills: list[tuple[int, int]] = field(default_factory=list)  # (checkpoint, host row): copied first
    fetches: list[tuple[int, int]] = field(default_factory=list)  # (host row, checkpoint): then, before restores

    def add(self, seq: Sequence, n: int) -> None:
        start = seq.num_computed_tokens
        self.seqs.append(seq)
        self.num_tokens.append(n)
        self.starts.append(start)
        self.samples.append(start + n == seq.num_tokens + seq.num_pending)
