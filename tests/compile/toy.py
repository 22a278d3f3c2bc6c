"""Toy regions for the compile tests: tiny, model-agnostic, one of each kind."""

from __future__ import annotations

import torch

from model.regions import region
from qcompile.ops import REGISTRY, Region, op_arguments, register_modules, register_regions

HIDDEN = 8


class ToyMixer(torch.nn.Module):
    """A token mixer with recurrent state: `out = x @ w + state[0]`, then state += x.sum(0)."""

    def __init__(self, hidden: int = HIDDEN) -> None:
        super().__init__()
        self.w = torch.nn.Parameter(torch.randn(hidden, hidden) / hidden**0.5)
        self.register_buffer("state", torch.zeros(1, hidden))

    def region_state(self, region: str) -> tuple[torch.Tensor, ...]:
        return (self.state,)

    @region("toy_mixer")
    def mix(self, x: torch.Tensor) -> torch.Tensor:
        y = x @ self.w + self.state
        self.state.add_(x.sum(0, keepdim=True))
        return y


class ToyMLP(torch.nn.Module):
    def __init__(self, hidden: int = HIDDEN) -> None:
        super().__init__()
        self.up = torch.nn.Linear(hidden, 2 * hidden)
        self.down = torch.nn.Linear(2 * hidden, hidden)

    @region("toy_mlp")
    def mlp(self, x: torch.Tensor) -> torch.Tensor:
        return self.down(torch.nn.functional.silu(self.up(x)))


class ToyLayer(torch.nn.Module):
    def __init__(self, hidden: int = HIDDEN) -> None:
        super().__init__()
        self.mixer = ToyMixer(hidden)
        self.mlp = ToyMLP(hidden)

    @region("toy_layer")
    def layer(self, x: torch.Tensor) -> torch.Tensor:
        h = x + self.mixer.mix(torch.nn.functional.rms_norm(x, (x.shape[-1],)))
        return h + self.mlp.mlp(h)

    def region_state(self, region: str) -> tuple[torch.Tensor, ...]:
        return self.mixer.region_state("toy_mixer")


class ToyModel(torch.nn.Module):
    """`forward(ids) -> [N, hidden]`: embedding, two layers, a norm."""

    def __init__(self, vocab: int = 32, hidden: int = HIDDEN, layers: int = 2) -> None:
        super().__init__()
        self.emb = torch.nn.Embedding(vocab, hidden)
        self.layers = torch.nn.ModuleList(ToyLayer(hidden) for _ in range(layers))

    def forward(self, ids: torch.Tensor) -> torch.Tensor:
        h = self.emb(ids)
        for layer in self.layers:
            h = layer.layer(h)
        return torch.nn.functional.rms_norm(h, (h.shape[-1],)) * 2.0


class ToyAdd(torch.nn.Module):
    """A stateless region whose op the pass tests call directly: `out = x + y`."""

    @region("toy_add_into")
    def add(self, x: torch.Tensor, y: torch.Tensor) -> torch.Tensor:
        return x + y


class ToyDouble(torch.nn.Module):
    """A region that writes its result into the op's `out` itself: `out = 2 x`; `given` records
    whether the call had a buffer."""

    given: list[bool]

    def __init__(self) -> None:
        super().__init__()
        self.given = []

    @region("toy_double_into")
    def double(self, x: torch.Tensor, *, out: torch.Tensor | None = None) -> torch.Tensor:
        self.given.append(out is not None)
        return torch.mul(x, 2, out=out) if out is not None else x * 2


TOY_TABLE = (
    Region("toy_mixer", frozenset({"layer", "block", "kernel"}), num_state=1, splitting=True),
    Region("toy_mlp", frozenset({"block"})),
    Region("toy_layer", frozenset({"layer"}), num_state=1),
    Region("toy_add_into", frozenset({"layer", "block", "kernel"})),
    Region("toy_double_into", frozenset({"kernel"})),
)
register_regions(TOY_TABLE)
TOY_ADD = ToyAdd()
register_modules(TOY_ADD)


def add_into(x: torch.Tensor, y: torch.Tensor, out: torch.Tensor) -> None:
    """`qcompile::toy_add_into` on `TOY_ADD`: a caller-owned output written by an opaque op."""
    torch.ops.qcompile.toy_add_into(TOY_ADD._qcompile_key, x, y, out)


def sample(name: str, device: torch.device | str = "cpu") -> tuple[torch.nn.Module, tuple]:
    """A module for toy region `name` and its op's arguments (keep the module alive: the op's
    implementation finds it by its layer key)."""
    module, n = {"toy_mixer": (ToyMixer, 5), "toy_mlp": (ToyMLP, 3), "toy_layer": (ToyLayer, 4)}[name]
    m = module().to(device)
    register_modules(m)
    return m, op_arguments(REGISTRY[name], m, [torch.randn(n, HIDDEN, device=device)])
