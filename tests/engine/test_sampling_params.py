import pytest
import torch

from qcompile import SamplingParams


def test_defaults_match_vllm() -> None:
    p = SamplingParams()
    assert (p.temperature, p.top_p, p.top_k, p.max_tokens) == (1.0, 1.0, -1, 16)
    assert not p.greedy and not p.top_k_enabled
    assert SamplingParams(temperature=0).greedy
    assert not SamplingParams(top_k=0).top_k_enabled


def test_stop_token_ids_are_stored_as_a_tuple() -> None:
    assert SamplingParams(stop_token_ids=[3, 4]).stop_token_ids == (3, 4)


@pytest.mark.parametrize(
    "field, value",
    [
        ("temperature", -0.5),
        ("temperature", float("nan")),
        ("top_p", 0.0),
        ("top_p", 1.5),
        ("top_k", -2),
        ("top_k", 2.0),
        ("max_tokens", 0),
        ("max_tokens", True),
        ("seed", "7"),
        ("logprobs", -1),
        ("prompt_logprobs", 1.5),
        ("stop_token_ids", [1, -3]),
        ("ignore_eos", 1),
    ],
)
def test_invalid_values_name_the_field(field: str, value: object) -> None:
    with pytest.raises(ValueError, match=f"SamplingParams.{field} "):
        SamplingParams(**{field: value})


def test_every_64_bit_seed_reaches_the_generator() -> None:
    for seed in (-(2**63), 2**64 - 1):
        torch.Generator().manual_seed(SamplingParams(seed=seed).seed)
