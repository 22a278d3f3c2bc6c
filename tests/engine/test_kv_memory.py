"""The K/V pool's arithmetic as plain numbers: byte sizes, what the GPU leaves, the plan."""

from dataclasses import replace

import pytest

from qcompile.engine.kv_memory import checkpoint_count, kv_pool_bytes, parse_bytes, plan_pool, slot_plan

GiB = 2**30


@pytest.mark.parametrize(
    ("text", "value"),
    [("512MiB", 512 * 2**20), ("4GiB", 4 * GiB), ("1.5GB", 1_500_000_000), ("1000000", 10**6), ("2 kib", 2048)],
)
def test_byte_sizes(text: str, value: int) -> None:
    assert parse_bytes(text) == value


@pytest.mark.parametrize("text", ["", "4XB", "GiB", "-1GiB", "1e9", "0", "0.4"])
def test_bad_byte_sizes_say_what_was_expected(text: str) -> None:
    with pytest.raises(ValueError, match=repr(text)):
        parse_bytes(text)


def test_what_the_gpu_leaves_for_the_pool() -> None:
    left = kv_pool_bytes(80 * GiB, 0.9, in_use=40 * GiB, activations=2 * GiB, graphs=GiB, live_tensors=39 * GiB)
    assert left == int(80 * GiB * 0.9) - 43 * GiB
    with pytest.raises(
        ValueError, match=r"--gpu-memory-utilization 0.5 allows 40.00 GiB of 80.00 GiB.*nothing is left"
    ):
        kv_pool_bytes(80 * GiB, 0.5, in_use=40 * GiB, activations=0, graphs=0, live_tensors=39 * GiB)
    # the published geometry on a 139.7 GiB H200: 121.7 GiB of weights, --max-num-seqs 64 of 115.5 MB of state
    with pytest.raises(ValueError, match=r"or lower --max-num-seqs \(the state of its 64 requests takes 6.88 GiB"):
        kv_pool_bytes(int(139.7 * GiB), 0.9, int(130 * GiB), GiB, 0, int(129 * GiB), (64, 115_500_000))
    assert kv_pool_bytes(int(139.7 * GiB), 0.97, int(123.6 * GiB), GiB, 0, int(123 * GiB), (4, 115_500_000)) > 10 * GiB
    with pytest.raises(ValueError, match=r"--gpu-memory-utilization 1.2"):
        kv_pool_bytes(80 * GiB, 1.2, in_use=0, activations=0, graphs=0, live_tensors=0)


def test_a_full_device_says_what_holds_it() -> None:
    """Another engine still alive in this process shows as live tensors; another process in the rest."""
    with pytest.raises(ValueError) as refused:
        kv_pool_bytes(80 * GiB, 0.9, in_use=71 * GiB, activations=GiB, graphs=0, live_tensors=70 * GiB)
    said = str(refused.value)
    assert "but 71.00 GiB is in use (70.00 GiB by this process's live tensors, 1.00 GiB by CUDA, cached" in said


def test_the_plan_follows_the_pool() -> None:
    plan = plan_pool(11 * 1000 + 999, 1000, 64, None, 4096)  # 10 pages and the trash page: 640 tokens < 4096
    assert (plan.num_pages, plan.num_tokens, plan.max_model_len) == (10, 640, 640)
    assert "defaults to what the pool holds: the checkpoint allows 4096" in plan.note
    assert plan.summary(1000).startswith("K/V pool: 640 tokens (10 pages of 64, 0.0 MiB); 1.00 requests of")
    roomy = plan_pool(201 * 1000, 1000, 64, None, 4096)
    assert (roomy.max_model_len, roomy.note) == (4096, "")
    assert "3.12 requests of max_model_len 4096 fit" in roomy.summary(1000)
    assert plan_pool(11 * 1000, 1000, 64, 2048, 4096).max_model_len == 2048  # given: kept (longer requests refused)
    with pytest.raises(ValueError, match="less than two K/V pages"):
        plan_pool(1999, 1000, 64, None, 4096)
    slots = slot_plan(4, 100, 64, 4096)
    assert (slots.num_pages, slots.max_model_len) == (8, 100)
    assert slot_plan(2, None, 64, 4096).max_model_len == 4096


def test_prefix_checkpoints_default_to_two_a_slot_within_a_quarter_of_what_profiling_left() -> None:
    row = 115 * 2**20  # about the published geometry's GDN + PLE state of one request
    assert checkpoint_count(False, None, 64, row, None) == 0
    assert checkpoint_count(True, 5, 64, row, 10 * GiB) == 5  # asked for: as given
    assert checkpoint_count(True, None, 64, row, None) == 128  # --kv-cache-memory or CPU: on top of it
    assert checkpoint_count(True, None, 64, row, 11 * GiB) == 11 * GiB // 4 // row  # 24, not 128
    plan = replace(slot_plan(2, 64, 16, 4096), num_checkpoints=4, checkpoint_bytes=2**20)
    assert plan.summary(1000).endswith("; prefix cache: 4 state checkpoints (4.0 MiB)")
    spilling = replace(plan, num_host_checkpoints=8)
    assert spilling.summary(1000).endswith(
        "; prefix cache: 4 state checkpoints (4.0 MiB), spilled to 8 host rows (8.0 MiB)"
    )
    assert slot_plan(2, 64, 16, 4096).summary(1000).endswith("; prefix caching off")
