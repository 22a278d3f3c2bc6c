"""Whether the host's cores should compute missed experts instead of copying them to the GPU (issue 46, item 2).

A one-token decode step's miss costs one expert's stored bytes over PCIe (block FP8 at the published
geometry: 2560 x 640, 4.92 MB with scales). Computing it on the host instead reads the same bytes from host
memory, but the CPU must turn E4M3 codes into something it multiplies. This times, on this host's cores
(all of them, `torch.set_num_threads`), `m` missed experts on one token, per expert:

- `scaled_mm`: torch's float8 `_scaled_mm` on the codes (the activation quantised to E4M3 per tensor);
- `dequant+bf16`: codes to bf16 then a bf16 GEMV (what a torch CPU path would run on the stored format);
- `compiled bits`: one Inductor-compiled C++ kernel a projection that decodes the codes by their bits (an E4M3
  code's bits shifted into a float16's are its value / 256, subnormals included) and reduces in fp32, reading
  each code once (torch's own E4M3 conversion is not vectorised on the CPU);
- `bf16 (resident)`: a bf16 GEMV on weights already in bf16, the floor a CPU GEMV reaches here; not a
  deployable path, since bf16 banks take twice FP8's host memory;

against, on the GPU (when there is one), a pinned host -> device copy of the same bytes, per expert. The
CPU path also needs the activation row down and the result up, a host sync, and to leave the CUDA graph;
those are not counted, so the comparison favours the CPU.

    PYTHONPATH=. python scripts/experiments/bench_cpu_experts.py [--misses 1,4,10] [--reps 20]
"""

from __future__ import annotations

import argparse
import os
import time
from collections.abc import Callable

import torch

HIDDEN, INTER = 2560, 640  # the published geometry's expert


def host_ms(fn: Callable[[], object], reps: int) -> float:
    """Mean wall milliseconds of `fn()` after one warm-up."""
    fn()
    start = time.perf_counter()
    for _ in range(reps):
        fn()
    return (time.perf_counter() - start) * 1e3 / reps


def e4m3_by_bits(codes: torch.Tensor) -> torch.Tensor:
    """E4M3 `codes` as float32, exactly: the 7 magnitude bits moved up 7 and the sign up 8 make the float16
    of value / 256 (normal and subnormal alike), integer ops Inductor vectorises."""
    b = codes.view(torch.uint8).to(torch.int16)
    return (((b & 0x7F) << 7) | ((b & 0x80) << 8)).view(torch.float16).float() * 256.0


def act(h: torch.Tensor) -> torch.Tensor:
    """SwiGLU of a gate_up row."""
    gate, up = h.chunk(2, dim=-1)
    return torch.nn.functional.silu(gate) * up


def expert_by_bits(x: torch.Tensor, gate_up: torch.Tensor, down: torch.Tensor) -> torch.Tensor:
    """One token through one FP8 expert, each projection a reduction over codes decoded in place."""
    h = (x.float() * e4m3_by_bits(gate_up)).sum(-1)
    return (act(h) * e4m3_by_bits(down)).sum(-1).bfloat16()


def expert_paths(m: int) -> dict[str, Callable[[], object]]:
    """The CPU ways to run `m` experts (gate_up, SiLU-gate, down) on one token."""
    g = torch.Generator().manual_seed(m)
    gate_up = [(torch.randn(2 * INTER, HIDDEN, generator=g) / 50).to(torch.float8_e4m3fn) for _ in range(m)]
    down = [(torch.randn(HIDDEN, INTER, generator=g) / 25).to(torch.float8_e4m3fn) for _ in range(m)]
    gate_up_bf16 = [w.to(torch.bfloat16) for w in gate_up]
    down_bf16 = [w.to(torch.bfloat16) for w in down]
    x = torch.randn(1, HIDDEN, generator=g).bfloat16()
    one = torch.tensor(1.0)
    by_bits = torch.compile(expert_by_bits, dynamic=False)

    def scaled_mm() -> None:
        xq = x.to(torch.float8_e4m3fn)
        for wu, wd in zip(gate_up, down, strict=True):
            h = act(torch._scaled_mm(xq, wu.t(), scale_a=one, scale_b=one, out_dtype=torch.bfloat16))
            torch._scaled_mm(h.to(torch.float8_e4m3fn), wd.t(), scale_a=one, scale_b=one, out_dtype=torch.bfloat16)

    def dequant() -> None:
        for wu, wd in zip(gate_up, down, strict=True):
            act(x @ wu.to(torch.bfloat16).t()) @ wd.to(torch.bfloat16).t()

    def resident() -> None:
        for wu, wd in zip(gate_up_bf16, down_bf16, strict=True):
            act(x @ wu.t()) @ wd.t()

    def compiled() -> None:
        for wu, wd in zip(gate_up, down, strict=True):
            by_bits(x, wu, wd)

    return {"scaled_mm": scaled_mm, "dequant+bf16": dequant, "compiled bits": compiled, "bf16 (resident)": resident}


def copy_ms(m: int, reps: int) -> float | None:
    """Mean milliseconds of copying `m` experts' FP8 bytes (with their scales' share) from pinned host memory."""
    if not torch.cuda.is_available():
        return None
    nbytes = m * (3 * HIDDEN * INTER + 3 * (HIDDEN // 128) * (INTER // 128) * 4)
    src = torch.empty(nbytes, dtype=torch.uint8).pin_memory()
    dst = torch.empty(nbytes, dtype=torch.uint8, device="cuda")
    start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
    dst.copy_(src, non_blocking=True)
    start.record()
    for _ in range(reps):
        dst.copy_(src, non_blocking=True)
    end.record()
    torch.cuda.synchronize()
    return start.elapsed_time(end) / reps


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--misses", default="1,4,10", help="missed experts per step (comma list)")
    p.add_argument("--reps", type=int, default=20)
    args = p.parse_args()
    torch.set_num_threads(os.cpu_count() or 1)
    print(f"host: {os.cpu_count()} cores, torch {torch.__version__}, {torch.get_num_threads()} threads")
    print("| misses | " + " | ".join(f"{name} ms" for name in expert_paths(1)) + " | PCIe copy ms |")
    print("|---|---|---|---|---|---|")
    for m in (int(v) for v in args.misses.split(",")):
        cpu = [host_ms(fn, args.reps) for fn in expert_paths(m).values()]
        copy = copy_ms(m, args.reps)
        cells = " | ".join(f"{t:.3f}" for t in cpu)
        print(f"| {m} | {cells} | {'-' if copy is None else f'{copy:.3f}'} |", flush=True)


if __name__ == "__main__":
    main()
