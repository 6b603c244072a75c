"""Runs the README's Python blocks in order in one namespace, as a notebook runs its cells, printing what they
print. Needs HIVQE_URL and HIVQE_TOKEN (a token with the jobs scope).

    python3 clients/python/tools/run_readme.py > clients/python/example-output.txt
"""

import re
import sys
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(PACKAGE))


def cells(readme: Path = PACKAGE / "README.md") -> list[str]:
    return re.findall(r"^```python\n(.*?)^```", readme.read_text("utf-8"), flags=re.S | re.M)


def run(echo: bool = True) -> dict:
    namespace: dict = {"__name__": "__readme__"}
    for number, cell in enumerate(cells(), start=1):
        if echo:
            print(f"In [{number}]:", *(("    " + line).rstrip() for line in cell.rstrip().splitlines()), sep="\n")
            print(f"Out[{number}]:", flush=True)
        exec(compile(cell, f"README.md cell {number}", "exec"), namespace)
        if echo:
            print()
    return namespace


if __name__ == "__main__":
    run()
