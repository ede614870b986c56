#!/usr/bin/env bash
# Times the paper-size encoder layer (benches/encoder_layer.py) under transformer-tutor exec and under real
# PyTorch in one run, with 1 and 2 threads, and prints the ratio tutor/PyTorch (lower is better).
# Needs PyTorch: python3 -m venv .venv && .venv/bin/pip install torch numpy
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${PYTHON:-.venv/bin/python}
cargo build --release --quiet
for threads in 1 2; do
  script=$(mktemp --suffix=.py)
  sed "s/THREADS/$threads/; s/RUNS/10/" benches/encoder_layer.py > "$script"
  torch_ms=$(OMP_NUM_THREADS=$threads MKL_NUM_THREADS=$threads "$PY" "$script" | sed -n 's/^ms_per_forward //p')
  tutor_ms=$(MATMUL_NUM_THREADS=$threads ./target/release/transformer-tutor exec "$script" | sed -n 's/^ms_per_forward //p')
  ratio=$(python3 -c "print(f'{$tutor_ms / $torch_ms:.2f}')")
  echo "threads=$threads  pytorch ${torch_ms} ms  tutor ${tutor_ms} ms  ratio ${ratio}"
  rm -f "$script"
done
