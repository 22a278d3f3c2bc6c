"""Message starts of chat prompts (`chat_boundaries`): turn N's generation prompt starts where turn N+1's
prompt still holds turn N's tokens, under the embedded template and a Qwen-style one that re-renders
history (thinking dropped from earlier turns, an empty think block in the generation prompt)."""

from pathlib import Path
from typing import Any

import pytest
from tokenizers import AddedToken

from qcompile.default_model import PATH
from qcompile.engine.chat_boundaries import CHECKED_PROMPTS, RECHECK_EVERY, StartFinder, common_prefix_length
from qcompile.engine.core import load_tokenizer
from qcompile.engine.inputs import InputProcessor
from qcompile.engine.prefix_cache import MESSAGE_CHECKPOINTS
from qcompile.engine.prompt_pieces import SplitPoints
from qcompile.engine.sampling_params import SamplingParams

QWEN_THINK = (Path(__file__).parents[1] / "fixtures" / "chat_templates" / "qwen_think.jinja").read_text()
SYSTEM = {"role": "system", "content": "You are a helpful assistant. Use the tools."}
CALL = {"type": "function", "function": {"name": "read", "arguments": {"path": "harbour.txt"}}}


def _reply(k: int, tool: bool) -> dict[str, Any]:
    """The assistant's k-th reply as a client sends it back: with its reasoning, and a tool call or text."""
    reply: dict[str, Any] = {"role": "assistant", "reasoning_content": f"Step {k}: the keeper climbs."}
    if tool:
        return {**reply, "content": "", "tool_calls": [CALL]}
    return {**reply, "content": f"The lamp is lit, answer {k}."}


def _turns(agent: bool) -> list[list[dict[str, Any]]]:
    """Each turn's messages, up to where the model answers: a chat of user questions, or an agent's
    session of tool calls and results (two tool results after one call, then a new question)."""
    messages: list[dict[str, Any]] = [SYSTEM, {"role": "user", "content": "Where does the old lighthouse stand?"}]
    turns = [list(messages)]
    for k in range(4):
        if agent and k < 3:
            messages += [_reply(k, tool=True), {"role": "tool", "content": f"At the end of the harbour ({k})."}]
            if k == 1:
                messages.append({"role": "tool", "content": "The ships turn away from the rocks."})
        else:
            messages += [_reply(k, tool=False), {"role": "user", "content": f"And question {k}?"}]
        turns.append(list(messages))
    return turns


@pytest.fixture(scope="module", params=["embedded", "qwen_think"])
def processor(request: pytest.FixtureRequest) -> tuple[str, InputProcessor]:
    tokenizer = load_tokenizer(PATH)
    assert tokenizer is not None
    if request.param == "qwen_think":
        tokenizer.chat_template = QWEN_THINK
    return request.param, InputProcessor(tokenizer, len(tokenizer), 1 << 20)


def _first_rerendered(template: str, turn: list[dict[str, Any]], following: list[dict[str, Any]]) -> int:
    """Index of the first of `turn`'s messages that the `following` turn renders differently (len(turn)
    when none): with the Qwen-style template, the first reply after the last question, once the
    following turn asks a new one."""
    last_question = max(i for i, m in enumerate(turn) if m["role"] == "user")
    asks = any(m["role"] == "user" for m in following[len(turn) :])
    replies = [i for i, m in enumerate(turn) if m["role"] == "assistant" and i > last_question]
    return replies[0] if template == "qwen_think" and asks and replies else len(turn)


@pytest.mark.parametrize("agent", [False, True], ids=["chat", "agent"])
@pytest.mark.parametrize("thinking", [True, False], ids=["thinking", "no-thinking"])
def test_next_turn_holds_this_turns_tokens_up_to_its_generation_prompt(
    processor: tuple[str, InputProcessor], agent: bool, thinking: bool
) -> None:
    template, processor = processor
    tokenizer = processor.tokenizer
    assert tokenizer is not None
    render, decode = tokenizer.apply_chat_template, tokenizer.decode
    kwargs = {"enable_thinking": thinking}
    turns = _turns(agent)
    prompts = [processor.chat_prompt(t, chat_template_kwargs=kwargs) for t in turns]
    for k, (turn, now, then) in enumerate(zip(turns, prompts, prompts[1:], strict=False)):
        ids, starts, following = now["prompt_token_ids"], now["message_starts"], then["prompt_token_ids"]
        # the last MESSAGE_CHECKPOINTS of one start per message after the first and the generation prompt's
        # (the Qwen-style template refuses the system message alone, so not where the first user message starts)
        assert len(starts) == min(MESSAGE_CHECKPOINTS, len(turn) - (template == "qwen_think"))
        generation = starts[-1]
        assert decode(ids[:generation]) == render(turn, tokenize=False, **kwargs)
        kept = _first_rerendered(template, turn, turns[k + 1])
        if kept == len(turn):
            # the next turn re-renders nothing of this one: it holds every token up to the generation prompt
            assert following[:generation] == ids[:generation]
            assert generation in then["message_starts"]
        else:
            # it re-renders message `kept` (its thinking dropped): it holds the tokens of the turn that
            # generated that message up to where its generation prompt began, the message's start
            earlier = prompts[next(j for j, t in enumerate(turns) if len(t) == kept)]
            start = earlier["message_starts"][-1]
            assert decode(earlier["prompt_token_ids"][:start]) == render(turn[:kept], tokenize=False, **kwargs)
            assert following[:start] == earlier["prompt_token_ids"][:start]
            rendered = render(turn[: kept + 1], tokenize=False, **kwargs)
            assert common_prefix_length(decode(following), decode(ids)) < len(rendered)


def test_the_template_that_drops_thinking_does_drop_it() -> None:
    """The Qwen-style case above is not vacuous: a new question re-renders an earlier reply."""
    tokenizer = load_tokenizer(PATH)
    assert tokenizer is not None
    tokenizer.chat_template = QWEN_THINK
    processor = InputProcessor(tokenizer, len(tokenizer), 1 << 20)
    turns = _turns(agent=True)
    assert _first_rerendered("qwen_think", turns[3], turns[4]) == 2
    stripped = tokenizer.apply_chat_template(turns[4], tokenize=False)
    assert not stripped.startswith(tokenizer.apply_chat_template(turns[3], tokenize=False))
    # a reply made without thinking, sent back, has no think block: the generation prompt's empty one is gone
    closed = processor.chat_prompt(turns[0], chat_template_kwargs={"enable_thinking": False})["prompt"]
    reply = {"role": "assistant", "content": "The lamp is lit."}
    resent = tokenizer.apply_chat_template([*turns[0], reply], tokenize=False, enable_thinking=False)
    assert closed.endswith("<think>\n\n</think>\n\n") and "<think>" not in resent


def test_remembered_cuts_give_what_a_fresh_render_gives(processor: tuple[str, InputProcessor]) -> None:
    """A resent conversation renders only its new prefixes; an edited history still gets fresh starts."""
    template, processor = processor
    tokenizer = processor.tokenizer
    finder = StartFinder()
    fresh = InputProcessor(tokenizer, len(tokenizer), 1 << 20)  # type: ignore[arg-type]
    turns = _turns(agent=True)
    edited = [dict(m) for m in turns[-1]]
    edited[1]["content"] = "Where does the new lighthouse stand?"
    processor.start_finder = finder
    try:
        for n, messages in enumerate([*turns, turns[-1], edited]):
            renders = finder.renders
            got = processor.chat_prompt(messages)
            assert got == fresh.chat_prompt(messages), n
            if 0 < n < len(turns):
                # its new prefixes, and after a new question the prefixes that end in the earlier replies
                # the Qwen-style template now renders without their thinking
                before = turns[n - 1]
                expected = min(MESSAGE_CHECKPOINTS, len(messages) - _first_rerendered(template, before, messages))
                assert finder.renders - renders == expected, n
            if n == len(turns):  # the same conversation again: nothing rendered
                assert finder.renders == renders
    finally:
        processor.start_finder = StartFinder()


def test_a_cut_the_tokenizer_merges_across_moves_back_to_a_token_boundary() -> None:
    """A template that writes messages with no control token between them: the tokens at a cut merge
    ("light" + "house" is one token), so the start is the last token both sides agree on."""
    tokenizer = load_tokenizer(PATH)
    assert tokenizer is not None
    tokenizer.chat_template = (
        "{% for m in messages %}{{ m.content }}{% endfor %}{% if add_generation_prompt %}!{% endif %}"
    )
    assert len(tokenizer.encode("lighthouse")) < len(tokenizer.encode("light") + tokenizer.encode("house"))
    processor = InputProcessor(tokenizer, len(tokenizer), 1 << 20)
    messages = [{"role": "user", "content": "the old light"}, {"role": "user", "content": "house stood"}]
    prompt = processor.chat_prompt(messages)
    ids, starts = prompt["prompt_token_ids"], prompt["message_starts"]
    assert starts and all(
        tokenizer.decode(ids[:s]) == "the old lighthouse stood"[: len(tokenizer.decode(ids[:s]))] for s in starts
    )
    # before the token that crosses the cut, not inside it
    assert (tokenizer.decode(ids[: starts[0]]), tokenizer.decode(ids[starts[0]])) == ("the old", " lighthouse")
    assert tokenizer.decode(ids[: starts[-1]]) == "the old lighthouse stood"  # the generation prompt's start


def test_sequences_carry_checked_starts() -> None:
    tokenizer = load_tokenizer(PATH)
    processor = InputProcessor(tokenizer, len(tokenizer), 1 << 20)  # type: ignore[arg-type]
    prompt = processor.chat_prompt(_turns(agent=False)[2])
    seq = processor.make_sequence("r", prompt, SamplingParams(max_tokens=4))
    assert seq.message_starts == prompt["message_starts"] and len(seq.message_starts) == MESSAGE_CHECKPOINTS
    assert processor.make_sequence("p", {"prompt_token_ids": [5, 6]}, SamplingParams()).message_starts == []
    for bad in ([3, 2], [0], [2, 2], [len(prompt["prompt_token_ids"])], "1,2"):
        with pytest.raises(ValueError, match="message_starts"):
            processor.make_sequence("r", {**prompt, "message_starts": bad}, SamplingParams(max_tokens=4))


def _agent_session(turns: int) -> list[list[dict[str, Any]]]:
    """An agent session resent every turn: tool calls and results (with a user message's control-token
    text inside one result), each turn the whole conversation so far."""
    messages: list[dict[str, Any]] = [SYSTEM, {"role": "user", "content": "Where does the old lighthouse stand?"}]
    sent = [list(messages)]
    for k in range(turns):
        output = f"Line {k}: the keeper climbs {k * 7} stairs. " * (k + 1) + ("<|im_end|> as text" if k == 2 else "")
        messages += [_reply(k, tool=True), {"role": "tool", "content": output}]
        sent.append(list(messages))
    return sent


def test_pieces_give_the_whole_encode_and_encode_only_new_text(processor: tuple[str, InputProcessor]) -> None:
    """Tokens by pieces (`prompt_pieces`) are the whole prompt's encode, with the starts the whole encode
    gives, while a resent conversation encodes little more than its new messages."""
    _, processor = processor
    tokenizer = processor.tokenizer
    assert tokenizer is not None
    pieces = InputProcessor(tokenizer, len(tokenizer), 1 << 20)
    whole = InputProcessor(tokenizer, len(tokenizer), 1 << 20)
    pieces.start_finder.checks_left = 0  # trusted from the first prompt: nothing hides a wrong split
    whole.start_finder.split_points = None
    assert pieces.start_finder.split_points is not None
    previous = ""
    for n, messages in enumerate(_agent_session(6)):
        encoded = pieces.start_finder.pieces.encoded
        got = pieces.chat_prompt(messages)
        assert got["prompt_token_ids"] == tokenizer.encode(got["prompt"], add_special_tokens=False), n
        assert got == whole.chat_prompt(messages), n
        if n:  # what is new since the last prompt, and its generation prompt, not the whole conversation
            assert (
                pieces.start_finder.pieces.encoded - encoded
                < len(got["prompt"]) - common_prefix_length(previous, got["prompt"]) + 64
            ), n
        previous = got["prompt"]


def test_a_tokenizer_that_merges_at_its_split_points_is_found_by_the_check() -> None:
    """Split points that are wrong for the tokenizer ("light" + "house" is one token) give a prompt whose
    pieces differ from its whole encode: the first checked prompt finds it and returns the whole encode,
    and later prompts are encoded whole."""
    tokenizer = load_tokenizer(PATH)
    assert tokenizer is not None
    tokenizer.chat_template = (
        "{% for m in messages %}{{ m.content }}{% endfor %}{% if add_generation_prompt %}!{% endif %}"
    )
    processor = InputProcessor(tokenizer, len(tokenizer), 1 << 20)
    # "house" taken for an added token: the pieces "the old light" and "house stood!" are encoded apart
    processor.start_finder.split_points = SplitPoints([AddedToken("house", normalized=False, special=True)])
    messages = [{"role": "user", "content": "the old light"}, {"role": "user", "content": "house stood"}]
    for _ in range(2):
        prompt = processor.chat_prompt(messages)
        assert prompt["prompt_token_ids"] == tokenizer.encode("the old lighthouse stood!", add_special_tokens=False)
        assert processor.start_finder.split_points is None


def test_split_points_are_where_added_tokens_split_the_text() -> None:
    def token(content: str, lstrip: bool = False, normalized: bool = False) -> Any:
        return AddedToken(content, lstrip=lstrip, normalized=normalized, special=True)

    points = SplitPoints([token("<|im_start|>"), token("<s>", lstrip=True), token("<n>", normalized=True), token("x<")])
    text = "ab<|im_start|>c d <s>e<n>fx<|im_start|>"
    assert points(text, 2)  # an added token as written, none across the point
    assert not points(text, 3) and not points(text, 0 + 1)  # no added token begins there
    assert not points(text, text.index("<s>"))  # its left strip takes the space before it
    assert not points(text, text.index("<n>"))  # matched on normalised text
    assert not points(text, text.index("x<") + 1)  # "x<" begins before the point and ends after it
    assert SplitPoints.of(load_tokenizer(PATH)) is not None and SplitPoints.of(object()) is None


def _fresh_prompt(tokenizer: Any, messages: list[dict[str, Any]]) -> Any:
    """The prompt a processor that has seen nothing makes: every prefix rendered."""
    return InputProcessor(tokenizer, len(tokenizer), 1 << 20).chat_prompt(messages)


def test_a_trusted_generation_suffix_spares_the_last_prefix_its_render(
    processor: tuple[str, InputProcessor],
) -> None:
    """Once CHECKED_PROMPTS agent turns agree on what the generation prompt appends, a turn renders its
    prompt and one new prefix, not two, with the starts a full render gives; every RECHECK_EVERY it
    renders the last prefix again."""
    _, processor = processor
    tokenizer = processor.tokenizer
    finder = processor.start_finder = StartFinder()
    try:
        for n, messages in enumerate(_agent_session(CHECKED_PROMPTS + 3)):
            renders, derived = finder.renders, finder.derived
            assert processor.chat_prompt(messages) == _fresh_prompt(tokenizer, messages), n
            if n > CHECKED_PROMPTS:  # the first prompt ends in a user message, the others in a tool's
                assert (finder.renders - renders, finder.derived - derived) == (1, 1), n
        assert finder.derived == 3
        seen = finder.suffixes._seen
        seen.update({key: (suffix, RECHECK_EVERY) for key, (suffix, _) in seen.items()})  # a check is due
        renders = finder.renders
        messages = [*_agent_session(CHECKED_PROMPTS + 3)[-1], _reply(9, tool=True), {"role": "tool", "content": "x"}]
        assert processor.chat_prompt(messages) == _fresh_prompt(tokenizer, messages)
        assert finder.renders - renders == 2 and finder.derived == 3
    finally:
        processor.start_finder = StartFinder()


ROLE_TURNS = "{% for m in messages %}<|im_start|>{{ m.role }}\n{{ m.content }}<|im_end|>\n{% endfor %}"
OPEN_TURN = "<|im_start|>assistant\n"


@pytest.mark.parametrize(
    ("template", "derived"),
    [
        # no turn opened after a tool's message (as DeepSeek's template): a suffix per last role, the tool's
        # trusted from its fifth prompt (8 of the 12 end in a tool's message)
        (ROLE_TURNS + "{% if add_generation_prompt and messages[-1].role != 'tool' %}" + OPEN_TURN + "{% endif %}", 4),
        # the generation prompt changes earlier text: never trusted
        ("{% if add_generation_prompt %}<|im_start|>system\nanswer<|im_end|>\n{% endif %}" + ROLE_TURNS, 0),
        # a suffix that changes once trusted (from 20 messages on): trusted for one prompt, then found where the
        # prompt does not end in it, and not trusted again
        (
            ROLE_TURNS
            + "{% if add_generation_prompt %}{{ '"
            + OPEN_TURN
            + "' if messages | length < 20 else '?' }}{% endif %}",
            1,
        ),
    ],
    ids=["by-role", "earlier-text", "changed"],
)
def test_generation_suffixes_only_where_the_template_appends_one(template: str, derived: int) -> None:
    tokenizer = load_tokenizer(PATH)
    assert tokenizer is not None
    tokenizer.chat_template = template
    processor = InputProcessor(tokenizer, len(tokenizer), 1 << 20)
    messages: list[dict[str, Any]] = [SYSTEM, {"role": "user", "content": "Where does the old lighthouse stand?"}]
    for k in range(12):
        reply = {"role": "assistant", "content": f"Step {k}."}
        messages = [*messages, reply, {"role": "tool" if k % 3 else "user", "content": f"Result {k}."}]
        assert processor.chat_prompt(messages) == _fresh_prompt(tokenizer, messages), k
    assert processor.start_finder.derived == derived
