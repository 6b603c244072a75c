"""The README's example runs as written against the live console, cell after cell."""

import contextlib
import io
import sys
import unittest
from pathlib import Path

from live import CHEMICAL_ACCURACY, H2_ENERGY

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tools"))

import run_readme  # noqa: E402


class ReadmeExample(unittest.TestCase):
    def test_runs_end_to_end(self):
        printed = io.StringIO()
        with contextlib.redirect_stdout(printed):
            namespace = run_readme.run()
        self.assertEqual(namespace["job"].status, "COMPLETED")
        self.assertAlmostEqual(namespace["result"].energy, H2_ENERGY, delta=CHEMICAL_ACCURACY)
        self.assertEqual([point.status for point in namespace["curve"].points], ["COMPLETED"] * 3)
        self.assertEqual(namespace["csv_bytes"].splitlines()[0].decode(), ",".join(namespace["rows"][0]))
        self.assertIn("CANCELLED", printed.getvalue())
        self.assertIn("404 not_found", printed.getvalue())


if __name__ == "__main__":
    unittest.main()
