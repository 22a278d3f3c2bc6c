"""Per weight draw, how often eager bf16 and a compiled scope choose fp32's QSA blocks and experts.

The narrow-scope GPU gate (`tests/cudagraph/test_gpu_gates.py`) pools four draws and asks the compiled
scope to agree with fp32 at least as often as eager bf16 does. This runs the gate's prompts and
teacher-forced path over more draws (free routing, no graphs), one line per draw: agreeing QSA rows
and expert-set agreement of both paths, so a pooled difference can be set against the draw-to-draw
spread.

    PYTHONPATH=. python scripts/experiments/narrow_gate_draws.py --scope block --seeds 0-15 [--device cpu]
"""

from __future__ import annotations

import argparse
import copy
import statistics

import torch

import qcompile
from model.config import Qwen4ExpConfig
from model.presets import preset_config
from model.qwen4_exp import Qwen4ExpForCausalLM
from tests.cudagraph.drive import run
from tests.cudagraph.recorders import qsa_choices, routed_experts
from tests.cudagraph.test_gpu_gates import PROMPTS, RANGES, TEACHER_STEPS, _init, expert_agreement


def agreeing_rows(ref: list[torch.Tensor | None], got: list[torch.Tensor | None]) -> int:
    """Query rows, over the calls that choose, whose QSA block mask is fp32's."""
    return sum(int((a == b.to(a.device)).all(-1).sum()) for a, b in zip(ref, got, strict=True) if a is not None)


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--scope", default="block", choices=("layer", "block", "kernel"))
    p.add_argument("--seeds", default="0-15", help="first-last weight draws")
    p.add_argument("--device", default="cpu")
    args = p.parse_args()
    first, _, last = args.seeds.partition("-")
    with torch.device(args.device):
        fp32 = Qwen4ExpForCausalLM(Qwen4ExpConfig.from_dict(preset_config("wide")))
    bf16 = copy.deepcopy(fp32).to(torch.bfloat16)
    for m in (fp32, bf16):
        m.eval().requires_grad_(False).init_state(max_num_seqs=len(PROMPTS), max_model_len=128)
    compiled = qcompile.compile(bf16, ranges=RANGES, scope=args.scope)
    gains = []
    for seed in range(int(first), int(last or first) + 1):
        _init(fp32, seed)
        with torch.no_grad():
            for ours, ref in zip(bf16.parameters(), fp32.parameters(), strict=True):
                ours.copy_(ref)
        out = {}
        for name, model, fn in (("ref", fp32, fp32), ("eager", bf16, bf16), ("compiled", bf16, compiled)):
            path = out["ref"][0].tokens if name != "ref" else None
            with routed_experts(model) as ids, qsa_choices() as chosen:
                out[name] = (run(model, fn, PROMPTS, TEACHER_STEPS, path=path), ids, chosen)
        rows = sum(m.shape[0] for m in out["ref"][2] if m is not None)
        eager, ours = (agreeing_rows(out["ref"][2], out[k][2]) for k in ("eager", "compiled"))
        experts = [expert_agreement(out["ref"][1], out[k][1]) for k in ("eager", "compiled")]
        gains.append(ours - eager)
        print(
            f"seed {seed}: QSA rows agreeing of {rows}: eager {eager}, {args.scope} {ours}; "
            f"expert sets agreeing: eager {experts[0]:.4f}, {args.scope} {experts[1]:.4f}",
            flush=True,
        )
    if len(gains) > 1:
        mean, sd = statistics.mean(gains), statistics.stdev(gains)
        print(f"{args.scope} minus eager, QSA rows per draw: mean {mean:+.2f}, sd {sd:.2f}")


if __name__ == "__main__":
    main()
