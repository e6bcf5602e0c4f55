"""The official Square Python SDK (an independent client) against `catalog sandbox`.

Starts the real binary (`CATALOG_BIN`, default .build/debug/catalog) on a free port with the demo
catalog, points `square.Square` at it, and checks listing with the SDK's pager, searching,
creating and updating an item, a version conflict and a refused token. Run with
`python3 -m pytest -q Tests/python`.
"""

import uuid

import pytest
from square import Square
from square.core.api_error import ApiError

from catalog_process import start, stop

# The SDK's models use pydantic v1-style attributes that pydantic 2 warns about on every parse.
pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

TOKEN = "sdk-test-token-" + uuid.uuid4().hex[:8]


@pytest.fixture(scope="module")
def base_url():
    """Runs `catalog sandbox --port 0 --seed demo --token TOKEN` and yields its base URL."""
    process, url = start(["sandbox", "--port", "0", "--seed", "demo", "--token", TOKEN])
    try:
        assert url.startswith("http://127.0.0.1:")
        yield url
    finally:
        stop(process)


@pytest.fixture(scope="module")
def client(base_url):
    return Square(base_url=base_url, token=TOKEN)


def new_key():
    return str(uuid.uuid4())


def search_all(client, **body):
    """Every object a search returns, following cursors with the same body."""
    objects, cursor = [], None
    while True:
        arguments = dict(body)
        if cursor:
            arguments["cursor"] = cursor
        response = client.catalog.search(**arguments)
        objects.extend(response.objects or [])
        cursor = response.cursor
        if not cursor:
            return objects, response


def new_item(name, key):
    return {
        "type": "ITEM",
        "id": "#" + key,
        "item_data": {
            "name": name,
            "variations": [{
                "type": "ITEM_VARIATION",
                "id": "#" + key + "-regular",
                "item_variation_data": {
                    "item_id": "#" + key,
                    "name": "Regular",
                    "sku": "SDK-" + key.upper(),
                    "pricing_type": "FIXED_PRICING",
                    "price_money": {"amount": 1250, "currency": "GBP"},
                },
            }],
        },
    }


def test_list_pages_every_object_exactly_once(client):
    pager = client.catalog.list(types="ITEM,CATEGORY")
    pages = list(pager.iter_pages())
    assert len(pages) > 1, "the demo catalog should need more than one page of 100"
    ids = [obj.id for page in pages for obj in page.items]
    assert len(ids) == len(set(ids)), "an object arrived twice"
    assert all(len(page.items) <= 100 for page in pages)
    searched, _ = search_all(client, object_types=["ITEM", "CATEGORY"], limit=1000)
    assert set(ids) == {obj.id for obj in searched}
    assert len(ids) == len(searched)


def test_search_by_type_and_begin_time(client):
    items, first = search_all(client, object_types=["ITEM"])
    assert items and all(obj.type == "ITEM" for obj in items)
    watermark = first.latest_time
    assert watermark
    created = client.catalog.object.upsert(idempotency_key=new_key(), object=new_item("SDK Watermark Tea", "wm"))
    changed, _ = search_all(client, object_types=["ITEM"], begin_time=watermark)
    assert [obj.id for obj in changed] == [created.catalog_object.id]


def test_query_filters_and_search_items(client):
    """The SDK's own request shapes for query filters and SearchCatalogItems, against the demo shop."""
    exact, _ = search_all(client, object_types=["ITEM_VARIATION"],
                          query={"exact_query": {"attribute_name": "sku", "attribute_value": "ac-wdg-0041-m"}})
    assert [obj.item_variation_data.sku for obj in exact] == ["AC-WDG-0041-M"]
    text, _ = search_all(client, object_types=["ITEM"], query={"text_query": {"keywords": ["acme", "wid"]}})
    assert [obj.item_data.name for obj in text] == ["Acme Blue Widget"]
    ordered, _ = search_all(client, object_types=["ITEM"], limit=50,
                            query={"sorted_attribute_query": {"attribute_name": "name", "sort_order": "ASC"}})
    names = [obj.item_data.name for obj in ordered]
    assert len(names) > 50 and names == sorted(names)

    found = client.catalog.search_items(text_filter="hw-0142")
    assert [item.item_data.name for item in found.items] == ["Workshop Hex Key Set"]
    assert found.matched_variation_ids == [found.items[0].item_data.variations[0].id]
    market = next(loc.id for loc in client.locations.list().locations if loc.name == "Market Hall")
    everywhere = client.catalog.search_items(text_filter="gloss")
    at_market = client.catalog.search_items(text_filter="gloss", enabled_location_ids=[market])
    assert everywhere.items and not at_market.items


def test_create_update_and_conflict(client):
    created = client.catalog.object.upsert(idempotency_key=new_key(), object=new_item("SDK Kettle", "kettle"))
    mappings = {mapping.client_object_id: mapping.object_id for mapping in created.id_mappings}
    assert set(mappings) == {"#kettle", "#kettle-regular"}
    item_id, variation_id = mappings["#kettle"], mappings["#kettle-regular"]
    assert not item_id.startswith("#") and item_id != variation_id

    fetched = client.catalog.object.get(object_id=item_id).object
    assert fetched.item_data.name == "SDK Kettle"
    variation = fetched.item_data.variations[0]
    assert variation.id == variation_id
    assert variation.item_variation_data.price_money.amount == 1250

    def edit(name, item_version, variation_version):
        body = new_item(name, "kettle")
        body["id"], body["version"] = item_id, item_version
        nested = body["item_data"]["variations"][0]
        nested["id"], nested["version"] = variation_id, variation_version
        nested["item_variation_data"]["item_id"] = item_id
        return body

    updated = client.catalog.object.upsert(
        idempotency_key=new_key(), object=edit("SDK Kettle 1.7 l", fetched.version, variation.version))
    assert updated.catalog_object.item_data.name == "SDK Kettle 1.7 l"
    assert updated.catalog_object.version > fetched.version
    assert client.catalog.object.get(object_id=item_id).object.item_data.name == "SDK Kettle 1.7 l"

    with pytest.raises(ApiError) as refused:
        client.catalog.object.upsert(
            idempotency_key=new_key(), object=edit("SDK Kettle (stale)", fetched.version, variation.version))
    assert refused.value.status_code == 400
    codes = [error["code"] for error in refused.value.body["errors"]]
    assert codes == ["VERSION_MISMATCH"]
    assert client.catalog.object.get(object_id=item_id).object.item_data.name == "SDK Kettle 1.7 l"


def test_wrong_token_is_refused(base_url):
    stranger = Square(base_url=base_url, token="not-" + TOKEN)
    with pytest.raises(ApiError) as refused:
        stranger.locations.list()
    assert refused.value.status_code == 401
    assert refused.value.body["errors"][0]["category"] == "AUTHENTICATION_ERROR"
    assert TOKEN not in str(refused.value.body)
