import math

import pytest
import torch

from qcompile import SamplingParams
from qcompile.engine.sampler import apply_top_k_top_p, sample, top_logprobs


def gen(seed: int) -> torch.Generator:
    return torch.Generator().manual_seed(seed)


def test_greedy_rows_take_the_argmax_and_draw_no_noise() -> None:
    logits = torch.randn(3, 50, generator=gen(0))
    params = [SamplingParams(temperature=0.0), SamplingParams(temperature=1.0), SamplingParams(temperature=0)]
    g = gen(1)
    before = g.get_state()
    tokens = sample(logits, params, [g, gen(2), g])
    assert tokens[0] == logits[0].argmax() and tokens[2] == logits[2].argmax()
    assert torch.equal(g.get_state(), before)


def test_top_k_and_top_p_masks() -> None:
    probs = torch.tensor([[0.05, 0.5, 0.15, 0.3]] * 4)
    logits = probs.log()
    top_k = torch.tensor([2, 4, 4, 1])
    top_p = torch.tensor([1.0, 0.7, 0.5, 1.0])
    kept = apply_top_k_top_p(logits, top_k, top_p).isfinite()
    assert kept.tolist() == [
        [False, True, False, True],  # top-2
        [False, True, False, True],  # 0.5 + 0.3 reaches 0.7
        [False, True, False, False],  # 0.5 alone reaches 0.5
        [False, True, False, False],  # top-1
    ]
    assert torch.equal(apply_top_k_top_p(logits, None, None), logits)


def test_top_p_applies_to_the_top_k_renormalised_distribution() -> None:
    logits = torch.tensor([[0.4, 0.3, 0.2, 0.1]]).log()
    # after top-2 the mass is 4/7, 3/7: p=0.5 needs only the first
    kept = apply_top_k_top_p(logits, torch.tensor([2]), torch.tensor([0.5])).isfinite()
    assert kept.tolist() == [[True, False, False, False]]


def test_sampled_tokens_stay_inside_top_k() -> None:
    logits = torch.randn(1, 100, generator=gen(0)).expand(500, 100)
    allowed = set(logits[0].topk(5).indices.tolist())
    tokens = sample(logits, [SamplingParams(temperature=2.0, top_k=5)] * 500, [gen(3)] * 500)
    assert set(tokens.tolist()) <= allowed and len(set(tokens.tolist())) > 1


def test_sampling_follows_the_distribution() -> None:
    n = 4000
    logits = torch.tensor([[math.log(0.8), math.log(0.2)]]).expand(n, 2)
    tokens = sample(logits, [SamplingParams()] * n, [gen(5)] * n)
    assert tokens.float().mean().item() == pytest.approx(0.2, abs=0.03)


def test_seeded_rows_do_not_depend_on_the_batch() -> None:
    vocab = 64
    mine = torch.randn(vocab, generator=gen(9))
    mine_params = SamplingParams(temperature=0.8, top_p=0.9, top_k=20, seed=7)
    alone_gen, batched_gen, other_gen = gen(7), gen(7), gen(11)
    for step in range(20):
        others = torch.randn(3, vocab, generator=gen(100 + step))
        alone = sample(mine[None], [mine_params], [alone_gen])
        batch = torch.cat([others[:2], mine[None], others[2:]])
        params = [
            SamplingParams(temperature=1.5),
            SamplingParams(temperature=0),
            mine_params,
            SamplingParams(top_p=0.3),
        ]
        batched = sample(batch, params, [other_gen, other_gen, batched_gen, other_gen])
        assert batched[2] == alone[0]


def test_top_logprobs_puts_the_given_token_first_with_its_rank() -> None:
    logprobs = torch.tensor([[0.1, 0.6, 0.3], [0.2, 0.2, 0.6]]).log()
    ids, lps, ranks = top_logprobs(logprobs, torch.tensor([0, 2]), k=2)
    assert ids.tolist() == [[0, 1, 2], [2, 2, 0]] or ids.tolist() == [[0, 1, 2], [2, 2, 1]]
    assert ranks.tolist() == [[3, 1, 2], [1, 1, 2]]
    assert torch.allclose(lps[:, 0], logprobs[[0, 1], [0, 2]])
    ids, lps, ranks = top_logprobs(logprobs, torch.tensor([1, 0]), k=0)
    assert ids.tolist() == [[1], [0]] and ranks.tolist() == [[1], [2]]


def test_min_p_keeps_tokens_near_the_best() -> None:
    logits = torch.tensor([[0.5, 0.3, 0.15, 0.05]] * 2).log()
    params = [SamplingParams(temperature=1.0, min_p=0.5), SamplingParams(temperature=1.0, min_p=1.0)]
    drawn = [set(), set()]
    for seed in range(200):
        tokens = sample(logits, params, [gen(seed), gen(seed + 1000)])
        drawn[0].add(int(tokens[0]))
        drawn[1].add(int(tokens[1]))
    assert drawn == [{0, 1}, {0}]  # 0.3 >= 0.5 * 0.5 stays, 0.15 does not; min_p=1 is greedy
