#!/usr/bin/env python3
"""Turn a lesson Markdown file into one Python script that runs its cells in order.

Usage: lesson_to_script.py LESSON.md [--assets DIR] [--set NAME=VALUE ...] [--only-known] > script.py

Dims from the front matter are bound first (expressions evaluated in order; `--set` replaces a dim's value,
as the tutor's `--set` does; with `--only-known` a `--set` for a dim the lesson lacks is ignored, as
`check --set` takes the dims each lesson has), `data` files are bound as str
variables, `norun` cells and `varies` cells (timings: their output is the machine's) are skipped, and `raises=Kind` cells are wrapped so the exception is printed as
`Kind: message` and must occur. An `exercise` cell runs its `python solution` in place of the starter code,
then its `python check` inside a function (so PyTorch confirms the checks pass on the solution, and what
they assign stays out of the namespace, as in the tutor). Each cell is preceded by a marker line printed to stdout, so outputs of
PyTorch and of `transformer-tutor exec` can be compared cell by cell.
"""
import re
import sys
from pathlib import Path


def parse(path):
    text = Path(path).read_text(encoding="utf-8")
    m = re.match(r"^---\n(.*?)\n---\n", text, re.S)
    if not m:
        raise SystemExit(f"{path}: missing front matter")
    front, body = m.group(1), text[m.end():]
    dims, data, section = [], [], None
    for line in front.splitlines():
        if not line.strip() or line.strip().startswith("#"):
            continue
        if not line.startswith(" "):
            section = line.split(":")[0].strip()
            continue
        key, _, value = line.strip().partition(":")
        value = value.split(" #")[0].strip()
        if section == "dims":
            dims.append((key.strip(), value))
        elif section == "data":
            data.append((key.strip(), value))
    cells = []
    for m in re.finditer(r"^```([^\n]*)\n(.*?)^```\s*$", body, re.S | re.M):
        info = m.group(1).split()
        if not info or info[0] != "python":
            continue
        if info[1:2] == ["check"] and cells:
            cells[-1][2]["check"] = m.group(2)
        elif info[1:2] == ["solution"] and cells:
            cells[-1][2]["solution"] = m.group(2)
        else:
            cells.append((info[1:], m.group(2), {}))
    return dims, data, cells


def main():
    args = sys.argv[1:]
    assets = Path(__file__).resolve().parent.parent / "assets" / "lessons"
    if "--assets" in args:
        i = args.index("--assets")
        assets = Path(args[i + 1])
        del args[i : i + 2]
    sets = {}
    only_known = "--only-known" in args
    if only_known:
        args.remove("--only-known")
    while "--set" in args:
        i = args.index("--set")
        name, _, value = args[i + 1].partition("=")
        sets[name] = value
        del args[i : i + 2]
    dims, data, cells = parse(args[0])
    unknown = set(sets) - {name for name, _ in dims}
    if unknown and not only_known:
        raise SystemExit(f"--set {sorted(unknown)[0]}: not a dim of {args[0]}")
    out = []
    for name, value in dims:
        out.append(f"{name} = {sets.get(name, value)}")
    for name, file in data:
        content = (assets / file).read_text(encoding="utf-8")
        out.append(f"{name} = {content!r}")
    for i, (opts, code, parts) in enumerate(cells, 1):
        if "norun" in opts or "varies" in opts:
            continue
        out.append(f"print('### cell {i}')")
        if "exercise" in opts:
            check = "\n".join("    " + l for l in parts["check"].rstrip("\n").splitlines()) or "    pass"
            out.append(parts["solution"].rstrip("\n"))
            out.append(f"def _check_():\n{check}\n_check_()\ndel _check_")
            continue
        raises = [o.split("=", 1)[1] for o in opts if o.startswith("raises=")]
        if raises:
            body = "\n".join("    " + l for l in code.rstrip("\n").splitlines()) or "    pass"
            out.append(f"try:\n{body}\n    print('!!! expected {raises[0]} was not raised')\n"
                       f"except {raises[0]} as _e:\n    print('{raises[0]}:', _e)")
        else:
            out.append(code.rstrip("\n"))
    print("\n".join(out))


if __name__ == "__main__":
    main()
