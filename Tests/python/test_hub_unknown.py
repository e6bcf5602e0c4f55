"""An unknown code at the counter leads somewhere, in a real browser (Debian's Chromium through Selenium)
against `catalog serve` on the demo shop in `catalog sandbox`: the unknown-code card offers "Sync now", "Add
this barcode to an item" and "Create an item". A scanned barcode given to an item picked by search is that
variation's barcode in Square and the card shows the item; a barcode another variation took meanwhile is
refused in words and nothing is written; an item created from the card is in Square and on the card, and a
name or price the hub refuses is said beside its field; a code that is no barcode says why it cannot be
added; an item planted in Square is found by "Sync now"; while the hub cannot be reached the actions are off
and say why; axe finds nothing in the card. Screenshots in .build/test-artifacts/hub."""

import json
import time
import uuid

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from catalog_process import run
from hub_page import (browser, click, console_errors, hub, pair_program, paired, request,  # noqa: F401
                      screenshots, text_of, wait_for)
from test_hub_axe import AXE_SCRIPT, WCAG_AA, readable

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

# Valid EAN-13s the demo shop does not have, one per test (the hub lives as long as the module).
GIVEN, TAKEN, CREATED, PLANTED = "5060000000115", "5060000000122", "5060000000139", "5060000000146"


@pytest.fixture(scope="module")
def program(hub):
    """Another counter's program, paired with the hub: the headers its requests carry."""
    device = pair_program(hub["url"], hub["environment"], "back room")
    return {"Authorization": "Bearer " + device["token"], "X-CSRF-Token": device["csrf_token"]}


def slowly(field, text):
    """Types `text` at a person's pace (a scanner's burst would be taken for a scan)."""
    for letter in text:
        field.send_keys(letter)
        time.sleep(0.09)


def scan(browser, code):
    """A keyboard-wedge scanner's burst of `code` at the counter; waits for the unknown-code card's actions."""
    search = browser.find_element(By.ID, "search")
    search.send_keys(Keys.ESCAPE)
    search.click()
    search.send_keys(code + Keys.ENTER)
    wait_for(browser, lambda: text_of(browser, "#card h2") == "Unknown code" and code in text_of(browser, "#card")
             and browser.find_elements(By.ID, "unknown-attach"), "the unknown-code card of " + code, 10)


def shown(hub, code):
    """The variation `code` names in the hub's catalog, as `catalog show --json` has it."""
    found = run(["show", code, "--json"], hub["environment"])
    assert found.returncode == 0, found.stderr
    return json.loads(found.stdout.splitlines()[0])


def square_upc(square, variation_id):
    return square.catalog.object.get(object_id=variation_id).object.item_variation_data.upc


def pick(browser, words, name):
    """Finds `words` in the unknown card's item search and presses the result `name`: its variation id."""
    click(browser, "#unknown-attach")
    box = wait_for(browser, lambda: browser.find_elements(By.ID, "attach-search"), "the item search")[0]
    slowly(box, words)
    button = wait_for(browser, lambda: [b for b in browser.find_elements(By.CSS_SELECTOR, "#attach-results button")
                                        if b.text.startswith(name)], name + " among the items")[0]
    variation = button.get_attribute("data-variation")
    button.click()
    return variation


def test_a_scanned_barcode_is_given_to_the_item_picked_and_the_card_shows_it(hub, paired):
    browser, square = paired, hub["square"]
    scan(browser, GIVEN)
    assert browser.find_element(By.ID, "unknown-attach").is_enabled()
    screenshots(browser, "counter-unknown")
    variation = pick(browser, "hammer", "Claw Hammer")
    wait_for(browser, lambda: text_of(browser, "#card h2") == "Claw Hammer", "the item's card", 15)
    wait_for(browser, lambda: GIVEN in text_of(browser, "#card"), "the new barcode on the card")
    assert "is now the barcode of Claw Hammer" in text_of(browser, "#card-status")
    assert square_upc(square, variation) == GIVEN
    assert shown(hub, GIVEN)["variation_id"] == variation
    screenshots(browser, "counter-unknown-given")
    assert console_errors(browser) == []


def test_a_barcode_another_variation_took_meanwhile_is_refused_in_words_and_nothing_is_written(
        hub, paired, program):
    browser, square = paired, hub["square"]
    scan(browser, TAKEN)
    # Meanwhile another counter gives the barcode to the cable ties.
    ties = shown(hub, "05012345003627")["variation_id"]
    status, answer = request(hub["url"] + "/api/v1/variations/%s/barcode" % ties, "POST", {"gtin": TAKEN}, program)
    assert status == 200 and answer["status"] == "applied", answer
    hammer = shown(hub, "HT-0146-ST")["variation_id"]
    before = square_upc(square, hammer)
    assert pick(browser, "hammer", "Claw Hammer") == hammer
    refusal = wait_for(browser, lambda: text_of(browser, "#unknown-status.bad"), "the refusal", 15)
    assert "already belongs to" in refusal and "Workshop Cable Ties" in refusal and "--" not in refusal, refusal
    assert text_of(browser, "#card h2") == "Unknown code", "the card stays"
    assert square_upc(square, hammer) == before != TAKEN, "nothing was written to the hammer"
    screenshots(browser, "counter-unknown-refused")
    assert console_errors(browser, expected=["422"]) == []


def test_a_code_that_is_no_barcode_says_why_it_cannot_be_added(hub, paired):
    browser = paired
    scan(browser, "NOPE-4411")
    attach = browser.find_element(By.ID, "unknown-attach")
    assert not attach.is_enabled()
    assert "is not a barcode" in text_of(browser, "#unknown-why")
    # A wrong check digit, judged by the hub: a misread to scan again, not a code to give an item.
    search = browser.find_element(By.ID, "search")
    search.send_keys(GIVEN[:-1] + "9" + Keys.ENTER)
    wait_for(browser, lambda: "check digit" in text_of(browser, "#card"), "why the check digit is wrong", 10)
    assert not browser.find_elements(By.ID, "unknown-attach")


def test_an_item_created_from_the_card_is_in_square_and_on_the_card(hub, paired):
    browser, square = paired, hub["square"]
    scan(browser, CREATED)
    click(browser, "#unknown-create")
    name = wait_for(browser, lambda: browser.find_elements(By.ID, "new-name"), "the new item's form")[0]
    price = browser.find_element(By.ID, "new-price")
    # No name: the hub's words beside the name.
    slowly(price, "2.75")
    click(browser, "#create-item")
    wait_for(browser, lambda: text_of(browser, "#new-name-error"), "why the name is needed", 10)
    assert "name" in text_of(browser, "#new-name-error") and "--" not in text_of(browser, "#new-name-error")
    # A price that is no price: beside the price.
    slowly(name, "Brass Hinge")
    price.send_keys(Keys.CONTROL, "a")
    price.send_keys(Keys.DELETE)
    slowly(price, "abc")
    click(browser, "#create-item")
    wait_for(browser, lambda: text_of(browser, "#new-price-error"), "why the price is refused", 10)
    assert text_of(browser, "#new-name-error") == ""
    screenshots(browser, "counter-unknown-create-refused")
    price.send_keys(Keys.CONTROL, "a")
    price.send_keys(Keys.DELETE)
    slowly(price, "2.75")
    slowly(browser.find_element(By.ID, "new-sku"), "BH-275")
    click(browser, "#create-item")
    wait_for(browser, lambda: text_of(browser, "#card h2") == "Brass Hinge", "the new item's card", 20)
    card = text_of(browser, "#card")
    assert CREATED in card and "BH-275" in card and "2.75" in card, card
    made = shown(hub, CREATED)
    variation = square.catalog.object.get(object_id=made["variation_id"]).object
    assert variation.item_variation_data.upc == CREATED and variation.item_variation_data.sku == "BH-275"
    assert variation.item_variation_data.price_money.amount == 275
    assert square.catalog.object.get(object_id=made["item_id"]).object.item_data.name == "Brass Hinge"
    screenshots(browser, "counter-unknown-created")
    assert console_errors(browser, expected=["422"]) == []


def test_sync_now_finds_an_item_planted_in_square(hub, paired):
    browser, square = paired, hub["square"]
    square.catalog.object.upsert(idempotency_key=uuid.uuid4().hex, object={
        "type": "ITEM", "id": "#planted", "item_data": {"name": "Planted Padlock", "variations": [{
            "type": "ITEM_VARIATION", "id": "#planted-regular", "item_variation_data": {
                "item_id": "#planted", "name": "Regular", "upc": PLANTED, "pricing_type": "FIXED_PRICING",
                "price_money": {"amount": 650, "currency": "GBP"}}}]}})
    scan(browser, PLANTED)
    click(browser, "#unknown-sync")
    wait_for(browser, lambda: text_of(browser, "#card h2") == "Planted Padlock", "the planted item after the sync", 60)
    assert PLANTED in text_of(browser, "#card")
    # A code Square does not have either: said so after the sync.
    scan(browser, "5060000000153")
    click(browser, "#unknown-sync")
    wait_for(browser, lambda: "Still unknown after the sync" in text_of(browser, "#unknown-status"),
             "still unknown", 60)
    screenshots(browser, "counter-unknown-still-unknown")
    assert console_errors(browser, expected=["404"]) == []


def test_while_the_hub_cannot_be_reached_the_actions_say_they_need_it(hub, paired):
    browser = paired
    scan(browser, "5060000000177")
    browser.execute_cdp_cmd("Network.enable", {})
    browser.execute_cdp_cmd("Network.setBlockedURLs", {"urls": ["*/api/*"]})
    try:
        click(browser, "#unknown-sync")
        wait_for(browser, lambda: "need the hub" in text_of(browser, "#unknown-why"), "the actions off, and why", 10)
        for button in ["unknown-sync", "unknown-attach", "unknown-create"]:
            assert not browser.find_element(By.ID, button).is_enabled(), button
        assert "cannot be reached" in text_of(browser, "#unknown-status")
        screenshots(browser, "counter-unknown-unreachable")
    finally:
        browser.execute_cdp_cmd("Network.setBlockedURLs", {"urls": []})
    wait_for(browser, lambda: browser.find_element(By.ID, "unknown-create").is_enabled(), "the actions back", 10)
    console_errors(browser)  # the blocked requests, on purpose


def test_the_unknown_codes_actions_pass_axe(hub, paired):
    """axe (WCAG 2.x A and AA) finds nothing in the card with the item search and then the new item's form open,
    a refusal beside a field included."""
    browser = paired
    scan(browser, "5060000000184")

    def violations():
        browser.execute_script(AXE_SCRIPT)
        answer = browser.execute_async_script(
            "const done = arguments[arguments.length - 1];"
            "const known = new Set(axe.getRules().flatMap((rule) => rule.tags));"
            "axe.run('#card', {runOnly: {type: 'tag', values: arguments[0].filter((t) => known.has(t))},"
            " resultTypes: ['violations']}).then(done, (error) => done({error: String(error)}))", WCAG_AA)
        assert "error" not in answer, answer
        return answer["violations"]
    click(browser, "#unknown-attach")
    slowly(wait_for(browser, lambda: browser.find_elements(By.ID, "attach-search"), "the item search")[0], "hammer")
    wait_for(browser, lambda: browser.find_elements(By.CSS_SELECTOR, "#attach-results button"), "the items")
    assert violations() == [], readable(violations())
    click(browser, "#unknown-create")
    wait_for(browser, lambda: browser.find_elements(By.ID, "new-name"), "the new item's form")
    click(browser, "#create-item")
    wait_for(browser, lambda: text_of(browser, "#new-name-error"), "why the name is needed", 10)
    assert violations() == [], readable(violations())
    console_errors(browser)  # the refusal's 422, on purpose
