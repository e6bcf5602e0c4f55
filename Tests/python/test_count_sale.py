"""A stock count during trading: a sale Square records after the shelf was counted still counts.

`catalog count` counts 10 of an item at High Street; then the shop's till (the official Square Python
SDK) sells 2 of it, an adjustment that occurs after the count; then the count is posted. Square's
count must be 8, not 10: the physical count is as of when it was counted. The inventory history
Square keeps (read back with the SDK) holds the count once, with the session's reference, before
the sale.
"""

import datetime
import json
import uuid

import pytest
from square import Square

from catalog_process import run, synced_demo

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

TOKEN = "count-test-token-" + uuid.uuid4().hex[:8]
CODE = "05012345003627"  # Workshop Cable Ties, small


@pytest.fixture
def shop(tmp_path):
    with synced_demo(tmp_path, TOKEN) as (url, environment):
        yield Square(base_url=url, token=TOKEN), dict(environment, CATALOG_LOCATION="High Street")


def catalog(environment, *arguments):
    result = run(list(arguments), environment)
    assert result.returncode == 0, result.stdout + result.stderr
    return result.stdout


def in_stock(client, variation_id, location_id):
    counts = client.inventory.get(catalog_object_id=variation_id, location_ids=location_id)
    quantities = [c.quantity for c in counts if c.state == "IN_STOCK" and c.location_id == location_id]
    return quantities[0] if quantities else "0"


def test_a_sale_after_the_count_still_counts_when_the_count_is_posted(shop):
    client, environment = shop
    high_street = next(loc.id for loc in client.locations.list().locations if loc.name == "High Street")
    item = json.loads(catalog(environment, "show", CODE, "--json").splitlines()[0])
    variation = item["variation_id"]

    session = json.loads(catalog(environment, "count", "start", "--name", "Cable ties", "--json"))
    line = json.loads(catalog(environment, "count", "add", CODE, "--qty", "10", "--json"))
    assert line["counted"] == 10

    sold_at = datetime.datetime.now(datetime.timezone.utc).isoformat()
    client.inventory.batch_create_changes(idempotency_key=str(uuid.uuid4()), changes=[{
        "type": "ADJUSTMENT",
        "adjustment": {"from_state": "IN_STOCK", "to_state": "SOLD", "location_id": high_street,
                       "catalog_object_id": variation, "quantity": "2", "occurred_at": sold_at}}])

    posted = json.loads(catalog(environment, "count", "post", "--json"))
    assert posted["posted"] == 1 and posted["refused"] == 0 and posted["waiting"] == 0
    assert posted["session"]["status"] == "posted"
    assert in_stock(client, variation, high_street) == "8"

    history = list(client.inventory.batch_get_changes(
        catalog_object_ids=[variation], location_ids=[high_street], types=["PHYSICAL_COUNT", "ADJUSTMENT"]))
    counts = [c.physical_count for c in history if c.type == "PHYSICAL_COUNT"]
    ours = [c for c in counts if c.reference_id == session["reference"]]
    assert len(ours) == 1 and ours[0].quantity == "10"
    kinds = [c.type for c in history]
    assert kinds.index("PHYSICAL_COUNT") < len(kinds) - 1, "the count comes before the later sale: %s" % kinds
    assert history[-1].type == "ADJUSTMENT" and history[-1].adjustment.quantity == "2"

    # Posting it again is safe to retry: it sends nothing, says so, and ends as the first post did.
    again = run(["count", "post", "--session", str(session["id"])], environment)
    assert again.returncode == 0 and "already posted" in again.stdout, again.stdout + again.stderr
    history = list(client.inventory.batch_get_changes(
        catalog_object_ids=[variation], location_ids=[high_street], types=["PHYSICAL_COUNT"]))
    assert len([c for c in history if c.physical_count.reference_id == session["reference"]]) == 1
    assert in_stock(client, variation, high_street) == "8"
