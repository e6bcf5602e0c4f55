"""A sale the shop starts in Square, written with the official Square Python SDK, reaches the counter.

The SDK creates a discount, a product set for one category and a pricing rule on the demo sandbox;
after `catalog sync`, `catalog show` prints the sale and its price, a `sale-2x1` tag (read back with
pdftotext) strikes the regular price through beside the sale price and says until when, and once the
shop ends the sale in Square (the rule's last day moved to yesterday) the next sync shows the regular
price again.
"""

import datetime
import json
import subprocess
import uuid

import pytest
from square import Square

from catalog_process import private_cups, require_program, run, synced_demo

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

TOKEN = "sale-test-token-" + uuid.uuid4().hex[:8]
CODE = "BO-0266"  # A Shopkeeper's Ledger, in Books


@pytest.fixture
def shop(tmp_path):
    with synced_demo(tmp_path, TOKEN) as (url, environment):
        yield Square(base_url=url, token=TOKEN), environment, tmp_path


@pytest.fixture
def printer(tmp_path):
    """A private cupsd with one raw queue, `tags` (see catalog_process.private_cups)."""
    with private_cups() as (server, _):
        yield server


def show(environment):
    result = run(["show", CODE, "--json"], environment)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout.splitlines()[0])


def test_a_sale_made_with_the_sdk_shows_on_the_counter_and_the_tag_until_it_ends(shop, printer):
    # The tag's text is read back with pdftotext: checked first, so the test never stops halfway.
    pdftotext = require_program("pdftotext", "poppler-utils")
    client, environment, folder = shop
    environment = dict(environment, CUPS_SERVER=printer)
    before = show(environment)
    assert before["sale"] is None
    regular = before["price"]["amount"]
    books = [c for c in client.catalog.search(object_types=["CATEGORY"]).objects if c.category_data.name == "Books"]
    assert len(books) == 1
    today = datetime.date.today()
    until = (today + datetime.timedelta(days=10)).isoformat()
    created = client.catalog.batch_upsert(idempotency_key=str(uuid.uuid4()), batches=[{"objects": [
        {"type": "DISCOUNT", "id": "#book-discount",
         "discount_data": {"name": "Books 25%", "discount_type": "FIXED_PERCENTAGE", "percentage": "25"}},
        {"type": "PRODUCT_SET", "id": "#books", "product_set_data": {"product_ids_any": [books[0].id]}},
        {"type": "PRICING_RULE", "id": "#book-sale",
         "pricing_rule_data": {"name": "Book Week", "discount_id": "#book-discount", "match_products_id": "#books",
                               "valid_from_date": (today - datetime.timedelta(days=1)).isoformat(),
                               "valid_until_date": until}},
    ]}])
    rule_id = next(m.object_id for m in created.id_mappings if m.client_object_id == "#book-sale")
    assert run(["sync"], environment).returncode == 0

    during = show(environment)
    sale_price = regular - (regular * 25 + 50) // 100
    assert during["sale"]["name"] == "Book Week"
    assert during["sale"]["price"] == {"amount": sale_price, "currency": "GBP"}
    assert during["sale"]["ends_at"] == until
    assert during["price"]["amount"] == regular, "price stays the location's regular price"
    text = run(["show", CODE], environment).stdout
    assert "on sale   25%% off (Book Week) until %s" % until in text, text

    pdf = folder / "tag.pdf"
    rendered = run(["label", "render", CODE, "--template", "sale-2x1", "--output", str(pdf)], environment)
    assert rendered.returncode == 0, rendered.stderr
    tag = subprocess.run([pdftotext, str(pdf), "-"], capture_output=True, text=True, check=True).stdout
    pounds = lambda amount: "£%d.%02d" % (amount // 100, amount % 100)
    assert pounds(sale_price) in tag and pounds(regular) in tag and "until " + until in tag, tag

    # The sale tag goes to the shelf (a real print job), and is right while the sale runs.
    printed = run(["label", "print", CODE, "--template", "sale-2x1", "--printer", "tags", "--wait"], environment)
    assert printed.returncode == 0, printed.stderr
    stale = run(["label", "stale", "--json"], environment)
    assert stale.returncode == 0 and stale.stdout.strip() in ("", "[]"), stale.stdout + stale.stderr

    # The shop ends the sale in Square: its last day becomes yesterday.
    rule = client.catalog.object.get(object_id=rule_id).object
    ended = rule.dict(exclude_none=True) if hasattr(rule, "dict") else rule.model_dump(exclude_none=True)
    ended["pricing_rule_data"]["valid_until_date"] = (today - datetime.timedelta(days=1)).isoformat()
    client.catalog.object.upsert(idempotency_key=str(uuid.uuid4()), object=ended)
    assert run(["sync"], environment).returncode == 0
    after = show(environment)
    assert after["sale"] is None and after["price"]["amount"] == regular
    # The tag on the shelf now shows a sale that is over: catalog label stale lists it.
    stale = run(["label", "stale", "--json"], environment)
    assert stale.returncode == 0, stale.stderr
    tags = [json.loads(line) for line in stale.stdout.splitlines() if line.strip()]
    if len(tags) == 1 and isinstance(tags[0], list):
        tags = tags[0]
    assert len(tags) == 1, stale.stdout
    assert tags[0]["sale_rule_id"] == rule_id and tags[0]["price"]["amount"] == sale_price
    assert tags[0]["current_price"]["amount"] == regular and tags[0]["current_sale"] is None
    assert "the sale has ended" in run(["label", "stale"], environment).stdout
