"""The `make bench` harness (README, Performance). Run: .venv/bin/python -m bench.run"""
