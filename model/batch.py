"""Flat varlen batches: prefill chunks and decode tokens of many requests in one forward."""

from __future__ import annotations

from dataclasses import dataclass

import torch

from model.context import HostBatch
from model.device_copy import to_device


@dataclass(frozen=True)
class Chunk:
    """One request's tokens for this step: a prefill chunk or a single decode token."""

    slot: int
    token_ids: list[int]
    start_pos: int
    # (tokens into the chunk, state row): the request's state after those tokens is also written to
    # that state-pool row (a prefix-cache checkpoint), so a checkpoint inside a prefill costs no forward
    saves: tuple[tuple[int, int], ...] = ()


@dataclass(frozen=True)
class Batch:
    input_ids: torch.Tensor  # [N] int64
    positions: torch.Tensor  # [N] int64
    slots: torch.Tensor  # [N] int64, trash slot for padding rows
    offsets: torch.Tensor  # [N] int64, index inside the chunk
    write_slots: torch.Tensor  # [N] int64, slot for each chunk's last token, else trash
    host: HostBatch

    @property
    def num_tokens(self) -> int:
        return self.input_ids.shape[0]

    @property
    def last_token_index(self) -> list[int]:
        return [e - 1 for e in self.host.query_start[1:]]

    def tensors(self) -> tuple[torch.Tensor, ...]:
        """The forward's positional inputs."""
        return self.input_ids, self.positions, self.slots, self.offsets, self.write_slots


def build_batch(
    chunks: list[Chunk], trash_slot: int, device: torch.device | str, pad_to: int | None = None, pad_token_id: int = 0
) -> Batch:
    """Lay `chunks` out flat; rows past the real tokens (up to `pad_to`) write only to `trash_slot`."""
    if not chunks:
        raise ValueError("build_batch needs at least one chunk")
    ids: list[int] = []
    pos: list[int] = []
    slots: list[int] = []
    offs: list[int] = []
    writes: list[int] = []
    starts = [0]
    saves: list[tuple[int, int, int]] = []
    for i, c in enumerate(chunks):
        n = len(c.token_ids)
        if n == 0:
            raise ValueError(f"chunk {i} (slot {c.slot}) has no tokens")
        if c.slot < 0 or c.slot >= trash_slot:
            raise ValueError(f"chunk {i}: slot {c.slot} is outside [0, {trash_slot})")
        ids += c.token_ids
        pos += range(c.start_pos, c.start_pos + n)
        slots += [c.slot] * n
        offs += range(n)
        row_writes = [trash_slot] * (n - 1) + [c.slot]
        for tokens, row in c.saves:
            if not 0 < tokens < n or row <= trash_slot:
                raise ValueError(
                    f"chunk {i}: a save after {tokens} tokens into state row {row} is outside its {n} tokens "
                    f"or not a checkpoint row (above the trash slot {trash_slot})"
                )
            row_writes[tokens - 1] = row  # the row before the save's position writes its tails there
            saves.append((i, tokens, row))
        writes += row_writes
        starts.append(starts[-1] + n)
    if len(set(slots[s] for s in starts[:-1])) != len(chunks):
        raise ValueError("two chunks of one batch share a slot")
    if len({(i, tokens) for i, tokens, _ in saves}) != len(saves) or len({row for *_, row in saves}) != len(saves):
        raise ValueError(f"two saves of one batch share a position or a state row: {saves}")
    real = len(ids)
    total = real if pad_to is None else pad_to
    if total < real:
        raise ValueError(f"pad_to={pad_to} is smaller than the {real} tokens of the batch")
    pad = total - real
    ids += [pad_token_id] * pad
    pos += [0] * pad
    slots += [trash_slot] * pad
    offs += [0] * pad
    writes += [trash_slot] * pad

    def t(v: list[int]) -> torch.Tensor:
        return to_device(v, torch.int64, device)

    host = HostBatch(
        tuple(starts), tuple(c.start_pos for c in chunks), tuple(c.slot for c in chunks), total, tuple(saves)
    )
    return Batch(t(ids), t(pos), t(slots), t(offs), t(writes), host)


def padding_batch(rows: int, trash_slot: int, device: torch.device | str) -> Batch:
    """`rows` rows that write only to `trash_slot`, laid out as a uniform decode batch, so every
    opaque kernel takes its tensor-only path: what warmup and graph capture run on."""
    zeros = torch.zeros(rows, dtype=torch.int64, device=device)
    trash = torch.full((rows,), trash_slot, dtype=torch.int64, device=device)
    host = HostBatch(tuple(range(rows + 1)), (0,) * rows, (trash_slot,) * rows, rows)
    return Batch(zeros, zeros.clone(), trash, zeros.clone(), trash.clone(), host)
