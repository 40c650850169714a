"""Benchmarks of issue 5: a generator of large workspaces and a runner of every figure."""
