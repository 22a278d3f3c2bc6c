"""`LLM.generate` end to end on the tiny preset, eager, float32."""

from pathlib import Path

import pytest

from model.checkpoint.errors import CheckpointError
from qcompile import LLM, SamplingParams
from qcompile.commands.cli import main
from qcompile.default_model import NAME, PATH
from qcompile.engine.model_source import resolve_model
from qcompile.synthetic import default_checkpoint

PROMPTS: list = [
    {"prompt_token_ids": [5, 9, 2]},
    "Hello, my name is",
    {"prompt_token_ids": [7]},
    {"prompt_token_ids": list(range(30, 70))},  # longer than the tiny QSA budget + compress ratio
    {"prompt_token_ids": [11, 12, 13, 14, 15, 16]},
    "The capital of France is",
]
GREEDY = SamplingParams(temperature=0.0, max_tokens=16, ignore_eos=True)


def test_batched_greedy_equals_single_requests(llm: LLM) -> None:
    batched = [o.outputs[0].token_ids for o in llm.generate(PROMPTS, GREEDY)]
    single = [llm.generate([p], GREEDY)[0].outputs[0].token_ids for p in PROMPTS]
    assert batched == single
    assert all(len(t) == 16 for t in batched)


def test_seeded_sampling_does_not_depend_on_the_batch(llm: LLM) -> None:
    mine = SamplingParams(temperature=1.0, top_k=50, top_p=0.9, seed=42, max_tokens=12, ignore_eos=True)
    other = SamplingParams(temperature=1.2, max_tokens=12, ignore_eos=True)
    alone = llm.generate([PROMPTS[1]], mine)[0].outputs[0].token_ids
    batched = llm.generate(PROMPTS[:3], [other, mine, GREEDY])[1].outputs[0].token_ids
    assert alone == batched


def test_outputs_are_in_input_order_with_prompts_and_text(llm: LLM) -> None:
    outs = llm.generate(PROMPTS[:2], SamplingParams(temperature=0, max_tokens=6, ignore_eos=True))
    assert outs[0].prompt is None and outs[0].prompt_token_ids == [5, 9, 2]
    assert outs[1].prompt == "Hello, my name is"
    assert outs[1].prompt_token_ids == llm.tokenizer.encode("Hello, my name is")
    assert len({o.request_id for o in outs}) == 2
    for o in outs:
        c = o.outputs[0]
        assert c.index == 0 and o.finished
        assert c.text == llm.tokenizer.decode(c.token_ids, skip_special_tokens=True)
        assert isinstance(c.text, str) and c.text


def test_logprobs_and_prompt_logprobs_structure(llm: LLM) -> None:
    params = SamplingParams(temperature=0.0, max_tokens=5, logprobs=2, prompt_logprobs=1, ignore_eos=True)
    out = llm.generate(PROMPTS[:2], params)
    for o in out:
        c = o.outputs[0]
        assert len(c.logprobs) == len(c.token_ids) == 5
        for tok, entry in zip(c.token_ids, c.logprobs, strict=True):
            assert next(iter(entry)) == tok and entry[tok].rank == 1 and len(entry) == 2
            assert all(isinstance(e.decoded_token, str) for e in entry.values())
        plp = o.prompt_logprobs
        assert plp[0] is None and len(plp) == len(o.prompt_token_ids)
        for tok, entry in zip(o.prompt_token_ids[1:], plp[1:], strict=True):
            assert next(iter(entry)) == tok and 1 <= len(entry) <= 2 and entry[tok].rank >= 1
            assert entry[tok].logprob <= 0


def test_prompt_logprobs_match_the_decode_path(llm: LLM) -> None:
    prompt = PROMPTS[4]["prompt_token_ids"]
    first = llm.generate(
        [{"prompt_token_ids": prompt}], SamplingParams(temperature=0, max_tokens=4, logprobs=0, ignore_eos=True)
    )[0].outputs[0]
    full = prompt + first.token_ids
    plp = llm.generate([{"prompt_token_ids": full}], SamplingParams(temperature=0, max_tokens=1, prompt_logprobs=0))[
        0
    ].prompt_logprobs
    for i, tok in enumerate(first.token_ids):
        assert plp[len(prompt) + i][tok].logprob == pytest.approx(first.logprobs[i][tok].logprob, abs=1e-4)


def test_stops_on_eos_stop_tokens_and_max_tokens(llm: LLM, monkeypatch: pytest.MonkeyPatch) -> None:
    free = llm.generate([PROMPTS[0]], GREEDY)[0].outputs[0]
    assert free.finish_reason == "length" and len(free.token_ids) == 16
    eos = free.token_ids[5]
    cut = free.token_ids.index(eos) + 1
    stop = llm.generate(
        [PROMPTS[0]], SamplingParams(temperature=0, max_tokens=16, stop_token_ids=[eos], ignore_eos=True)
    )[0].outputs[0]
    assert stop.token_ids == free.token_ids[:cut] and stop.finish_reason == "stop"
    monkeypatch.setattr(llm.core.engine, "eos_token_ids", frozenset([eos]))
    out = llm.generate([PROMPTS[0]], SamplingParams(temperature=0, max_tokens=16))[0].outputs[0]
    assert out.token_ids == free.token_ids[:cut] and out.finish_reason == "stop"
    assert llm.generate([PROMPTS[0]], GREEDY)[0].outputs[0].token_ids == free.token_ids


@pytest.mark.parametrize(
    "prompts, params, message",
    [
        (
            [{"prompt_token_ids": [1, 2]}, {"prompt_token_ids": [3, 600]}],
            None,
            "request 1: prompt_token_ids contains id 600 >= vocab_size 512",
        ),
        ([{"prompt_token_ids": [-1]}], None, "request 0: prompt_token_ids contains negative id -1"),
        ([{"prompt_token_ids": []}], None, "request 0: prompt is empty"),
        (
            ["a", {"prompt_token_ids": [1] * 120}],
            SamplingParams(max_tokens=16),
            "request 1: prompt length 120 \\+ max_tokens 16 exceeds max_model_len 128",
        ),
        ([{"prompt_token_ids": [1]}], SamplingParams(stop_token_ids=[512]), "request 0: stop_token_ids"),
        ([{"tokens": [1]}], None, "request 0: a prompt is"),
        (["a", "b"], [SamplingParams()], "got 1 sampling_params for 2 prompts"),
    ],
)
def test_invalid_requests_name_the_request_and_field(llm: LLM, prompts: list, params: object, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        llm.generate(prompts, params)
    assert not llm.core.engine.has_unfinished()


def test_cli_generate_prints_prompt_and_completion(tiny_ckpt: Path, capsys: pytest.CaptureFixture[str]) -> None:
    main(["generate", "--model", str(tiny_ckpt), "--prompt", "Hi there", "--max-tokens", "3"])
    out = capsys.readouterr().out
    assert "prompt:     'Hi there'" in out and "completion: " in out and "3 tokens" in out


def test_cli_make_checkpoint_calls_the_builder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import qcompile.synthetic as make

    calls = []
    monkeypatch.setattr(make, "make_checkpoint", lambda *a, **kw: calls.append((a, kw)) or tmp_path)
    main(["make-checkpoint", "--preset", "tiny8", "--out", str(tmp_path), "--seed", "3", "--device", "meta"])
    assert calls == [(("tiny8", tmp_path), {"seed": 3, "dtype": "float32", "device": "meta"})]
    assert str(tmp_path) in capsys.readouterr().out


@pytest.fixture(scope="module")
def default_llm() -> LLM:
    return LLM(max_model_len=512)


def test_llm_without_a_model_is_the_embedded_default_and_chats(default_llm: LLM) -> None:
    question = [{"role": "user", "content": "What is the capital of France?"}]
    out = default_llm.chat(question, SamplingParams(temperature=0, max_tokens=96))[0]
    assert default_llm.path == PATH and default_llm.core.name == NAME
    assert "Paris" in out.outputs[0].text.split("</think>")[-1] and out.outputs[0].finish_reason == "stop"
    assert out.prompt == default_llm.tokenizer.apply_chat_template(question, add_generation_prompt=True, tokenize=False)


def test_chat_passes_tools_and_template_kwargs_and_takes_several_conversations(default_llm: LLM) -> None:
    tools = [
        {
            "type": "function",
            "function": {
                "name": "get_weather",
                "description": "Weather of a city.",
                "parameters": {"type": "object", "properties": {"city": {"type": "string"}}},
            },
        }
    ]
    talks = [[{"role": "user", "content": "Weather in Paris?"}], [{"role": "user", "content": "Hi"}]]
    params = SamplingParams(temperature=0, max_tokens=4)
    outs = default_llm.chat(talks, params, chat_template_kwargs={"enable_thinking": False}, tools=tools)
    render = default_llm.tokenizer.apply_chat_template
    assert [o.prompt for o in outs] == [
        render(t, tools=tools, add_generation_prompt=True, tokenize=False, enable_thinking=False) for t in talks
    ]
    assert "get_weather" in outs[0].prompt
    with pytest.raises(ValueError, match="conversation 0: messages must be a list"):
        default_llm.chat(["not a message"], params)  # type: ignore[list-item]


def test_models_resolve_to_the_default_a_preset_by_name_or_a_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def where(model: str | None) -> tuple[Path, str]:
        resolved = resolve_model(model)
        return resolved.path, resolved.name

    assert where(None) == (PATH, NAME)
    assert where("tiny") == (default_checkpoint("tiny"), "tiny")
    (tmp_path / "tiny").mkdir()
    (tmp_path / "tiny" / "config.json").write_bytes((default_checkpoint("tiny") / "config.json").read_bytes())
    (tmp_path / "tiny" / "model.safetensors").write_bytes(b"")
    monkeypatch.chdir(tmp_path)
    assert where("tiny") == (Path("tiny"), "tiny")  # an existing path wins over the preset name
    with pytest.raises(CheckpointError, match="model nowhere: no such folder"):
        resolve_model("nowhere")
