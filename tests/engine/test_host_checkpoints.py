"""The host rows checkpoints spill to, on their own: copies out and back run in the order they were
queued, with no sync between them (pinned and non-blocking on CUDA), so a host row is overwritten only
after the copies from it queued earlier."""

import pytest
import torch

from qcompile.engine.host_checkpoints import HostStateRows

DEVICES = ["cpu", pytest.param("cuda", marks=pytest.mark.gpu)]


@pytest.mark.parametrize("device", DEVICES)
def test_copies_out_and_back_run_in_the_order_queued(device: str) -> None:
    g = torch.Generator().manual_seed(0)
    # a state pool of two buffers, 5 rows; rows big enough that a copy racing another would show
    pool = [torch.randn(5, 64, 1024, generator=g).to(device), torch.randn(5, 3, generator=g).to(device)]
    was = [t.clone() for t in pool]
    host = HostStateRows(pool, 2, pin=device == "cuda")
    assert [h.shape for h in host.rows] == [(2, 64, 1024), (2, 3)]
    assert all(h.is_pinned() == (device == "cuda") and h.device.type == "cpu" for h in host.rows)
    host.spill(pool, [(0, 0), (1, 1)])
    for t in pool:  # queued after the spills, which read the rows first
        t[0].zero_()
        t[1].fill_(7.0)
    host.fetch(pool, [(0, 2), (1, 3)])  # rows 0 and 1 as they were spilled
    host.spill(pool, [(1, 0)])  # host row 0 overwritten after the copy back from it
    host.fetch(pool, [(0, 4)])  # row 1 as it is now
    if device == "cuda":
        torch.cuda.synchronize()
    for t, w in zip(pool, was, strict=True):
        assert torch.equal(t[2], w[0]) and torch.equal(t[3], w[1]) and bool((t[4] == 7.0).all())


def test_a_host_tier_has_rows() -> None:
    with pytest.raises(ValueError, match="num_rows=0: a host tier needs at least one row"):
        HostStateRows([torch.zeros(3, 2)], 0, pin=False)
