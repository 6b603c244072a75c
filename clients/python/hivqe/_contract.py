"""The console's paths, defaults and bounds, exported from packages/contract into contract.json.

The client reads them instead of repeating them, so it creates the same jobs as the console's form.
"""

import json
from pathlib import Path
from typing import Any

CONTRACT: dict[str, Any] = json.loads((Path(__file__).parent / "contract.json").read_text("utf-8"))

API_BASE: str = CONTRACT["api_base"]
PATHS: dict[str, str] = CONTRACT["paths"]
IDEMPOTENCY_KEY_HEADER: str = CONTRACT["idempotency_key_header"]
IDEMPOTENT_REPLAY_HEADER: str = CONTRACT["idempotent_replay_header"]
TERMINAL_STATUSES: frozenset[str] = frozenset(CONTRACT["terminal_statuses"])
ACTIVE_STATUSES: frozenset[str] = frozenset(CONTRACT["active_statuses"])
RESULT_FORMATS: tuple[str, ...] = tuple(CONTRACT["result_formats"])
HISTORY_COLUMNS: tuple[str, ...] = tuple(CONTRACT["history_columns"])
DEFAULT_PAYLOAD: dict[str, Any] = CONTRACT["default_payload"]
DEFAULT_BOND_KEY: str = CONTRACT["default_bond_key"]
BOUNDS: dict[str, int] = CONTRACT["bounds"]
DEFAULT_PAGE_SIZE: int = CONTRACT["default_page_size"]
ERROR_STATUSES: dict[str, int] = CONTRACT["error_statuses"]
