"""Where the pinned-table gather kernel and the torch formula disagree on CUDA (bits of the first few)."""

import torch

from model.kernels.ple_gather import gather_rows
from tests.ple.test_gather_kernel import make_table, reference

for kind in ("fp8", "nvfp4"):
    table, block, scale = make_table(kind, 5000, 160, pin=True)
    ids = torch.randint(0, 5000, (64, 16), device="cuda")
    got = gather_rows(kind, table, block, scale, ids, 160, torch.float32).cpu()
    ref = reference(kind, table, block, scale, ids, 160, torch.float32)
    bad = (got.view(torch.int32) != ref.view(torch.int32)).nonzero()
    print(kind, "mismatches", bad.shape[0], "of", got.numel())
    for idx in bad[:6].tolist():
        g, r = got[tuple(idx)].item(), ref[tuple(idx)].item()
        row = int(ids.cpu()[idx[0], idx[1]])
        code = table[row, idx[2] if kind == "fp8" else idx[2] // 2].item()
        print("  ", idx, "got", g, "ref", r, "code", code)
