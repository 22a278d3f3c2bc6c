"""Tokens/s of one constrained request (a regex, 96 tokens) on the embedded model under async
scheduling, alone and beside three unconstrained ones: what reading a constrained step back before
the next is scheduled buys (see `Engine`). Best of three runs after one warm-up."""

import time

from qcompile import LLM, SamplingParams
from qcompile.engine.sampling_params import StructuredOutputs


def main() -> None:
    llm = LLM()
    spec = StructuredOutputs(regex=r"[a-z ]{300}")
    constrained = SamplingParams(temperature=1.0, seed=0, max_tokens=96, structured_outputs=spec)
    plain = SamplingParams(temperature=1.0, seed=0, max_tokens=96, ignore_eos=True)
    llm.generate(["Once upon a time"], constrained)
    for name, params in (("constrained", [constrained]), ("constrained + 3 plain", [constrained] + [plain] * 3)):
        best, n = 0.0, 0
        for _ in range(3):
            start = time.perf_counter()
            out = llm.generate(["Once upon a time"] * len(params), params)
            n = len(out[0].outputs[0].token_ids)
            best = max(best, n / (time.perf_counter() - start))
        print(f"{name}: {n} constrained tokens, best {best:.1f} tok/s of the constrained request")


if __name__ == "__main__":
    main()
