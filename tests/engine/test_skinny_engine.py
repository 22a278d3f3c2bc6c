"""The engine prepares the skinny decode GEMMs before it compiles or captures, only when asked (on CPU,
where nothing can be timed, by default it does not), and for the row counts its decode batches run at."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest
import torch

pytest.importorskip("triton", reason="the skinny GEMM needs Triton")

from model.fuse import SKINNY_PLANS
from model.kernels import skinny
from model.kernels.skinny import ALL_CUBLAS, SkinnyConfig, SkinnyLinear, encode, plans_to_json
from model.skinny_setup import AOT_PLAN_FILE, machine_key
from qcompile import LLM, CompileConfig, SamplingParams
from qcompile.cudagraph import Dispatcher, resolve_mode
from qcompile.engine.core import EngineCore
from qcompile.engine.engine_config import EngineConfig

from .conftest import MakeLLM

WIDE = SkinnyConfig(64, 64, 0, False)


def skinny_linears(model: torch.nn.Module) -> int:
    return sum(type(m) is SkinnyLinear for m in model.modules())


def gemm_shapes(model: torch.nn.Module) -> set[tuple[torch.dtype, int, int]]:
    """Every shape `prepare_skinny` plans: the eligible linears' and the merged weights'."""
    shapes = {(m.weight.dtype, *m.weight.shape) for m in model.modules() if skinny.eligible(m)}
    for module in model.modules():
        for group in getattr(type(module), "PROJECTIONS", ()):
            merged = getattr(module, group.merged, None)
            if merged is not None:
                shapes.add((merged.dtype, *merged.shape))
    return shapes


def full_graphs(sizes: list[int], max_num_seqs: int) -> Dispatcher:
    return Dispatcher(resolve_mode("full_decode_only", True), sizes, max_num_seqs, ranges=[(1, max(sizes))])


def test_off_by_default_on_cpu(make_llm: MakeLLM) -> None:
    llm = make_llm(max_num_seqs=4)
    assert not llm.core.skinny_gemm and "skinny" not in llm.core.stage_times
    assert skinny_linears(llm.core.model) == 0


def test_prepared_before_compile_and_capture_from_a_plan_file(tiny_ckpt: Path, tmp_path: Path) -> None:
    """With plans for every shape but one (cuBLAS at every size), every other shape takes the kernel at
    the decode buckets, and the linears are retyped and the merged GEMMs planned before the compile and
    capture stages run."""
    config = CompileConfig(scope="kernel", ranges=((1, 1), (2, 8)))
    plans = tmp_path / "plans.json"
    options = EngineConfig(str(tiny_ckpt), compile=config, aot=False, max_num_seqs=4, max_model_len=64)
    core = EngineCore(dataclasses.replace(options, skinny_plans=plans))
    assert not core.skinny_gemm  # CPU: off unless asked
    core = EngineCore(dataclasses.replace(options, skinny_gemm=True, skinny_plans=plans))
    model = core.model
    shapes = sorted(gemm_shapes(model), key=str)
    table = {key: encode({4: WIDE}) for key in shapes} | {shapes[0]: ALL_CUBLAS}
    plans.write_text(json.dumps({machine_key(torch.device("cpu")): plans_to_json(table)}))
    # FULL decode graphs at 1, 2, 4 and 8 rows (CPU has none): the capture stage, run by a fake below
    core.compile_config = dataclasses.replace(config, cudagraph="full")
    core.runner.dispatcher = full_graphs([1, 2, 4, 8], 4)
    seen: list[tuple[str, int]] = []
    core.runner.warmup = lambda: seen.append(("compile", skinny_linears(model))) or []
    core.runner.capture = lambda: seen.append(("capture", skinny_linears(model)))
    stages = core.startup_stages()
    assert [s.key for s in stages] == ["skinny", "compile", "capture", "warmup"]
    detail = stages[0].run()
    assert detail.startswith(f"{len(shapes) - 1} of {len(shapes)} GEMM shapes take the skinny kernel at rows [1, 2, 4]")
    retyped = skinny_linears(model)
    planned = sum(len(getattr(m, SKINNY_PLANS, {})) for m in model.modules())
    assert retyped > 0 and planned >= 8 and f"({planned} merged GEMMs routed)" in detail
    for stage in stages[1:3]:
        stage.run()
    assert seen == [("compile", retyped), ("capture", retyped)]
    assert "skinny" in core.stage_times and [s.key for s in core.startup_stages()] == ["warmup"]
    assert json.loads(plans.read_text()) == {machine_key(torch.device("cpu")): plans_to_json(table)}  # nothing new


def test_an_aot_folder_holds_the_plans_when_none_are_named(tiny_ckpt: Path, tmp_path: Path) -> None:
    """With forwards saved to an AOT folder and no plan file named, the plans are the folder's: a restart
    plans as the start that saved the forward did (which guards on them), so it loads it."""
    aot_dir = tmp_path / "aot"
    config = CompileConfig(scope="kernel", ranges=((1, 1), (2, 8)), cudagraph="full", aot_dir=aot_dir)
    core = EngineCore(EngineConfig(str(tiny_ckpt), max_num_seqs=4, max_model_len=64, skinny_gemm=True))
    core.compile_config = config  # CPU builds no graphs: only the skinny stage runs, before any compile
    core.runner.dispatcher = full_graphs([1, 2, 4], 4)
    table = {key: encode({4: WIDE}) for key in gemm_shapes(core.model)}
    aot_dir.mkdir()
    (aot_dir / AOT_PLAN_FILE).write_text(json.dumps({machine_key(torch.device("cpu")): plans_to_json(table)}))
    assert core.prepare_skinny().startswith(f"{len(table)} of {len(table)} GEMM shapes take the skinny kernel")
    assert skinny_linears(core.model) > 0


RESTART = """
import json, sys
from qcompile import LLM, CompileConfig
compile = CompileConfig(scope="kernel", ranges=((1, 1), (2, 64)), cudagraph="full_decode_only", aot_dir=sys.argv[2])
llm = LLM(sys.argv[1], device="cuda", dtype="bfloat16", max_num_seqs=4, max_model_len=128, compile=compile)
print(json.dumps({"loaded": llm.core.runner.compiled.aot_loaded}))
"""


@pytest.mark.gpu
def test_a_restart_loads_the_forward_its_plans_were_baked_into(tiny8_ckpt: Path, tmp_path: Path) -> None:
    """Two starts, each its own process, with the skinny GEMM timed (CUDA's default) and forwards saved: the
    first keeps its plans in the AOT folder, the second plans from them (nothing timed, the file unchanged)
    and loads the first's forward, whose guards hold the plans' integers."""
    import subprocess
    import sys

    aot_dir = tmp_path / "aot"

    def start() -> dict[str, bool]:
        done = subprocess.run(
            [sys.executable, "-c", RESTART, str(tiny8_ckpt), str(aot_dir)], capture_output=True, text=True, timeout=900
        )
        assert done.returncode == 0, done.stderr[-4000:]
        return json.loads(done.stdout.strip().splitlines()[-1])

    assert start() == {"loaded": False}
    plans = aot_dir / AOT_PLAN_FILE
    written = plans.read_text()
    assert json.loads(written)  # timed on this GPU
    assert start() == {"loaded": True}
    assert plans.read_text() == written


def test_disabled_leaves_the_model_alone(tiny_ckpt: Path) -> None:
    core = EngineCore(EngineConfig(str(tiny_ckpt), max_num_seqs=2, max_model_len=64, skinny_gemm=False))
    assert [s.key for s in core.startup_stages()] == ["warmup"]
    assert skinny_linears(core.model) == 0


def test_decode_rows_are_the_graph_sizes(make_llm: MakeLLM, monkeypatch: pytest.MonkeyPatch) -> None:
    """Without graphs none (the stage is left out); with FULL or piecewise decode graphs their padded sizes
    (the first one at or above max_num_seqs ends them), up to MAX_M."""
    core = make_llm(max_num_seqs=4).core
    runner = core.runner
    assert runner.graph_decode_rows() == []
    monkeypatch.setattr(runner, "dispatcher", full_graphs([1, 2, 8, 16], 3))
    assert runner.graph_decode_rows() == [1, 2, 8]
    piecewise = Dispatcher(resolve_mode("piecewise", True), [1, 2, 8, 16], max_num_seqs=3, ranges=[(1, 16)])
    monkeypatch.setattr(runner, "dispatcher", piecewise)
    assert runner.graph_decode_rows() == [1, 2, 8]
    monkeypatch.setattr(runner, "dispatcher", full_graphs([2, 24, 32], 20))
    monkeypatch.setattr(core, "skinny_gemm", True)
    assert runner.graph_decode_rows() == [2, 24] and core.skinny_rows() == [2]


def test_tensor_parallel_workers_take_rank_0s_plans(tiny_ckpt: Path, tmp_path: Path, make_llm: MakeLLM) -> None:
    """Rank 0 reads the plans and hands them to the worker (its "skinny" command), which applies them and
    goes on stepping in step: greedy tokens as without TP (on CPU the op is `F.linear`)."""
    plans = tmp_path / "plans.json"
    options = EngineConfig(str(tiny_ckpt), max_num_seqs=2, max_model_len=128, tensor_parallel_size=2)
    core = EngineCore(dataclasses.replace(options, skinny_gemm=True, skinny_plans=plans))
    try:
        eager, core.runner.dispatcher = core.runner.dispatcher, full_graphs([1, 2], 2)  # rows to time (and send)
        table = {key: encode({2: WIDE}) for key in gemm_shapes(core.model)}
        plans.write_text(json.dumps({machine_key(torch.device("cpu")): plans_to_json(table)}))
        llm = LLM.from_core(core)
        assert skinny_linears(core.model) > 0 and "skinny" in core.stage_times
        core.runner.dispatcher = eager  # the steps run as they were built to
        params = SamplingParams(temperature=0.0, max_tokens=6, ignore_eos=True)
        prompts = [{"prompt_token_ids": [5, 9, 2]}, {"prompt_token_ids": [7] * 5}]
        want = make_llm(max_num_seqs=2).generate(prompts, params)
        got = llm.generate(prompts, params)
        assert [o.outputs[0].token_ids for o in got] == [o.outputs[0].token_ids for o in want]
    finally:
        core.close()


def test_the_commands_pass_the_flags_on(
    tmp_path: Path, launched: tuple[list[EngineConfig], list[EngineConfig]]
) -> None:
    """`generate` and `serve`: on by default (None: CUDA decides), off with --no-skinny-gemm, the plan file
    passed as given."""
    from qcompile.commands.cli import main

    plans = tmp_path / "plans.json"
    for command in (["generate", "--prompt", "hi"], ["serve"]):
        main(command)
        main([*command, "--no-skinny-gemm"])
        main([*command, "--skinny-plans", str(plans)])
    for calls in launched:
        assert [(c.skinny_gemm, c.skinny_plans) for c in calls] == [(None, None), (False, None), (None, plans)]
