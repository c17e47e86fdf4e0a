"""Nothing a test runs may touch the real user's progress: every test process writes under a
temporary CANASTA_HOME (tests that need their own set it again). The tests expect English whatever the
machine's locale: CANASTA_LANG says so (the language tests set their own). The catalog tool of
``tools/`` is importable, for the tests that keep the catalogs in step."""
import os
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tools"))


@pytest.fixture(autouse=True, scope="session")
def _private_home(tmp_path_factory):
    old = os.environ.get("CANASTA_HOME")
    os.environ["CANASTA_HOME"] = str(tmp_path_factory.mktemp("canasta-home"))
    os.environ["CANASTA_LANG"] = "en"
    yield
    if old is None:
        os.environ.pop("CANASTA_HOME", None)
    else:
        os.environ["CANASTA_HOME"] = old
