"""The `make bench` harness (docs/performance.md). Run: .venv/bin/python -m bench.run"""
