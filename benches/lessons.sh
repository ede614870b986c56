#!/usr/bin/env bash
# The lesson benchmark (issue 17): every lesson turned into one script at the paper's sizes (bs 8, sequence
# 128, d_model 512, 8 heads, d_ff 2048; each lesson takes the dims it has) and timed under the tutor and
# under PyTorch in the same run, at 1 thread and at each side's default thread count. Prints a Markdown
# table of seconds and the ratio tutor / PyTorch (at or below 1.00: the tutor is as fast).
#
# - The tutor: the whole process (`transformer-tutor exec`, start-up included), median of TUTOR_RUNS.
# - PyTorch: in-process, the import excluded, the script's code run PT_RUNS times with fresh globals, the
#   best taken (as PyTorch's own benchmarks do).
# - 1 thread: `torch.set_num_threads(1)` is the script's first line on both sides; default: nothing set.
# - Cells marked `python varies` (timings) are left out, as in the golden scripts.
# Needs PyTorch: python3 -m venv .venv && .venv/bin/pip install torch numpy
# TUTOR=path/to/transformer-tutor times that binary instead of building this checkout.
# Arguments, if any, pick lessons by the start of their names: `benches/lessons.sh 03 11` times two.
set -euo pipefail
# Default threads mean what each side picks by itself.
unset OMP_NUM_THREADS MKL_NUM_THREADS
cd "$(dirname "$0")/.."
PY=${PYTHON:-.venv/bin/python}
TUTOR_RUNS=${TUTOR_RUNS:-5}
PT_RUNS=${PT_RUNS:-3}
if [ -z "${TUTOR:-}" ]; then
  cargo build --release --quiet
  TUTOR=./target/release/transformer-tutor
fi
SIZES=(--set bs=8 --set sl=128 --set max_len=128 --set src_len=128 --set trg_len=128 --set hid_dim=512
  --set d_model=512 --set n_heads=8 --set pf_dim=2048)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

tutor_time() { # script → median seconds of TUTOR_RUNS whole-process runs
  for _ in $(seq "$TUTOR_RUNS"); do
    "$PY" - "$TUTOR" "$1" <<'PYEOF'
import subprocess, sys, time
t = time.perf_counter()
subprocess.run([sys.argv[1], "exec", sys.argv[2]], stdout=subprocess.DEVNULL, check=True)
print(time.perf_counter() - t)
PYEOF
  done | sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'
}

torch_time() { # script → best seconds of PT_RUNS in-process runs, import excluded
  "$PY" - "$1" "$PT_RUNS" <<'PYEOF'
import contextlib, io, sys, time
import torch  # noqa: F401  (imported before the clock starts)
path, runs = sys.argv[1], int(sys.argv[2])
code = compile(open(path, encoding="utf-8").read(), path, "exec")
best = float("inf")
for _ in range(runs):
    with contextlib.redirect_stdout(io.StringIO()):
        t = time.perf_counter()
        exec(code, {"__name__": "__main__"})
        best = min(best, time.perf_counter() - t)
print(best)
PYEOF
}

echo "| lesson | tutor, 1 thread | PyTorch, 1 thread | ratio | tutor, default | PyTorch, default | ratio |"
echo "| --- | --- | --- | --- | --- | --- | --- |"
for lesson in lessons/en/*.md; do
  name=$(basename "$lesson" .md)
  if [ $# -gt 0 ]; then
    picked=false
    for want in "$@"; do [[ $name == "$want"* ]] && picked=true; done
    $picked || continue
  fi
  python3 tools/lesson_to_script.py "$lesson" "${SIZES[@]}" --only-known > "$work/default.py"
  { echo "import torch"; echo "torch.set_num_threads(1)"; cat "$work/default.py"; } > "$work/one.py"
  row="| $name"
  for script in "$work/one.py" "$work/default.py"; do
    tutor=$(tutor_time "$script")
    torch=$(torch_time "$script")
    row="$row | $(printf '%.3f' "$tutor") | $(printf '%.3f' "$torch") | $(python3 -c "print(f'{$tutor / $torch:.2f}')")"
  done
  echo "$row |"
done
echo
echo "tutor: whole process, median of $TUTOR_RUNS; PyTorch $("$PY" -c 'import torch; print(torch.__version__)'): in-process, best of $PT_RUNS, import excluded; $(nproc) CPUs"
