"""The host-core expert path timed by scripts/experiments/bench_cpu_experts.py decodes E4M3 by bits, exactly."""

from __future__ import annotations

import torch

from scripts.experiments.bench_cpu_experts import act, e4m3_by_bits, expert_by_bits


def test_every_finite_e4m3_code_decodes_to_its_value() -> None:
    codes = torch.arange(256, dtype=torch.uint8).view(torch.float8_e4m3fn)
    finite = ~codes.float().isnan()
    assert torch.equal(e4m3_by_bits(codes)[finite], codes.float()[finite])


def test_expert_by_bits_is_the_float32_expert() -> None:
    g = torch.Generator().manual_seed(0)
    gate_up = (torch.randn(2 * 24, 40, generator=g) / 4).to(torch.float8_e4m3fn)
    down = (torch.randn(40, 24, generator=g) / 4).to(torch.float8_e4m3fn)
    x = torch.randn(40, generator=g).bfloat16()
    want = act((x.float() * gate_up.float()).sum(-1))
    want = (want * down.float()).sum(-1).bfloat16()
    assert torch.equal(expert_by_bits(x, gate_up, down), want)
