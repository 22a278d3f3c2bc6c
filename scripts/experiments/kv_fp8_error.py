"""The model's teacher-forced logprob error against fp32 with FP8 K/V (`--kv-cache-dtype fp8`) beside
bf16 K/V's: the checkpoint in bf16 with its K/V in bf16, then in FP8 (E4M3, a scale per token and head),
each compared with the same checkpoint in fp32 on one random sequence prefilled in chunks; and the
checkpoint in fp32 with FP8 K/V, which isolates the K/V rounding from bf16's.
Usage: `python scripts/experiments/kv_fp8_error.py [--preset tiny] [--tokens 256] [--chunk 32]`.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import torch

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from model.batch import Chunk, build_batch
from model.checkpoint.loader import load_model


@torch.no_grad()
def teacher_forced_logprobs(
    path: Path, dtype: torch.dtype, kv_cache_dtype: str, ids: list[int], chunk: int
) -> torch.Tensor:
    """Each next token's logprob `[len(ids) - 1]` (float32), the sequence prefilled in chunks of `chunk`."""
    return model_logprobs(load_model(path, dtype=dtype), kv_cache_dtype, ids, chunk)


@torch.no_grad()
def model_logprobs(m: torch.nn.Module, kv_cache_dtype: str, ids: list[int], chunk: int) -> torch.Tensor:
    """`teacher_forced_logprobs` of a model already built (its state made here)."""
    m.init_state(max_num_seqs=1, max_model_len=len(ids), kv_cache_dtype=kv_cache_dtype)
    logits = []
    for start in range(0, len(ids), chunk):
        batch = build_batch([Chunk(0, ids[start : start + chunk], start)], m.trash_slot, "cpu")
        logits.append(m.compute_logits(m.run(batch)[: batch.host.query_start[-1]]))
    logprobs = torch.cat(logits).log_softmax(-1)[:-1]
    return logprobs.gather(1, torch.tensor(ids[1:])[:, None]).squeeze(1)


def logprob_errors(path: Path, tokens: int, seed: int, chunk: int = 16) -> dict[str, float]:
    """Mean |logprob - fp32's| of the bf16 model with bf16 K/V (`bf16`), with FP8 K/V (`fp8`), and of the
    fp32 model with FP8 K/V (`fp8_fp32`), and their largest (`bf16_max`, ...)."""
    vocab = load_model(path, dtype=torch.float32).config.vocab_size
    ids = torch.randint(vocab, (tokens,), generator=torch.Generator().manual_seed(seed)).tolist()
    ref = teacher_forced_logprobs(path, torch.float32, "auto", ids, chunk)
    out = {}
    for name, dtype, kv in (
        ("bf16", torch.bfloat16, "auto"),
        ("fp8", torch.bfloat16, "fp8"),
        ("fp8_fp32", torch.float32, "fp8"),
    ):
        delta = (teacher_forced_logprobs(path, dtype, kv, ids, chunk) - ref).abs()
        out[name], out[f"{name}_max"] = delta.mean().item(), delta.max().item()
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--preset", default="tiny", help="a preset of model/presets.py (its random checkpoint)")
    parser.add_argument("--tokens", type=int, default=256)
    parser.add_argument("--chunk", type=int, default=32)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    from qcompile.synthetic import default_checkpoint

    errors = logprob_errors(default_checkpoint(args.preset), args.tokens, args.seed, args.chunk)
    print(f"{args.preset}, bf16 weights, {args.tokens} tokens in chunks of {args.chunk}, |logprob - fp32|:")
    for name, what in (("bf16", "bf16 K/V"), ("fp8", "fp8 K/V"), ("fp8_fp32", "fp32 weights, fp8 K/V")):
        print(f"  {what}: mean {errors[name]:.5f}, max {errors[f'{name}_max']:.5f}")
    print(f"  fp8 / bf16 mean: {errors['fp8'] / errors['bf16']:.2f}")


if __name__ == "__main__":
    main()
