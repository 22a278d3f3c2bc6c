"""The `qcompile` commands: cli (the entry point), serve, dump, ablate, bench."""
