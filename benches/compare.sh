#!/usr/bin/env bash
# Times the paper-size encoder layer (benches/encoder_layer.py: bs 8, sl 128, d_model 512, 8 heads, d_ff 2048)
# under `transformer-tutor exec` and under real PyTorch on the same CPU, with 1 and 2 threads (the script calls
# torch.set_num_threads), and prints the ratio tutor / PyTorch (at or below 1.00 means the tutor is as fast).
#
# Each program runs ROUNDS times, alternating, RUNS forwards each; a run reports its median forward, and the
# best run of each side is compared, so a burst of load from another process on a shared machine does not
# decide the ratio.
# Needs PyTorch: python3 -m venv .venv && .venv/bin/pip install torch numpy
# TUTOR=path/to/transformer-tutor times that binary instead of building this checkout (to compare builds).
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${PYTHON:-.venv/bin/python}
ROUNDS=${ROUNDS:-3}
RUNS=${RUNS:-15}
SETTLE=${SETTLE:-3}
if [ -z "${TUTOR:-}" ]; then
  cargo build --release --quiet
  TUTOR=./target/release/transformer-tutor
fi
best() { sort -n | head -1; }
for threads in 1 2; do
  script=$(mktemp --suffix=.py)
  sed "s/THREADS/$threads/; s/RUNS/$RUNS/" benches/encoder_layer.py > "$script"
  torch_runs=()
  tutor_runs=()
  for _ in $(seq "$ROUNDS"); do
    torch_runs+=("$(OMP_NUM_THREADS=$threads MKL_NUM_THREADS=$threads "$PY" "$script" | sed -n 's/^ms_per_forward //p')")
    # Let the machine settle after each run: the kernel goes on reclaiming a big process's memory after it
    # exits, on one of the cores a 2-thread run needs.
    sleep "$SETTLE"
    tutor_runs+=("$("$TUTOR" exec "$script" | sed -n 's/^ms_per_forward //p')")
    sleep "$SETTLE"
  done
  torch_ms=$(printf '%s\n' "${torch_runs[@]}" | best)
  tutor_ms=$(printf '%s\n' "${tutor_runs[@]}" | best)
  ratio=$(python3 -c "print(f'{$tutor_ms / $torch_ms:.2f}')")
  echo "threads=$threads  pytorch ${torch_ms} ms  tutor ${tutor_ms} ms  ratio ${ratio}   (runs: pytorch ${torch_runs[*]}; tutor ${tutor_runs[*]})"
  rm -f "$script"
done
