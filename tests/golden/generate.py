#!/usr/bin/env python3
"""Regenerate the golden expected outputs from real PyTorch.

Usage (from the repository root):

    /work/.venv/bin/python tests/golden/generate.py              # every tests/golden/*.py
    /work/.venv/bin/python tests/golden/generate.py view_rules   # only the named scripts
    /work/.venv/bin/python tests/golden/generate.py --check      # compare, write nothing
    /work/.venv/bin/python tests/golden/generate.py --python /path/to/python3

For each script NAME.py (this file excluded) the chosen interpreter (default: the
python running this file, which must have torch installed) runs it in a
subprocess with cwd=tests/golden, stdin from /dev/null, a 60 s timeout and a
clean environment: only PYTHONHASHSEED=0, plus PYTHONIOENCODING=utf-8 and
OMP_NUM_THREADS=1/MKL_NUM_THREADS=1 so that output does not depend on the
locale or the number of cores of the machine that generated it.

Each script is run twice; if the two runs differ in stdout, exit code or the
final stderr line, generation fails loudly (exit 2) because the script is not
deterministic.

Outputs:
    NAME.out  exact stdout bytes
    NAME.err  only when the exit code is non-zero: the last non-empty stderr line
              (the final traceback line, e.g. "RuntimeError: view size is ...")
              followed by a newline; a stale NAME.err is deleted otherwise.

Exit status: 0 on success, 1 if --check found differences, 2 on a
non-deterministic script, a timeout or a missing script.
"""
import argparse
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
SELF = os.path.basename(__file__)
TIMEOUT = 60

ENV = {
    "PYTHONHASHSEED": "0",
    "PYTHONIOENCODING": "utf-8",
    "OMP_NUM_THREADS": "1",
    "MKL_NUM_THREADS": "1",
}


def last_line(text):
    lines = [l for l in text.splitlines() if l.strip()]
    return lines[-1] if lines else ""


def run_once(python, script):
    p = subprocess.run(
        [python, script],
        cwd=HERE,
        env=dict(ENV),
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        timeout=TIMEOUT,
    )
    err = p.stderr.decode("utf-8", "replace")
    return p.stdout, p.returncode, last_line(err), err


def script_names(args):
    if args:
        names = []
        for a in args:
            base = os.path.basename(a)
            if base.endswith(".py"):
                base = base[:-3]
            names.append(base)
        return names
    return sorted(
        f[:-3] for f in os.listdir(HERE) if f.endswith(".py") and f != SELF
    )


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("names", nargs="*", help="script names (default: all)")
    ap.add_argument("--python", default=sys.executable,
                    help="interpreter with torch (default: %(default)s)")
    ap.add_argument("--check", action="store_true",
                    help="compare with the stored files instead of writing them")
    opts = ap.parse_args()
    # resolve a bare interpreter name with our PATH: the child's env has none
    import shutil
    python = shutil.which(opts.python) or opts.python

    n_ok = n_err = 0
    changed = []
    for name in script_names(opts.names):
        script = name + ".py"
        if not os.path.exists(os.path.join(HERE, script)):
            sys.exit("generate.py: no such script: %s" % script)
        try:
            out1, rc1, err1, full1 = run_once(python, script)
            out2, rc2, err2, _ = run_once(python, script)
        except subprocess.TimeoutExpired:
            print("generate.py: %s timed out after %d s" % (script, TIMEOUT),
                  file=sys.stderr)
            sys.exit(2)
        if (out1, rc1, err1) != (out2, rc2, err2):
            print("generate.py: NOT DETERMINISTIC: %s (two runs differ in %s)" % (
                script,
                ", ".join(w for w, a, b in (("stdout", out1, out2),
                                            ("exit code", rc1, rc2),
                                            ("stderr", err1, err2)) if a != b)),
                file=sys.stderr)
            sys.exit(2)

        out_path = os.path.join(HERE, name + ".out")
        err_path = os.path.join(HERE, name + ".err")
        err_bytes = (err1 + "\n").encode("utf-8") if rc1 != 0 else None
        if rc1 != 0:
            n_err += 1
        else:
            n_ok += 1

        if opts.check:
            def read(path):
                if not os.path.exists(path):
                    return None
                with open(path, "rb") as f:
                    return f.read()
            if read(out_path) != out1 or read(err_path) != err_bytes:
                changed.append(name)
            continue

        with open(out_path, "wb") as f:
            f.write(out1)
        if err_bytes is not None:
            with open(err_path, "wb") as f:
                f.write(err_bytes)
        elif os.path.exists(err_path):
            os.remove(err_path)

    total = n_ok + n_err
    if opts.check:
        print("generate.py --check: %d scripts, %d differ%s" % (
            total, len(changed), (": " + " ".join(changed)) if changed else ""))
        sys.exit(1 if changed else 0)
    print("generate.py: %d scripts, %d ran cleanly, %d ended in an error (.err written), "
          "all deterministic" % (total, n_ok, n_err))


if __name__ == "__main__":
    main()
