import csv
import io
import json
import tempfile
import unittest
import urllib.request
import uuid
from pathlib import Path

from live import CHEMICAL_ACCURACY, H2, H2_ENERGY, H2_SETTINGS, WORK_TIMEOUT_S, client, env

from hivqe import (
    BadRequestError,
    ConflictError,
    InvalidJobError,
    NotFoundError,
    Progress,
    UnprocessableError,
)
from hivqe._contract import API_BASE, HISTORY_COLUMNS, PATHS


def raw_get(path: str, query: str, accept: str) -> bytes:
    """The API's answer read without the client, to compare the client's bytes with."""
    request = urllib.request.Request(f"{env('HIVQE_URL')}{API_BASE}{path}?{query}")
    request.add_header("Authorization", f"Bearer {env('HIVQE_TOKEN')}")
    request.add_header("Accept", accept)
    with urllib.request.urlopen(request) as answer:
        return answer.read()


def number(cell: str):
    return None if cell == "" else float(cell) if any(c in cell for c in ".eE") else int(cell)


def csv_rows(body: bytes) -> list[dict]:
    """The CSV download's rows with numbers read as numbers (the server writes JavaScript's digits)."""
    rows = list(csv.DictReader(io.StringIO(body.decode())))
    return [{k: v if k == "timestamp" else number(v) for k, v in row.items()} for row in rows]


def comparable(rows: list[dict]) -> list[dict]:
    return [{k: v if k == "timestamp" or v is None else float(v) for k, v in row.items()} for row in rows]


class H2Job(unittest.TestCase):
    """One H2 job, created and waited for once, read every way the client offers."""

    @classmethod
    def setUpClass(cls):
        cls.client = client()
        cls.name = f"h2-{uuid.uuid4().hex[:8]}"
        cls.created = cls.client.create_job(H2, name=cls.name, **H2_SETTINGS)
        cls.progress: list[Progress] = []
        cls.job = cls.client.wait(cls.created.job_arn, on_progress=cls.progress.append, timeout=WORK_TIMEOUT_S)
        cls.result = cls.client.result(cls.created.job_arn)

    def test_completes_near_the_exact_energy(self):
        self.assertEqual(self.job.status, "COMPLETED")
        self.assertEqual(self.job.job_name, self.name)
        self.assertAlmostEqual(self.result.energy, H2_ENERGY, delta=CHEMICAL_ACCURACY)
        self.assertLessEqual(abs(self.result.error_mha), 1.6)
        self.assertEqual(self.result.molecules[0]["geometry_tag"], "0.74")

    def test_wait_reports_progress_until_the_end(self):
        self.assertEqual(self.progress[-1].status, "COMPLETED")
        self.assertEqual(self.progress[-1].iterations, len(self.result.history))
        self.assertAlmostEqual(self.progress[-1].energy, self.result.energy)

    def test_sends_the_consoles_settings(self):
        hyperparameters = self.job.hyperparameters
        self.assertEqual(hyperparameters["basis"], "sto-3g")
        self.assertEqual(hyperparameters["active_orbitals"], "[0,1]")
        # Everything not given is the console's default.
        self.assertEqual(hyperparameters["max_iter"], "100")
        self.assertEqual(hyperparameters["shots"], "1000")

    def test_result_rows_are_the_csv_rows(self):
        rows = self.result.rows()
        self.assertGreater(len(rows), 0)
        self.assertEqual(len(rows), len(self.result.history))
        self.assertEqual(tuple(rows[0]), HISTORY_COLUMNS)
        self.assertEqual([row["iteration"] for row in rows], list(range(1, len(rows) + 1)))
        self.assertEqual(csv_rows(self.client.download_result(self.job.job_arn, "csv")), comparable(rows))
        table = self.result.table().splitlines()
        self.assertEqual(len(table), len(rows) + 2)
        self.assertTrue(table[0].startswith("iteration"))

    def test_csv_download_is_the_apis_bytes(self):
        body = self.client.download_result(self.job.job_arn, "csv")
        self.assertTrue(body.startswith(b"iteration,cost_function_call,"))
        query = f"job_arn={urllib.request.quote(self.job.job_arn, safe='')}"
        self.assertEqual(body, raw_get(PATHS["hybrid_job_result"], query, "text/csv"))
        self.assertEqual(body, raw_get(PATHS["hybrid_job_result"], f"{query}&format=csv", "*/*"))

    def test_json_download_is_the_apis_bytes(self):
        body = self.client.download_result(self.job.job_arn, "json")
        query = f"job_arn={urllib.request.quote(self.job.job_arn, safe='')}&format=json"
        self.assertEqual(body, raw_get(PATHS["hybrid_job_result"], query, "*/*"))
        self.assertIn(self.job.job_arn, json.dumps(json.loads(body)))

    def test_download_into_a_directory_uses_the_servers_file_name(self):
        with tempfile.TemporaryDirectory() as folder:
            body = self.client.download_result(self.job.job_arn, "csv", folder)
            saved = Path(folder) / f"{self.name}-history.csv"
            self.assertEqual(saved.read_bytes(), body)

    def test_the_list_holds_the_job(self):
        found = self.client.list_jobs(search=self.name)
        self.assertEqual([job.job_arn for job in found.jobs], [self.job.job_arn])
        self.assertEqual(found.total_count, 1)
        # Page by page, one job a page, the walk reaches it too.
        walked = [job.job_arn for job in self.client.iter_jobs(page_size=1)]
        self.assertIn(self.job.job_arn, walked)
        self.assertEqual(len(walked), len(set(walked)))
        self.assertEqual(len(walked), self.client.list_jobs().total_count)


class IdempotentCreate(unittest.TestCase):
    def test_the_same_key_answers_the_same_job(self):
        api = client()
        key = f"python-{uuid.uuid4()}"
        first = api.create_job(H2, idempotency_key=key, **H2_SETTINGS)
        again = api.create_job(H2, idempotency_key=key, **H2_SETTINGS)
        self.assertEqual(again.job_arn, first.job_arn)
        self.assertFalse(first.replayed)
        self.assertTrue(again.replayed)
        other = api.create_job(H2, **H2_SETTINGS)
        self.assertNotEqual(other.job_arn, first.job_arn)
        for job in (first, other):
            self.assertEqual(api.wait(job.job_arn, timeout=WORK_TIMEOUT_S).status, "COMPLETED")

    def test_the_same_key_with_another_molecule_is_refused(self):
        api = client()
        key = f"python-{uuid.uuid4()}"
        first = api.create_job(H2, idempotency_key=key, **H2_SETTINGS)
        with self.assertRaises(UnprocessableError) as raised:
            api.create_job("H 0 0 0;H 0 0 0.8", idempotency_key=key, **H2_SETTINGS)
        self.assertEqual(raised.exception.status, 422)
        self.assertEqual(raised.exception.code, "idempotency_key_reused")
        api.wait(first.job_arn, timeout=WORK_TIMEOUT_S)


class RowsWithErrors(unittest.TestCase):
    def test_rows_give_the_errors_in_the_units_of_the_csv(self):
        api = client()
        # An exact energy 7 mHa above the ground state: every iteration's error is far from zero.
        created = api.create_job(H2, exact_energy=H2_ENERGY + 0.007, **H2_SETTINGS)
        self.assertEqual(api.wait(created.job_arn, timeout=WORK_TIMEOUT_S).status, "COMPLETED")
        rows = api.result(created.job_arn).rows()
        # The engine reaches the ground state: the last error is the 7 mHa, in mHa as the console shows it.
        self.assertAlmostEqual(rows[-1]["error_mha"], -7.0, places=3)
        downloaded = csv_rows(api.download_result(created.job_arn, "csv"))
        self.assertEqual(len(downloaded), len(rows))
        for mine, theirs in zip(comparable(rows), downloaded):
            for column in HISTORY_COLUMNS:
                if isinstance(theirs[column], float):
                    self.assertAlmostEqual(mine[column], theirs[column], places=9, msg=column)
                else:
                    self.assertEqual(mine[column], theirs[column], msg=column)


class Cancel(unittest.TestCase):
    def test_cancels_a_job_with_the_consoles_default_molecule(self):
        api = client()
        # The console's default form (N2, cc-pVDZ, ten active orbitals): far longer than this test waits.
        created = api.create_job("N 0 0 0;N 0 0 1.0")
        self.assertIn(api.cancel(created.job_arn), ("CANCELLING", "CANCELLED"))
        self.assertEqual(api.wait(created.job_arn, timeout=WORK_TIMEOUT_S).status, "CANCELLED")
        with self.assertRaises(ConflictError) as raised:
            api.cancel(created.job_arn)
        self.assertEqual((raised.exception.status, raised.exception.code), (409, "conflict"))


class Refusals(unittest.TestCase):
    def test_the_servers_chemistry_check_is_a_bad_request(self):
        with self.assertRaises(BadRequestError) as raised:
            client().create_job("H 0 0 0;H 0 0 0.74;H 0 0 2", **H2_SETTINGS)
        self.assertEqual(raised.exception.status, 400)
        self.assertIsNotNone(raised.exception.code)
        self.assertIn("electrons", raised.exception.message)

    def test_overlapping_orbitals_are_refused_before_sending(self):
        with self.assertRaisesRegex(InvalidJobError, "both active and frozen"):
            client().create_job(H2, basis="sto-3g", active_orbitals=[0, 1], frozen_orbitals=[1])

    def test_an_unknown_setting_is_a_type_error(self):
        with self.assertRaisesRegex(TypeError, "max_iterations"):
            client().create_job(H2, max_iterations=5)

    def test_an_unknown_job_is_not_found(self):
        with self.assertRaises(NotFoundError) as raised:
            client().get_job("arn:aws:braket:us-east-1:000000000000:job/no-such-job")
        self.assertEqual((raised.exception.status, raised.exception.code), (404, "not_found"))


if __name__ == "__main__":
    unittest.main()
