"""Which Triton kernel launches would compile at serve time: a CPU engine run, every key recorded.

Starts the tiny model's engine on CPU (float32, eager, prefix caching on) with every region core running
its Triton kernels in the interpreter, records the key Triton's GPU JIT would compile each launch under
(`model/kernels/jit_keys.py`) through start-up and then through a serving mix (`serve_mix`: prompts of
odd lengths, several in one step, a prompt chunked past the step budget, a prefix hit that resumes
mid-prompt, decode batches of 2 and 3), and prints the kernels that met more than one key (and which
arguments told the keys apart), then every key first met after start-up: each would be a compile on a
GPU after "serving". Exits 1 if there is one. float32 because fla's chunked delta rule (bf16 prefill)
has no CPU build; the report's byte offsets show a pointer that bf16 could misalign.

    PYTHONPATH=. python scripts/tools/triton_keys.py [--scope kernel]   # minutes: the interpreter is slow
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from unittest import mock

from model.kernels.jit_keys import KeyRecorder
from qcompile import LLM
from qcompile.config import CompileConfig
from qcompile.engine.outputs import RequestOutput
from qcompile.engine.sampling_params import SamplingParams
from qcompile.synthetic import default_checkpoint

# every module that asks `use_kernels` (`model.kernels`'s own: the engine's warm-up asks it)
KERNEL_GATES = ("model.kernels", "model.attention", "model.gdn", "model.moe", "model.hyper")
PAGE = 16  # the least page (one key tile): a prefix hit every 16 tokens
BUDGET = 16  # tokens a step: the first prompt is chunked
SYSTEM = list(range(3, 20))  # a shared system prompt of 17 tokens: a page and a bit


@contextmanager
def kernels_in_interpreter(gates: tuple[str, ...] = KERNEL_GATES) -> Iterator[None]:
    """The region cores of `gates`' modules run their Triton kernels on CPU tensors too (in Triton's
    interpreter)."""
    for module in KERNEL_GATES:  # imported first: one imported under the patch would keep the patched name
        importlib.import_module(module)
    with ExitStack() as stack:
        for module in gates:
            stack.enter_context(mock.patch(f"{module}.use_kernels", lambda t: True))
        yield


def serving_llm(scope: str = "eager", device: str = "cpu", dtype: str = "float32") -> LLM:
    """The tiny model as a small server runs it: 4 slots, prompts past the step budget chunked, prefix
    caching on; eager, or compiled at `scope` over the ranges 1:1 and 2:budget (as `qcompile serve`'s)."""
    compiled = None if scope == "eager" else CompileConfig(scope=scope, ranges=((1, 1), (2, BUDGET)))
    return LLM(
        str(default_checkpoint("tiny")),
        device=device,
        dtype=dtype,
        compile=compiled,
        aot=False,
        max_model_len=128,
        max_num_seqs=4,
        max_num_batched_tokens=BUDGET,
        page_size=PAGE,
        enable_prefix_caching=True,
    )


def serve_mix(llm: LLM) -> list[RequestOutput]:
    """Two turns: a 20-token prompt (chunked: its second chunk starts at 16, beside two short prompts in
    one step), then decode of three; a prompt resuming from the first's cached page (3 tokens at 16) beside
    a fresh one, then decode of two."""
    params = SamplingParams(temperature=0.0, max_tokens=2, ignore_eos=True)
    first = [SYSTEM + [41, 42, 43], [9, 8, 7, 6, 5], [30, 31, 32]]
    second = [SYSTEM[:PAGE] + [80, 81, 82], [11, 12]]
    outputs = llm.generate([{"prompt_token_ids": p} for p in first], params)
    return outputs + llm.generate([{"prompt_token_ids": p} for p in second], params)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--scope", default="eager", help="eager, or a compile scope (kernel: as the bench serves)")
    args = parser.parse_args()
    recorder = KeyRecorder()
    with kernels_in_interpreter(), recorder.recording():
        llm = serving_llm(args.scope)
        started = recorder.snapshot()
        outputs = serve_mix(llm)
    print("kernels that met more than one key:")
    print(recorder.report())
    hits = [o.num_cached_tokens for o in outputs]
    print(f"prompt tokens found in the prefix cache, per request: {hits}")
    late = recorder.new_since(started)
    if not late:
        print("no key was first met after start-up: nothing would compile while serving")
        return 0
    print("keys first met after start-up (each a compile while serving):")
    print(recorder.late_report(late))
    return 1


if __name__ == "__main__":
    sys.exit(main())
