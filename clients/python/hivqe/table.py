"""Rows of dicts as a plain-text table, for a terminal or a notebook without pandas."""

from typing import Any, Sequence


def _cell(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, float):
        # Ten significant digits: energies to the µHa, bond lengths as typed (0.74, not 0.740000).
        return f"{value:.10g}"
    return str(value)


def format_table(rows: Sequence[dict[str, Any]]) -> str:
    """One line per row under a header of the first row's keys; numbers right-aligned, text left."""
    if not rows:
        return "(no rows)"
    columns = list(rows[0])
    cells = [[_cell(row.get(column)) for column in columns] for row in rows]
    widths = [max(len(column), *(len(line[i]) for line in cells)) for i, column in enumerate(columns)]
    numeric = [all(isinstance(row.get(column), (int, float)) or row.get(column) is None for row in rows)
               for column in columns]

    def line(values: Sequence[str]) -> str:
        return "  ".join(
            value.rjust(width) if is_number else value.ljust(width)
            for value, width, is_number in zip(values, widths, numeric)
        ).rstrip()

    return "\n".join([line(columns), line(["-" * width for width in widths]), *map(line, cells)])
