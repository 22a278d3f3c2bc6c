"""Tensor parallelism on CUDA (NCCL, one GPU per rank): the bf16 error gate and a killed worker.

Run on a machine with at least `--tp` GPUs (`scripts/gpu/gpu_tp.sh` does, then the bench; `--device cpu`
runs the same checks over gloo). Prints:

1. exactness: teacher-forced prompt logprobs of fixed prompts (every position) for TP1 bf16 and TPN
   bf16 against TP1 fp32, pooled over `--seeds` random checkpoints, and whether the greedy tokens
   agree; the gate is TPN's mean and max error no larger than TP1 bf16's (TP changes the reduction
   order, so both errors are bf16-sized; TPN must not add to them);
2. a killed worker: a long generate on TPN, SIGKILL to worker 1, and the seconds until the
   generate raises `WorkerDiedError` (the engine must not hang on NCCL).

Exit code 0 only if both pass.
"""

from __future__ import annotations

import argparse
import os
import signal
import threading
import time

import torch

from model.config import Qwen4ExpConfig
from qcompile.engine.llm import LLM
from qcompile.engine.sampling_params import SamplingParams
from qcompile.engine.workers import WorkerDiedError
from qcompile.synthetic import default_checkpoint

DEADLINE_S = 15.0


def prompt_logprobs(llm: LLM, prompts: list[list[int]]) -> tuple[torch.Tensor, list[list[int]]]:
    """Each prompt token's logprob (from position 1 on), flattened, and the greedy continuations."""
    params = SamplingParams(temperature=0.0, max_tokens=16, prompt_logprobs=0, ignore_eos=True)
    outs = llm.generate([{"prompt_token_ids": p} for p in prompts], params)
    values = [
        entry[token].logprob
        for out, p in zip(outs, prompts, strict=True)
        for entry, token in zip(out.prompt_logprobs[1:], p[1:], strict=True)
    ]
    return torch.tensor(values, dtype=torch.float64), [out.outputs[0].token_ids for out in outs]


def exactness(paths: list[str], device: str, tp: int, prompts: list[list[int]]) -> bool:
    """The error gate, pooled over the checkpoints of `paths` (one random weight draw each): which
    near-tied token or expert choice flips in bf16 is luck, and one draw is a small sample."""
    runs: dict[str, list[tuple[torch.Tensor, list[list[int]]]]] = {}
    for path in paths:
        for name, dtype, size in (
            ("tp1 fp32", "float32", 1),
            ("tp1 bf16", "bfloat16", 1),
            (f"tp{tp} bf16", "bfloat16", tp),
        ):
            llm = LLM(path, device=device, dtype=dtype, max_num_seqs=8, max_model_len=512, tensor_parallel_size=size)
            runs.setdefault(name, []).append(prompt_logprobs(llm, prompts))
            llm.close()
            del llm
            if torch.cuda.is_available():
                torch.cuda.empty_cache()
    ref = torch.cat([values for values, _ in runs["tp1 fp32"]])
    ref_tokens = [t for _, tokens in runs["tp1 fp32"] for t in tokens]
    errors = {}
    for name in ("tp1 bf16", f"tp{tp} bf16"):
        err = (torch.cat([values for values, _ in runs[name]]) - ref).abs()
        errors[name] = (err.mean().item(), err.max().item())
        same = sum(a == b for a, b in zip((t for _, ts in runs[name] for t in ts), ref_tokens, strict=True))
        print(
            f"{name}: prompt-logprob error vs fp32 over {len(paths)} draws, mean {errors[name][0]:.3e} max "
            f"{errors[name][1]:.3e}; greedy continuations equal to fp32's: {same}/{len(ref_tokens)}"
        )
    ok = all(a <= b for a, b in zip(errors[f"tp{tp} bf16"], errors["tp1 bf16"], strict=True))
    print(f"exactness gate (tp{tp} bf16 error <= tp1 bf16 error, mean and max): {'pass' if ok else 'FAIL'}")
    return ok


def killed_worker(path: str, device: str, tp: int) -> bool:
    llm = LLM(path, device=device, dtype="bfloat16", max_num_seqs=8, max_model_len=4096, tensor_parallel_size=tp)
    assert llm.core.workers is not None
    raised: list[BaseException] = []

    def run() -> None:
        try:
            llm.generate([{"prompt_token_ids": [5, 9, 2]}] * 4, SamplingParams(max_tokens=4000, ignore_eos=True))
        except BaseException as e:
            raised.append(e)

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    time.sleep(2.0)
    start = time.monotonic()
    os.kill(llm.core.workers.workers[0].process.pid, signal.SIGKILL)
    thread.join(DEADLINE_S)
    seconds = time.monotonic() - start
    ok = not thread.is_alive() and len(raised) == 1 and isinstance(raised[0], WorkerDiedError)
    what = "still running (hung)" if thread.is_alive() else repr(raised[0]) if raised else "finished without error"
    print(f"killed worker: generate after {seconds:.1f} s: {what}: {'pass' if ok else 'FAIL'}")
    llm.close()
    return ok


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--preset", default="tiny8")
    parser.add_argument("--tp", type=int, default=2)
    parser.add_argument("--device", default="cuda", help="cpu runs the same checks over gloo")
    parser.add_argument("--seeds", type=lambda t: [int(v) for v in t.split(",")], default=[0, 1, 2, 3])
    args = parser.parse_args()
    paths = [str(default_checkpoint(args.preset, seed=seed)) for seed in args.seeds]
    vocab = Qwen4ExpConfig.from_file(paths[0]).vocab_size
    gen = torch.Generator().manual_seed(0)
    prompts = [torch.randint(2, vocab, (n,), generator=gen).tolist() for n in (7, 31, 64, 200, 333)]
    ok = exactness(paths, args.device, args.tp, prompts)
    ok = killed_worker(paths[0], args.device, args.tp) and ok
    raise SystemExit(0 if ok else 1)


if __name__ == "__main__":
    main()
