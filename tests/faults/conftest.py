"""The private PostgreSQL of the fault tests: started once, stopped and removed at the end."""

from __future__ import annotations

import itertools
import os
import pwd
from collections.abc import AsyncIterator, Iterator

import pytest

from bot.storage.engine import make_engine
from bot.storage.migrate import migrate
from tests.conftest import REQUIRE_POSTGRES
from tests.faults.cluster import Cluster, postgres_bin

_databases = itertools.count(1)


def _why_not() -> str | None:
    """None when a private cluster can be made here, else why not."""
    if postgres_bin() is None:
        return "the PostgreSQL server binaries (initdb, pg_ctl) are not installed"
    if os.geteuid() == 0:
        try:
            pwd.getpwnam("postgres")
        except KeyError:
            return "run as root without a `postgres` user to run the server as"
    return None


@pytest.fixture(scope="session")
def cluster() -> Iterator[Cluster]:
    problem = _why_not()
    if problem and REQUIRE_POSTGRES:
        pytest.fail(f"PostgreSQL is required here but there is no private one: {problem}")
    if problem:
        pytest.skip(f"no private PostgreSQL: {problem}")
    bindir = postgres_bin()
    assert bindir is not None
    made = Cluster(bindir)
    try:
        made.init()
        made.start()
        yield made
    finally:
        made.remove()


@pytest.fixture
async def private_url(cluster: Cluster) -> AsyncIterator[str]:
    """A fresh database with the schema on the private cluster, which is running again
    after the test whatever the test did to it."""
    url = cluster.create_database(f"faults_{next(_databases)}")
    engine = make_engine(url)
    try:
        await migrate(engine)
    finally:
        await engine.dispose()
    yield url
    if not cluster.running():
        cluster.start()
