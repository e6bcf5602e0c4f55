"""What a scan did, as the counter screen shows it, in a real browser (Debian's Chromium against `catalog serve`
on the demo shop in `catalog sandbox`): the outcome line above the card in the colour of its kind, with a sound
for this screen's own scans and a switch to mute it; a receive scan's stock change, large, with an Undo that
takes the unit back out of Square's stock (read back through Square's SDK) and a tag offered for it; the scan list as structured rows,
eight or more of them in view at 1024x768 with an item's card open; prices in the location's currency."""

import time
import uuid

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.select import Select

from hub_page import (browser, click, console_errors, hub, pair_program, paired,  # noqa: F401
                      request, screenshots, text_of, wait_for)

WIDGET = "0012345678905"
CABLE_TIES = "05012345003627"
pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


def in_stock(hub, code):
    """Square's IN_STOCK count of the variation `code` names at High Street, read from the sandbox."""
    client = hub["square"]
    high_street = next(loc.id for loc in client.locations.list().locations if loc.name == "High Street")
    variation = request(hub["url"] + "/api/v1/variations/" + code, "GET", None, hub["reader"])[1][0]["variation_id"]
    counts = client.inventory.get(catalog_object_id=variation, location_ids=high_street)
    quantities = [c.quantity for c in counts if c.state == "IN_STOCK" and c.location_id == high_street]
    return quantities[0] if quantities else "0"


@pytest.fixture(scope="module")
def reader(hub):
    device = pair_program(hub["url"], hub["environment"], "outcome reader")
    hub["reader"] = {"Authorization": "Bearer " + device["token"], "X-CSRF-Token": device["csrf_token"]}
    return hub["reader"]


def set_mode(browser, mode):
    Select(browser.find_element(By.ID, "mode-select")).select_by_value(mode)
    wait_for(browser, lambda: browser.execute_script("return document.body.dataset.mode") == mode, mode + " mode")


def scan(browser, code):
    """A keyboard-wedge scanner's burst into the page (a few ms a key, then Enter)."""
    search = browser.find_element(By.ID, "search")
    search.click()
    search.send_keys(code + "\n")


def test_a_receive_scan_shows_the_stock_change_and_can_be_undone(hub, paired, reader):
    browser = paired
    before = in_stock(hub, WIDGET)
    set_mode(browser, "receive")
    scan(browser, WIDGET)
    wait_for(browser, lambda: browser.execute_script("return document.querySelector('.result').dataset.kind")
             == "received", "the received outcome")
    line = text_of(browser, "#outcome")
    after = in_stock(hub, WIDGET)
    assert float(after) == float(before) + 1, (before, after)
    assert "+1 received" in line and "stock %s → %s" % (before, after) in line, line
    assert browser.execute_script("return document.body.dataset.sound") == "received"
    undo = wait_for(browser, lambda: browser.find_elements(By.ID, "undo"), "the Undo button")[0]
    assert "Undo (" in undo.text, undo.text
    # A tag for what arrived is offered beside it (one per unit; per case where Square has a case size).
    wait_for(browser, lambda: [b for b in browser.find_elements(By.CSS_SELECTOR, "#outcome-actions button")
                               if b.text == "Print 1 tag"], "the tag offered for what arrived")
    screenshots(browser, "counter-received")
    click(browser, "#undo")
    wait_for(browser, lambda: "Undone" in text_of(browser, "#outcome"), "the undo said")
    assert in_stock(hub, WIDGET) == before, "the undo took the unit back out of Square's stock"
    assert "Undone" in text_of(browser, "#scans li"), text_of(browser, "#scans li")
    set_mode(browser, "lookup")
    assert console_errors(browser) == []


def test_each_kind_has_its_colour_and_sound_and_the_sound_can_be_muted(hub, paired):
    browser = paired
    kind = lambda: browser.execute_script("return document.querySelector('.result').dataset.kind")  # noqa: E731
    scan(browser, "5000000000005")
    wait_for(browser, lambda: kind() == "unknown", "the unknown outcome")
    assert browser.execute_script("return document.body.dataset.sound") == "unknown"
    assert "Unknown code" in text_of(browser, "#outcome")
    colour = browser.execute_script(
        "return getComputedStyle(document.querySelector('#outcome')).backgroundColor")
    scan(browser, WIDGET)
    wait_for(browser, lambda: kind() == "found", "the found outcome")
    assert browser.execute_script(
        "return getComputedStyle(document.querySelector('#outcome')).backgroundColor") != colour
    assert browser.execute_script("return document.body.dataset.sound") == "found"
    click(browser, "#sound")
    assert browser.find_element(By.ID, "sound").get_attribute("aria-pressed") == "false"
    scan(browser, CABLE_TIES)
    wait_for(browser, lambda: "Workshop Cable Ties" in text_of(browser, "#card h2"), "the cable ties")
    assert browser.execute_script("return document.body.dataset.sound") == "muted"
    click(browser, "#sound")
    assert browser.find_element(By.ID, "sound").get_attribute("aria-pressed") == "true"


def test_the_scan_list_shows_eight_rows_beside_an_open_card_at_1024x768(hub, paired, reader):
    browser = paired
    for number in range(10):
        status, _ = request(hub["url"] + "/api/v1/scans", "POST",
                            {"id": "rows-%s-%d" % (uuid.uuid4().hex[:6], number), "code": CABLE_TIES,
                             "counter": "till-7"}, reader)
        assert status == 201
    wait_for(browser, lambda: len(browser.find_elements(By.CSS_SELECTOR, "#scans li")) >= 10, "ten rows")
    scan(browser, WIDGET)
    wait_for(browser, lambda: text_of(browser, "#card h2") == "Acme Blue Widget", "the card")
    time.sleep(0.2)
    in_view = browser.execute_script(
        "return Array.from(document.querySelectorAll('#scans li')).filter((li) => {"
        " const box = li.getBoundingClientRect(), list = document.querySelector('.scans').getBoundingClientRect();"
        " return box.top >= 0 && box.bottom <= innerHeight && box.bottom <= list.bottom + 1 }).length")
    screenshots(browser, "counter-scan-list")
    assert in_view >= 8, in_view
    row = text_of(browser, "#scans li:nth-child(2)")
    assert "till-7" in row and "Found" in row and "Workshop Cable Ties" in row, row


def test_prices_and_times_are_the_locations(hub, paired):
    browser = paired
    search = browser.find_element(By.ID, "search")
    search.clear()
    for letter in "hammer":
        search.send_keys(letter)
        time.sleep(0.06)
    wait_for(browser, lambda: text_of(browser, "#results li .name") == "Claw Hammer", "Claw Hammer")
    assert text_of(browser, "#results li .price").startswith("£"), text_of(browser, "#results li .price")
    assert "stock" in text_of(browser, "#results li .meta")
    locale = browser.execute_script("return document.querySelector('meta[name=locale]').content")
    zone = browser.execute_script("return document.querySelector('meta[name=\"time-zone\"]').content")
    assert (locale, zone) == ("en-GB", "Europe/London")
    times = browser.execute_script("return Array.from(document.querySelectorAll('#scans time')).map((t) => t.textContent)")
    assert times and all(len(t) == 5 and t[2] == ":" for t in times), times
    search.clear()
