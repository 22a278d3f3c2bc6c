"""The folders follow the data flow: no import runs back up a layer, and no two packages import each other.

Every import counts, the lazy ones inside functions too. A package's layer is its place in
`LAYERS` (lowest first); a module may import its own package and any package below it.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

LAYERS = [
    "model.quant",  # storage formats: codes, scales, packing, dequantisation
    "model.kernels",  # Triton kernels and their torch fallbacks
    "model",  # the model: config, one module per concept, flat batches, the forward context
    "model.checkpoint",  # loading a checkpoint folder into the model
    "qcompile.config",  # the compile options, as one value
    "qcompile.default_model",  # the embedded checkpoint (data)
    "qcompile.synthetic",  # random checkpoints of the presets (tests, benches)
    "qcompile.ops",  # the region registry and the model's region table
    "qcompile.passes",  # Inductor post-grad passes
    "qcompile.compiler",  # the backend, compile ranges, the compiled forward
    "qcompile.cudagraph",  # CUDA graphs around any forward
    "qcompile.api",  # qcompile.compile: the compiled forward composed with graphs
    "qcompile.engine",  # scheduler, runner, sampler, LLM, AsyncEngine
    "qcompile.server",  # the OpenAI-compatible server
    "qcompile.commands",  # the qcompile command line
    "qcompile",  # the package's face (lazy exports) and __main__
]


def package_of(module: str) -> str | None:
    """The longest entry of LAYERS that `module` lies in (None: not ours)."""
    best = None
    for name in LAYERS:
        if (module == name or module.startswith(name + ".")) and (best is None or len(name) > len(best)):
            best = name
    return best


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports() -> list[tuple[str, str, str]]:
    """(importing file, importing package, imported package) for every import of ours."""
    found = []
    for path in sorted([*ROOT.glob("model/**/*.py"), *ROOT.glob("qcompile/**/*.py")]):
        src = package_of(module_name(path))
        assert src is not None, f"{path} lies in no layer: add its package to LAYERS"
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            names = (
                [node.module]
                if isinstance(node, ast.ImportFrom) and node.module and node.level == 0
                else [a.name for a in node.names]
                if isinstance(node, ast.Import)
                else []
            )
            for name in names:
                dst = package_of(name)
                if dst is not None and dst != src:
                    found.append((str(path.relative_to(ROOT)), src, dst))
    return found


def test_no_import_runs_back_up_a_layer() -> None:
    rank = {name: i for i, name in enumerate(LAYERS)}
    up = [f"{f}: {src} imports {dst}" for f, src, dst in imports() if rank[dst] > rank[src]]
    assert not up, "\n".join(up)


def test_no_two_packages_import_each_other() -> None:
    edges = {(src, dst) for _, src, dst in imports()}
    both = sorted(f"{a} <-> {b}" for a, b in edges if (b, a) in edges and a < b)
    assert not both, both


def test_every_package_is_in_a_layer() -> None:
    for path in [*ROOT.glob("model/**/*.py"), *ROOT.glob("qcompile/**/*.py")]:
        assert package_of(module_name(path)) is not None, path
