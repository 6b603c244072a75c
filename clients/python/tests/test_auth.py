import os
import unittest
from unittest import mock

from live import H2, H2_SETTINGS, client, env

from hivqe import AuthenticationError, Client, PermissionDeniedError
from hivqe._contract import CONTRACT, ERROR_STATUSES


class TokenAuthentication(unittest.TestCase):
    def test_the_token_reads_the_users_jobs(self):
        page = client().list_jobs()
        self.assertIsInstance(page.total_count, int)
        self.assertTrue(env("HIVQE_TOKEN").startswith(CONTRACT["api_token_prefix"]))

    def test_url_and_token_come_from_the_environment(self):
        # HIVQE_URL and HIVQE_TOKEN are set by run-tests.sh; Client() reads them.
        self.assertIsInstance(Client().list_jobs(max_results=1).total_count, int)

    def test_a_bad_token_raises_401_with_a_code(self):
        bad = Client(env("HIVQE_URL"), CONTRACT["api_token_prefix"] + "not-a-real-token")
        with self.assertRaises(AuthenticationError) as raised:
            bad.list_jobs()
        self.assertEqual(raised.exception.status, 401)
        self.assertEqual(raised.exception.code, "unauthenticated")
        self.assertEqual(ERROR_STATUSES[raised.exception.code], 401)
        self.assertTrue(raised.exception.message)
        self.assertTrue(raised.exception.request_id)

    def test_a_read_only_token_may_not_create_jobs(self):
        with self.assertRaises(PermissionDeniedError) as raised:
            client("HIVQE_READ_TOKEN").create_job(H2, **H2_SETTINGS)
        self.assertEqual(raised.exception.status, 403)
        self.assertEqual(raised.exception.code, "insufficient_scope")

    def test_without_url_or_token_the_client_says_what_to_set(self):
        with mock.patch.dict(os.environ, {}, clear=True):
            with self.assertRaisesRegex(ValueError, "HIVQE_URL"):
                Client()
            with self.assertRaisesRegex(ValueError, "HIVQE_TOKEN"):
                Client("http://localhost:8080")


if __name__ == "__main__":
    unittest.main()
