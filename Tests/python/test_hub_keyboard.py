"""The counter screen's keyboard and what it keeps while the hub is away, in a real browser (Debian's
Chromium, headless, through Selenium) against `catalog serve` on the demo shop.

Typing is typing: "milk" typed at 40 ms a key stays in the search box and is no scan, nor is a held key's
auto-repeat; a scanner's burst (Selenium types a whole string in a few milliseconds a key) is a scan whose
characters are taken back out of the field it went to (the search box, the quantity, the price being typed),
and one into the focused mode select switches no mode; Tab to the quantity and 6 gives 6; Space presses the
button that has the focus. Nothing is lost: with the hub stopped a wedge scan waits on the screen ("1
waiting"), the card's price is "as of" when it was read, and when the hub is started again on the same
database and port the scan arrives once, with the mode and time it was made in; a price change and a reorder
add kept meanwhile are written once, a scan kept in reorder mode is a reorder add though the counter was put
back in lookup meanwhile; the page catches up with scans it missed; a reload fills the scan list from the
hub's scan log; a screen that cannot keep scans says so and refuses a scan it cannot send. Screenshots go to
.build/test-artifacts/hub (or $CATALOG_TEST_ARTIFACTS)."""

import datetime
import re
import statistics
import time

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.select import Select

from catalog_process import free_port, run, start, stop, synced_demo
from hub_page import (browser, pair_program, paired, request, screenshots, sign_in_address,  # noqa: F401
                      text_of, wait_for, TOKEN)
from test_hub_browser import open_card

WIDGET = "0012345678905"  # Acme Blue Widget, Large
WIDGET_MEDIUM = "4006381333931"
CABLE_TIES = "05012345003627"
CLAW_HAMMER = "061234502401"
# The page's scanner rule made lenient through its meta values (added before its script reads them).
# The hub sends its own scan-max-gap-ms: this sets the meta's content whether the page has one or not.
SLOW_SCANNER = ("document.addEventListener('readystatechange', () => { if (document.readyState !== 'interactive')"
                " return; for (const [name, value] of [['scan-max-gap-ms', '250'], ['scan-end-ms', '400']]) {"
                " let meta = document.querySelector(`meta[name='${name}']`); if (!meta) {"
                " meta = document.createElement('meta'); meta.name = name; document.head.append(meta); }"
                " meta.content = value; } });")
pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


class Hub(dict):
    """`catalog serve` at High Street on a fixed port over the synced demo shop, which can be stopped and
    started again on the same database and port (the page's address stays the same)."""

    def __init__(self, environment):
        address = "127.0.0.1:%d" % free_port()
        super().__init__(environment=environment, arguments=["serve", "--listen", address, "--location",
                                                            "High Street", "--sync-every", "0"])
        self.process = None
        self.start()

    def start(self):
        self.process, self["url"] = start(self["arguments"], self["environment"])
        self["sign_in"] = sign_in_address(self.process)

    def stop(self):
        stop(self.process)
        self.process = None


@pytest.fixture(scope="module")
def hub(tmp_path_factory):
    with synced_demo(tmp_path_factory.mktemp("keyboard-hub"), TOKEN) as (_, environment):
        running = Hub(environment)
        try:
            yield running
        finally:
            if running.process:
                running.stop()


@pytest.fixture(autouse=True)
def hub_started_again(request):
    """A test that stops the hub and fails before it starts it again would leave every later test of the
    module without one (seen in CI: one failure under load, five more from a refused connection): after
    each test, a stopped hub is started again."""
    yield
    if "hub" in request.fixturenames:
        hub = request.getfixturevalue("hub")
        if hub.process is None:
            hub.start()


@pytest.fixture(scope="module")
def log_reader(hub):
    """A program's bearer header, to read the hub's scan log."""
    device = pair_program(hub["url"], hub["environment"], "scan log reader")
    return {"Authorization": "Bearer " + device["token"]}


def logged(hub, headers, code=None):
    """The hub's scan log (newest first), of this screen's scans, of `code` when given."""
    status, rows = request(hub["url"] + "/api/v1/scans?limit=500", "GET", None, headers)
    assert status == 200, rows
    return [row for row in rows if row["counter"] == "Front till" and (code is None or row["code"] == code)]


def moment(text):
    """An RFC 3339 time in UTC as the hub writes it (up to nanoseconds) as a datetime."""
    match = re.fullmatch(r"(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d)(\.\d+)?Z", text)
    assert match, text
    return datetime.datetime.fromisoformat(match.group(1) + (match.group(2) or ".0")[:7].ljust(7, "0") + "+00:00")


def record_keys(browser):
    """Keeps each keydown's time as the page sees it (window.keyTimes), to say how fast the keys came."""
    browser.execute_script(
        "window.keyTimes = []; if (!window.keyRecorder) { window.keyRecorder = true;"
        " document.addEventListener('keydown', (e) => window.keyTimes.push([e.key, e.timeStamp, e.repeat]), true); }")


def key_gaps(browser):
    times = [entry[1] for entry in browser.execute_script("return window.keyTimes")]
    return [later - earlier for earlier, later in zip(times, times[1:])]


def paced(field, text, gap):
    """Types `text` into `field` one key each `gap` seconds: each key sent `gap` after the one before was sent
    (never sooner, as catching up after a slow send would)."""
    sent = -gap
    for letter in text:
        delay = sent + gap - time.perf_counter()
        if delay > 0:
            time.sleep(delay)
        sent = time.perf_counter()
        field.send_keys(letter)


def fresh_search(browser):
    search = browser.find_element(By.ID, "search")
    search.click()
    search.send_keys(Keys.ESCAPE)
    wait_for(browser, lambda: search.get_attribute("value") == "", "an empty search box")
    return search


def test_milk_typed_at_40_ms_a_key_is_text_not_a_scan(hub, paired, log_reader):
    browser = paired
    before = len(logged(hub, log_reader))
    search = fresh_search(browser)
    record_keys(browser)
    paced(search, "milk", 0.04)
    # A fast typist's longer words too: more than the shortest code, still 40 ms a key.
    time.sleep(0.3)
    assert search.get_attribute("value") == "milk"
    # Sent every 40 ms; a loaded machine delivers them later (a median of 85 ms was seen in CI), which is
    # still a person's pace: the check is only that they did not come at a scanner's. When the machine
    # held them much longer (a median of 204 ms once, the whole suite beside), the words were typed slower
    # than the test means, so they are typed again, up to three times.
    for _ in range(3):
        search.send_keys(Keys.ESCAPE)
        record_keys(browser)
        paced(search, "semi skimmed milk", 0.04)
        gaps = key_gaps(browser)
        if statistics.median(gaps) < 150:
            break
    assert 25 < statistics.median(gaps) < 150, "the keys came at a person's pace, not a scanner's: %s" % gaps
    time.sleep(0.3)
    assert search.get_attribute("value") == "semi skimmed milk", "every character stays in the box: %s" % gaps
    assert len(logged(hub, log_reader)) == before, "no scan was posted: %s" % gaps
    assert "Scanned" not in text_of(browser, "#search-note")


def cdp_key(browser, letter, repeat):
    """A key pressed (or, with `repeat`, held: the keyboard's auto-repeat) through DevTools, as a real key."""
    browser.execute_cdp_cmd("Input.dispatchKeyEvent", {
        "type": "keyDown", "key": letter, "code": "Key" + letter.upper(), "text": letter, "unmodifiedText": letter,
        "windowsVirtualKeyCode": ord(letter.upper()), "autoRepeat": repeat})


def cdp_key_up(browser, letter):
    browser.execute_cdp_cmd("Input.dispatchKeyEvent", {
        "type": "keyUp", "key": letter, "code": "Key" + letter.upper(), "windowsVirtualKeyCode": ord(letter.upper())})


def lenient_scanner(browser):
    """Reloads the page with its scanner rule made lenient (SLOW_SCANNER); the identifier of the script that does
    it, for `strict_scanner`."""
    lenient = browser.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": SLOW_SCANNER})
    browser.refresh()
    wait_for(browser, lambda: browser.find_elements(By.ID, "search"), "the counter screen")
    return lenient["identifier"]


def strict_scanner(browser, identifier, hub=None):
    """Reloads the page with the hub's own scanner rule again (once the hub answers, when `hub` is given: a test
    that failed with the hub stopped leaves the reload to the page's next load)."""
    browser.execute_cdp_cmd("Page.removeScriptToEvaluateOnNewDocument", {"identifier": identifier})
    if hub is not None and hub.process is None:
        return
    browser.refresh()
    wait_for(browser, lambda: browser.find_elements(By.ID, "search"), "the counter screen again")


def test_a_held_keys_auto_repeat_is_not_a_scan(hub, paired, log_reader):
    browser = paired
    # Keys sent one by one through DevTools come 10 to 50 ms apart on a busy machine: this page is told (by
    # its meta values, which it reads at load) to take bursts of keys up to 250 ms apart, so that the keys
    # below are a scanner's burst by their timing whatever the machine's load.
    identifier = lenient_scanner(browser)
    try:
        search = fresh_search(browser)
        # Keys each pressed anew: a scanner's burst, taken back out of the box.
        before = len(logged(hub, log_reader))
        for _ in range(12):
            cdp_key(browser, "z", False)
            cdp_key_up(browser, "z")
        wait_for(browser, lambda: len(logged(hub, log_reader)) == before + 1, "the burst posted as a scan")
        assert logged(hub, log_reader)[0]["code"] == "z" * 12
        wait_for(browser, lambda: search.get_attribute("value") == "", "the burst taken out of the box")
        # A held key: one press, then the keyboard's auto-repeat, as fast.
        cdp_key(browser, "z", False)
        for _ in range(11):
            cdp_key(browser, "z", True)
        cdp_key_up(browser, "z")
        time.sleep(0.6)
        assert search.get_attribute("value") == "z" * 12, "a held key types"
        assert len(logged(hub, log_reader)) == before + 1, "a held key posts no scan"
        search.send_keys(Keys.ESCAPE)
    finally:
        strict_scanner(browser, identifier)


def test_a_burst_in_the_search_box_is_a_scan_and_leaves_the_box_as_it_was(hub, paired, log_reader):
    browser = paired
    search = fresh_search(browser)
    paced(search, "hamm", 0.09)
    wait_for(browser, lambda: text_of(browser, "#results li .name") == "Claw Hammer", "Claw Hammer in the results")
    record_keys(browser)
    search.send_keys(WIDGET + Keys.ENTER)  # a scanner: a few milliseconds a key, then Enter
    wait_for(browser, lambda: logged(hub, log_reader, WIDGET), "the scan in the hub's log (key gaps %s)"
             % key_gaps(browser))
    wait_for(browser, lambda: text_of(browser, "#card h2") == "Acme Blue Widget", "the scanned item's card")
    assert search.get_attribute("value") == "hamm", "the box is as it was before the burst"
    assert browser.switch_to.active_element == search
    wait_for(browser, lambda: text_of(browser, "#results li .name") == "Claw Hammer", "the search as it was")
    # Ended by silence, with no Enter: the same.
    search.send_keys(CABLE_TIES)
    wait_for(browser, lambda: logged(hub, log_reader, CABLE_TIES), "the scan ended by silence")
    wait_for(browser, lambda: text_of(browser, "#card h2") == "Workshop Cable Ties", "its card")
    assert search.get_attribute("value") == "hamm"
    wait_for(browser, lambda: "Workshop Cable Ties" in text_of(browser, "#scans li"), "the scan in the list")
    screenshots(browser, "counter-keyboard-scan")


def test_tab_to_the_quantity_then_6_gives_6_and_space_presses_a_button(hub, paired, log_reader):
    browser = paired
    # What happens to a scan and to the keys a person presses is checked here, not the burst rule: under a
    # loaded machine Selenium's keys came over 25 ms apart and the scan was typed (a flake). The page takes
    # bursts of keys up to 250 ms apart, and the person's "6" is followed by more than its 400 ms of silence.
    identifier = lenient_scanner(browser)
    try:
        tab_to_the_quantity_then_6_and_space(hub, browser, log_reader)
    finally:
        strict_scanner(browser, identifier)


def tab_to_the_quantity_then_6_and_space(hub, browser, log_reader):
    open_card(browser, "hamm", "Claw Hammer")
    search = browser.find_element(By.ID, "search")
    search.send_keys(Keys.TAB)
    active = browser.switch_to.active_element
    assert active.get_attribute("id") == "reorder-qty", active.get_attribute("outerHTML")
    active.send_keys("6")
    wait_for(browser, lambda: browser.find_element(By.ID, "reorder-qty").get_attribute("value") == "6", "the 6")
    time.sleep(0.5)
    # A scanner's burst while the quantity has the focus is a scan, and the quantity stays 6.
    before = len(logged(hub, log_reader, WIDGET))
    browser.switch_to.active_element.send_keys(WIDGET + Keys.ENTER)
    wait_for(browser, lambda: len(logged(hub, log_reader, WIDGET)) == before + 1, "the scan from the quantity")
    time.sleep(1.0)  # a Tab or Enter up to twice the burst's end (400 ms here) after it is still the scanner's
    assert browser.find_element(By.ID, "reorder-qty").get_attribute("value") == "6"
    assert browser.switch_to.active_element.get_attribute("id") == "reorder-qty"
    # Tab on to the buttons; Space presses the one with the focus, Enter too.
    for _ in range(3):
        browser.switch_to.active_element.send_keys(Keys.TAB)
    button = browser.switch_to.active_element
    assert button.get_attribute("id") == "open-price", button.get_attribute("outerHTML")
    button.send_keys(Keys.SPACE)
    wait_for(browser, lambda: browser.find_elements(By.ID, "price-value"), "the price form opened by Space")
    assert browser.find_element(By.ID, "open-price").get_attribute("aria-expanded") == "true"
    assert search.get_attribute("value") == "hamm", "Space typed nothing into the search box"
    browser.find_element(By.ID, "open-price").send_keys(Keys.ENTER)
    wait_for(browser, lambda: not browser.find_elements(By.ID, "price-value"), "the price form closed by Enter")
    assert browser.find_element(By.ID, "reorder-qty").get_attribute("value") == "6"


def test_typing_with_nothing_focused_goes_to_the_search_box(hub, paired):
    browser = paired
    search = fresh_search(browser)
    browser.execute_script("document.activeElement.blur()")
    assert browser.execute_script("return document.activeElement === document.body")
    ActionChains(browser).send_keys("h").pause(0.1).send_keys("a").perform()
    wait_for(browser, lambda: search.get_attribute("value") == "ha", "the letters in the search box")
    assert browser.switch_to.active_element == search
    search.send_keys(Keys.ESCAPE)


def test_a_burst_while_the_mode_select_has_the_focus_is_a_scan_and_switches_nothing(hub, paired, log_reader):
    browser = paired
    # After choosing a mode with the mouse the select keeps the focus; the next scan types into it, and a
    # select picks the option its letters start ("a" is "adds to reorder list").
    browser.execute_script(
        "window.modesShown = []; new MutationObserver(() => modesShown.push(document.body.dataset.mode))"
        ".observe(document.body, {attributes: true, attributeFilter: ['data-mode']});"
        "document.getElementById('mode-select').focus()")
    before = len(logged(hub, log_reader, "AC-WDG-0042-L"))
    browser.switch_to.active_element.send_keys("AC-WDG-0042-L" + Keys.ENTER)
    wait_for(browser, lambda: len(logged(hub, log_reader, "AC-WDG-0042-L")) == before + 1, "the scan")
    time.sleep(0.5)
    assert browser.execute_script("return document.body.dataset.mode") == "lookup"
    assert set(browser.execute_script("return window.modesShown")) <= {"lookup"}, "no other mode, not even briefly"
    assert browser.find_element(By.ID, "mode-select").get_attribute("value") == "lookup"
    status, state = request(hub["url"] + "/api/v1/counters/Front%20till", "GET", None, log_reader)
    assert (status, state["mode"]) == (200, "lookup"), state
    assert logged(hub, log_reader, "AC-WDG-0042-L")[0]["mode"] == "lookup"


def test_a_burst_while_typing_a_price_is_a_scan_and_leaves_the_price(hub, paired, log_reader):
    browser = paired
    open_card(browser, "hamm", "Claw Hammer")
    browser.find_element(By.ID, "open-price").click()
    field = wait_for(browser, lambda: browser.find_elements(By.ID, "price-value"), "the price form")[0]
    field.send_keys(Keys.CONTROL, "a")
    field.send_keys(Keys.DELETE)
    paced(field, "4.20", 0.09)
    # A person's pause before the scan: with the next key within the scanner rule's 25 ms (as on an idle
    # machine, where the two calls below took less), the price's last 0 began the burst.
    time.sleep(0.2)
    before = len(logged(hub, log_reader, WIDGET_MEDIUM))
    record_keys(browser)
    field.send_keys(WIDGET_MEDIUM + Keys.ENTER)
    wait_for(browser, lambda: len(logged(hub, log_reader, WIDGET_MEDIUM)) == before + 1,
             "the scan in the hub's log (key gaps %s)" % key_gaps(browser))
    time.sleep(0.3)
    assert browser.find_element(By.ID, "price-value").get_attribute("value") == "4.20"
    assert browser.switch_to.active_element.get_attribute("id") == "price-value"
    assert text_of(browser, "#card h2") == "Claw Hammer", "the card stays while a price is typed"
    assert text_of(browser, "#price-status") == "", "the burst's Enter sent no price"
    wait_for(browser, lambda: "Acme Blue Widget" in text_of(browser, "#scans li"), "the scan in the list")
    assert "card stays" in text_of(browser, "#search-note")
    screenshots(browser, "counter-keyboard-price")
    browser.find_element(By.ID, "open-price").click()


def test_a_scan_made_while_the_hub_is_away_waits_and_arrives_once(hub, paired, log_reader):
    browser = paired
    # What this test checks is what happens to a scan, not the burst rule (the tests above): Selenium's keys,
    # sent one by one, came over 25 ms apart once the whole suite ran beside it, and the scan was typed into
    # the box instead. The page takes bursts of keys up to 250 ms apart here.
    identifier = lenient_scanner(browser)
    try:
        scan_kept_while_the_hub_is_away(hub, browser, log_reader)
    finally:
        strict_scanner(browser, identifier, hub)


def scan_kept_while_the_hub_is_away(hub, browser, log_reader):
    open_card(browser, "hamm", "Claw Hammer")
    hub.stop()
    stopped = datetime.datetime.now(datetime.timezone.utc)
    # The card says the hub is away and its price is as of when it was read.
    wait_for(browser, lambda: "as of" in text_of(browser, "#card .price"), "the card's price as of its time", 10)
    assert "cannot be reached" in text_of(browser, "#card-old")
    screenshots(browser, "counter-offline-card")
    search = fresh_search(browser)
    record_keys(browser)
    search.send_keys(WIDGET_MEDIUM + Keys.ENTER)
    wait_for(browser, lambda: text_of(browser, "#waiting") == "1 waiting", "1 waiting on the banner (key gaps %s)"
             % key_gaps(browser))
    assert text_of(browser, "#card h2") == "Kept, not sent yet"
    assert search.get_attribute("value") == ""
    screenshots(browser, "counter-offline-waiting")
    kept = browser.execute_async_script(
        "const done = arguments[0]; indexedDB.open('catalog-counter').onsuccess = (e) => {"
        " e.target.result.transaction('waiting').objectStore('waiting').getAll()"
        ".onsuccess = (r) => done(r.target.result); }")
    assert [(entry["kind"], entry["mode"], entry["body"]["code"]) for entry in kept] \
        == [("scan", "lookup", WIDGET_MEDIUM)]
    time.sleep(1)
    hub.start()
    restarted = datetime.datetime.now(datetime.timezone.utc)
    wait_for(browser, lambda: text_of(browser, "#waiting") == "", "nothing waiting once the hub answers", 15)
    rows = [row for row in logged(hub, log_reader, WIDGET_MEDIUM)
            if moment(row["received_at"]) > stopped]
    assert len(rows) == 1, rows
    row = rows[0]
    scanned = moment(row["scanned_at"])
    assert stopped < scanned < restarted, (row, stopped, restarted)
    assert row["mode"] == "lookup" and row["scan_id"] == kept[0]["id"]
    # The page caught up without a reload: the scan is in its list; nothing waits in IndexedDB.
    wait_for(browser, lambda: "Acme Blue Widget" in text_of(browser, "#scans li"), "the kept scan in the list")
    time.sleep(2.5)  # a second send (the probe and the event stream both noticing) would show here
    assert len([row for row in logged(hub, log_reader, WIDGET_MEDIUM) if row["scan_id"] == kept[0]["id"]]) == 1
    # A reload fills the scan list from the hub's log.
    status, rows = request(hub["url"] + "/api/v1/scans?limit=5", "GET", None, log_reader)
    expected = [row["scan_id"] for row in rows]  # every counter's, newest first
    browser.refresh()
    wait_for(browser, lambda: len(browser.find_elements(By.CSS_SELECTOR, "#scans li")) >= len(expected),
             "the scan list")
    shown = browser.execute_script(
        "return Array.from(document.querySelectorAll('#scans li')).slice(0, arguments[0])"
        ".map((li) => li.dataset.scan)", len(expected))
    assert shown == expected
    screenshots(browser, "counter-after-reload")


def test_a_scan_kept_in_reorder_mode_is_a_reorder_add_when_it_arrives_though_the_counter_is_back_in_lookup(
        hub, paired, log_reader):
    browser = paired
    identifier = lenient_scanner(browser)  # as in the test above: a kept scan, not the burst rule, is checked
    try:
        scan_kept_in_reorder_mode(hub, browser, log_reader)
    finally:
        strict_scanner(browser, identifier, hub)


def scan_kept_in_reorder_mode(hub, browser, log_reader):
    manager = pair_program(hub["url"], hub["environment"], "back office")
    mode = lambda: browser.execute_script("return document.body.dataset.mode")  # noqa: E731
    Select(browser.find_element(By.ID, "mode-select")).select_by_value("reorder")
    wait_for(browser, lambda: mode() == "reorder", "the reorder banner")
    # The page hears nothing of the hub until its counter has been put back in lookup mode meanwhile.
    browser.execute_cdp_cmd("Network.enable", {})
    browser.execute_cdp_cmd("Network.setBlockedURLs", {"urls": ["*/api/v1/events*", "*/api/v1/health*"]})
    try:
        hub.stop()
        search = fresh_search(browser)
        search.send_keys(CLAW_HAMMER + Keys.ENTER)
        wait_for(browser, lambda: text_of(browser, "#waiting") == "1 waiting", "1 waiting on the banner")
        assert "reorder mode" in text_of(browser, "#card")
        hub.start()
        status, state = request(hub["url"] + "/api/v1/counters/Front%20till/mode", "POST", {"mode": "lookup"},
                                {"Authorization": "Bearer " + manager["token"], "X-CSRF-Token": manager["csrf_token"]})
        assert (status, state["mode"]) == (200, "lookup"), state
    finally:
        browser.execute_cdp_cmd("Network.setBlockedURLs", {"urls": []})
    wait_for(browser, lambda: text_of(browser, "#waiting") == "", "nothing waiting once the hub answers", 15)
    rows = logged(hub, log_reader, CLAW_HAMMER)
    assert len(rows) == 1, rows
    assert rows[0]["mode"] == "reorder" and rows[0]["action"].startswith("reorder +1"), rows[0]
    status, lines = request(hub["url"] + "/api/v1/reorder", "GET", None, log_reader)
    assert [line["quantity"] for line in lines if line["item"] == "Claw Hammer"] == [1]
    Select(browser.find_element(By.ID, "mode-select")).select_by_value("lookup")
    wait_for(browser, lambda: mode() == "lookup", "the lookup banner again")


def test_after_a_hub_restart_the_page_catches_up_with_the_scans_it_missed(hub, paired, log_reader):
    browser = paired
    till = pair_program(hub["url"], hub["environment"], "till-2")
    # The page may still be coming back from the test before (its retries wait longer each time): once, with
    # the whole suite beside it, that took over 5 s.
    wait_for(browser, lambda: not browser.execute_script("return document.body.classList.contains('offline')"),
             "the page connected", 20)
    # The page hears nothing of the hub (no event stream, no answer to its probe) until the hub has taken a
    # scan from another counter: only catching up can show that scan.
    browser.execute_cdp_cmd("Network.enable", {})
    browser.execute_cdp_cmd("Network.setBlockedURLs", {"urls": ["*/api/v1/events*", "*/api/v1/health*"]})
    try:
        hub.stop()
        wait_for(browser, lambda: browser.execute_script(
            "return document.body.classList.contains('hub-unreachable')"), "the page knowing the hub is away", 10)
        hub.start()
        status, answer = request(hub["url"] + "/api/v1/scans", "POST",
                                 {"id": "till-2-catch-up", "code": CABLE_TIES, "counter": "till-2"},
                                 {"Authorization": "Bearer " + till["token"], "X-CSRF-Token": till["csrf_token"]})
        assert status == 201, answer
        time.sleep(0.5)
        assert "till-2" not in text_of(browser, "#scans"), "the page cannot have heard of it yet"
    finally:
        browser.execute_cdp_cmd("Network.setBlockedURLs", {"urls": []})
    wait_for(browser, lambda: "till-2" in text_of(browser, "#scans li"), "the missed scan in the list", 10)
    assert not browser.execute_script("return document.body.classList.contains('hub-unreachable')")


def test_a_stream_the_browser_gave_up_on_is_opened_again_and_brings_scans(hub, paired):
    browser = paired
    till = pair_program(hub["url"], hub["environment"], "till-3")
    offline = lambda: browser.execute_script("return document.body.classList.contains('offline')")  # noqa: E731
    wait_for(browser, lambda: not offline(), "the page connected", 20)
    # An answer that is not the stream (a proxy's error page while the hub restarts; here the request is
    # blocked) makes the browser give up on the stream for good: before the page opened it again itself, the
    # screen said "connection lost" until it was reloaded, and heard no scan.
    browser.execute_cdp_cmd("Network.enable", {})
    browser.execute_cdp_cmd("Network.setBlockedURLs", {"urls": ["*/api/v1/events*"]})
    try:
        hub.stop()
        wait_for(browser, offline, "the page saying the connection is lost")
        hub.start()
        time.sleep(3)  # the browser's own retry, 2 s after the stream ended, was blocked
        assert offline()
    finally:
        browser.execute_cdp_cmd("Network.setBlockedURLs", {"urls": []})
    wait_for(browser, lambda: not offline(), "the page connected again", 10)
    status, answer = request(hub["url"] + "/api/v1/scans", "POST",
                             {"id": "till-3-reopened", "code": CABLE_TIES, "counter": "till-3"},
                             {"Authorization": "Bearer " + till["token"], "X-CSRF-Token": till["csrf_token"]})
    assert status == 201, answer
    wait_for(browser, lambda: "till-3" in text_of(browser, "#scans li"), "the scan heard on the stream opened again")


def test_a_price_change_made_while_the_hub_is_away_is_kept_and_written_once_it_answers(hub, paired, log_reader):
    browser = paired
    open_card(browser, "workshop cable", "Workshop Cable Ties")
    status, found = request(hub["url"] + "/api/v1/variations/" + CABLE_TIES, "GET", None, log_reader)
    assert status == 200, found
    wanted = found[0]["base_price"]["amount"] + 20
    browser.find_element(By.ID, "open-price").click()
    field = wait_for(browser, lambda: browser.find_elements(By.ID, "price-value"), "the price form")[0]
    browser.find_element(By.CSS_SELECTOR, "input[name=where][value=everywhere]").click()
    field.click()
    field.send_keys(Keys.CONTROL, "a")
    field.send_keys(Keys.DELETE)
    paced(field, "%.2f" % (wanted / 100), 0.09)
    hub.stop()
    field.send_keys(Keys.ENTER)
    wait_for(browser, lambda: "kept on this screen" in text_of(browser, "#price-status"), "the change kept", 10)
    wait_for(browser, lambda: text_of(browser, "#waiting") == "1 waiting", "1 waiting on the banner")
    hub.start()
    wait_for(browser, lambda: text_of(browser, "#waiting") == "", "nothing waiting once the hub answers", 15)
    wait_for(browser, lambda: "is in Square" in text_of(browser, "#search-note"), "the kept change's outcome")
    status, found = request(hub["url"] + "/api/v1/variations/" + CABLE_TIES, "GET", None, log_reader)
    assert found[0]["base_price"]["amount"] == wanted
    # The card caught up with the hub: the new price, no longer "as of".
    wait_for(browser, lambda: "%.2f" % (wanted / 100) in text_of(browser, "#card .price")
             and "as of" not in text_of(browser, "#card .price"), "the card read again")


def test_a_reorder_add_made_while_the_hub_is_away_is_kept_and_added_once(hub, paired, log_reader):
    browser = paired
    open_card(browser, "precision hammer", "Precision Hammer")
    quantity = browser.find_element(By.ID, "reorder-qty")
    quantity.click()
    quantity.send_keys("3")
    hub.stop()
    browser.find_element(By.ID, "reorder").click()
    wait_for(browser, lambda: "kept on this screen" in text_of(browser, "#card-status"), "the add kept", 10)
    wait_for(browser, lambda: text_of(browser, "#waiting") == "1 waiting", "1 waiting on the banner")
    hub.start()
    wait_for(browser, lambda: text_of(browser, "#waiting") == "", "nothing waiting once the hub answers", 15)
    wait_for(browser, lambda: "3 now on the reorder list" in text_of(browser, "#search-note"), "the add's outcome")
    status, lines = request(hub["url"] + "/api/v1/reorder", "GET", None, log_reader)
    assert status == 200, lines
    assert [(line["item"], line["quantity"], line["counter"]) for line in lines
            if line["item"] == "Precision Hammer"] == [("Precision Hammer", 3, "Front till")]


def test_a_screen_that_cannot_keep_scans_says_so_and_refuses_a_scan_it_cannot_send(hub, paired, log_reader):
    browser = paired
    hidden = browser.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {
        "source": "Object.defineProperty(window, 'indexedDB', {get() { throw new Error('private window'); }})"})
    # What happens to the scans is checked here, not the burst rule: the page takes bursts up to 250 ms apart.
    lenient = browser.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": SLOW_SCANNER})
    try:
        browser.refresh()
        wait_for(browser, lambda: "cannot keep scans" in text_of(browser, "#waiting"), "the banner saying so")
        # Reachable: a scan still goes straight to the hub.
        search = fresh_search(browser)
        search.send_keys(WIDGET + Keys.ENTER)
        wait_for(browser, lambda: text_of(browser, "#card h2") == "Acme Blue Widget", "the scan's card")
        before = len(logged(hub, log_reader))
        browser.execute_cdp_cmd("Network.enable", {})
        browser.execute_cdp_cmd("Network.emulateNetworkConditions", {
            "offline": True, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1})
        search.send_keys(CABLE_TIES + Keys.ENTER)
        wait_for(browser, lambda: text_of(browser, "#card h2") == "Scan refused: not sent, not kept", "the refusal")
        assert "Scan it again" in text_of(browser, "#card")
        screenshots(browser, "counter-cannot-keep")
    finally:
        browser.execute_cdp_cmd("Network.emulateNetworkConditions", {
            "offline": False, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1})
        for script in (hidden, lenient):
            browser.execute_cdp_cmd("Page.removeScriptToEvaluateOnNewDocument", {"identifier": script["identifier"]})
    assert len(logged(hub, log_reader)) == before, "nothing was sent"
    browser.refresh()
    wait_for(browser, lambda: browser.find_elements(By.ID, "search"), "the page again")


def test_a_revoked_screen_goes_to_pairing_when_its_stream_is_refused(hub, paired):
    browser = paired
    offline = lambda: browser.execute_script("return document.body.classList.contains('offline')")  # noqa: E731
    wait_for(browser, lambda: browser.find_elements(By.ID, "search") and not offline(), "the page connected", 20)
    revoked = run(["devices", "revoke", "Front till"], hub["environment"])
    assert revoked.returncode == 0, revoked.stderr
    # Its stream is cut at the next keep-alive (within 15 s); a restart ends it at once. The stream's reconnect
    # is refused; the page asks the hub whether it answers, and the hub's refusal of this device (401) sends it
    # to the pairing page instead of leaving "connection lost" on the screen.
    hub.stop()
    hub.start()
    wait_for(browser, lambda: "/pair" in browser.current_url, "the pairing page", 15)
    # Paired again, for whatever test comes after.
    browser.get(hub["sign_in"])
    name = browser.find_element(By.ID, "device-name")
    name.clear()
    name.send_keys("Front till" + Keys.ENTER)
    wait_for(browser, lambda: browser.find_elements(By.ID, "search"), "the counter screen after pairing again")
