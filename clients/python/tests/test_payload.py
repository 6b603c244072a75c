"""The payload the client builds is the console's: its defaults, its molecule fields, its scan fields."""

import unittest

import live  # noqa: F401  (puts the package on the path)

from hivqe import InvalidJobError, diatomic
from hivqe._contract import CONTRACT, DEFAULT_PAYLOAD
from hivqe.payload import bond_key_of, build_payload


class ConsolePayload(unittest.TestCase):
    def test_the_default_molecule_gives_the_consoles_payload(self):
        payload = build_payload({CONTRACT["default_bond_key"]: CONTRACT["default_geometry"]}, settings={})
        expected = {
            **DEFAULT_PAYLOAD,
            "molecule_geometry": CONTRACT["default_geometry"],
            "geometry_tag": CONTRACT["default_bond_key"],
        }
        self.assertEqual(payload, expected)

    def test_a_scan_sends_every_molecule_with_the_first_in_the_single_fields(self):
        payload = build_payload(
            {0.6: diatomic("H", "H", 0.6), 0.74: diatomic("H", "H", 0.74)},
            exact_energies={0.74: -1.137},
            settings={"basis": "sto-3g"},
        )
        self.assertEqual(payload["molecules"], {"0.6": "H 0 0 0;H 0 0 0.6", "0.74": "H 0 0 0;H 0 0 0.74"})
        self.assertEqual((payload["geometry_tag"], payload["molecule_geometry"]), ("0.6", "H 0 0 0;H 0 0 0.6"))
        self.assertEqual(payload["exact_energies"], {"0.74": -1.137})
        self.assertNotIn("exact_energy", payload)

    def test_neutral_charge_is_sent_as_absent_as_the_console_does(self):
        self.assertNotIn("charge", build_payload({1.0: "N 0 0 0;N 0 0 1.0"}, settings={"charge": 0}))
        self.assertEqual(build_payload({1.0: "N 0 0 0;N 0 0 1.0"}, settings={"charge": 2})["charge"], 2)

    def test_a_diatomics_bond_length_is_its_key(self):
        self.assertEqual(bond_key_of("H 0 0 0;H 0 0 0.74"), "0.74")
        self.assertEqual(bond_key_of("N 0 0 0;N 0 0 1"), "1.0")
        self.assertEqual(bond_key_of("O 0 0 0;H 0 0 1;H 0 1 0"), CONTRACT["default_bond_key"])

    def test_bounds_of_the_contract_are_checked(self):
        with self.assertRaisesRegex(InvalidJobError, "max_iter"):
            build_payload({1.0: "N 0 0 0;N 0 0 1.0"}, settings={"max_iter": CONTRACT["bounds"]["max_iter"] + 1})
        with self.assertRaisesRegex(InvalidJobError, "at most"):
            build_payload({float(i) + 0.5: "H 0 0 0;H 0 0 1" for i in range(21)}, settings={})


if __name__ == "__main__":
    unittest.main()
