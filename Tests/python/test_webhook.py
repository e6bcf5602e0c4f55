"""Webhook-driven sync end to end: an SDK write in the sandbox reaches the local database.

Starts `catalog sandbox` with `--webhook-url` pointing at `catalog webhook serve`, syncs a fresh
database, renames an item through the official Square SDK and polls `catalog show` until the new
name is there (within 2 seconds). Also checks that a forged delivery is refused with 401, and that a
sale recorded through the SDK reaches `catalog show`'s stock figure through inventory.count.updated. Uses the
binary in `CATALOG_BIN` (default .build/debug/catalog); run with `python3 -m pytest -q Tests/python`.
"""

import base64
import contextlib
import datetime
import hashlib
import hmac
import json
import os
import shutil
import subprocess
import tempfile
import time
import urllib.error
import urllib.request
import uuid

import pytest
from square import Square

from catalog_process import REPO_ROOT, catalog_binary, free_port, start, stderr_of, stop

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

TOKEN = "webhook-test-token-" + uuid.uuid4().hex[:8]
KEY = "webhook-test-key-" + uuid.uuid4().hex[:8]


def run_catalog(arguments, environment):
    result = subprocess.run([catalog_binary()] + arguments, capture_output=True, text=True, cwd=REPO_ROOT,
                            env=environment, timeout=60)
    return result


def post(url, body, signature):
    request = urllib.request.Request(url, data=body, method="POST", headers={
        "content-type": "application/json", "x-square-hmacsha256-signature": signature})
    try:
        with urllib.request.urlopen(request, timeout=5) as response:
            return response.status, response.read()
    except urllib.error.HTTPError as refused:
        return refused.code, refused.read()


@contextlib.contextmanager
def listening_shop():
    """`catalog sandbox` (the demo shop) posting its signed events to `catalog webhook serve`, over a database
    synced first; yields (the sandbox's URL, the environment `catalog` runs with, the notification URL, the
    listener's process). Both stop, and the folder goes, afterwards; the listener's stderr can still be read."""
    catalog_binary()
    folder = tempfile.mkdtemp(prefix="catalog-webhook-")
    port = free_port()
    notification_url = "http://127.0.0.1:%d/square" % port
    environment = {"HOME": os.path.join(folder, "home"), "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
                   "CATALOG_DB": os.path.join(folder, "catalog.sqlite"), "SQUARE_ACCESS_TOKEN": TOKEN}
    processes = []
    try:
        sandbox, base_url = start(
            ["sandbox", "--port", "0", "--seed", "demo", "--token", TOKEN, "--webhook-url", notification_url,
             "--signature-key", KEY], environment)
        processes.append(sandbox)
        environment["SQUARE_BASE_URL"] = base_url
        synced = run_catalog(["sync"], environment)
        assert synced.returncode == 0, synced.stderr
        assert TOKEN not in synced.stdout + synced.stderr

        listener_environment = dict(environment, SQUARE_WEBHOOK_SIGNATURE_KEY=KEY)
        listener, listening = start(
            ["webhook", "serve", "--port", str(port), "--notification-url", notification_url],
            listener_environment)
        processes.append(listener)
        assert listening == "http://127.0.0.1:%d" % port
        yield base_url, environment, notification_url, listener
    finally:
        for process in reversed(processes):
            stop(process)
        shutil.rmtree(folder, ignore_errors=True)


def test_sdk_write_reaches_local_database_through_webhook():
    with listening_shop() as (base_url, environment, notification_url, listener):
        event = json.dumps({"merchant_id": "M1", "type": "catalog.version.updated", "event_id": str(uuid.uuid4()),
                            "created_at": "2025-09-01T10:00:00Z", "data": {"type": "catalog_version", "id": ""}})
        forged = base64.b64encode(hmac.new(b"not-the-key", (notification_url + event).encode(),
                                           hashlib.sha256).digest()).decode()
        status, _ = post(notification_url, event.encode(), forged)
        assert status == 401

        client = Square(base_url=base_url, token=TOKEN)
        item = client.catalog.search(object_types=["ITEM"], limit=1).objects[0]
        variation_id = item.item_data.variations[0].id
        shown = run_catalog(["show", variation_id, "--json"], environment)
        assert shown.returncode == 0, shown.stderr
        new_name = "Renamed by webhook " + uuid.uuid4().hex[:6]
        assert json.loads(shown.stdout.splitlines()[0])["item_name"] != new_name

        fetched = client.catalog.object.get(object_id=item.id).object
        body = fetched.model_dump(exclude_none=True, by_alias=True)
        body["item_data"]["name"] = new_name
        client.catalog.object.upsert(idempotency_key=str(uuid.uuid4()), object=body)
        written = time.monotonic()

        name = None
        while time.monotonic() - written < 2.0:
            shown = run_catalog(["show", variation_id, "--json"], environment)
            if shown.returncode == 0:
                name = json.loads(shown.stdout.splitlines()[0])["item_name"]
                if name == new_name:
                    break
            time.sleep(0.05)
        assert name == new_name, "the rename did not reach the local database within 2 s"
    listener_log = stderr_of(listener)
    assert "catalog.version.updated" in listener_log
    assert "synced:" in listener_log
    assert KEY not in listener_log and TOKEN not in listener_log


def shown_stock(variation_id, location_id, environment):
    """The IN_STOCK figure `catalog show --json` gives for the variation at the location (None: none)."""
    shown = run_catalog(["show", variation_id, "--json"], environment)
    if shown.returncode != 0:
        return None
    return json.loads(shown.stdout.splitlines()[0]).get("in_stock", {}).get(location_id)


def test_sdk_sale_reaches_catalog_show_through_inventory_webhook():
    """A sale (IN_STOCK to SOLD) recorded through the SDK reaches `catalog show`'s `in_stock` within 2 s, carried
    by the sandbox's signed inventory.count.updated event, not by a sync (a sync reads no stock figures)."""
    with listening_shop() as (base_url, environment, _, listener):
        client = Square(base_url=base_url, token=TOKEN)
        count = next(c for c in client.inventory.batch_get_counts(states=["IN_STOCK"]) if float(c.quantity) >= 5)
        variation_id, location_id = count.catalog_object_id, count.location_id
        before = shown_stock(variation_id, location_id, environment)
        occurred = (datetime.datetime.now(datetime.timezone.utc) - datetime.timedelta(seconds=2)).strftime(
            "%Y-%m-%dT%H:%M:%SZ")
        answer = client.inventory.batch_create_changes(idempotency_key=str(uuid.uuid4()), changes=[{
            "type": "ADJUSTMENT",
            "adjustment": {"catalog_object_id": variation_id, "location_id": location_id, "from_state": "IN_STOCK",
                           "to_state": "SOLD", "quantity": "3", "occurred_at": occurred}}])
        expected = answer.counts[0].quantity
        assert float(expected) == float(count.quantity) - 3
        assert before != expected
        sold = time.monotonic()

        stock = None
        while time.monotonic() - sold < 2.0:
            stock = shown_stock(variation_id, location_id, environment)
            if stock == expected:
                break
            time.sleep(0.05)
        assert stock == expected, "the sale did not reach catalog show within 2 s (showed %r)" % stock
    listener_log = stderr_of(listener)
    assert "inventory.count.updated" in listener_log and "accepted" in listener_log
    assert "rejected" not in listener_log
    assert KEY not in listener_log and TOKEN not in listener_log
