import unittest

from live import H2_SETTINGS, WORK_TIMEOUT_S, client

from hivqe import Scan, diatomic

BOND_LENGTHS = (0.6, 0.74, 0.9)


class BondScan(unittest.TestCase):
    def test_a_three_point_scan_completes_with_its_curve(self):
        api = client()
        created = api.create_scan(
            {r: diatomic("H", "H", r) for r in BOND_LENGTHS}, name="H2 curve", **H2_SETTINGS
        )
        self.assertEqual(len(created.job_arns), 3)
        self.assertEqual(created.scan_name, "H2 curve")
        seen: list[Scan] = []
        scan = api.wait_scan(created.scan_id, on_progress=seen.append, timeout=WORK_TIMEOUT_S)
        self.assertTrue(seen and seen[-1].is_terminal)
        self.assertEqual([point.status for point in scan.points], ["COMPLETED"] * 3)
        curve = scan.curve()
        self.assertEqual([length for length, _ in curve], list(BOND_LENGTHS))
        energies = [energy for _, energy in curve]
        # H2's minimum lies near 0.74 Å.
        self.assertEqual(min(energies), energies[1])
        self.assertEqual(api.get_job(created.job_arns[0]).scan_id, created.scan_id)
        self.assertEqual(len(scan.table().splitlines()), 3 + 2)

    def test_a_scan_needs_two_bond_lengths(self):
        with self.assertRaises(ValueError):
            client().create_scan({0.74: diatomic("H", "H", 0.74)}, **H2_SETTINGS)


if __name__ == "__main__":
    unittest.main()
