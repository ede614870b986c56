#!/usr/bin/env python3
"""Records what CPython 3.11 prints for the interpreter's feature tests (tests/interp_*.rs).

Reads tools/interp/cases/FEATURE.txt and writes tests/data/interp/FEATURE.json. Run with python3
(CPython 3.11) from anywhere:

    python3 tools/interp/gen_cases.py                 # every feature
    python3 tools/interp/gen_cases.py strings         # some features
    python3 tools/interp/gen_cases.py --check         # compare with the committed files

A cases file is a list of small Python snippets, each under a header line `### name`. A line
`#! known difference: REASON` right under the header marks a case where the tutor is known to
differ from CPython; the tests count those and fail if one starts to match (then delete the line).
Lines before the first header are comments about the file.

Each snippet runs in a fresh namespace (`__name__ == "__main__"`) in this process, as the file
`<cell>`, with PYTHONHASHSEED=0 and without site-packages (the script restarts itself as
`python -S` to set both, so the installed packages do not matter) and a scratch folder as the
working directory. The JSON file is {"generator", "python", "feature", "cases": [...]}, one case
per line: {"name", "source", "stdout", "error", "traceback", "known_difference"}, where `stdout` is
everything printed (also before an exception), `error` the final traceback line
(`ZeroDivisionError: division by zero`) or null, and `traceback` the whole traceback as CPython
prints it for `<cell>`, without 3.11's `^^^^` marker lines (the tutor prints none), or null (also
when a frame is in the standard library, whose path depends on the machine).
"""
import argparse
import contextlib
import io
import json
import linecache
import os
import platform
import sys
import tempfile
import traceback

HERE = os.path.dirname(os.path.abspath(__file__))
CASES_DIR = os.path.join(HERE, "cases")
OUT_DIR = os.path.join(HERE, "..", "..", "tests", "data", "interp")
FILE = "<cell>"
KNOWN = "#! known difference:"


def parse(path):
    """[(name, source, known_difference or None)] from a cases file."""
    cases = []
    name = None
    lines = []
    known = None

    def flush():
        if name is not None:
            src = "\n".join(lines).strip("\n") + "\n"
            cases.append((name, src, known))

    with open(path, encoding="utf-8") as f:
        for line in f.read().splitlines():
            if line.startswith("### "):
                flush()
                name, lines, known = line[4:].strip(), [], None
            elif name is None:
                continue
            elif line.startswith(KNOWN) and not lines:
                known = line[len(KNOWN):].strip()
            else:
                lines.append(line)
    flush()
    names = [c[0] for c in cases]
    dupes = sorted({n for n in names if names.count(n) > 1})
    if dupes:
        sys.exit(f"{path}: duplicate case names {dupes}")
    return cases


def summary(e):
    """The final traceback line, as traceback.format_exception_only writes it."""
    return traceback.format_exception_only(type(e), e)[-1].rstrip("\n")


def is_marker(line):
    s = line.strip()
    return s != "" and set(s) <= set("^~")


def run(src):
    """(stdout, error line or None, traceback or None) of one snippet."""
    linecache.cache[FILE] = (len(src), None, src.splitlines(True), FILE)
    out = io.StringIO()
    namespace = {"__name__": "__main__"}
    error = tb = None
    with contextlib.redirect_stdout(out):
        try:
            code = compile(src, FILE, "exec")
            exec(code, namespace)
        except BaseException as e:  # everything a snippet raises is data
            error = summary(e)
            # drop this function's own frame: the traceback starts in <cell>
            if e.__traceback__ is not None and e.__traceback__.tb_frame.f_code is run.__code__:
                e.__traceback__ = e.__traceback__.tb_next
            lines = "".join(traceback.format_exception(type(e), e, e.__traceback__))
            tb = "".join(l for l in lines.splitlines(True) if not is_marker(l))
            # a frame inside the standard library names a path of this machine: not comparable
            if any(l.startswith('  File "') and not l.startswith(f'  File "{FILE}"')
                   for l in tb.splitlines()):
                tb = None
    return out.getvalue(), error, tb


def render(feature, records):
    lines = [
        "{",
        '  "generator": "tools/interp/gen_cases.py",',
        '  "python": %s,' % json.dumps(platform.python_version()),
        '  "feature": %s,' % json.dumps(feature),
        '  "cases": [',
    ]
    body = [json.dumps(r, ensure_ascii=False) for r in records]
    lines += ["    " + b + ("," if i + 1 < len(body) else "") for i, b in enumerate(body)]
    lines += ["  ]", "}"]
    return "\n".join(lines) + "\n"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("features", nargs="*", help="features to record (default: all)")
    ap.add_argument("--check", action="store_true", help="compare with the files, write nothing")
    args = ap.parse_args()
    if sys.version_info[:2] != (3, 11):
        sys.exit(f"gen_cases.py: needs CPython 3.11, this is {platform.python_version()}")
    if os.environ.get("PYTHONHASHSEED") != "0" or not sys.flags.no_site:
        # str hashes (so set order) must not change between runs, and what a snippet can import
        # must not depend on the packages installed (-S: no site-packages, so no numpy)
        env = dict(os.environ, PYTHONHASHSEED="0")
        argv = [sys.executable, "-S", os.path.abspath(__file__)] + sys.argv[1:]
        os.execve(sys.executable, argv, env)
    features = args.features or sorted(
        f[:-4] for f in os.listdir(CASES_DIR) if f.endswith(".txt")
    )
    differ = []
    total = known_total = 0
    for feature in features:
        cases = parse(os.path.join(CASES_DIR, feature + ".txt"))
        records = []
        with tempfile.TemporaryDirectory() as scratch:
            cwd = os.getcwd()
            os.chdir(scratch)
            try:
                for name, src, known in cases:
                    stdout, error, tb = run(src)
                    records.append({
                        "name": name,
                        "source": src,
                        "stdout": stdout,
                        "error": error,
                        "traceback": tb,
                        "known_difference": known,
                    })
            finally:
                os.chdir(cwd)
        text = render(feature, records)
        path = os.path.join(OUT_DIR, feature + ".json")
        known_n = sum(1 for c in cases if c[2])
        total += len(cases)
        known_total += known_n
        print(f"{feature:14} {len(cases):4d} cases, {known_n:3d} known differences", file=sys.stderr)
        if args.check:
            try:
                with open(path, encoding="utf-8", newline="") as f:
                    if f.read() != text:
                        differ.append(feature)
            except FileNotFoundError:
                differ.append(feature)
            continue
        os.makedirs(OUT_DIR, exist_ok=True)
        with open(path, "w", encoding="utf-8", newline="\n") as f:
            f.write(text)
    print(f"{total} cases, {known_total} known differences", file=sys.stderr)
    if args.check:
        print("differ: " + (" ".join(differ) if differ else "none"), file=sys.stderr)
        sys.exit(1 if differ else 0)


if __name__ == "__main__":
    main()
