"""Graph dumps: compile a checkpoint at one scope on a fixed workload and write what each stage saw.

`dump` writes, under `out`:

    summary.json                  opaque ops, pieces, post-grad ATen ops and kernels per range
    dynamo_graph.py               the graph Dynamo hands the backend
    split_graph.py                its top level after the split at splitting ops
    post_grad/<range>/<piece>.py  each piece as Inductor lowers it, after qcompile's passes
    output_code/<range>/<piece>.py  Inductor's output code for the piece
    depyf/                        depyf's full dump (only with `full=True`)

The readable files are normalised (see `normalize`) so that they are the same on every machine
and in every process; `graphs/<scope>/` in the repository is this output for the tiny preset.
"""

from __future__ import annotations

import contextlib
import json
import re
from collections import Counter
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import torch
import torch.fx as fx

import qcompile.compiler.compiled as api
from model.batch import Batch, Chunk, build_batch
from model.qwen4_exp import Qwen4ExpForCausalLM
from qcompile.compiler.backend import TraceRecord
from qcompile.compiler.ranges import Range, RangeSpec
from qcompile.ops.registry import REGISTRY

REPO = Path(__file__).resolve().parent.parent
# Two requests: prefill chunks of 7 and 3 tokens (10 rows), then one decode token each (2 rows).
PROMPTS: tuple[tuple[int, ...], ...] = ((11, 42, 7, 300, 5, 99, 250), (17, 3, 480))
# One symbolic range holding both steps: one trace, one Inductor compile per piece. It leaves out
# size 1: at the kernel scope, Dynamo's trace of the window gathers at several tokens guards `n >= 2`
# even under backed_size_oblivious, so a one-token call traces and compiles everything again.
DEFAULT_RANGES: tuple[Range, ...] = ((2, 16),)
MAX_MODEL_LEN = 128
KERNEL_DEF = re.compile(r"^(\w+) = async_compile\.\w+\(", re.MULTILINE)
EXTERN_CALL = re.compile(r"\bextern_kernels\.(\w+)\(")


def prefill_batch(model: Qwen4ExpForCausalLM, device: torch.device | str) -> Batch:
    return build_batch([Chunk(slot, list(p), 0) for slot, p in enumerate(PROMPTS)], model.trash_slot, device)


def decode_batch(model: Qwen4ExpForCausalLM, tokens: Sequence[int], pos: Sequence[int],
                 device: torch.device | str) -> Batch:
    """One token per request; `pos[i]` is the position of request `i`'s token."""
    return build_batch([Chunk(slot, [t], p) for slot, (t, p) in enumerate(zip(tokens, pos, strict=True))],
                       model.trash_slot, device)


def fresh_state(model: Qwen4ExpForCausalLM) -> None:
    """State slots for the workload's requests, cleared (a previous run leaves its caches behind)."""
    if model.max_num_seqs != len(PROMPTS) or model.max_model_len != MAX_MODEL_LEN:
        model.init_state(len(PROMPTS), MAX_MODEL_LEN)
    model.reset_slots(list(range(len(PROMPTS) + 1)))


@contextlib.contextmanager
def no_inductor_caches() -> Iterator[None]:
    """Inductor's caches off: a cache hit skips the post-grad passes, so their graphs would be missing."""
    with torch._inductor.config.patch(force_disable_caches=True):
        yield


def range_key(r: Range) -> str:
    return f"{r[0]}-{r[1]}"


def opaque_ops(gm: fx.GraphModule) -> dict[str, int]:
    """Calls of registry ops in `gm`, by qualified name."""
    calls = Counter(e.qualname for n in gm.graph.nodes if n.op == "call_function"
                    and (e := REGISTRY.for_target(n.target)) is not None)
    return dict(sorted(calls.items()))


def kernels(output_code: str) -> list[str]:
    """Names of the kernels Inductor generated (cpp / triton definitions in the output code)."""
    return KERNEL_DEF.findall(output_code)


def summarize(records: Sequence[TraceRecord], scope: str) -> dict[str, Any]:
    """The JSON summary of the first trace (what stayed opaque, how it split, what Inductor made of
    it), and how many traces there were: more than one means the workload recompiled."""
    record = records[0]
    ranges: dict[str, Any] = {}
    for r, pieces in record.pieces.items():
        aten: Counter[str] = Counter()
        extern: Counter[str] = Counter()
        names: dict[str, list[str]] = {}
        for name, p in pieces.items():
            aten += p.aten_ops
            extern += Counter(EXTERN_CALL.findall(p.output_code))
            names[name] = kernels(p.output_code)
        ranges[range_key(r)] = {
            "pieces": list(pieces),
            "post_grad_ops": dict(sorted(aten.items())),
            "num_kernels": sum(map(len, names.values())),
            "kernels": names,
            "extern_calls": dict(sorted(extern.items())),
        }
    ops = opaque_ops(record.dynamo_graph)
    return {
        "scope": scope,
        "traces": len(records),
        "workload": {"prefill_tokens": sum(map(len, PROMPTS)), "decode_tokens": len(PROMPTS)},
        "opaque_ops": ops,
        "num_opaque_calls": sum(ops.values()),
        "splitting_pieces": record.splitting,
        "ranges": ranges,
    }


def num_kernels(summary: dict[str, Any]) -> int:
    return sum(r["num_kernels"] for r in summary["ranges"].values())


# Lines that name where code came from: stack-trace comments change with every edit of the
# model's source, and say nothing about the graph itself.
_PROVENANCE = re.compile(r"^\s*# (File: |No stacktrace found).*\n", re.MULTILINE)
_AOT_ID = re.compile(r"^# AOT ID: .*\n", re.MULTILINE)  # a per-process compile counter
_KERNEL_PATH = re.compile(r"^# kernel path: .*\n", re.MULTILINE)  # a path in Inductor's cache
_CACHE_DIR = re.compile(r"/[\w./-]*torchinductor_[\w.-]+(/[\w.-]+)*")  # headers etc. in the cache


def normalize(text: str) -> str:
    """Drop what differs between machines and processes but not between graphs (each line says why)."""
    text = _PROVENANCE.sub("", text)
    text = _AOT_ID.sub("", text)
    text = _KERNEL_PATH.sub("", text)
    text = _CACHE_DIR.sub("<inductor-cache>", text)
    text = text.replace(str(REPO) + "/", "")
    return "\n".join(line.rstrip() for line in text.splitlines()) + "\n"


def readable_files(records: Sequence[TraceRecord], scope: str) -> dict[str, str]:
    """Relative path -> normalised text of every readable file of a dump (of the first trace)."""
    record = records[0]
    files = {
        "summary.json": json.dumps(summarize(records, scope), indent=2) + "\n",
        "dynamo_graph.py": record.dynamo_graph.print_readable(print_output=False, expanded_def=True),
        "split_graph.py": record.split_graph.code,
    }
    for r, pieces in record.pieces.items():
        for name, p in pieces.items():
            files[f"post_grad/{range_key(r)}/{name}.py"] = p.post_grad
            files[f"output_code/{range_key(r)}/{name}.py"] = p.output_code
    return {path: normalize(text) for path, text in files.items()}


def write_files(files: dict[str, str], out: Path) -> None:
    for rel, text in files.items():
        path = out / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)


def run_workload(compiled: torch.nn.Module, model: Qwen4ExpForCausalLM, device: torch.device | str) -> None:
    """The dump workload: the prefill batch, then one decode batch (greedy next tokens)."""
    fresh_state(model)
    batch = prefill_batch(model, device)
    with model.context(batch):
        hidden = compiled(*batch.tensors())
    nxt = model.compute_logits(hidden[batch.last_token_index]).argmax(-1).tolist()
    batch = decode_batch(model, nxt, [len(p) for p in PROMPTS], device)
    with model.context(batch):
        compiled(*batch.tensors())


def dump(model: Qwen4ExpForCausalLM, scope: str, out: Path, ranges: Sequence[RangeSpec] = DEFAULT_RANGES,
         device: torch.device | str = "cpu", full: bool = True) -> dict[str, Any]:
    """Compile `model` at `scope`, run the workload, write the dump into `out`; returns the summary.

    `full` adds depyf's raw dump (decompiled bytecode, every Dynamo/AOT/post-grad stage, output code).
    """
    torch._dynamo.reset()
    out.mkdir(parents=True, exist_ok=True)
    compiled = api.compile(model, ranges, scope, dump_dir=str(out / "depyf") if full else None)
    with torch.no_grad(), no_inductor_caches():
        run_workload(compiled, model, device)
    files = readable_files(compiled.backend.records, scope)
    write_files(files, out)
    return json.loads(files["summary.json"])
