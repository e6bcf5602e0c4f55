"""A remote counter (`catalog scan --hub`) against `catalog serve` on the demo shop: every scan reaches the
hub once and in the order it was made, also when the hub is stopped while the counter scans, and when the
counter itself is killed before the hub is back. Scans are fed as recorded evdev input (24-byte
input_event records) through standard input, read as they arrive."""

import json
import os
import queue
import sqlite3
import subprocess
import threading
import time
import uuid

from catalog_process import catalog_binary, free_port, run, start, stop, synced_demo
from scan_events import Clock, typed

TOKEN = "remote-counter-" + uuid.uuid4().hex[:8]


def lines_of(stream):
    """The lines `stream` gives, in a queue (None at its end)."""
    found = queue.Queue()

    def read():
        for line in stream:
            found.put(line)
        found.put(None)

    threading.Thread(target=read, daemon=True).start()
    return found


def drained(lines):
    """What is left in a queue of lines, as text."""
    text = []
    while True:
        line = lines.get(timeout=5)
        if line is None:
            return text
        text.append(line.decode())


def answers(lines, count, notes, timeout=60):
    """The next `count` JSON answers the counter printed (`notes`: its standard error, shown on failure)."""
    got = []
    deadline = time.time() + timeout
    while len(got) < count:
        line = lines.get(timeout=max(0.1, deadline - time.time()))
        if line is None:
            raise AssertionError("the counter stopped after %d of %d answers: %s" % (len(got), count, drained(notes)))
        got.append(json.loads(line))
    return got


def waiting(database):
    with sqlite3.connect(database) as connection:
        return connection.execute("SELECT count(*) FROM hub_queue WHERE posted_at IS NULL").fetchone()[0]


def wait_until(condition, what, timeout=30):
    deadline = time.time() + timeout
    while time.time() < deadline:
        if condition():
            return
        time.sleep(0.05)
    raise AssertionError("waited %ss for %s" % (timeout, what))


def test_scans_made_while_the_hub_is_away_arrive_once_and_in_order(tmp_path):
    codes = ["7%012d" % number for number in range(1, 26)]
    codes[2] = "0012345678905"  # one the demo shop knows
    clock = Clock()
    with synced_demo(tmp_path / "hub", TOKEN) as (_, hub_environment):
        os.makedirs(tmp_path / "hub", exist_ok=True)
        address = "127.0.0.1:%d" % free_port()
        serve = ["serve", "--listen", address, "--location", "High Street", "--sync-every", "0"]
        hub, url = start(serve, hub_environment)
        made = run(["devices", "pair", "--json"], hub_environment)
        assert made.returncode == 0, made.stderr
        code = json.loads(made.stdout)["code"]

        folder = tmp_path / "counter"
        folder.mkdir()
        counter_database = str(folder / "catalog.sqlite")
        counter_environment = dict(os.environ, HOME=str(folder), CATALOG_DB=counter_database,
                                   CATALOG_COUNTER="till-7")
        for name in ["SQUARE_ACCESS_TOKEN", "SQUARE_BASE_URL", "CATALOG_HUB"]:
            counter_environment.pop(name, None)
        counter = subprocess.Popen(
            [catalog_binary(), "scan", "--hub", url, "--pair", code, "--events", "-", "--json"],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=False,
            env=counter_environment)
        printed = lines_of(counter.stdout)
        notes = lines_of(counter.stderr)
        try:
            # The hub is up: each scan is answered as it is made.
            for scan in codes[:5]:
                counter.stdin.write(typed(scan, clock))
                counter.stdin.flush()
            first = answers(printed, 5, notes)
            assert [answer["code"] for answer in first] == codes[:5]
            assert {answer["counter"] for answer in first} == {"till-7"}
            assert first[2]["match"]["item_name"] == "Acme Blue Widget"
            link = folder / ".config" / "catalog" / "hub.json"
            assert oct(os.stat(link).st_mode & 0o777) == "0o600", "the counter's key to the hub is private"

            # The hub goes away; twenty scans are made and kept on the counter.
            stop(hub)
            for scan in codes[5:]:
                counter.stdin.write(typed(scan, clock))
                counter.stdin.flush()
            wait_until(lambda: waiting(counter_database) == 20, "twenty scans kept on the counter")
            # The counter's power goes too, before the hub is back.
            counter.kill()
            counter.wait()
            stderr = drained(notes)
            assert any("cannot be reached" in line for line in stderr), stderr
            assert printed.get(timeout=5) is None, "no answer was printed while the hub was away"
        finally:
            if counter.poll() is None:
                counter.kill()

        # The hub comes back on its address; the counter starts again and sends what it kept.
        hub, _ = start(serve, hub_environment)
        try:
            resumed = subprocess.run(
                [catalog_binary(), "scan", "--hub", url, "--events", "/dev/null", "--json"],
                capture_output=True, env=counter_environment, timeout=120)
            assert resumed.returncode == 0, resumed.stderr.decode()
            later = [json.loads(line) for line in resumed.stdout.decode().splitlines()]
            assert [answer["code"] for answer in later] == codes[5:]
            assert not any(answer["repeated"] for answer in later)
            assert waiting(counter_database) == 0
        finally:
            stop(hub)

        # What the hub holds: all 25, in the order they were made, each once.
        with sqlite3.connect(hub_environment["CATALOG_DB"]) as connection:
            logged = connection.execute(
                "SELECT code, scan_id FROM scans WHERE counter = 'till-7' ORDER BY id").fetchall()
        assert [row[0] for row in logged] == codes
        assert len({row[1] for row in logged}) == 25
