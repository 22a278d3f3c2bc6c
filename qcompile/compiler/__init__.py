"""The torch.compile backend: compile ranges, the piecewise backend and the compiled callable."""
