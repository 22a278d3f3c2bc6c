"""Triton kernels (imported lazily by their callers, so `import qcompile` never needs Triton)."""
