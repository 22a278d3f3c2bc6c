"""Graph dumps: `graphs/<scope>/` is current, summaries count what the registry says, the CLI dumps."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from qcompile.commands.ablate import ScopeResult
from qcompile.commands.cli import main
from qcompile.commands.dump import REPO, made_with, normalize, readable_files, summarize
from qcompile.ops.registry import REGISTRY

GRAPHS = REPO / "graphs"
REGEN = "graphs/ are stale: run scripts/tools/regen_graphs.sh and review the diff"


def _committed(scope: str) -> dict[str, str]:
    root = GRAPHS / scope
    return {p.relative_to(root).as_posix(): p.read_text() for p in sorted(root.rglob("*")) if p.is_file()}


def _compared(path: str) -> bool:
    """Output code is committed for reading but not compared: Inductor's C++ bakes in the host's
    vector ISA and thread count. Its kernel names are compared, through summary.json."""
    return not path.startswith("output_code/")


@pytest.mark.slow
def test_graphs_are_current(request: pytest.FixtureRequest) -> None:
    made = {json.loads(p.read_text()).get("torch") for p in GRAPHS.glob("*/summary.json")}
    if made != {made_with()}:
        pytest.skip(f"graphs/ were made with torch {sorted(map(str, made))}, this is {made_with()}: the symbols differ")
    for res in request.getfixturevalue("tiny_ablation"):
        fresh, committed = readable_files(res.records, res.row.scope), _committed(res.row.scope)
        assert sorted(fresh) == sorted(committed), REGEN
        for path, text in fresh.items():
            if _compared(path):
                assert text == committed[path], f"{res.row.scope}/{path}: {REGEN}"


def test_graphs_stay_small() -> None:
    assert sum(p.stat().st_size for p in GRAPHS.rglob("*") if p.is_file()) < 2 << 20


@pytest.mark.slow
def test_summary_counts_match_registry(tiny_ablation: list[ScopeResult]) -> None:
    """Only ops opaque in the scope appear; each splitting call is a piece of its own; one trace."""
    for res in tiny_ablation:
        scope, s = res.row.scope, summarize(res.records, res.row.scope)
        assert s["traces"] == 1
        assert s["opaque_ops"], scope
        splitting_calls = 0
        for qualname, calls in s["opaque_ops"].items():
            entry = REGISTRY[qualname.split("::")[1]]
            assert entry.is_opaque(scope), (scope, qualname)
            splitting_calls += calls if entry.splitting else 0
        assert len(s["splitting_pieces"]) == splitting_calls
        for r in s["ranges"].values():
            assert len(r["pieces"]) == splitting_calls + 1  # glue before, between and after
            assert r["num_kernels"] == sum(map(len, r["kernels"].values())) > 0
            assert r["post_grad_ops"]


def test_normalize_drops_machine_and_process_details() -> None:
    text = (
        f"# AOT ID: ['7_inference']\n# kernel path: /tmp/torchinductor_x/ab/cab.py\n"
        f"        # File: {REPO}/model/window.py:19 in gather_window, code: rel = offsets\n"
        f'#include "/tmp/torchinductor_x/pb/cpb.h"   \nsee {REPO}/model/gdn.py\n'
    )
    assert normalize(text) == '#include "<inductor-cache>"\nsee model/gdn.py\n'


@pytest.mark.slow
def test_cli_dump(tmp_path: Path, tiny_ablation: list[ScopeResult]) -> None:
    """`qcompile dump` writes depyf's tree and the same readable files as any other compile."""
    main(["dump", "--scope", "layer", "--out", str(tmp_path)])
    assert any((tmp_path / "depyf").glob("full_code_for_forward*")), "no depyf dump"
    layer = next(r for r in tiny_ablation if r.row.scope == "layer")
    for path, text in readable_files(layer.records, "layer").items():
        if _compared(path):
            assert (tmp_path / path).read_text() == text, path
    summary = json.loads((tmp_path / "summary.json").read_text())
    assert summary["scope"] == "layer" and summary["traces"] == 1
