"""Train the embedded default model (`qcompile/default_model/`) on CPU from a generated English corpus.

The default checkpoint exists so that `qcompile serve` with no arguments answers with text rather than
noise, and so that the server's reasoning and tool-call parsers have real model output to show. The
corpus is generated here from templates (short stories, facts, plain dialogues, and ChatML chats with
`<think>` reasoning and Qwen3-Coder tool calls rendered by the tokenizer's own chat template), so the
model learns exactly the format the server sends it.

The model is transformers' `Qwen4ExpForConditionalGeneration` (the published layout, a one-block vision
tower that the text path never touches), trained with plain AdamW from transformers' own init and a
fixed seed; the tokenizer is `qcompile.synthetic.build_tokenizer`.

Recorded run (torch 2.13.0, transformers 5.24.0, one thread on a 2-core machine that other jobs kept busy;
unloaded, a step took about 0.5 s with two threads), which wrote the committed `qcompile/default_model/`:

    OMP_NUM_THREADS=1 PYTHONPATH=. python scripts/tools/train_default.py
    2.45M params, 2694 rows of 256 tokens
    step  799  loss 0.186  ema 0.147  785s

2.45M parameters in float32 (9.8 MB of safetensors). Greedy, it answers "What is the capital of Italy?"
with `<think>` reasoning and "The capital of Italy is Rome.", and with a `get_weather` tool listed it
calls `get_weather(city=...)` for the city asked about.
"""

from __future__ import annotations

import argparse
import math
import random
import time
from pathlib import Path
from typing import Any

import torch

from model.presets import preset_config
from qcompile.synthetic import build_tokenizer, special_token_ids

SEED = 0
SEQ_LEN = 256
BATCH = 8

NAMES = ("Anna", "Tom", "Mia", "Leo", "Sara", "Ben", "Lucy", "Sam", "Emma", "Jack", "Nora", "Paul")
PLACES = (
    "the market",
    "the park",
    "the river",
    "the library",
    "the beach",
    "the old town",
    "the forest",
    "the school",
    "the harbour",
    "the garden",
    "the station",
    "the hill",
)
FOODS = ("apples", "bread", "cheese", "eggs", "milk", "fish", "rice", "soup", "tea", "coffee", "cake")
TIMES = ("in the morning", "in the afternoon", "in the evening", "at night", "on Sunday", "after lunch")
FEELINGS = ("happy", "tired", "hungry", "calm", "cold", "glad", "busy", "sleepy")
WEATHER = ("sunny", "rainy", "cloudy", "windy", "cold", "warm", "foggy")
CAPITALS = (
    ("France", "Paris"),
    ("Italy", "Rome"),
    ("Spain", "Madrid"),
    ("Germany", "Berlin"),
    ("Japan", "Tokyo"),
    ("Egypt", "Cairo"),
    ("Canada", "Ottawa"),
    ("Peru", "Lima"),
    ("Norway", "Oslo"),
    ("Greece", "Athens"),
    ("Kenya", "Nairobi"),
    ("Chile", "Santiago"),
)
CITIES = tuple(city for _, city in CAPITALS) + ("London", "New York", "Sydney")
NUMBERS = (
    "zero",
    "one",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "eleven",
    "twelve",
    "thirteen",
    "fourteen",
    "fifteen",
    "sixteen",
    "seventeen",
    "eighteen",
)

TOOLS: list[dict[str, Any]] = [
    {
        "type": "function",
        "function": {
            "name": "get_weather",
            "description": "Get the current weather for a city.",
            "parameters": {
                "type": "object",
                "required": ["city"],
                "properties": {"city": {"type": "string", "description": "The name of the city"}},
            },
        },
    },
    {
        "type": "function",
        "function": {
            "name": "get_time",
            "description": "Get the local time in a city.",
            "parameters": {
                "type": "object",
                "required": ["city"],
                "properties": {"city": {"type": "string", "description": "The name of the city"}},
            },
        },
    },
]


def story(r: random.Random) -> str:
    name, other = r.sample(NAMES, 2)
    place, when = r.choice(PLACES), r.choice(TIMES)
    food, other_food, dinner = r.sample(FOODS, 3)
    pron = "she" if name in ("Anna", "Mia", "Sara", "Lucy", "Emma", "Nora") else "he"
    lines = [
        f"Once upon a time, {name} went to {place} {when}.",
        f"The weather was {r.choice(WEATHER)}, and {pron} felt {r.choice(FEELINGS)}.",
        f"At {place} {pron} met {other}, and they talked for a while.",
        f"{other} said that {other_food} and {food} were cheap today.",
        f"{name} bought some {food} and walked home.",
        f"In the evening {pron} made {dinner} and read a book.",
    ]
    return " ".join([lines[0], *r.sample(lines[1:], k=r.randint(2, 5))])


def fact(r: random.Random) -> str:
    country, city = r.choice(CAPITALS)
    a, b = r.randint(0, 9), r.randint(0, 9)
    return r.choice(
        (
            f"The capital of {country} is {city}.",
            f"{city} is the capital of {country}.",
            f"{NUMBERS[a].capitalize()} plus {NUMBERS[b]} is {NUMBERS[a + b]}.",
            "There are seven days in a week and twelve months in a year.",
            f"Hello, my name is {r.choice(NAMES)} and I live near {r.choice(PLACES)}.",
            f"My friend {r.choice(NAMES)} likes {r.choice(FOODS)} {r.choice(TIMES)}.",
        )
    )


def dialogue(r: random.Random) -> str:
    a, b = r.sample(NAMES, 2)
    place = r.choice(PLACES)
    return (
        f"{a}: Hello {b}, how are you today?\n{b}: I am {r.choice(FEELINGS)}, thank you. "
        f"And you?\n{a}: I am going to {place}. Do you want to come?\n"
        f"{b}: Yes, I would like that. Let us go {r.choice(TIMES)}."
    )


def chat(r: random.Random) -> tuple[list[dict[str, Any]], list[dict[str, Any]] | None]:
    """One conversation for the chat template: plain, reasoning, or tool call (+ tool result)."""
    kind = r.choice(("greet", "capital", "sum", "sum", "weather", "time"))
    name = r.choice(NAMES)
    if kind == "greet":
        return [
            {"role": "user", "content": r.choice(("Hello!", "Hi, who are you?", f"Hello, I am {name}."))},
            {
                "role": "assistant",
                "content": "Hello! I am a small assistant. I can answer simple questions and call tools.",
            },
        ], None
    if kind == "capital":
        country, city = r.choice(CAPITALS)
        return [
            {"role": "user", "content": f"What is the capital of {country}?"},
            {
                "role": "assistant",
                "reasoning_content": f"The user asks about {country}. The capital of {country} is {city}.",
                "content": f"The capital of {country} is {city}.",
            },
        ], None
    if kind == "sum":
        a, b = r.randint(0, 9), r.randint(0, 9)
        return [
            {"role": "user", "content": f"What is {a} plus {b}?"},
            {
                "role": "assistant",
                "reasoning_content": f"I need to add {a} and {b}. {a} plus {b} is {a + b}.",
                "content": f"{a} plus {b} is {a + b}.",
            },
        ], None
    city = r.choice(CITIES)
    fn, question = (
        ("get_weather", f"What is the weather like in {city}?")
        if kind == "weather"
        else ("get_time", f"What time is it in {city}?")
    )
    messages = [
        {"role": "user", "content": question},
        {
            "role": "assistant",
            "content": "",
            "tool_calls": [{"type": "function", "function": {"name": fn, "arguments": {"city": city}}}],
        },
    ]
    if r.random() < 0.5:
        result = (
            f"{r.choice(WEATHER)}, {r.randint(5, 30)} degrees" if kind == "weather" else f"{r.randint(1, 12)} o'clock"
        )
        answer = f"It is {result} in {city}." if kind == "weather" else f"It is {result} in {city} now."
        messages += [{"role": "tool", "content": result}, {"role": "assistant", "content": answer}]
    return messages, TOOLS


def corpus(tokenizer: Any, n_docs: int, seed: int) -> list[str]:
    """`n_docs` documents: prose, facts, dialogues and rendered chats in fixed proportions."""
    r = random.Random(seed)
    docs = []
    for _ in range(n_docs):
        pick = r.random()
        if pick < 0.25:
            docs.append(story(r))
        elif pick < 0.4:
            docs.append(" ".join(fact(r) for _ in range(r.randint(2, 5))))
        elif pick < 0.5:
            docs.append(dialogue(r))
        else:
            messages, tools = chat(r)
            docs.append(tokenizer.apply_chat_template(messages, tools=tools, tokenize=False))
    return docs


def pack(tokenizer: Any, docs: list[str]) -> torch.Tensor:
    """Concatenate documents separated by `<|endoftext|>` and cut into rows of `SEQ_LEN`."""
    eot = tokenizer.convert_tokens_to_ids("<|endoftext|>")
    ids: list[int] = []
    for doc in docs:
        ids += tokenizer.encode(doc) + [eot]
    n = len(ids) // SEQ_LEN
    return torch.tensor(ids[: n * SEQ_LEN]).view(n, SEQ_LEN)


def text_config() -> dict[str, Any]:
    """The tiny preset, wider: hidden 128, vocab 1024 (every id a real BPE piece of make.py's corpus)."""
    cfg = preset_config("tiny")
    cfg.update(
        vocab_size=1024,
        hidden_size=128,
        moe_intermediate_size=96,
        shared_expert_intermediate_size=96,
        linear_key_head_dim=32,
        linear_value_head_dim=32,
        hc_lowrank=32,
        ple_embed_dim=128,
        indexer_budget=64,
        max_position_embeddings=4096,
    )
    return cfg


def build(text: dict[str, Any]) -> torch.nn.Module:
    """transformers' model with its own (training) init, in the published conditional-generation layout."""
    from transformers import Qwen4ExpConfig, Qwen4ExpForConditionalGeneration

    from qcompile.synthetic import _VISION_CONFIG

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
    torch.manual_seed(SEED)
    model = Qwen4ExpForConditionalGeneration(config)
    model.generation_config.eos_token_id = [ids["<|im_end|>"], ids["<|endoftext|>"]]
    model.generation_config.pad_token_id = ids["<|endoftext|>"]
    return model


def train(out: Path, steps: int, lr: float, n_docs: int) -> None:
    torch.manual_seed(SEED)
    text = text_config()
    tokenizer = build_tokenizer(text)
    data = pack(tokenizer, corpus(tokenizer, n_docs, SEED))
    model = build(text).train()
    n_params = sum(p.numel() for p in model.parameters())
    print(f"{n_params / 1e6:.2f}M params, {data.shape[0]} rows of {SEQ_LEN} tokens")
    opt = torch.optim.AdamW(model.parameters(), lr=lr, weight_decay=0.01, betas=(0.9, 0.95))
    order = torch.Generator().manual_seed(SEED)
    start, ema = time.time(), None
    for step in range(steps):
        for group in opt.param_groups:  # linear warmup, cosine decay to 10%
            warm = min(1.0, (step + 1) / 50)
            group["lr"] = lr * warm * (0.1 + 0.9 * 0.5 * (1 + math.cos(math.pi * step / steps)))
        rows = data[torch.randint(0, data.shape[0], (BATCH,), generator=order)]
        loss = model(input_ids=rows, labels=rows).loss  # transformers shifts the labels
        opt.zero_grad(set_to_none=True)
        loss.backward()
        torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
        opt.step()
        ema = loss.item() if ema is None else 0.95 * ema + 0.05 * loss.item()
        if step % 25 == 0 or step == steps - 1:
            print(f"step {step:4d}  loss {loss.item():.3f}  ema {ema:.3f}  {time.time() - start:.0f}s", flush=True)
    model.eval().save_pretrained(out)
    tokenizer.save_pretrained(out)
    print(f"saved {out}: loss ema {ema:.3f} after {steps} steps, {time.time() - start:.0f}s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--out", type=Path, default=Path(__file__).parent.parent / "qcompile" / "default_model")
    parser.add_argument("--steps", type=int, default=800)
    parser.add_argument("--lr", type=float, default=3e-3)
    parser.add_argument("--docs", type=int, default=6000)
    args = parser.parse_args()
    train(args.out, args.steps, args.lr, args.docs)


if __name__ == "__main__":
    main()
