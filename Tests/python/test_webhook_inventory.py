"""Inventory webhooks end to end: a sale made through the official Square SDK reaches `catalog show`.

Starts `catalog sandbox` with `--webhook-url` pointing at `catalog webhook serve`, syncs a fresh
database, records a sale (IN_STOCK to SOLD) through the SDK and polls `catalog show --json` until its
`in_stock` figure at that location is the one Square answered (within 2 seconds), carried by the
sandbox's signed `inventory.count.updated` event, not by a sync. Uses the binary in `CATALOG_BIN`
(default .build/debug/catalog); run with `python3 -m pytest -q Tests/python`.
"""

import datetime
import json
import os
import shutil
import tempfile
import time
import uuid

import pytest
from square import Square

from catalog_process import catalog_binary, free_port, run, start, stop

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

TOKEN = "inventory-webhook-token-" + uuid.uuid4().hex[:8]
KEY = "inventory-webhook-key-" + uuid.uuid4().hex[:8]


def shown_stock(variation_id, location_id, environment):
    shown = run(["show", variation_id, "--json"], environment, timeout=60)
    if shown.returncode != 0:
        return None
    return json.loads(shown.stdout.splitlines()[0]).get("in_stock", {}).get(location_id)


def test_sdk_sale_reaches_catalog_show_through_inventory_webhook():
    catalog_binary()
    folder = tempfile.mkdtemp(prefix="catalog-inventory-webhook-")
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
        synced = run(["sync"], environment, timeout=60)
        assert synced.returncode == 0, synced.stderr

        listener, listening = start(
            ["webhook", "serve", "--port", str(port), "--notification-url", notification_url],
            dict(environment, SQUARE_WEBHOOK_SIGNATURE_KEY=KEY))
        processes.append(listener)
        assert listening == "http://127.0.0.1:%d" % port

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
    finally:
        for process in reversed(processes):
            stop(process)
        shutil.rmtree(folder, ignore_errors=True)
    listener_log = listener.stderr.read()
    assert "inventory.count.updated" in listener_log and "accepted" in listener_log
    assert "rejected" not in listener_log
    assert KEY not in listener_log and TOKEN not in listener_log
