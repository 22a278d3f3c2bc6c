"""Triton kernels behind the model's regions on CUDA; the torch code beside them stays the CPU path and oracle."""
