"""Benchmarks (``make bench``): figures written to bench/results.json, never
timed assertions in tests."""
