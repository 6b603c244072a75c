"""429 handling against a stand-in server on loopback: the live API's limits are too high to reach in a test."""

import json
import threading
import unittest
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import live  # noqa: F401  (puts the package on the path)

from hivqe import Client, RateLimitedError


class _StandIn(BaseHTTPRequestHandler):
    #: The answers still to give, in order: (status, headers, body).
    answers: list = []
    seen = 0

    def do_GET(self):
        type(self).seen += 1
        status, headers, body = type(self).answers.pop(0)
        self.send_response(status)
        for name, value in headers.items():
            self.send_header(name, value)
        data = json.dumps(body).encode()
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def log_message(self, *_args):
        pass


LIMITED = {"message": "Too many requests", "code": "rate_limited"}
PAGE = {"jobs": [], "next_token": None, "total_count": 0}


class RateLimits(unittest.TestCase):
    def setUp(self):
        self.server = ThreadingHTTPServer(("127.0.0.1", 0), _StandIn)
        threading.Thread(target=self.server.serve_forever, args=(0.05,), daemon=True).start()
        self.addCleanup(self.server.server_close)
        self.addCleanup(self.server.shutdown)
        _StandIn.seen = 0
        self.waits: list[float] = []
        self.client = Client(f"http://127.0.0.1:{self.server.server_port}", "hvq_pat_x", sleep=self.waits.append)

    def test_waits_for_retry_after_then_retries(self):
        _StandIn.answers = [(429, {"Retry-After": "7"}, LIMITED), (200, {}, PAGE)]
        self.assertEqual(self.client.list_jobs().total_count, 0)
        self.assertEqual(self.waits, [7.0])
        self.assertEqual(_StandIn.seen, 2)

    def test_without_retry_after_it_raises_at_once(self):
        _StandIn.answers = [(429, {}, {"message": "Too many active jobs", "code": "too_many_active_jobs"})]
        with self.assertRaises(RateLimitedError) as raised:
            self.client.list_jobs()
        self.assertEqual((raised.exception.status, raised.exception.code), (429, "too_many_active_jobs"))
        self.assertIsNone(raised.exception.retry_after)
        self.assertEqual(self.waits, [])

    def test_gives_up_after_its_retries(self):
        _StandIn.answers = [(429, {"Retry-After": "2"}, LIMITED)] * 4
        with self.assertRaises(RateLimitedError) as raised:
            self.client.list_jobs()
        self.assertEqual(raised.exception.retry_after, 2.0)
        self.assertEqual(self.waits, [2.0, 2.0, 2.0])
        self.assertEqual(_StandIn.seen, 4)

    def test_an_error_without_a_code_has_none(self):
        _StandIn.answers = [(404, {}, {"message": "Job not found"})]
        with self.assertRaises(Exception) as raised:
            self.client.list_jobs()
        self.assertEqual((raised.exception.status, raised.exception.code), (404, None))


if __name__ == "__main__":
    unittest.main()
