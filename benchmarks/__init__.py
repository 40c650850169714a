"""Benchmarks (benchmarks/RESULTS.md): a generator of large workspaces and a runner of every
figure."""
