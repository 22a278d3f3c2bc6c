"""`EngineConfig`: every engine option declared once; an unknown keyword or a bad value is refused naming
it, before anything loads; the command line's flags are its fields."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from qcompile import LLM, CompileConfig
from qcompile.commands.cli import SERVE_DEFAULTS, build_parser
from qcompile.commands.engine_flags import engine_config, flag_name
from qcompile.compiler.aot import default_dir
from qcompile.engine.async_engine import AsyncEngine
from qcompile.engine.engine_config import EngineConfig, EngineOptionError


def _flag_fields() -> list[dataclasses.Field]:
    return [f for f in dataclasses.fields(EngineConfig) if f.metadata["flag"]]


@pytest.mark.parametrize("build", [LLM, AsyncEngine.from_args, EngineConfig.from_options])
def test_an_unknown_keyword_is_refused_naming_it_and_the_close_match(build: object) -> None:
    with pytest.raises(TypeError, match="unknown engine option 'max_num_seq'; did you mean 'max_num_seqs'"):
        build(max_num_seq=4)  # type: ignore[operator]
    with pytest.raises(TypeError, match="unknown engine option 'zzz'; the options are model, device"):
        build(zzz=1)  # type: ignore[operator]


@pytest.mark.parametrize(
    ("options", "says"),
    [
        ({"max_num_seqs": 0}, "max_num_seqs=0: must be an integer >= 1"),
        ({"max_model_len": "64"}, "max_model_len='64': must be an integer >= 1"),
        ({"kv_cache_memory": "4XB"}, "kv_cache_memory='4XB': expected bytes such as 512MiB"),
        ({"kv_cache_memory": 0}, "kv_cache_memory=0: must be an integer >= 1"),
        ({"gpu_memory_utilization": 1.5}, "gpu_memory_utilization=1.5: must be a number in (0, 1]"),
        ({"dtype": "int8"}, "dtype='int8': not one of float32, bfloat16, float16"),
        ({"kv_cache_dtype": "fp8_e5m2"}, "kv_cache_dtype='fp8_e5m2': not one of auto, fp8, fp8_e4m3"),
        ({"ple_backend": "disk"}, "ple_backend='disk': not one of device, pinned, mmap, preload"),
        ({"compile": "layer"}, "compile='layer': must be a CompileConfig or None"),
        ({"device": "tpu"}, "device='tpu': not a device"),
        ({"weight_only": True, "tensor_parallel_size": 2}, "tensor_parallel_size=2 and weight_only=True"),
        ({"moe_activation_dtype": "int8"}, "moe_activation_dtype='int8': not one of auto, fp8"),
        (
            {"moe_activation_dtype": "fp8"},
            "moe_activation_dtype='fp8' and weight_only=False: FP8 activations multiply the experts' block-FP8 codes",
        ),
        ({"skinny_gemm": False, "skinny_plans": Path("p.json")}, "plans for a skinny GEMM that is off"),
        ({"prefix_host_checkpoints": -1}, "prefix_host_checkpoints=-1: must be an integer >= 0"),
        (
            {"prefix_host_checkpoints": 4, "enable_prefix_caching": False},
            "prefix_host_checkpoints=4 and enable_prefix_caching=False: host rows for the checkpoints of a prefix "
            "cache that is off",
        ),
        ({"compile": CompileConfig(aot_dir=Path("x")), "aot": False}, "compile.aot_dir=PosixPath('x') and aot=False"),
    ],
)
def test_a_bad_value_is_refused_naming_the_option(options: dict, says: str) -> None:
    with pytest.raises(EngineOptionError) as e:
        EngineConfig(**options)
    assert says in str(e.value)


def test_torch_dtypes_are_taken_by_name() -> None:
    import torch

    assert EngineConfig(dtype=torch.bfloat16).dtype == "bfloat16"  # type: ignore[arg-type]


def test_the_checkpoint_bounds_max_model_len(tiny_ckpt: Path) -> None:
    from qcompile.engine.model_source import resolve_model

    checkpoint = resolve_model(str(tiny_ckpt)).config
    limit = checkpoint.max_position_embeddings
    EngineConfig(max_model_len=limit).check_checkpoint(checkpoint)
    with pytest.raises(EngineOptionError, match=f"max_model_len={limit + 1}: exceeds .* {limit}"):
        EngineConfig(max_model_len=limit + 1).check_checkpoint(checkpoint)


def test_a_compile_saves_where_serve_does_unless_told_otherwise(tmp_path: Path) -> None:
    """`LLM(compile=...)` and `qcompile serve` share the AOT folder; `aot=False`, a folder of one's own
    or a dump (which needs a trace) keep out of it."""
    compile = CompileConfig(scope="kernel")
    assert EngineConfig(compile=compile).compile_config() == dataclasses.replace(compile, aot_dir=default_dir())
    assert EngineConfig(compile=compile, aot=False).compile_config() == compile
    own = dataclasses.replace(compile, aot_dir=tmp_path)
    assert EngineConfig(compile=own).compile_config() == own
    dump = dataclasses.replace(compile, dump_dir=tmp_path)
    assert EngineConfig(compile=dump).compile_config() == dump
    assert EngineConfig().compile_config() is None


@pytest.mark.parametrize("command", ["generate", "serve"])
def test_the_flags_are_the_fields(command: str) -> None:
    """Each field with a flag is `--field-name` with the field's help and default (serve's own where it
    has one); no flags give the default config, and every flag reaches its field."""
    parser = build_parser()
    sub = next(a for a in parser._actions if a.dest == "command").choices[command]
    actions = {a.dest: a for a in sub._actions}
    defaults = SERVE_DEFAULTS if command == "serve" else {}
    for f in _flag_fields():
        action = actions[f.name]
        assert flag_name(f.name) in action.option_strings and f.metadata["help"] in action.help
        assert action.default == defaults.get(f.name, f.default)
    assert engine_config(parser.parse_args([command])) == EngineConfig(**defaults)
    given = {
        "model": "tiny",
        "dtype": "bfloat16",
        "aot": False,
        "max_num_seqs": 3,
        "max_model_len": 99,
        "max_num_batched_tokens": 7,
        "async_scheduling": False,
        "ple_backend": "pinned",
        "weight_only": True,
        "load_format": "dummy",
        "skinny_gemm": True,
        "skinny_plans": Path("plans.json"),
        "kv_cache_memory": "1.5MiB",  # read as bytes, by the config and by the flag alike
        "gpu_memory_utilization": 0.5,
        "page_size": 32,
        "kv_cache_dtype": "fp8_e4m3",
        "moe_activation_dtype": "fp8",
        "moe_expert_cache": "3",  # off, auto or slots: the number read from text, by the config and the flag alike
        "enable_prefix_caching": True,
        "prefix_state_checkpoints": 5,
        "prefix_host_checkpoints": 6,
        "prefix_checkpoint_interval": 512,
    }
    assert set(given) | {"device", "tensor_parallel_size"} == {f.name for f in _flag_fields()}
    argv = [command]
    for name, value in given.items():
        argv += [flag_name(name) if value else f"--no-{flag_name(name)[2:]}"] if isinstance(value, bool) else []
        argv += [] if isinstance(value, bool) else [flag_name(name), str(value)]
    assert engine_config(parser.parse_args(argv)) == EngineConfig(**given)


@pytest.mark.parametrize("command", ["generate", "serve"])
def test_the_compile_flags_are_compile_config_fields(command: str, tmp_path: Path) -> None:
    """Each `CompileConfig` field with a flag is `--field-name` with its help and its default shown; none
    given is eager, any given compiles with the fields' defaults for the rest."""
    parser = build_parser()
    sub = next(a for a in parser._actions if a.dest == "command").choices[command]
    actions = {a.dest: a for a in sub._actions}
    flagged = [f for f in dataclasses.fields(CompileConfig) if f.metadata["flag"]]
    assert {f.name for f in flagged} == {"scope", "ranges", "cudagraph", "capture_sizes", "max_capture_size", "aot_dir"}
    for f in flagged:
        action = actions[f.name]
        assert flag_name(f.name) in action.option_strings and f.metadata["help"] in action.help
        assert action.default is None  # any compile flag given turns compiling on
    assert "(default: layer)" in actions["scope"].help and "(default: 1:256)" in actions["ranges"].help
    assert engine_config(parser.parse_args([command])).compile is None
    config = engine_config(parser.parse_args([command, "--ranges", "1:1,2:8", "--aot-dir", str(tmp_path)]))
    assert config.compile == CompileConfig(ranges=((1, 1), (2, 8)), aot_dir=tmp_path)


def test_a_new_option_needs_only_its_field() -> None:
    """What adding a field gives, on a stand-in config: the flag, its type from the annotation (a float
    here), its default and help."""
    import argparse

    from qcompile.commands import engine_flags
    from qcompile.config.options import option

    @dataclasses.dataclass(frozen=True)
    class Extra:
        gpu_memory_utilization: float = option(0.9, "share of device memory the engine may take")
        enable_prefix_caching: bool = option(False, "reuse the state of a shared prompt prefix")

    parser = argparse.ArgumentParser()
    engine_flags._add_flags(parser, Extra, list(dataclasses.fields(Extra)), {}, {}, {})
    args = parser.parse_args(["--gpu-memory-utilization", "0.5", "--enable-prefix-caching"])
    assert Extra(args.gpu_memory_utilization, args.enable_prefix_caching) == Extra(0.5, True)
    assert parser.parse_args([]).gpu_memory_utilization == 0.9
    assert "share of device memory the engine may take (default: 0.9)" in " ".join(parser.format_help().split())


def test_prefix_caching_is_on_by_default_and_its_flag_turns_it_off() -> None:
    parser = build_parser()
    assert EngineConfig().enable_prefix_caching
    off = engine_config(parser.parse_args(["generate", "--no-enable-prefix-caching"]))
    assert off == EngineConfig(enable_prefix_caching=False)
    with pytest.raises(EngineOptionError, match="prefix_state_checkpoints=4 and enable_prefix_caching=False"):
        EngineConfig(enable_prefix_caching=False, prefix_state_checkpoints=4)


@pytest.mark.parametrize(("budget", "interval"), [(2048, 4096), (4096, 4096), (8192, 8192), (3000, 6000), (100, 4100)])
def test_unset_the_checkpoint_interval_is_a_multiple_of_the_step_budget(budget: int, interval: int) -> None:
    """A long prompt's chunks end at its checkpoints: the default never cuts a chunk short; a given one stands."""
    assert EngineConfig(max_num_batched_tokens=budget).checkpoint_interval() == interval
    assert EngineConfig(max_num_batched_tokens=budget, prefix_checkpoint_interval=1024).checkpoint_interval() == 1024


def test_a_bad_kv_cache_dtype_flag_is_refused_naming_it(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        build_parser().parse_args(["serve", "--kv-cache-dtype", "fp16"])
    assert "argument --kv-cache-dtype: invalid choice: 'fp16'" in capsys.readouterr().err


def test_fp8_moe_activations_are_refused_off_cuda(tiny_ckpt: Path) -> None:
    """The option reaches the load: on the CPU, where the torch experts run, it is refused naming the device."""
    with pytest.raises(EngineOptionError, match="moe_activation_dtype='fp8' and device='cpu': FP8 activations run in"):
        LLM(str(tiny_ckpt), weight_only=True, moe_activation_dtype="fp8")
