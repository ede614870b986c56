#!/usr/bin/env bash
# Captures the README's screens from the real TUI in tmux (120x40): assets/screenshot*.txt (the text the
# README quotes) and, when Pillow is available (../shared/tools/termshot.py), the same screens as PNGs.
#
#   tools/screenshots.sh            # builds the release binary, writes assets/
#   PYTHON=.venv/bin/python tools/screenshots.sh
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --quiet
BIN=$PWD/target/release/transformer-tutor
PY=${PYTHON:-python3}
TERMSHOT=../shared/tools/termshot.py
home=$(mktemp -d)
n=0
sock=tt-shots-$$-0
trap 'tmux -L "$sock" kill-server 2>/dev/null || true; rm -rf "$home"' EXIT

start() { # lesson (a fresh tmux server each time)
  tmux -L "$sock" kill-server 2>/dev/null || true
  n=$((n + 1))
  sock=tt-shots-$$-$n
  tmux -L "$sock" new-session -d -x 120 -y 40 \
    "env TRANSFORMER_TUTOR_HOME=$home LANG=en_US.UTF-8 $BIN open $1"
  sleep 1.5
}
keys() { for k in "$@"; do tmux -L "$sock" send-keys "$k"; sleep 0.15; done; sleep 0.8; }
goto() { # the first cell whose code has TEXT (the notebook's `/` search), from the top
  keys g
  tmux -L "$sock" send-keys /; sleep 0.15
  tmux -L "$sock" send-keys -l "$1"; sleep 0.15
  keys Enter
}
solved() { # lesson files...: progress in which every exercise holds its solution, so that the
  # screens show what the lesson's cells make once the learner has done the exercises
  "$PY" - "$home/progress.json" "$@" <<'PYEOF'
import json, re, sys
out, files = sys.argv[1], sys.argv[2:]
lessons = {}
for path in files:
    text = open(path, encoding="utf-8").read()
    lid = re.search(r"^id:\s*(\S+)", text, re.M).group(1)
    cells, edits = [], {}
    for m in re.finditer(r"^```([^\n]*)\n(.*?)^```\s*$", text, re.S | re.M):
        info = m.group(1).split()
        if not info or info[0] != "python":
            continue
        if info[1:2] == ["solution"]:
            edits[str(len(cells) - 1)] = {"original": cells[-1], "code": m.group(2)}
        elif info[1:2] != ["check"]:
            cells.append(m.group(2))
    lessons[lid] = {"edits": edits}
json.dump({"version": 1, "lessons": lessons}, open(out, "w"))
PYEOF
}
idle() { # cells run on a worker thread: wait until none is running or queued (In [*])
  for _ in $(seq 1 150); do
    tmux -L "$sock" capture-pane -p | grep -q 'In \[\*\]' || break
    sleep 0.2
  done
  sleep 0.5
}
shot() { # name
  tmux -L "$sock" capture-pane -p > "assets/$1.txt"
  tmux -L "$sock" capture-pane -p -e > "$home/$1.ansi"
  if [ -f "$TERMSHOT" ] && "$PY" -c 'import PIL' 2>/dev/null; then
    "$PY" "$TERMSHOT" --cols 120 --rows 40 "$home/$1.ansi" "assets/$1.png" > /dev/null
  fi
}

# 1. Attention weights of the scores lesson in the inspector (its exercises done).
rm -rf "$home"/*
solved lessons/en/07-attention-softmax.md
start attention-softmax
keys R
idle
goto "# heatmap: attn[0, 0] labels=tokens"
shot screenshot
# 2. The same cell at the paper's sizes.
keys z Right Enter
idle
shot screenshot-paper
# 3. Shapes, line by line: the multi-head attention module's forward pass by hand.
rm -rf "$home"/*
solved lessons/en/09-multi-head-attention.md
start multi-head-attention
keys R
idle
goto "K = mha.fc_k(src)"
keys s ']'
shot screenshot-shapes
# 4. Heads merged without transposing back: a view that mixes dims, flagged.
rm -rf "$home"/*
solved lessons/en/08-view-reshape.md
start view-reshape
keys R
idle
goto "wrong = x.reshape(bs, -1, hid_dim)"
shot screenshot-mixed
# 5. An exercise: the starter run (the check's message), then a hint.
rm -rf "$home"/*
start attention-softmax
keys R
idle
goto "dim=-2)"
keys Enter
idle
keys h
shot screenshot-exercise
echo "wrote assets/screenshot*.txt$( [ -f assets/screenshot.png ] && echo ' and .png')"
