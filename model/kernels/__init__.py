"""Triton kernels behind the kernel scope's opaque regions (the torch code in `model/` stays the reference)."""
