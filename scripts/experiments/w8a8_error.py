"""The teacher-forced logprob error against float32 of block-FP8 experts with FP8 activations (w8a8,
`--moe-activation-dtype fp8`) beside the weight-only kernel path and the eager bf16 model, on CPU.

One random model of a preset with block-FP8 routed experts (`build_random(quant_experts="fp8_block")`),
in float32 on the torch path (the experts dequantised per call: exactly the weights the codes stand for)
as the reference; then the same weights (non-expert ones rounded to the activation dtype, expert codes and
scales as they are) with (1) the torch path (eager: the experts dequantised to the dtype), (2) the fused
MoE's weight-only kernel and (3) its w8a8 kernel, both in Triton's interpreter. One random sequence is
prefilled in chunks of `--chunk` tokens (w8a8 applies above `FP8_ACTIVATION_PAIRS` pairs an expert, so a
chunk must route more: 128 tokens of top-2 over 8 experts are 32). The interpreter truncates float32 ->
bfloat16 casts (docs/measurements.md), which the kernel paths' bf16 stores meet; `--dtype float32` isolates
the activations' FP8 rounding.
Usage: `PYTHONPATH=. python scripts/experiments/w8a8_error.py [--preset wide] [--tokens 256] [--chunk 128]
[--dtype bfloat16]`.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from unittest import mock

import torch

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from model import moe
from model.moe import use_moe_activation_dtype
from qcompile.synthetic import build_random
from scripts.experiments.kv_fp8_error import model_logprobs


def same_weights(preset: str, dtype: str, reference: torch.nn.Module) -> torch.nn.Module:
    """The preset's model in `dtype` holding `reference`'s weights: floats rounded to `dtype`, expert codes
    and float32 scales copied as they are."""
    model = build_random(preset, dtype, "cpu", quant_experts="fp8_block")
    want = reference.state_dict()
    with torch.no_grad():
        for name, t in model.state_dict().items():
            t.copy_(want[name])
    return model


def errors(preset: str, dtype: str, tokens: int, chunk: int, seed: int) -> dict[str, tuple[float, float]]:
    """(mean, max) |logprob - float32's| of the eager path, the weight-only kernel and the w8a8 kernel."""
    reference = build_random(preset, "float32", "cpu", seed=seed, quant_experts="fp8_block")
    ids = torch.randint(reference.config.vocab_size, (tokens,), generator=torch.Generator().manual_seed(seed))
    ids = ids.tolist()
    ref = model_logprobs(reference, "auto", ids, chunk)
    out = {}
    for name, kernels, activations in (("eager", False, "auto"), ("weight_only", True, "auto"), ("w8a8", True, "fp8")):
        model = same_weights(preset, dtype, reference)
        use_moe_activation_dtype(model, activations)
        with mock.patch.object(moe, "use_kernels", lambda t, on=kernels: on):  # the kernels, interpreted
            delta = (model_logprobs(model, "auto", ids, chunk) - ref).abs()
        out[name] = (delta.mean().item(), delta.max().item())
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--preset", default="wide", help="a preset of model/presets.py")
    parser.add_argument("--dtype", default="bfloat16", choices=("bfloat16", "float32"))
    parser.add_argument("--tokens", type=int, default=256)
    parser.add_argument("--chunk", type=int, default=128)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    found = errors(args.preset, args.dtype, args.tokens, args.chunk, args.seed)
    print(f"{args.preset}, block-FP8 experts, {args.dtype}, {args.tokens} tokens in chunks of {args.chunk}:")
    print("| path | mean abs dlogprob | max |\n|---|---|---|")
    for name, (mean, worst) in found.items():
        print(f"| {name} | {mean:.3g} | {worst:.3g} |")


if __name__ == "__main__":
    main()
