"""Make small quantized Qwen4-Exp checkpoints with the real third-party tools, on CPU.

The outputs are committed under `tests/fixtures/quant/`, so the tests never need the tools.
Regenerate them (about two minutes on two cores) with a separate venv, because llmcompressor
and modelopt pin versions that clash with the project's:

    python3 -m venv /work/venv-quant
    /work/venv-quant/bin/pip install torch==2.13.0 transformers==5.24.0 accelerate nvidia-modelopt requests
    /work/venv-quant/bin/pip install --no-deps llmcompressor compressed-tensors==0.19.0
    /work/venv-quant/bin/pip install loguru datasets pillow psutil torch==2.13.0
    /work/venv-quant/bin/python scripts/tools/make_quant_fixtures.py tests/fixtures/quant

Folders written (`<tool>-<scheme>`; each holds `config.json` and `model.safetensors`, ModelOpt
also `hf_quant_config.json`):

- `source-tiny`, `source-wide`: the bf16 checkpoints that were quantized (the error baseline).
- `modelopt-nvfp4`, `modelopt-fp8`: ModelOpt 0.47 on `tiny`.
- `llmc-nvfp4`, `llmc-fp8_block`, `llmc-fp8`: llmcompressor 0.14 / compressed-tensors 0.19 on `tiny`.
- `modelopt-fp8_pb_wo` (FP8_2D_BLOCKWISE_WEIGHT_ONLY): on `wide`; on `tiny` ModelOpt's export fails
  stacking the q/k/v block amaxes, which have different block counts there.
- `modelopt-mxfp8`, `llmc-mxfp8`: both tools on `source-wide`, the `wide` preset cut to two layers
  (GDN with PLE, then QSA), two experts, hc_lowrank 32 and ple_embed_dim 64 so the fixtures stay
  small. MXFP8 needs every Linear in-width to be a multiple of 32, which `tiny`'s hc_lowrank 16
  breaks.

The sources are built here as `Qwen4ExpForCausalLM` (keys `model.layers.*`), not with
`qcompile.synthetic.make_checkpoint`: ModelOpt's export fails on that conditional-generation
checkpoint (`TypeError: 'NoneType' object is not iterable`), and it takes preset names only, while
the MXFP8 fixtures need the cut-down wide config. `dequantize_state` does not depend on the prefix.

The tools leave the PLE table in bf16, so the FP8 and NVFP4-packed PLE fixtures
(`ple_fp8.safetensors`, `ple_nvfp4.safetensors`) are written here from the tiny source table with
the formulas of notes §5. Only the metadata needed to regenerate is kept; `generation_config.json`
and `recipe.yaml` are dropped.
"""

from __future__ import annotations

import argparse
import json
import shutil
import sys
from pathlib import Path
from typing import Any

import torch

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from model.config import INDEXED, LINEAR
from model.presets import preset_config

# ModelOpt excludes these by default (Qwen3-Next names); llmcompressor is told the same.
LLMC_IGNORE = ["lm_head", "re:.*mlp.gate$", "re:.*shared_expert_gate$", "re:.*in_proj_a$", "re:.*in_proj_b$"]
KEEP_FILES = ("config.json", "hf_quant_config.json", "model.safetensors")
PLE_KEY = "model.layers.1.ple.ple_embedding.ngram_embedding"


def _configs() -> dict[str, dict[str, Any]]:
    wide_small = {
        **preset_config("wide"),
        "num_hidden_layers": 2,
        "layer_types": [LINEAR, INDEXED],
        "ple_layer_ids": [1],
        "num_experts": 2,
        "num_experts_per_tok": 1,
        "hc_lowrank": 32,
        "ple_embed_dim": 64,
    }
    return {"tiny": preset_config("tiny"), "wide": wide_small}


def build_source(cfg: dict[str, Any], out: Path) -> None:
    """Random bf16 model saved and reloaded, because ModelOpt needs `config.architectures`."""
    from transformers import Qwen4ExpForCausalLM, Qwen4ExpTextConfig

    torch.manual_seed(0)
    model = Qwen4ExpForCausalLM(Qwen4ExpTextConfig(**{k: v for k, v in cfg.items() if k != "model_type"}))
    with torch.no_grad():
        for p in model.parameters():
            if p.is_floating_point() and not p.any():
                p.normal_(0.0, 0.1)  # zero-init norms, router, PLE conv: make them non-trivial
    model.to(torch.bfloat16).save_pretrained(out)


def load(src: Path) -> torch.nn.Module:
    from transformers import AutoModelForCausalLM

    return AutoModelForCausalLM.from_pretrained(src, dtype=torch.bfloat16).eval()


def calib_ids(vocab: int, n: int = 4, seq: int = 32) -> torch.Tensor:
    return torch.randint(2, vocab, (n, seq), generator=torch.Generator().manual_seed(1))


def modelopt_quantize(src: Path, scheme: str, out: Path) -> None:
    import modelopt.torch.quantization as mtq
    from modelopt.torch.export import export_hf_checkpoint

    cfg = getattr(
        mtq,
        {
            "nvfp4": "NVFP4_DEFAULT_CFG",
            "fp8": "FP8_DEFAULT_CFG",
            "fp8_pb_wo": "FP8_2D_BLOCKWISE_WEIGHT_ONLY_CFG",
            "mxfp8": "MXFP8_DEFAULT_CFG",
        }[scheme],
    )
    model = load(src)
    ids = calib_ids(model.config.vocab_size)

    def forward_loop(m: torch.nn.Module) -> None:
        with torch.no_grad():
            for row in ids:
                m(input_ids=row[None])

    model = mtq.quantize(model, cfg, forward_loop=forward_loop)
    export_hf_checkpoint(model, export_dir=out)


def _tokenizer(vocab: int) -> Any:
    from tokenizers import Tokenizer, models, pre_tokenizers
    from transformers import PreTrainedTokenizerFast

    tok = Tokenizer(models.WordLevel({f"t{i}": i for i in range(vocab)}, unk_token="t0"))
    tok.pre_tokenizer = pre_tokenizers.Whitespace()
    return PreTrainedTokenizerFast(tokenizer_object=tok, unk_token="t0", pad_token="t0", eos_token="t1")


def llmc_quantize(src: Path, scheme: str, out: Path) -> None:
    from datasets import Dataset
    from llmcompressor import oneshot
    from llmcompressor.modeling.moe.linearize import linearize_moe
    from llmcompressor.modifiers.quantization import QuantizationModifier

    model = load(src)
    linearize_moe(model)
    ids = calib_ids(model.config.vocab_size, n=8)
    data = Dataset.from_dict({"input_ids": ids.tolist(), "attention_mask": torch.ones_like(ids).tolist()})
    recipe = QuantizationModifier(targets="Linear", scheme=scheme.upper(), ignore=LLMC_IGNORE)
    oneshot(
        model=model,
        processor=_tokenizer(model.config.vocab_size),
        dataset=data,
        recipe=recipe,
        num_calibration_samples=len(ids),
        max_seq_length=ids.shape[1],
    )
    model.save_pretrained(out, save_compressed=True)


def _e2m1_encode(x: torch.Tensor) -> torch.Tensor:
    """Round to the nearest E2M1 code (ties to the larger magnitude are fine for a fixture)."""
    grid = torch.tensor([0.0, 0.5, 1.0, 1.5, 2.0, 3.0, 4.0, 6.0])
    mag = (x.abs()[..., None] - grid).abs().argmin(-1).to(torch.uint8)
    return mag | ((x < 0).to(torch.uint8) << 3)


def write_ple_fixtures(source: Path, out: Path) -> None:
    """FP8 (per-tensor scale) and NVFP4-packed (per-16 FP8 scales + global) PLE shard tables."""
    from safetensors.torch import load_file, save_file

    state = load_file(source / "model.safetensors")
    shards = sorted(k for k in state if k.startswith(PLE_KEY + ".shard_"))
    table = torch.cat([state[k].float() for k in shards])
    fp8: dict[str, torch.Tensor] = {}
    scale = table.abs().max() / 448.0
    for k in shards:
        fp8[k] = (state[k].float() / scale).to(torch.float8_e4m3fn)
    fp8[PLE_KEY + ".weight_scale"] = scale.reshape(())
    save_file(fp8, str(out / "ple_fp8.safetensors"))

    nv: dict[str, torch.Tensor] = {}
    scale_2 = table.abs().max() / (6.0 * 448.0)
    for k in shards:
        w = state[k].float()
        blocks = w.reshape(w.shape[0], -1, 16)
        block_scale = (blocks.abs().amax(-1) / 6.0 / scale_2).to(torch.float8_e4m3fn)
        denom = (block_scale.float() * scale_2)[..., None]
        codes = _e2m1_encode(torch.where(denom > 0, blocks / denom, 0.0)).reshape(w.shape)
        nv[k] = codes[:, 0::2] | (codes[:, 1::2] << 4)
        nv[k.removesuffix(".weight") + ".weight_scale"] = block_scale
    nv[PLE_KEY + ".weight_scale_2"] = scale_2.reshape(())
    save_file(nv, str(out / "ple_nvfp4.safetensors"))


def _prune(folder: Path) -> None:
    for f in folder.iterdir():
        if f.name not in KEEP_FILES:
            shutil.rmtree(f) if f.is_dir() else f.unlink()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("out", type=Path)
    ap.add_argument("--only", nargs="*", help="folder names to (re)make; default all")
    args = ap.parse_args()
    out: Path = args.out
    out.mkdir(parents=True, exist_ok=True)
    cfgs = _configs()
    jobs = {
        "modelopt-nvfp4": ("tiny", modelopt_quantize, "nvfp4"),
        "modelopt-fp8": ("tiny", modelopt_quantize, "fp8"),
        "modelopt-fp8_pb_wo": ("wide", modelopt_quantize, "fp8_pb_wo"),
        "llmc-nvfp4": ("tiny", llmc_quantize, "nvfp4"),
        "llmc-fp8_block": ("tiny", llmc_quantize, "fp8_block"),
        "llmc-fp8": ("tiny", llmc_quantize, "fp8"),
        "modelopt-mxfp8": ("wide", modelopt_quantize, "mxfp8"),
        "llmc-mxfp8": ("wide", llmc_quantize, "mxfp8"),
    }
    wanted = set(args.only or [*jobs, "source-tiny", "source-wide", "ple"])
    for name, cfg in cfgs.items():
        src = out / f"source-{name}"
        if src.name in wanted or not src.exists():
            build_source(cfg, src)
            _prune(src)
    for name, (size, fn, scheme) in jobs.items():
        if name in wanted:
            dst = out / name
            shutil.rmtree(dst, ignore_errors=True)
            fn(out / f"source-{size}", scheme, dst)
            _prune(dst)
            print(f"made {dst}", flush=True)
    if "ple" in wanted:
        write_ple_fixtures(out / "source-tiny", out)
    sizes = {p.name: sum(f.stat().st_size for f in [p, *p.rglob("*")] if f.is_file()) for p in sorted(out.iterdir())}
    print(json.dumps(sizes, indent=1))


if __name__ == "__main__":
    main()
