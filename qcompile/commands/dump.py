"""Graph dumps: compile a checkpoint at one scope on the shared workload and write what each stage saw.

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
import logging
import re
from collections import Counter
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import torch
import torch.fx as fx

import qcompile.api as api
from model.qwen4_exp import Qwen4ExpForCausalLM
from qcompile.commands.workload import DEFAULT_RANGES, PROMPT_LENGTHS, Workload, run_greedy
from qcompile.compiler.backend import TraceRecord
from qcompile.compiler.caches import graph_caches_off
from qcompile.compiler.ranges import Range, RangeSpec
from qcompile.engine.progress import compile_stages, stage
from qcompile.ops.registry import REGISTRY

REPO = Path(__file__).resolve().parents[2]
KERNEL_DEF = re.compile(r"^(\w+) = async_compile\.\w+\(", re.MULTILINE)
EXTERN_CALL = re.compile(r"\bextern_kernels\.(\w+)\(")


def _not_cache_noise(record: logging.LogRecord) -> bool:
    """False for the warning each piece's compile logs when caches are off: there is nothing to save."""
    return "artifact generation failed" not in record.getMessage()


@contextlib.contextmanager
def no_inductor_caches() -> Iterator[None]:
    """Inductor's graph caches off (`graph_caches_off`): a cache hit skips the post-grad passes, so their
    graphs would be missing. Off, they make torch say so once per compiled piece (standalone_compile
    cannot save an artifact), which is expected here, so hidden."""
    logger = logging.getLogger("torch._inductor.standalone_compile")
    logger.addFilter(_not_cache_noise)
    try:
        with graph_caches_off():
            yield
    finally:
        logger.removeFilter(_not_cache_noise)


def range_key(r: Range) -> str:
    return f"{r[0]}-{r[1]}"


def opaque_ops(gm: fx.GraphModule) -> dict[str, int]:
    """Calls of registry ops in `gm`, by qualified name."""
    calls = Counter(
        e.qualname
        for n in gm.graph.nodes
        if n.op == "call_function" and (e := REGISTRY.for_target(n.target)) is not None
    )
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
        "torch": made_with(),
        "traces": len(records),
        "workload": {"prefill_tokens": sum(PROMPT_LENGTHS), "decode_tokens": len(PROMPT_LENGTHS)},
        "opaque_ops": ops,
        "num_opaque_calls": sum(ops.values()),
        "splitting_pieces": record.splitting,
        "ranges": ranges,
    }


def made_with() -> str:
    """The torch release that traced (Dynamo numbers its size symbols differently between releases)."""
    return torch.__version__.split("+")[0]


def num_kernels(summary: dict[str, Any]) -> int:
    return sum(r["num_kernels"] for r in summary["ranges"].values())


# Lines that name where code came from: stack-trace comments change with every edit of the
# model's source, and say nothing about the graph itself.
_PROVENANCE = re.compile(r"^\s*# (File: |No stacktrace found).*\n", re.MULTILINE)
_AOT_ID = re.compile(r"^# AOT ID: .*\n", re.MULTILINE)  # a per-process compile counter
_KERNEL_PATH = re.compile(r"^# kernel path: .*\n", re.MULTILINE)  # a path in Inductor's cache
_CACHE_DIR = re.compile(r"/[\w./-]*torchinductor_[\w.-]+(/[\w.-]+)*")  # headers etc. in the cache
_KEY_PREFIX = re.compile(r"'m\d+\.")  # a layer key's model prefix: set by which other models live in the process


def normalize(text: str) -> str:
    """Drop what differs between machines and processes but not between graphs (each line says why)."""
    text = _PROVENANCE.sub("", text)
    text = _AOT_ID.sub("", text)
    text = _KERNEL_PATH.sub("", text)
    text = _CACHE_DIR.sub("<inductor-cache>", text)
    text = _KEY_PREFIX.sub("'", text)
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


def dump(
    model: Qwen4ExpForCausalLM, scope: str, out: Path, ranges: Sequence[RangeSpec] = DEFAULT_RANGES, full: bool = True
) -> dict[str, Any]:
    """Compile `model` at `scope`, run the workload (prefill, one decode step), write the dump into
    `out`; returns the summary.

    `full` adds depyf's raw dump (decompiled bytecode, every Dynamo/AOT/post-grad stage, output code).
    """
    torch._dynamo.reset()
    out.mkdir(parents=True, exist_ok=True)
    compiled = api.compile(model, ranges=ranges, scope=scope, dump_dir=str(out / "depyf") if full else None)
    with compile_stages(f"compile at scope {scope}, run the workload"), torch.no_grad(), no_inductor_caches():
        run_greedy(model, compiled, Workload.for_model(model), steps=1)
    with stage(f"write {out}"):
        files = readable_files(compiled.backend.records, scope)
        write_files(files, out)
    return json.loads(files["summary.json"])
