"""The scheduler on its own: budgets, chunking, admission order and slot release (no model)."""

from qcompile import SamplingParams
from qcompile.engine.block_manager import BlockManager
from qcompile.engine.scheduled_batch import ScheduledBatch
from qcompile.engine.scheduler import Scheduler
from qcompile.engine.sequence import Sequence

PARAMS = SamplingParams(temperature=0, max_tokens=3, ignore_eos=True)


def seq(name: str, n: int, params: SamplingParams = PARAMS) -> Sequence:
    return Sequence(name, None, list(range(10, 10 + n)), params)


def read_back(sched: Scheduler, batch: ScheduledBatch, token: int = 7) -> None:
    """What the engine does when a step is read back: append sampled tokens, finish, release."""
    sched.step_done(batch)
    for s, sample in zip(batch.seqs, batch.samples, strict=True):
        s.num_pending -= sample
        if sample and not s.is_finished:
            s.append_token(token, None, ())
            if s.is_finished:
                sched.finish(s)


def layout(batch: ScheduledBatch) -> list[tuple[str, int, int]]:
    return [(s.request_id, n, start) for s, n, start in zip(batch.seqs, batch.num_tokens, batch.starts, strict=True)]


def test_decodes_first_then_chunked_prefills_under_the_token_budget() -> None:
    sched = Scheduler(max_num_seqs=3, max_num_batched_tokens=8, blocks=BlockManager(64, 4))
    a, b, c, d = seq("a", 2), seq("b", 13), seq("c", 4), seq("d", 1)
    for s in (a, b, c, d):
        sched.add(s)
    first = sched.schedule()
    assert layout(first) == [("a", 2, 0), ("b", 6, 0)] and first.fresh_slots == [0, 1]
    assert first.samples == [True, False]
    read_back(sched, first)
    second = sched.schedule()  # a decodes, b goes on, c is admitted with what is left
    assert layout(second) == [("a", 1, 2), ("b", 7, 6)] and second.fresh_slots == []
    read_back(sched, second)
    third = sched.schedule()
    assert layout(third) == [("a", 1, 3), ("b", 1, 13), ("c", 4, 0)] and third.fresh_slots == [2]
    read_back(sched, third)
    assert a.is_finished and a.num_output_tokens == 3
    fourth = sched.schedule()  # a's slot went back to the pool: d gets it, reset before its chunk
    assert layout(fourth) == [("b", 1, 14), ("c", 1, 4), ("d", 1, 0)] and fourth.fresh_slots == [0]


def test_a_slot_is_released_only_after_the_last_step_that_used_it() -> None:
    sched = Scheduler(max_num_seqs=1, max_num_batched_tokens=8, blocks=BlockManager(64, 4))
    a, b = seq("a", 2, SamplingParams(temperature=0, max_tokens=5)), seq("b", 2)
    sched.add(a)
    sched.add(b)
    step1 = sched.schedule()
    step2 = sched.schedule()  # overlap: a's decode row goes out before step 1 is read back
    assert layout(step2) == [("a", 1, 2)] and a.num_pending == 2
    a.finish("stop")  # step 1's token stopped it
    sched.finish(a)
    read_back(sched, step1)
    assert list(sched.free_slots) == [] and sched.schedule() is None  # step 2 still writes slot 0
    read_back(sched, step2)
    assert list(sched.free_slots) == [0]
    assert layout(sched.schedule()) == [("b", 2, 0)]


def test_nothing_is_scheduled_past_max_tokens() -> None:
    sched = Scheduler(max_num_seqs=1, max_num_batched_tokens=8, blocks=BlockManager(64, 4))
    a = seq("a", 2, SamplingParams(temperature=0, max_tokens=1))
    sched.add(a)
    assert layout(sched.schedule()) == [("a", 2, 0)]
    assert sched.schedule() is None  # its only token is already being sampled


def test_a_preempted_request_keeps_its_pages_until_its_step_in_flight_is_read_back() -> None:
    blocks = BlockManager(3, 4)
    sched = Scheduler(max_num_seqs=2, max_num_batched_tokens=8, blocks=blocks)
    a, b = (
        seq("a", 4, SamplingParams(temperature=0, max_tokens=8)),
        seq("b", 4, SamplingParams(temperature=0, max_tokens=8)),
    )
    sched.add(a)
    sched.add(b)
    step1 = sched.schedule()
    assert layout(step1) == [("a", 4, 0), ("b", 4, 0)] and step1.block_tables == {0: [0], 1: [1]}
    step2 = sched.schedule()  # before step 1 is read back: a takes the last page, b (the newest) is preempted
    assert layout(step2) == [("a", 1, 4)] and step2.block_tables == {0: [0, 2]}
    assert sched.num_preemptions == 1 and list(sched.waiting) == [b] and b.num_computed_tokens == 0
    assert b.pages == [1] and b.slot == 1 and blocks.num_free_pages == 0  # step 1 still writes them
    read_back(sched, step1, token=7)
    assert b.output_token_ids == [7] and b.pages == [] and b.slot == -1 and blocks.num_free_pages == 1
    step3 = sched.schedule()  # b needs 2 pages for its 5 tokens and 1 is free: it waits
    assert layout(step3) == [("a", 1, 5)] and step3.fresh_slots == []
    read_back(sched, step2, token=8)
    a.finish("stop")
    sched.finish(a)
    assert blocks.num_free_pages == 1  # step 3 still holds a row of a
    read_back(sched, step3)
    step4 = sched.schedule()  # b comes back: its prompt and its token, recomputed into a fresh slot
    assert layout(step4) == [("b", 5, 0)] and step4.fresh_slots == [1] and step4.samples == [True]
    assert step4.block_tables == {1: b.pages} and len(b.pages) == 2 and b.known_token_ids(0, 5) == [10, 11, 12, 13, 7]
