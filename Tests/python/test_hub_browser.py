"""The hub's counter screen in a real browser: Debian's Chromium, headless, driven by Selenium against
`catalog serve` on the demo shop in `catalog sandbox`, printing to a private cupsd. A person pairs the screen
with the sign-in address the hub prints, finds an item by typing a name with a typo, a keyboard-wedge
scanner's burst becomes a scan (never text in the search box), a scan posted by a remote counter appears as
it happens, a request without the device cookie or its CSRF token changes nothing, a tag is previewed,
printed and followed until the printer has it, and a price changed in Square meanwhile is a conflict shown
with both values. Screenshots of each page at 1024x768 and 390x844 are kept in .build/test-artifacts/hub (or
$CATALOG_TEST_ARTIFACTS) to look at."""

import json
import os
import shutil
import time
import urllib.error
import urllib.request
import uuid

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.select import Select
from square import Square

from catalog_process import REPO_ROOT, private_cups, run, start, stop, synced_demo

SIZES = {"counter": (1024, 768, False), "phone": (390, 844, True)}
WIDGET = "0012345678905"
CABLE_TIES = "05012345003627"
TOKEN = "hub-browser-" + uuid.uuid4().hex[:8]
pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


def artifacts():
    folder = os.environ.get("CATALOG_TEST_ARTIFACTS", os.path.join(REPO_ROOT, ".build", "test-artifacts", "hub"))
    os.makedirs(folder, exist_ok=True)
    return folder


@pytest.fixture(scope="module")
def hub(tmp_path_factory):
    """`catalog serve` at High Street on a free port, over the demo shop in `catalog sandbox`, printing to a
    private cupsd: a dict of its URL, its sign-in address, the environment that reaches its database, the
    Square SDK client of the sandbox and the printer behind the cupsd's `tags` queue."""
    folder = tmp_path_factory.mktemp("hub")
    with synced_demo(folder, TOKEN) as (sandbox, environment), private_cups() as (cups, tags):
        environment = dict(environment, CUPS_SERVER=cups)
        process, url = start(["serve", "--listen", "127.0.0.1:0", "--location", "High Street"], environment)
        try:
            yield {"url": url, "sign_in": sign_in_address(process), "environment": environment,
                   "square": Square(base_url=sandbox, token=TOKEN), "tags": tags}
        finally:
            stop(process)


def sign_in_address(process):
    """The one-time sign-in address `catalog serve` prints after it listens."""
    while True:
        line = process.lines.get(timeout=30)
        assert line is not None, "catalog serve stopped before printing its sign-in address"
        if "/pair?code=" in line:
            return line.split(": ", 1)[1].strip()


@pytest.fixture(scope="module")
def browser():
    if not shutil.which("chromedriver") and not os.path.exists("/usr/bin/chromedriver"):
        pytest.fail("no chromedriver: run scripts/setup.sh --with-test-tools (Debian's chromium-driver)")
    options = Options()
    for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     "--window-size=1024,768"]:
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=Service(shutil.which("chromedriver") or "/usr/bin/chromedriver"),
                              options=options)
    driver.implicitly_wait(0)
    yield driver
    driver.quit()


def size(driver, name):
    width, height, mobile = SIZES[name]
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": mobile})


def screenshots(driver, page):
    """Saves the page at both sizes (ending at the counter size)."""
    for name in ["phone", "counter"]:
        size(driver, name)
        time.sleep(0.2)
        driver.save_screenshot(os.path.join(artifacts(), "%s-%s.png" % (page, name)))


def wait_for(driver, condition, what, seconds=5):
    deadline = time.time() + seconds
    while time.time() < deadline:
        value = condition()
        if value:
            return value
        time.sleep(0.05)
    driver.save_screenshot(os.path.join(artifacts(), "failed.png"))
    pytest.fail("waited %ss for %s" % (seconds, what))


def text_of(driver, selector):
    """The text of the first element matching `selector`, or "" while there is none."""
    return driver.execute_script(
        "const found = document.querySelector(arguments[0]); return found ? found.innerText : ''", selector)


def console_errors(driver, expected=()):
    """The browser's errors since last asked, but for network errors the test caused on purpose (`expected`:
    parts of their messages, such as "409 (Conflict)")."""
    return [entry for entry in driver.get_log("browser") if entry["level"] == "SEVERE"
            and not (entry.get("source") == "network" and any(part in entry["message"] for part in expected))]


def request(url, method="GET", body=None, headers=None):
    """(status, JSON) of one request to the hub."""
    data = json.dumps(body).encode() if body is not None else None
    call = urllib.request.Request(url, data=data, method=method, headers=dict(headers or {}))
    if data is not None:
        call.add_header("Content-Type", "application/json")
    try:
        with urllib.request.urlopen(call, timeout=10) as answer:
            return answer.status, json.loads(answer.read() or b"null")
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read() or b"null")


def pair_program(url, environment, name):
    """Pairs a program as a device named `name` with a code from `catalog devices pair --json`."""
    made = run(["devices", "pair", "--json"], environment)
    assert made.returncode == 0, made.stderr
    code = json.loads(made.stdout)["code"]
    status, answer = request(url + "/api/v1/pair", "POST", {"code": code, "device_name": name})
    assert status == 201, answer
    return answer


@pytest.fixture(scope="module")
def paired(hub, browser):
    """The browser paired with the hub's sign-in address, on the counter screen."""
    url, sign_in = hub["url"], hub["sign_in"]
    size(browser, "counter")
    browser.get(sign_in)
    screenshots(browser, "pair")
    name = browser.find_element(By.ID, "device-name")
    name.clear()
    name.send_keys("Front till")
    name.send_keys(Keys.ENTER)
    wait_for(browser, lambda: browser.find_elements(By.ID, "search"), "the counter screen after pairing")
    assert browser.current_url == url + "/"
    return browser


def test_a_name_with_a_typo_finds_the_item_and_opens_its_card(hub, paired):
    browser = paired
    search = browser.find_element(By.ID, "search")
    assert browser.switch_to.active_element == search, "the search box has focus"
    for letter in "hamer":
        search.send_keys(letter)
        time.sleep(0.09)  # a person's pace: slower than a scanner's 50 ms
    first = wait_for(browser, lambda: browser.find_elements(By.CSS_SELECTOR, "#results li .name"), "results")
    assert first[0].text == "Claw Hammer"
    assert "8.30 GBP" in browser.find_element(By.CSS_SELECTOR, "#results li .price").text
    screenshots(browser, "counter-search")
    search.send_keys(Keys.ENTER)
    wait_for(browser, lambda: text_of(browser, "#card h2") == "Claw Hammer", "the card")
    card = browser.find_element(By.ID, "card").text
    assert "8.30 GBP" in card and "High Street" in card and "HT-0146-ST" in card
    screenshots(browser, "counter-card")
    # The first load stays small: the page, its stylesheet and script together.
    total = browser.execute_script(
        "return performance.getEntriesByType('navigation').concat(performance.getEntriesByType('resource'))"
        ".filter(e => !e.name.includes('/api/')).reduce((sum, e) => sum + e.encodedBodySize, 0)")
    assert 0 < total < 150 * 1024
    assert console_errors(browser) == []


def test_a_wedge_scanner_burst_is_a_scan_not_typing(hub, paired):
    browser = paired
    search = browser.find_element(By.ID, "search")
    search.clear()
    search.send_keys(Keys.ESCAPE)
    # Selenium types the whole string at once, a few milliseconds a key: a scanner's burst, then Enter.
    search.send_keys(WIDGET + Keys.ENTER)
    wait_for(browser, lambda: text_of(browser, "#card h2") == "Acme Blue Widget",
             "the scanned item's card")
    assert search.get_attribute("value") == "", "the scan did not land in the search box"
    row = wait_for(browser, lambda: browser.find_elements(By.CSS_SELECTOR, "#scans li"), "the scan in the list")
    assert "Front till" in row[0].text and "FOUND" in row[0].text
    assert console_errors(browser) == []


def test_a_remote_counters_scan_appears_as_it_happens(hub, paired):
    url, environment = hub["url"], hub["environment"]
    browser = paired
    # By default only this screen's own scans open the card; this screen follows every counter.
    Select(browser.find_element(By.ID, "follow")).select_by_value("*")
    device = pair_program(url, environment, "till-9 scanner")
    headers = {"Authorization": "Bearer " + device["token"], "X-CSRF-Token": device["csrf_token"]}
    status, answer = request(url + "/api/v1/scans", "POST",
                             {"id": "remote-1", "code": "05012345003627", "counter": "till-9"}, headers)
    assert status == 201 and answer["match"]["item_name"] == "Workshop Cable Ties"
    wait_for(browser, lambda: "till-9" in text_of(browser, "#scans"), "the remote scan")
    wait_for(browser, lambda: text_of(browser, "#card h2") == "Workshop Cable Ties",
             "the remote scan's card")
    screenshots(browser, "counter-scan")
    assert console_errors(browser) == []


def test_changes_without_the_cookie_or_the_csrf_token_change_nothing(hub, paired):
    url, environment = hub["url"], hub["environment"]
    body = {"code": WIDGET, "quantity": 4}
    assert request(url + "/api/v1/reorder", "POST", body)[0] == 401
    device = pair_program(url, environment, "script")
    assert request(url + "/api/v1/reorder", "POST", body, {"Authorization": "Bearer " + device["token"]})[0] == 403
    # The page's own cookie, sent without the page's CSRF token (as a forged form would), is refused too.
    cookie = paired.get_cookie("catalog_device")
    assert cookie["httpOnly"] and cookie["sameSite"] == "Strict"
    assert request(url + "/api/v1/reorder", "POST", body, {"Cookie": "catalog_device=" + cookie["value"]})[0] == 403
    listed = run(["reorder", "list", "--json"], environment)
    assert listed.returncode == 0, listed.stderr
    assert listed.stdout.strip() == "", "nothing was added"
    # The page itself adds to the list: the quantity field and the button on the card.
    browser = paired
    open_card(browser, "widget", "Acme Blue Widget")
    quantity = browser.find_element(By.ID, "reorder-qty")
    quantity.clear()
    quantity.send_keys("4")
    time.sleep(0.1)
    browser.find_element(By.ID, "reorder").click()
    wait_for(browser, lambda: "now on the reorder list" in text_of(browser, "#card-status"),
             "the reorder confirmation")
    listed = run(["reorder", "list", "--json"], environment)
    lines = [json.loads(line) for line in listed.stdout.splitlines()]  # one JSON object a line
    assert [(line["quantity"], line["counter"]) for line in lines] == [(4, "Front till")]
    assert console_errors(browser) == []


def slowly(field, text):
    """Types `text` at a person's pace (a scanner's burst would be taken for a scan)."""
    for letter in text:
        field.send_keys(letter)
        time.sleep(0.09)


def open_card(browser, words, name):
    """Finds `words` in the search box and opens the first result's card, which must be `name`."""
    search = browser.find_element(By.ID, "search")
    search.send_keys(Keys.ESCAPE)
    search.click()
    slowly(search, words)
    wait_for(browser, lambda: text_of(browser, "#results li .name") == name, "%s in the results" % name)
    search.send_keys(Keys.ENTER)
    wait_for(browser, lambda: text_of(browser, "#card h2") == name and browser.find_elements(By.ID, "open-tag"),
             "the card of " + name)


def test_a_tag_is_previewed_then_printed_and_followed_until_it_is_printed(hub, paired):
    browser = paired
    open_card(browser, "widget", "Acme Blue Widget")
    browser.find_element(By.ID, "open-tag").click()
    wait_for(browser, lambda: browser.execute_script(
        "const p = document.getElementById('tag-preview'); return p && p.complete && p.naturalWidth > 0"),
        "the tag's preview", seconds=15)
    assert Select(browser.find_element(By.ID, "tag-printer")).first_selected_option.get_attribute("value") == "tags"
    screenshots(browser, "counter-tag")
    browser.find_element(By.ID, "tag-print").click()
    wait_for(browser, lambda: "printed" in text_of(browser, "#tag-status"), "the job printed", seconds=30)
    document = wait_for(browser, lambda: hub["tags"].received(), "the job at the printer")[-1]
    assert document.startswith(b"^XA") or b"^XA" in document[:200], "the raw queue got ZPL"
    assert b"Acme Blue Widget" in document
    assert console_errors(browser) == []


def test_a_price_changed_in_square_meanwhile_is_a_conflict_shown_with_both_values(hub, paired):
    browser, square = paired, hub["square"]
    open_card(browser, "workshop cable", "Workshop Cable Ties")
    browser.find_element(By.ID, "open-price").click()
    wait_for(browser, lambda: browser.find_elements(By.ID, "price-value"), "the price form")
    browser.find_element(By.CSS_SELECTOR, "input[name=where][value=everywhere]").click()
    # Someone changes the base price in Square after the card was opened here.
    shown = json.loads(run(["show", CABLE_TIES, "--json"], hub["environment"]).stdout.splitlines()[0])
    variation = square.catalog.object.get(object_id=shown["variation_id"]).object
    body = variation.model_dump(mode="json", exclude_none=True)
    body["item_variation_data"]["price_money"]["amount"] = shown["base_price"]["amount"] + 10
    square.catalog.object.upsert(idempotency_key=uuid.uuid4().hex, object=body)
    theirs = "%.2f" % ((shown["base_price"]["amount"] + 10) / 100)
    field = browser.find_element(By.ID, "price-value")
    field.send_keys(Keys.CONTROL, "a")
    field.send_keys(Keys.DELETE)
    slowly(field, "8.49")
    field.send_keys(Keys.ENTER)
    conflict = wait_for(browser, lambda: text_of(browser, "#price-conflict"), "the conflict", seconds=15)
    assert theirs in conflict and "%.2f" % (shown["base_price"]["amount"] / 100) in conflict, conflict
    assert square.catalog.object.get(object_id=shown["variation_id"]).object.item_variation_data.price_money.amount \
        == shown["base_price"]["amount"] + 10, "nothing was written"
    screenshots(browser, "counter-price-conflict")
    browser.find_element(By.ID, "price-mine").click()
    wait_for(browser, lambda: "Changed in Square" in text_of(browser, "#card-status, #price-status"),
             "the change applied", seconds=15)
    now = square.catalog.object.get(object_id=shown["variation_id"]).object.item_variation_data.price_money
    assert (now.amount, now.currency) == (849, "GBP")
    assert console_errors(browser, expected=["409 (Conflict)"]) == []


def test_the_demo_hub_starts_with_no_account(tmp_path):
    environment = dict(os.environ, HOME=str(tmp_path))
    for name in ["SQUARE_ACCESS_TOKEN", "SQUARE_BASE_URL", "CATALOG_DB"]:
        environment.pop(name, None)
    process, url = start(["serve", "--demo", "--listen", "127.0.0.1:0"], environment)
    try:
        assert sign_in_address(process).startswith(url + "/pair?code=")
        hint = process.lines.get(timeout=10)
        assert "catalog devices pair --db " in hint, hint
        assert request(url + "/api/v1/health") == (200, {"ok": True})
        assert request(url + "/api/v1/search?q=widget")[0] == 401
    finally:
        stop(process)
