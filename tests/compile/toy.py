"""Toy regions and ops for the compile tests: tiny, model-agnostic, one of each kind."""

from __future__ import annotations

import torch

from model.regions import region
from qcompile.ops import region_sample, register_op, register_region

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


def _mixer_samples(device: torch.device) -> list[tuple[tuple[object, ...], dict[str, object]]]:
    m = ToyMixer().to(device)
    return [region_sample("toy_mixer", "sample.mixer", m, torch.randn(5, HIDDEN, device=device))]


def _mlp_samples(device: torch.device) -> list[tuple[tuple[object, ...], dict[str, object]]]:
    m = ToyMLP().to(device)
    return [region_sample("toy_mlp", "sample.mlp", m, torch.randn(3, HIDDEN, device=device))]


def _layer_samples(device: torch.device) -> list[tuple[tuple[object, ...], dict[str, object]]]:
    m = ToyLayer().to(device)
    return [region_sample("toy_layer", "sample.layer", m, torch.randn(4, HIDDEN, device=device))]


MIXER = register_region("toy_mixer", num_inputs=1, num_state=1, opaque_in={"layer", "block", "kernel"},
                        splitting=True, sample_inputs=_mixer_samples)
MLP = register_region("toy_mlp", num_inputs=1, opaque_in={"block"}, sample_inputs=_mlp_samples)
LAYER = register_region("toy_layer", num_inputs=1, num_state=1, opaque_in={"layer"},
                        sample_inputs=_layer_samples)


def _scale_add(x: torch.Tensor, y: torch.Tensor) -> torch.Tensor:
    return x * 2.0 + y


def _scale_add_fake(x: torch.Tensor, y: torch.Tensor) -> torch.Tensor:
    return torch.empty_like(x)


def _add_into(x: torch.Tensor, y: torch.Tensor, out: torch.Tensor) -> None:
    torch.add(x, y, out=out)


def _add_into_fake(x: torch.Tensor, y: torch.Tensor, out: torch.Tensor) -> None:
    return None


def _two(device: torch.device) -> list[tuple[tuple[object, ...], dict[str, object]]]:
    return [((torch.randn(4, 4, device=device), torch.randn(4, 4, device=device)), {})]


def _three(device: torch.device) -> list[tuple[tuple[object, ...], dict[str, object]]]:
    return [((*_two(device)[0][0], torch.empty(4, 4, device=device)), {})]


SCALE_ADD = register_op("toy_scale_add", _scale_add, mutates_args=(), fake=_scale_add_fake,
                        opaque_in={"layer"}, sample_inputs=_two)
ADD_INTO = register_op("toy_add_into", _add_into, mutates_args=("out",), fake=_add_into_fake,
                       opaque_in={"layer", "block", "kernel"}, sample_inputs=_three)


def _axpy_into(x: torch.Tensor, y: torch.Tensor, out: torch.Tensor) -> None:
    out.copy_(x * 3.0 + y)


AXPY_INTO = register_op("toy_axpy_into", _axpy_into, mutates_args=("out",), fake=_add_into_fake,
                        opaque_in={"layer"}, sample_inputs=_three)
