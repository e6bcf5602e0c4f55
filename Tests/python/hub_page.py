"""What the browser tests of the hub share: `catalog serve` on the demo shop in `catalog sandbox` (the `hub`
fixture), the private cupsd it prints to, started only for the tests that print (`printer`), headless
Chromium through Selenium (`browser`), the browser paired with the hub's sign-in address (`paired`), and
helpers to size, wait, read and screenshot pages. A test module imports the fixtures it uses, so each module
gets its own hub."""

import json
import os
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
from square import Square

from catalog_process import REPO_ROOT, private_cups, require_program, run, start, stop, synced_demo

SIZES = {"counter": (1024, 768, False), "phone": (390, 844, True)}
TOKEN = "hub-browser-" + uuid.uuid4().hex[:8]


def artifacts():
    folder = os.environ.get("CATALOG_TEST_ARTIFACTS", os.path.join(REPO_ROOT, ".build", "test-artifacts", "hub"))
    os.makedirs(folder, exist_ok=True)
    return folder


@pytest.fixture(scope="module")
def hub(tmp_path_factory):
    """`catalog serve` at High Street on a free port, over the demo shop in `catalog sandbox`: a dict of its
    URL, its sign-in address, the environment that reaches its database, the Square SDK client of the sandbox
    and the CUPS server it prints to, a Unix socket where no cupsd listens until a test asks for `printer`:
    the tests that print nothing neither need CUPS nor wait for it."""
    folder = tmp_path_factory.mktemp("hub")
    with synced_demo(folder, TOKEN) as (sandbox, environment):
        cups = str(folder / "cups.sock")
        environment = dict(environment, CUPS_SERVER=cups)
        process, url = start(["serve", "--listen", "127.0.0.1:0", "--location", "High Street"], environment)
        try:
            yield {"url": url, "sign_in": sign_in_address(process), "environment": environment,
                   "square": Square(base_url=sandbox, token=TOKEN), "cups": cups}
        finally:
            stop(process)


@pytest.fixture(scope="module")
def printer(hub):
    """The hub's CUPS: a private cupsd started at the hub's CUPS_SERVER, with one raw queue, `tags`; the
    `RawPrinter` behind that queue. Only the tests that print ask for it."""
    with private_cups(hub["cups"]) as (_, tags):
        yield tags


def sign_in_address(process):
    """The one-time sign-in address `catalog serve` prints after it listens."""
    while True:
        line = process.lines.get(timeout=30)
        assert line is not None, "catalog serve stopped before printing its sign-in address"
        if "/pair?code=" in line:
            return line.split(": ", 1)[1].strip()


@pytest.fixture(scope="module")
def browser():
    chromedriver = require_program("chromedriver", "chromium-driver", ["/usr/bin/chromedriver"])
    require_program("chromium", "chromium", ["/usr/bin/chromium"])
    options = Options()
    for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     "--window-size=1024,768"]:
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=Service(chromedriver), options=options)
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


def click(driver, selector):
    """Clicks what matches `selector` now, in the page: a table the page redraws (after an event) may replace
    an element between finding it and clicking it."""
    clicked = driver.execute_script(
        "const found = document.querySelector(arguments[0]); if (found) found.click(); return !!found", selector)
    assert clicked, "nothing on the page matches " + selector


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


def pair_program(url, environment, name, role="manager"):
    """Pairs a program as a device named `name` with a code from `catalog devices pair --json --role ROLE`: a
    manager's unless said, so a test about something else may make any change (test_hub_roles pairs counters)."""
    made = run(["devices", "pair", "--json", "--role", role], environment)
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
