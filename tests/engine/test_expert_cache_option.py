"""`moe_expert_cache`: one option puts the routed experts in host banks behind a few device slots, and
the engine then generates bitwise what it does with every expert resident; combinations that cannot
work are refused naming the options."""

from __future__ import annotations

from pathlib import Path

import openai
import pytest

from model.expert_cache import HITS, MISSES
from model.expert_placement import ExpertGeometry, ExpertPlacementError, place_experts
from model.moe import Experts
from qcompile import LLM, SamplingParams
from qcompile.engine.engine_config import EngineConfig, EngineOptionError
from qcompile.engine.expert_memory import ExpertMemory, ExpertSizing, device_expert_bytes
from tests.engine.conftest import MakeLLM
from tests.server.test_cli import serve_process

SLOTS = 3  # of the tiny preset's 8 experts per layer, top-2
PROMPTS = [[1, 2, 3, 4, 5], list(range(7, 40)), [3], list(range(100, 160, 3))]


def _caches(llm: LLM) -> list:
    return [m.cache for m in llm.core.model.modules() if isinstance(m, Experts) and m.cache is not None]


def test_offloaded_experts_give_the_resident_tokens_and_logprobs_bitwise(make_llm: MakeLLM) -> None:
    """Prefills of up to 33 tokens (rounds of the 3 slots) and decodes of 1 to 4 requests at once, through
    a cache that misses and evicts every step: the same tokens, logprobs and prompt logprobs, bit for bit."""
    resident, offloaded = make_llm(max_num_seqs=4), make_llm(max_num_seqs=4, moe_expert_cache=SLOTS)
    caches = _caches(offloaded)
    assert len(caches) == resident.core.config.num_hidden_layers and not _caches(resident)
    assert {(c.num_slots, c.num_static) for c in caches} == {(SLOTS, 0)}
    params = SamplingParams(temperature=0.0, max_tokens=12, logprobs=3, prompt_logprobs=2, ignore_eos=True)
    requests = [{"prompt_token_ids": p} for p in PROMPTS]
    before = sum(c.counters[MISSES].item() for c in caches)
    want, got = resident.generate(requests, params), offloaded.generate(requests, params)
    for w, g in zip(want, got, strict=True):
        assert g.outputs[0].token_ids == w.outputs[0].token_ids
        assert g.outputs[0].logprobs == w.outputs[0].logprobs  # floats compared exactly
        assert g.prompt_logprobs == w.prompt_logprobs
    misses = sum(c.counters[MISSES].item() for c in caches) - before
    assert misses > 10 * SLOTS * len(caches) and all(c.counters[HITS].item() > 0 for c in caches)


def test_the_start_line_names_the_placement(make_llm: MakeLLM) -> None:
    summary = make_llm(max_num_seqs=4, moe_expert_cache=SLOTS).core.expert_summary
    assert summary is not None and summary.startswith(f"experts: {SLOTS} of 8 slots per layer on the device (0 static)")
    assert "8 per layer in host banks" in summary and "over 4 layers" in summary
    assert summary.endswith("; a step of 2048 tokens (top-2) takes up to 3 rounds of the dynamic slots")
    assert make_llm(max_num_seqs=4).core.expert_summary is None


def test_the_start_line_says_the_rounds_a_full_step_takes() -> None:
    """No cap on the token budget (the fused MoE runs rounds): 136 dynamic slots of 512 experts, top-10, take
    4 rounds at 2,048 tokens, 2 at 16 (160 pairs), one at 13."""
    placement = place_experts(4, 512, 1 << 20, 10, device_bytes=4 * 136 << 20, host_bytes=1 << 40)
    memory = ExpertMemory(placement, 4, 512, 10)
    said = {n: memory.summary(n).rsplit("; ", 1)[1] for n in (2048, 16, 13)}
    assert said == {
        2048: "a step of 2048 tokens (top-10) takes up to 4 rounds of the dynamic slots",
        16: "a step of 16 tokens (top-10) takes up to 2 rounds of the dynamic slots",
        13: "a step of 13 tokens (top-10) takes up to 1 round of the dynamic slots",
    }


def test_auto_gives_the_experts_what_the_rest_leaves_of_the_device() -> None:
    """80 GiB at 0.9: 72 GiB, less 2 in use, 10 of other weights and a 20 GiB pool."""
    gib = 1 << 30
    assert device_expert_bytes(80 * gib, 78 * gib, 0.9, 10 * gib, 20 * gib) == 40 * gib


def test_on_cpu_the_other_weights_the_slots_and_the_banks_share_the_host(monkeypatch: pytest.MonkeyPatch) -> None:
    """4 layers of 8 experts (1 MiB each), 3 slots, 8 MiB of other weights: a host one layer-expert short
    of holding every bank keeps that expert in a static slot; two short leaves too few dynamic slots."""
    geometry = ExpertGeometry(layers=4, experts=8, expert_bytes=1 << 20, top_k=2, other_bytes=8 << 20)
    layer = 4 << 20
    for banked, want in ((8, (3, 0)), (7, (3, 1))):
        monkeypatch.setattr(
            "qcompile.engine.expert_memory.available_host_bytes", lambda b=banked: (8 << 20) + (3 + b) * layer
        )
        sizing = ExpertSizing(3, "cpu", 0.9, None)
        placement = sizing(geometry)
        assert (placement.slots, placement.resident) == want and sizing.memory.placement == placement
    monkeypatch.setattr("qcompile.engine.expert_memory.available_host_bytes", lambda: (8 << 20) + 9 * layer)
    with pytest.raises(ExpertPlacementError, match="routed experts do not fit: 4 layers x 8 experts"):
        ExpertSizing(3, "cpu", 0.9, None)(geometry)


def test_on_cuda_slots_that_do_not_fit_say_what_holds_the_device(monkeypatch: pytest.MonkeyPatch) -> None:
    """80 GiB with 1 free: 70 held by this process's tensors (an engine still alive, say) leave no room
    for 3 slots of 4 layers x 8 experts of 1 GiB, and the refusal says who holds the device."""
    gib = 1 << 30
    monkeypatch.setattr("torch.cuda.mem_get_info", lambda device: (gib, 80 * gib))
    monkeypatch.setattr("torch.cuda.memory_allocated", lambda device: 70 * gib)
    geometry = ExpertGeometry(layers=4, experts=8, expert_bytes=gib, top_k=2, other_bytes=gib)
    with pytest.raises(ExpertPlacementError) as refused:
        ExpertSizing(3, "cuda", 0.9, None)(geometry)
    said = str(refused.value)
    assert said.startswith("routed experts: 3 slots per layer take 12.0 GiB of device memory")
    assert said.endswith(
        "; on the device 79.00 GiB is in use (70.00 GiB by this process's live tensors, 9.00 GiB by CUDA, "
        "cached graph pools and other processes)"
    )


@pytest.mark.gpu
def test_on_cuda_offloaded_experts_give_the_resident_tokens_bitwise(tiny_ckpt: Path) -> None:
    """The fused MoE over 6 slots and over all experts, fed the same steps: prefills of up to 59 tokens run
    in 2 rounds (more pairs than the 8 experts), decodes of 4 requests too (8 pairs; captured in graphs),
    of 1-3 in one; the token budget is not capped. One engine at a time: each sizes its pool (and the
    offloaded one its slots) from what the device has free, and the first takes 0.9 of it."""
    params = SamplingParams(temperature=0.0, max_tokens=8, logprobs=2, ignore_eos=True)
    requests = [{"prompt_token_ids": p} for p in PROMPTS]
    resident = LLM(str(tiny_ckpt), device="cuda", max_model_len=128, max_num_seqs=4)
    want = [(o.outputs[0].token_ids, o.outputs[0].logprobs) for o in resident.generate(requests, params)]
    del resident  # its last reference: the pool goes back to the device here
    offloaded = LLM(str(tiny_ckpt), device="cuda", max_model_len=128, max_num_seqs=4, moe_expert_cache=6)
    assert offloaded.core.max_num_batched_tokens == 2048 and "up to 2 rounds" in offloaded.core.expert_summary
    assert all(c.banks["gate_up_proj"].is_pinned() for c in _caches(offloaded))
    assert [(o.outputs[0].token_ids, o.outputs[0].logprobs) for o in offloaded.generate(requests, params)] == want


@pytest.mark.parametrize(
    ("options", "says"),
    [
        ({"moe_expert_cache": "some"}, "moe_expert_cache='some': must be off, auto or a number of device slots"),
        ({"moe_expert_cache": 0}, "moe_expert_cache=0: must be off, auto or a number"),
        ({"moe_expert_cache": "auto"}, "moe_expert_cache='auto' and device='cpu': auto sizes the slots from a CUDA"),
        (
            {"moe_expert_cache": 4, "tensor_parallel_size": 2},
            "moe_expert_cache=4 and tensor_parallel_size=2: host expert banks are not sharded yet",
        ),
    ],
)
def test_combinations_that_cannot_work_are_refused(options: dict, says: str) -> None:
    with pytest.raises(EngineOptionError) as refused:
        EngineConfig(**options)
    assert says in str(refused.value) and "\n" not in str(refused.value)


def test_slots_are_read_from_text() -> None:
    assert EngineConfig(moe_expert_cache="12").moe_expert_cache == 12
    assert EngineConfig().moe_expert_cache == "off"


@pytest.mark.parametrize("slots", [1, 9])
def test_the_checkpoint_bounds_the_slots(tiny_ckpt: Path, slots: int) -> None:
    from qcompile.engine.model_source import resolve_model

    with pytest.raises(EngineOptionError, match=rf"moe_expert_cache={slots}: slots per layer must lie in \[2, 8\]"):
        EngineConfig(moe_expert_cache=slots).check_checkpoint(resolve_model(str(tiny_ckpt)).config)


def test_a_host_too_small_for_the_banks_is_refused_naming_the_sizes(
    tiny_ckpt: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("qcompile.engine.expert_memory.available_host_bytes", lambda: 0)
    with pytest.raises(EngineOptionError) as refused:
        LLM(str(tiny_ckpt), max_model_len=128, moe_expert_cache=SLOTS)
    message = str(refused.value)
    assert message.startswith(f"moe_expert_cache={SLOTS}: routed experts do not fit: 4 layers x 8 experts")
    assert "\n" not in message


def test_the_command_line_says_a_placement_that_cannot_fit_in_one_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from qcompile.commands.cli import main

    monkeypatch.setattr("qcompile.engine.expert_memory.available_host_bytes", lambda: 0)
    with pytest.raises(SystemExit) as exited:
        main(["generate", "--model", "tiny", "--moe-expert-cache", str(SLOTS), "--prompt", "Hi"])
    assert exited.value.code == 1
    said = capsys.readouterr().err.splitlines()[-1]
    assert said.startswith(f"qcompile generate: error: --moe-expert-cache {SLOTS}: routed experts do not fit")


def test_serve_with_the_flag_answers(tmp_path: Path) -> None:
    log = tmp_path / "stderr.txt"
    flags = ["--model", "tiny", "--moe-expert-cache", str(SLOTS), "--max-num-seqs", "2", "--max-model-len", "128"]
    with serve_process(flags, log) as url:
        client = openai.OpenAI(base_url=f"{url}/v1", api_key="unused", max_retries=0)
        reply = client.completions.create(
            model="tiny", prompt=[1, 2, 3, 4], max_tokens=4, extra_body={"ignore_eos": True}
        )
        assert reply.usage.completion_tokens == 4
    assert f"experts: {SLOTS} of 8 slots per layer" in log.read_text()
