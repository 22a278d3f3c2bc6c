"""Build random Qwen4-Exp checkpoints of the presets (weights + tokenizer) in the published HF layout.

The model is built by transformers itself as `Qwen4ExpForConditionalGeneration` with a minimal
vision tower, so the files carry the real `model.language_model.*` / `model.visual.*` names,
per-expert keys and sharded PLE tables that published checkpoints have. transformers' own init
leaves norms at 0 (centered), PLE convs at 0 and gates near uniform, which would make exactness
tests vacuous; here every parameter gets a deterministic, non-constant, unit-scale init instead.

The `bench` preset (17.7 B params) is 70 GB in float32: build it with `dtype="bfloat16"` on a
GPU box, e.g. `make_checkpoint("bench", out, dtype="bfloat16", device="cuda")` (about 36 GB of
device memory and disk); construction skips transformers' init, so nothing is initialised twice.
"""

from __future__ import annotations

import hashlib
import json
import math
import os
import shutil
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import torch
from torch import nn

from model.config import Qwen4ExpConfig
from model.expert_cache import ExpertCache
from model.expert_placement import ExpertGeometry, ExpertPlacement, PlaceExperts
from model.presets import preset_config
from model.quant.experts import STORED_BYTES, pack_experts
from qcompile.default_model import PATH as DEFAULT_MODEL_PATH

if TYPE_CHECKING:
    from model.moe import Experts
    from model.ple import NGramEmbedding

# The Qwen special-token block, in Qwen's order. It starts at the config's `eos_token_id`, so eos
# is `<|endoftext|>` and the vision ids land where Qwen3.5 has them (eos 248044 -> image 248056).
# The bool says whether the token is "special" (dropped by `skip_special_tokens`), as in Qwen3.
SPECIAL_TOKENS: tuple[tuple[str, bool], ...] = (
    ("<|endoftext|>", True),
    ("<|im_start|>", True),
    ("<|im_end|>", True),
    ("<|object_ref_start|>", True),
    ("<|object_ref_end|>", True),
    ("<|box_start|>", True),
    ("<|box_end|>", True),
    ("<|quad_start|>", True),
    ("<|quad_end|>", True),
    ("<|vision_start|>", True),
    ("<|vision_end|>", True),
    ("<|vision_pad|>", True),
    ("<|image_pad|>", True),
    ("<|video_pad|>", True),
    ("<tool_call>", False),
    ("</tool_call>", False),
    ("<|fim_prefix|>", False),
    ("<|fim_middle|>", False),
    ("<|fim_suffix|>", False),
    ("<|fim_pad|>", False),
    ("<|repo_name|>", False),
    ("<|file_sep|>", False),
    ("<tool_response>", False),
    ("</tool_response>", False),
    ("<think>", False),
    ("</think>", False),
)

# ChatML with Qwen3-Coder-style XML tool calls: the one template file, shared with the embedded model.
CHAT_TEMPLATE_FILE = DEFAULT_MODEL_PATH / "chat_template.jinja"

# Tokenizer training text, written for this file. Plain prose, chat and tool vocabulary, a bit of
# code and JSON, so that the merges are ordinary English/code pieces.
_CORPUS = """
The old lighthouse stood at the end of the harbour, and every evening the keeper climbed the
stairs to light the lamp. Ships passing in the night saw the beam and turned away from the rocks.
In the morning the fishermen went out with their nets, and the children ran along the beach to
watch the boats return. The weather was often cold and windy, but the people of the town were
used to it. They said that the sea gives and the sea takes, and that a good neighbour is worth
more than a full net.

A simple recipe for bread needs flour, water, salt and yeast. Mix the flour and the salt in a
large bowl, add the yeast and warm water, and knead the dough for ten minutes until it is smooth.
Let it rise for an hour, shape it into a loaf, and bake it in a hot oven for about thirty minutes.
The bread is ready when it sounds hollow when you knock on the bottom.

Computers follow instructions written in programming languages. A program reads input, does some
work, and writes output. Good programs are easy to read, easy to test and easy to change. When a
test fails, the programmer reads the error message, finds the line that caused the problem, and
fixes it. Small functions with clear names make this work much easier than long ones.

The user asked the assistant a question, and the assistant answered politely. The system message
told the assistant to be helpful, honest and brief. When the assistant needed more information it
called a tool: the function returned a result, and the assistant used the result in its answer.
Think step by step before you answer. First, read the question. Second, decide which tool to use.
Third, check the result. Finally, write a short and correct reply for the user.

What is the weather like in Paris today? It is sunny and warm, with a light wind from the west.
What time is it in Tokyo? It is nine in the evening. How many days are there in a week? There
are seven days in a week, twelve months in a year, and about three hundred and sixty five days
in a year. The number one hundred is larger than the number ninety nine.

def add(a: int, b: int) -> int:
    return a + b

for i in range(10):
    print(i, add(i, i))

{"name": "get_weather", "description": "Get the current weather for a city.",
 "parameters": {"type": "object", "properties": {"city": {"type": "string",
 "description": "The name of the city"}, "unit": {"type": "string", "enum": ["celsius", "fahrenheit"]}},
 "required": ["city"]}}

<function=get_weather>
<parameter=city>
Paris
</parameter>
</function>

The river flows through the valley and into the sea. Along its banks there are farms, villages
and small forests. In spring the fields are green and full of flowers; in autumn the leaves turn
red and yellow and fall to the ground. Birds fly south for the winter and come back in the spring.
The farmer works from early morning until late in the evening, and his family helps him with the
animals and the harvest. On market day they sell eggs, milk, cheese, apples and vegetables in the
town square, and they buy tools, cloth and coffee with the money they earn.

Numbers and symbols: 0 1 2 3 4 5 6 7 8 9 10 42 100 2024 3.14 -1 +1
= < > ( ) [ ] { } : ; , . ! ? ' " / \\ @ # $ % & * _ ~ |
"""

_VISION_CONFIG: dict[str, Any] = {
    "depth": 1,
    "hidden_size": 32,
    "intermediate_size": 64,
    "num_heads": 2,
    "patch_size": 4,
    "temporal_patch_size": 2,
    "spatial_merge_size": 2,
    "num_position_embeddings": 16,
}

# Init scales. Projections, the lm_head included, keep unit activation scale (std 1/sqrt(fan_in));
# the router gets a larger gain so that routing is decisive rather than near-uniform. Logits of
# std ~1 keep fp32 rounding in logprobs near 1e-6, so oracle comparisons at 1e-5 stay meaningful.
_LM_HEAD_GAIN = 1.0
_ROUTER_GAIN = 2.0
_NORM_STD = 0.2


# Presets too large for a transformers model: only `build_random` makes them.
RANDOM_BUILD_ONLY = {"full": "354 GB in bf16"}


def special_token_ids(text_config: dict[str, Any]) -> dict[str, int]:
    """Ids of the Qwen special tokens for a preset's text config (the block starts at eos)."""
    eos = int(text_config["eos_token_id"])
    return {tok: eos + i for i, (tok, _) in enumerate(SPECIAL_TOKENS)}


def build_tokenizer(text_config: dict[str, Any]) -> Any:
    """A byte-level BPE `PreTrainedTokenizerFast` with exactly `vocab_size` ids.

    Merges are trained on `_CORPUS`; ids left over (huge vocabularies) become filler tokens that
    decode to `<|fill_N|>` but are never produced by encoding.
    """
    from tokenizers import AddedToken, Regex, Tokenizer, decoders, models, normalizers, pre_tokenizers
    from tokenizers.trainers import BpeTrainer
    from transformers import PreTrainedTokenizerFast
    from transformers.models.qwen3_5.tokenization_qwen3_5 import PRETOKENIZE_REGEX

    vocab_size = int(text_config["vocab_size"])
    specials = special_token_ids(text_config)
    if max(specials.values()) >= vocab_size:
        raise ValueError(
            f"eos_token_id {text_config['eos_token_id']} leaves no room for the "
            f"{len(SPECIAL_TOKENS)} special tokens below vocab_size {vocab_size}"
        )
    n_ordinary = vocab_size - len(specials)
    if n_ordinary < 256:
        raise ValueError(f"vocab_size {vocab_size} is too small for a byte-level vocabulary")

    def pipeline(model: Any) -> Any:
        """Qwen3.5's pipeline, which `AutoTokenizer` rebuilds around our vocab and merges anyway."""
        tok = Tokenizer(model)
        tok.normalizer = normalizers.NFC()
        tok.pre_tokenizer = pre_tokenizers.Sequence(
            [
                pre_tokenizers.Split(Regex(PRETOKENIZE_REGEX), behavior="isolated", invert=False),
                pre_tokenizers.ByteLevel(add_prefix_space=False, use_regex=False),
            ]
        )
        tok.decoder = decoders.ByteLevel()
        return tok

    trainer = BpeTrainer(
        vocab_size=min(n_ordinary, 65536),
        show_progress=False,
        initial_alphabet=pre_tokenizers.ByteLevel.alphabet(),
        special_tokens=[],
    )
    trained = pipeline(models.BPE())
    trained.train_from_iterator(_CORPUS.split("\n\n"), trainer=trainer)
    model_json = json.loads(trained.to_str())["model"]
    ordinary = sorted(model_json["vocab"], key=model_json["vocab"].__getitem__)
    merges = [tuple(m) if isinstance(m, list) else tuple(m.split(" ")) for m in model_json["merges"]]
    ordinary += [f"<|fill_{i}|>" for i in range(n_ordinary - len(ordinary))]

    by_id = {i: tok for tok, i in specials.items()}
    it = iter(ordinary)
    vocab = {by_id[i] if i in by_id else next(it): i for i in range(vocab_size)}
    tok = pipeline(
        models.BPE(vocab=vocab, merges=merges, fuse_unk=False, continuing_subword_prefix="", end_of_word_suffix="")
    )
    tok.add_tokens([AddedToken(t, special=s, normalized=False) for t, s in SPECIAL_TOKENS])
    assert tok.get_vocab_size(with_added_tokens=True) == vocab_size
    return PreTrainedTokenizerFast(
        tokenizer_object=tok,
        eos_token="<|im_end|>",
        pad_token="<|endoftext|>",
        bos_token=None,
        unk_token=None,
        chat_template=CHAT_TEMPLATE_FILE.read_text(),
        clean_up_tokenization_spaces=False,
        model_max_length=int(text_config.get("max_position_embeddings", 32768)),
    )


@torch.no_grad()
def _init_params(model: nn.Module, seed: int) -> None:
    """Give every parameter a deterministic, non-constant value (see the module docstring)."""
    from transformers.models.qwen4_exp import modeling_qwen4_exp as M

    gens: dict[torch.device, torch.Generator] = {}

    def normal(t: torch.Tensor, mean: float, std: float) -> None:
        if t.device not in gens:
            gens[t.device] = torch.Generator(device=t.device).manual_seed(seed)
        t.normal_(mean, std, generator=gens[t.device])

    lm_head = model.get_output_embeddings()
    for name, module in model.named_modules():
        own = dict(module.named_parameters(recurse=False))
        if not own:
            continue
        if module is lm_head:
            normal(module.weight, 0.0, _LM_HEAD_GAIN / math.sqrt(module.in_features))
        elif isinstance(module, M.Qwen4ExpTextRMSNorm):  # centered: scale is (1 + w)
            normal(module.weight, 0.0, _NORM_STD)
        elif isinstance(module, M.Qwen4ExpTextRMSNormGated):  # plain scale w
            normal(module.weight, 1.0, _NORM_STD)
        elif isinstance(module, M.Qwen4ExpTextTopKRouter):
            normal(module.weight, 0.0, _ROUTER_GAIN / math.sqrt(module.hidden_dim))
        elif isinstance(module, M.Qwen4ExpTextExperts):
            normal(module.gate_up_proj, 0.0, 1 / math.sqrt(module.hidden_dim))
            normal(module.down_proj, 0.0, 1 / math.sqrt(module.intermediate_dim))
        elif isinstance(module, M.Qwen4ExpTextGatedDeltaNet):
            a = torch.empty_like(module.A_log, dtype=torch.float32)
            normal(a, 0.0, 1.0)
            module.A_log.copy_(_decay_log(a))
            normal(module.dt_bias, 0.5, 0.5)
        elif isinstance(module, nn.Embedding):
            normal(module.weight, 0.0, 1.0)
        elif isinstance(module, (nn.Linear, nn.Conv1d, nn.Conv3d)):
            normal(module.weight, 0.0, 1 / math.sqrt(module.weight[0].numel()))
            if module.bias is not None:
                normal(module.bias, 0.0, 0.02)
        elif isinstance(module, nn.LayerNorm):
            normal(module.weight, 1.0, 0.1)
            normal(module.bias, 0.0, 0.1)
        else:
            raise TypeError(f"no init rule for {name} ({type(module).__name__}): {sorted(own)}")
    for name, p in model.named_parameters():
        if p.numel() > 1 and bool((p == p.reshape(-1)[0]).all()):
            raise AssertionError(f"parameter {name} is still constant after init")


def build_model(preset: str, seed: int = 0, dtype: str = "float32", device: str = "cpu") -> nn.Module:
    """The transformers `Qwen4ExpForConditionalGeneration` of a preset, randomly initialised."""
    from transformers import Qwen4ExpConfig, Qwen4ExpForConditionalGeneration
    from transformers.initialization import no_init_weights

    if preset in RANDOM_BUILD_ONLY:
        raise ValueError(
            f"preset {preset!r} has no transformers model or checkpoint ({RANDOM_BUILD_ONLY[preset]}): "
            "build it in memory with qcompile.synthetic.build_random"
        )
    text = preset_config(preset)
    text["dtype"] = dtype
    ids = special_token_ids(text)
    config = Qwen4ExpConfig(
        text_config=text,
        vision_config={**_VISION_CONFIG, "out_hidden_size": text["hidden_size"]},
        image_token_id=ids["<|image_pad|>"],
        video_token_id=ids["<|video_pad|>"],
        vision_start_token_id=ids["<|vision_start|>"],
        vision_end_token_id=ids["<|vision_end|>"],
        tie_word_embeddings=False,
    )
    config.dtype = dtype
    torch.manual_seed(seed)
    previous = torch.get_default_dtype()
    torch.set_default_dtype(getattr(torch, dtype))
    try:
        with no_init_weights(), torch.device(device):
            model = Qwen4ExpForConditionalGeneration(config)
    finally:
        torch.set_default_dtype(previous)
    _init_params(model, seed)
    model.generation_config.eos_token_id = [ids["<|im_end|>"], ids["<|endoftext|>"]]
    model.generation_config.pad_token_id = ids["<|endoftext|>"]
    return model.eval()


# Experts initialised per chunk while packing them: the dense chunk and its float32 temporaries stay small.
_EXPERT_CHUNK = 16
_FP8_BLOCK = (128, 128)


class _ExpertStacks:
    """Where a resident layer's experts go as they are made: its own stacks (dense ones filled in place,
    packed ones gathered per chunk and stacked once)."""

    def __init__(self, module: Experts, quant: str | None) -> None:
        self.module, self.quant = module, quant
        self.parts: dict[str, list[torch.Tensor | None]] = {}
        if quant is None:
            self.parts = {name: [] for name in ("gate_up_proj", "down_proj")}

    def put(self, start: int, stored: dict[str, torch.Tensor | None]) -> None:
        for name, t in stored.items():
            self.parts.setdefault(name, []).append(t)

    def finish(self) -> None:
        held = {name: None if parts[0] is None else torch.cat(parts) for name, parts in self.parts.items()}  # type: ignore[arg-type]
        self.parts.clear()
        m = self.module
        if self.quant is None:
            m.gate_up_proj = nn.Parameter(held["gate_up_proj"], requires_grad=False)
            m.down_proj = nn.Parameter(held["down_proj"], requires_grad=False)
            return
        gate_up, down = ((held[f"{p}_proj"], held[f"{p}_scale"], held[f"{p}_scale_2"]) for p in ("gate_up", "down"))
        m.keep_quantised(self.quant, gate_up, down, _FP8_BLOCK)  # type: ignore[arg-type]


class _ExpertBanks:
    """Where an offloaded layer's experts go as they are made: each straight into its home in an
    `ExpertCache` of `placement` (host bank row, pinned on CUDA, or static device slot), so no expert
    is ever held twice (the chunk being made aside)."""

    def __init__(self, module: Experts, quant: str | None, placement: ExpertPlacement, device: str) -> None:
        self.module, self.quant = module, quant
        layout = module.stored_layout(quant, _FP8_BLOCK)
        pin = torch.device(device).type == "cuda"
        static = range(placement.resident)
        self.cache = ExpertCache(layout, module.num_experts, placement.slots, static, pin=pin, device=device)

    def put(self, start: int, stored: dict[str, torch.Tensor | None]) -> None:
        for name, t in stored.items():
            if t is None:
                continue
            for j, row in enumerate(t):
                home = self.cache.home(name, start + j)
                if home.dtype.itemsize != row.dtype.itemsize:
                    raise TypeError(f"expert bank {name}: made {row.dtype}, its home holds {home.dtype}")
                home.copy_(row.view(home.dtype))  # the bytes (NVFP4's E4M3 block scales live as uint8)

    def finish(self) -> None:
        self.module.use_cache(self.cache, self.quant, _FP8_BLOCK)


class _RandomInit:
    """`build_random`'s init rules: each parameter of a model built on the meta device gets memory and
    values where it runs, drawn from one generator (the means and scales of `_init_params`); routed
    experts go to their stacks, or with a `placement` that offloads them to their homes in host banks
    and device slots."""

    def __init__(
        self, device: str, seed: int, quant_experts: str | None, placement: ExpertPlacement | None = None
    ) -> None:
        self.device, self.quant_experts, self.placement = device, quant_experts, placement
        self.gen = torch.Generator(device=device).manual_seed(seed)

    def normal(self, shape: tuple[int, ...], mean: float, std: float, like: torch.dtype) -> torch.Tensor:
        return torch.empty(shape, dtype=like, device=self.device).normal_(mean, std, generator=self.gen)

    def fill(self, module: nn.Module, name: str, mean: float, std: float) -> None:
        p = module._parameters[name]
        assert p is not None
        module._parameters[name] = nn.Parameter(self.normal(tuple(p.shape), mean, std, p.dtype), requires_grad=False)

    def experts(self, module: Experts) -> None:
        """A layer's routed experts, made `_EXPERT_CHUNK` at a time (gate/up, then down), dense or packed
        to `quant_experts` as they are made (so a packed layer's dense bank never exists), and put where
        they live: the layer's stacks, or its host banks and device slots."""
        e, two_i, d = module.gate_up_proj.shape
        i = module.down_proj.shape[-1]
        dense, quant = module.gate_up_proj.dtype, self.quant_experts
        sink: _ExpertStacks | _ExpertBanks = _ExpertStacks(module, quant)
        if self.placement is not None:
            sink = _ExpertBanks(module, quant, self.placement, self.device)
        for start in range(0, e, _EXPERT_CHUNK):
            n = min(_EXPERT_CHUNK, e - start)
            stored: dict[str, torch.Tensor | None] = {}
            for key, shape, std, rows in (("gate_up", (n, two_i, d), d, 2), ("down", (n, d, i), i, 1)):
                weights = self.normal(shape, 0.0, 1 / math.sqrt(std), dense)
                if quant is None:
                    stored[f"{key}_proj"] = weights
                    continue
                codes, scale, scale_2 = pack_experts(quant, weights, rows, _FP8_BLOCK)
                stored |= {f"{key}_proj": codes, f"{key}_scale": scale, f"{key}_scale_2": scale_2}
            sink.put(start, stored)
        sink.finish()

    def ple_table(self, module: NGramEmbedding) -> None:
        """An n-gram table packed to FP8 (scale 1) straight into pinned host memory, a chunk of rows at a time."""
        from model.checkpoint.ple_tables import pack_pinned_table

        rows, width = module.ngram_embedding.weight.shape
        like = module.ngram_embedding.weight.dtype
        module.use_host_table(
            pack_pinned_table("fp8", rows, lambda start, n: self.normal((n, width), 0.0, 1.0, like), 1.0, like)
        )

    def module(self, module: nn.Module, lm_head: nn.Module) -> None:
        """The init rule of one module's own parameters, by its kind."""
        from model.gdn import GatedDeltaNet
        from model.moe import Experts, Router
        from model.norm import GatedRMSNorm, RMSNorm

        if isinstance(module, Experts):
            self.experts(module)
        elif module is lm_head:
            self.fill(module, "weight", 0.0, _LM_HEAD_GAIN / math.sqrt(module.in_features))
        elif isinstance(module, RMSNorm):
            self.fill(module, "weight", 0.0, _NORM_STD)
        elif isinstance(module, GatedRMSNorm):
            self.fill(module, "weight", 1.0, _NORM_STD)
        elif isinstance(module, Router):
            self.fill(module, "weight", 0.0, _ROUTER_GAIN / math.sqrt(module.weight.shape[1]))
        elif isinstance(module, GatedDeltaNet):
            a = self.normal(tuple(module.A_log.shape), 0.0, 1.0, torch.float32)
            module.A_log = nn.Parameter(_decay_log(a).to(module.A_log.dtype), requires_grad=False)
            self.fill(module, "dt_bias", 0.5, 0.5)
        elif isinstance(module, nn.Embedding):
            self.fill(module, "weight", 0.0, 1.0)
        elif isinstance(module, (nn.Linear, nn.Conv1d)):
            self.fill(module, "weight", 0.0, 1 / math.sqrt(module.weight[0].numel()))


def random_config(preset: str, ple_from: str | None = None, overrides: dict[str, Any] | None = None) -> Qwen4ExpConfig:
    """The config `build_random` builds of `preset`, the n-gram table sized as `ple_from`'s if given, with
    `overrides` of its fields."""
    raw = preset_config(preset)
    if ple_from is not None:
        raw.update({k: preset_config(ple_from)[k] for k in ("ngram_vocab_size_base", "split_ngram_parts")})
    raw.update(overrides or {})
    return Qwen4ExpConfig.from_dict(raw)


@torch.no_grad()
def build_random(
    preset: str,
    dtype: str = "bfloat16",
    device: str = "cuda",
    seed: int = 0,
    quant_experts: str | None = None,
    pinned_ple: bool = False,
    ple_from: str | None = None,
    place_experts: PlaceExperts | None = None,
    overrides: dict[str, Any] | None = None,
) -> nn.Module:
    """Our `Qwen4ExpForCausalLM` of a preset with random weights, made where it runs (no transformers
    model, no checkpoint): the only way to build the `full` preset, whose transformers model would
    be 354 GB in bf16. `ple_from` takes the n-gram table's size from another preset (a host too small
    for the table at its own size); `overrides` replaces config fields of the preset (a preset's widths
    with fewer layers, experts or vocabulary). The rest is `build_random_model`'s."""
    config = random_config(preset, ple_from, overrides)
    return build_random_model(config, preset, dtype, device, seed, quant_experts, pinned_ple, place_experts)


@torch.no_grad()
def build_random_model(
    config: Qwen4ExpConfig,
    name: str,
    dtype: str = "bfloat16",
    device: str = "cuda",
    seed: int = 0,
    quant_experts: str | None = None,
    pinned_ple: bool = False,
    place_experts: PlaceExperts | None = None,
) -> nn.Module:
    """`build_random` of a config (`name` in messages): `qcompile serve --load-format dummy` builds its
    checkpoint's config this way.

    Every weight starts on the meta device and gets memory one module at a time, with the init rules
    of `_init_params` (same means and scales; other values). With `quant_experts` (a format of
    `model.quant.experts.PACKABLE`) the routed experts are made a few at a time and packed to it as
    they are made, so the dense bf16 bank never exists; with `pinned_ple` each PLE table is packed
    to FP8 (scale 1) straight into pinned host memory, a chunk of rows at a time, and served from
    there. `place_experts` (the engine's `moe_expert_cache`) is asked for the placement of the routed
    experts before any weight is made (`random_geometry`: the pinned tables still to come are the
    host's besides the banks); where it offloads them, each expert is made straight into its host bank
    row or static device slot, bitwise what `Experts.offload` makes of the resident build. A build that
    cannot fit raises (ExpertPlacementError or ValueError) naming the sizes before anything is made.
    """
    from model.checkpoint.loader import _EmptyOnMeta, _uninitialised, resolve_dtype
    from model.ple import NGramEmbedding
    from model.qwen4_exp import Qwen4ExpForCausalLM

    with torch.device(device), _uninitialised(resolve_dtype(dtype)), _EmptyOnMeta():
        model = Qwen4ExpForCausalLM(config)
    placement = None
    if place_experts is not None:
        placement = place_experts(random_geometry(model, quant_experts, pinned_ple))
        placement = placement if placement.offloaded else None
    _check_fits(model, name, device, quant_experts, pinned_ple, placement)
    init = _RandomInit(device, seed, quant_experts, placement)
    if pinned_ple:  # first, so the device embeddings they replace are gone from `model.modules()`
        for module in [m for m in model.modules() if isinstance(m, NGramEmbedding)]:
            init.ple_table(module)
    for module in model.modules():
        init.module(module, model.lm_head)
    left = [name for name, p in model.named_parameters() if p.is_meta]
    if left:
        raise AssertionError(f"build_random has no init rule for {left[:4]}")
    return model.eval().requires_grad_(False)


def _weight_bytes(model: nn.Module, quant_experts: str | None, pinned_ple: bool, experts: bool) -> int:
    """Device bytes of the weights of `model` (on the meta device) as the build makes them: quantised
    experts at their format's bytes, the PLE tables none when pinned, the routed experts only if `experts`."""
    need = 0
    for name, p in model.named_parameters():
        expert = ".mlp.experts." in name
        if (".ngram_embedding." in name and pinned_ple) or (expert and not experts):
            continue
        packed = quant_experts is not None and expert
        need += int(p.numel() * (STORED_BYTES[quant_experts] if packed else p.element_size()))
    return need


def random_geometry(model: nn.Module, quant_experts: str | None, pinned_ple: bool) -> ExpertGeometry:
    """What `place_experts` sizes a random build by, from `model` on the meta device: one expert's stored
    bytes (codes and scales in `quant_experts`), the other weights headed for the device, and the pinned
    FP8 PLE tables (a byte a value) the host holds besides the banks."""
    from model.moe import Experts
    from model.ple import NGramEmbedding

    layers = [m for m in model.modules() if isinstance(m, Experts)]
    layout = layers[0].stored_layout(quant_experts, _FP8_BLOCK)
    tables = [m.ngram_embedding.weight for m in model.modules() if isinstance(m, NGramEmbedding)]
    return ExpertGeometry(
        layers=len(layers),
        experts=layers[0].num_experts,
        expert_bytes=sum(math.prod(shape) * dtype.itemsize for shape, dtype in layout.values()),
        top_k=model.config.num_experts_per_tok,
        other_bytes=_weight_bytes(model, quant_experts, pinned_ple, experts=False),
        host_other_bytes=sum(t.numel() for t in tables) if pinned_ple else 0,
    )


def _check_fits(
    model: nn.Module,
    preset: str,
    device: str,
    quant_experts: str | None,
    pinned_ple: bool,
    placement: ExpertPlacement | None,
) -> None:
    """Raise before allocating when the weights (with offloaded experts, the other weights and the
    slots) would not fit the CUDA device's free memory."""
    if torch.device(device).type != "cuda":
        return
    need = _weight_bytes(model, quant_experts, pinned_ple, experts=placement is None)
    need += 0 if placement is None else placement.device_bytes
    free = torch.cuda.mem_get_info(torch.device(device))[0]
    if need > free:
        experts = quant_experts or "dense"
        if placement is not None:
            experts += f", {placement.slots} slots a layer"
        raise ValueError(
            f"preset {preset!r}: its weights take {need / 1e9:.1f} GB on {device}, {free / 1e9:.1f} GB are free "
            f"(experts {experts}, pinned PLE {'on' if pinned_ple else 'off'})"
        )


def _decay_log(a: torch.Tensor) -> torch.Tensor:
    """`A_log` from standard normals: A in [0.05, 1], per-step decays from ~0.3 to ~0.98, so the
    recurrent state matters."""
    return torch.log(0.05 + 0.95 * torch.special.ndtr(a))


def make_checkpoint(preset: str, out: Path, seed: int = 0, dtype: str = "float32", device: str = "cpu") -> Path:
    """Write a random checkpoint of `preset` (safetensors, config, tokenizer) into `out`."""
    out = Path(out)
    model = build_model(preset, seed, dtype, device)
    model.save_pretrained(out)
    del model
    build_tokenizer(preset_config(preset)).save_pretrained(out)
    return out


def _source_digest() -> str:
    """Hash of everything that determines a checkpoint, so cached builds go stale with the code."""
    import tokenizers
    import transformers

    from model import presets

    h = hashlib.sha256()
    for path in (Path(__file__), Path(presets.__file__), CHAT_TEMPLATE_FILE):
        h.update(path.read_bytes())
    h.update(f"{transformers.__version__} {tokenizers.__version__} {torch.__version__}".encode())
    return h.hexdigest()[:12]


def cache_root() -> Path:
    """`$QCOMPILE_CACHE`, else `~/.cache/qcompile`."""
    return Path(os.environ.get("QCOMPILE_CACHE") or Path.home() / ".cache" / "qcompile")


def default_checkpoint(preset: str = "tiny", seed: int = 0, dtype: str | None = None) -> Path:
    """The cached checkpoint of `preset`, built on first use (dtype defaults to the preset's)."""
    dtype = dtype or preset_config(preset)["dtype"]
    name = f"{preset}-seed{seed}-{dtype}-{_source_digest()}"
    return _cached(name, lambda out: make_checkpoint(preset, out, seed, dtype))


def weightless_checkpoint(preset: str) -> Path:
    """The cached folder of `preset`'s config, tokenizer and generation config, with no weights: what
    `--load-format dummy` serves a preset from (its weights made in memory, `build_random_model`), and
    the only folder the `full` preset has."""

    def write(out: Path) -> None:
        text = preset_config(preset)
        (out / "config.json").write_text(json.dumps(text, indent=2))
        build_tokenizer(text).save_pretrained(out)
        ids = special_token_ids(text)
        ends = {"eos_token_id": [ids["<|im_end|>"], ids["<|endoftext|>"]], "pad_token_id": ids["<|endoftext|>"]}
        (out / "generation_config.json").write_text(json.dumps(ends, indent=2))

    return _cached(f"{preset}-weightless-{_source_digest()}", write)


def _cached(name: str, make: Callable[[Path], object]) -> Path:
    """`cache_root()/checkpoints/name`, made by `make(folder)` on first use.

    Builders race safely: each writes a private temp dir and renames it into place; a complete
    folder only ever appears by that atomic rename, and the loser discards its copy.
    """
    final = cache_root() / "checkpoints" / name
    if final.is_dir():
        return final
    final.parent.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix=f".{final.name}.", dir=final.parent))
    try:
        make(tmp)
        try:
            os.rename(tmp, final)
        except OSError:
            if not final.is_dir():
                raise
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return final
