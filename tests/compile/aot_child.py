"""One process of the AOT test: compile tiny8's kernel scope with an AOT folder, run a fixed token path.

    python tests/compile/aot_child.py CHECKPOINT AOT_DIR OUT [DEVICE DTYPE]

Run by `test_aot.py` with its own Inductor and Triton cache folders; writes the compiled forward's
logprobs along the path and what the compile did (loaded or traced, traces, piece hooks) to OUT.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

import torch  # noqa: E402

from model.batch import Chunk, build_batch  # noqa: E402
from model.checkpoint.loader import load_model  # noqa: E402
from model.context import forward_context  # noqa: E402
from qcompile.compiler.compiled import CompiledForward  # noqa: E402
from tests.scopes.conftest import PROMPTS, teacher_forced  # noqa: E402

RANGES = [(1, 1), (2, 64)]  # a static single size and a symbolic range: both compile paths
PATH = [[3, 4, 5], [6, 7, 8], [9, 10, 11]]


def main() -> None:
    checkpoint, aot_dir, out, device, dtype = [*sys.argv[1:], "cpu", "float32"][:5]
    model = load_model(Path(checkpoint), device=device, dtype=getattr(torch, dtype))
    model.init_state(max_num_seqs=4, max_model_len=64)
    hooks: list[object] = []

    def hook(fn: object) -> object:
        hooks.append(fn)
        return fn

    compiled = CompiledForward(model, RANGES, "kernel", wrap_piece=hook, aot_dir=aot_dir)
    with torch.no_grad():
        compiled.warmup(model.padding_batch)
        logprobs, _ = teacher_forced(model, compiled, len(PATH[0]), PATH)
        one = build_batch([Chunk(0, [12], len(PROMPTS[0]) + len(PATH[0]))], model.trash_slot, device)
        with forward_context(one.host):  # a decode row of request 0, through the size-1 range
            logprobs.append(model.compute_logits(compiled(*one.tensors())))
    torch.save(
        {
            "logprobs": [t.cpu() for t in logprobs],
            "loaded": compiled.aot_loaded,
            "traces": compiled.backend.traces,
            "hooks": len(hooks),
        },
        out,
    )


if __name__ == "__main__":
    main()
