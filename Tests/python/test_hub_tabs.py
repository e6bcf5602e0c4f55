"""Many hub screens in one browser: 20 tabs of the counter page in one headless Chromium share one event
stream (a browser opens at most six connections to a host, so a stream per tab would leave the seventh and
later tabs without scans). A scan posted through the API reaches every tab; when the tab holding the stream
(the leader) closes, another takes over and the next scan still reaches every tab left. Also where the
browser has no Web Locks (plain HTTP to another computer is not a secure context): the leader then says it
is alive, and another tab takes over when it stops saying so (its renderer crashed) or says goodbye (it
closed). When the hub goes away and comes back, every tab says so, from the one stream. And the counter
page's first load stays small on the wire (Brotli or gzip, minified scripts)."""

import time

import pytest
from selenium.common.exceptions import WebDriverException

from catalog_process import start, stop, synced_demo
from hub_page import (TOKEN, browser, hub, pair_program, paired, request, sign_in_address,  # noqa: F401
                      text_of, wait_for)

CABLE_TIES = "05012345003627"
TABS = 20
NO_LOCKS = "Object.defineProperty(Navigator.prototype, 'locks', {get() { return undefined; }});"
pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


@pytest.fixture(scope="module")
def program(hub):
    """A program paired with the hub: the headers its requests carry."""
    device = pair_program(hub["url"], hub["environment"], "tabs script")
    return {"Authorization": "Bearer " + device["token"], "X-CSRF-Token": device["csrf_token"]}


def open_tabs(browser, url, count, before=None):
    """`count` more tabs of the counter page (each loaded, its event listener for the test added): all the
    browser's window handles, the first tab's first."""
    # A tab whose page cannot even load (every connection to the hub taken by other tabs' streams) fails soon.
    browser.set_page_load_timeout(20)
    try:
        for _ in range(count):
            browser.switch_to.new_window("tab")
            if before:
                browser.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": before})
            browser.get(url + "/")
            wait_for(browser, lambda: browser.execute_script("return typeof hubEvents === 'function'"), "the page")
    finally:
        browser.set_page_load_timeout(300)
    handles = browser.window_handles
    for handle in handles:
        browser.switch_to.window(handle)
        browser.execute_script(
            "if (!window.scansHeard) { window.scansHeard = [];"
            " hubEvents().addEventListener('scan', (e) => scansHeard.push(JSON.parse(e.data).counter)); }")
    return handles


def post_scan(hub, program, counter):
    status, answer = request(hub["url"] + "/api/v1/scans", "POST",
                             {"id": "tabs-" + counter + "-" + str(time.time()), "code": CABLE_TIES,
                              "counter": counter}, program)
    assert status == 201, answer


def every_tab_gets(browser, handles, counter, seconds=10):
    """Waits in each tab for the scan from `counter`: a row in its scan list, heard through hubEvents()."""
    for index, handle in enumerate(handles):
        browser.switch_to.window(handle)
        wait_for(browser, lambda: counter in browser.execute_script("return window.scansHeard || []")
                 and counter in text_of(browser, "#scans"),
                 "the scan from %s in tab %d of %d" % (counter, index + 1, len(handles)), seconds)
        assert "offline" not in (browser.find_element("tag name", "body").get_attribute("class") or ""), \
            "tab %d says the hub is lost" % (index + 1)


def fresh_tab(browser, page):
    """One tab of `page`, newly opened, and no other (a crashed tab is closed as well as it can be)."""
    old = browser.window_handles
    for handle in reversed(old):  # a tab that answers, to open the new one from
        try:
            browser.switch_to.window(handle)
            browser.execute_script("return 1")
            break
        except WebDriverException:
            continue
    browser.switch_to.new_window("tab")
    fresh = browser.current_window_handle
    browser.get(page)
    for handle in old:
        try:
            browser.switch_to.window(handle)
            browser.close()
        except WebDriverException:  # a crashed tab may refuse; it goes with the browser
            pass
    browser.switch_to.window(fresh)


def first_load(browser, url):
    """The counter page loaded with nothing cached: what each of its files took on the wire (bytes of body,
    compressed as sent), by name; counter-panels.js (fetched once the page is idle, run when a panel first
    opens) is not part of the first load, and reported apart."""
    browser.execute_cdp_cmd("Network.enable", {})
    browser.execute_cdp_cmd("Network.clearBrowserCache", {})
    browser.get(url + "/")
    wait_for(browser, lambda: browser.execute_script("return typeof hubEvents === 'function'"), "the page")
    return browser.execute_script(
        "return Object.fromEntries(performance.getEntriesByType('navigation')"
        ".concat(performance.getEntriesByType('resource')).filter((e) => !e.name.includes('/api/'))"
        ".map((e) => [new URL(e.name).pathname, e.encodedBodySize]))")


def without_panels(sizes):
    return {name: size for name, size in sizes.items() if name != "/assets/counter-panels.js"}


def test_the_counter_pages_first_load_is_under_15_kb_on_the_wire(hub, paired):
    """Chromium takes Brotli from the hub on its own computer (and over HTTPS); over plain HTTP from another
    computer browsers take only gzip: both under 15,000 bytes. The panels' script is fetched after, when idle."""
    everything = first_load(paired, hub["url"])
    sizes = without_panels(everything)
    assert sorted(sizes) == ["/", "/assets/counter.js", "/assets/hub.css"], sizes
    assert all(size > 0 for size in sizes.values()), sizes
    print("first load on the wire (Brotli):", sizes, sum(sizes.values()), "bytes")
    assert sum(sizes.values()) < 15 * 1024, sizes
    paired.execute_cdp_cmd("Network.setExtraHTTPHeaders", {"headers": {"Accept-Encoding": "gzip, deflate"}})
    try:
        gzipped = without_panels(first_load(paired, hub["url"]))
    finally:
        paired.execute_cdp_cmd("Network.setExtraHTTPHeaders", {"headers": {}})
    print("first load on the wire (gzip only):", gzipped, sum(gzipped.values()), "bytes")
    assert sum(sizes.values()) < sum(gzipped.values()) < 15000, gzipped
    panels = wait_for(paired, lambda: paired.execute_script(
        "return performance.getEntriesByType('resource').filter((e) => e.name.includes('/assets/counter-panels.js'))"
        ".map((e) => e.encodedBodySize)[0]"), "the panels' script fetched once the page is idle")
    print("counter-panels.js on the wire, after the first load (gzip only):", panels, "bytes")


def test_twenty_tabs_share_one_stream_and_another_tab_takes_over_when_the_leader_closes(hub, paired, program):
    browser = paired
    handles = open_tabs(browser, hub["url"], TABS - 1)
    assert len(handles) == TABS
    post_scan(hub, program, "till-71")
    every_tab_gets(browser, handles, "till-71")
    # The first tab took the lock first: it holds the stream. Close it; a waiting tab gets the lock at once.
    browser.switch_to.window(handles[0])
    browser.close()
    left = handles[1:]
    post_scan(hub, program, "till-72")
    every_tab_gets(browser, left, "till-72", seconds=5)
    fresh_tab(browser, hub["url"] + "/")


def test_without_web_locks_the_leader_says_it_is_alive_and_another_takes_over(hub, paired, program):
    browser = paired
    fresh_tab(browser, hub["url"] + "/")
    browser.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": NO_LOCKS})
    browser.get(hub["url"] + "/")
    wait_for(browser, lambda: browser.execute_script("return typeof hubEvents === 'function'"), "the page")
    assert browser.execute_script("return navigator.locks === undefined")
    time.sleep(1.5)  # the first tab finds no leader and leads
    handles = open_tabs(browser, hub["url"], 9, before=NO_LOCKS)
    post_scan(hub, program, "till-81")
    every_tab_gets(browser, handles, "till-81")
    # The leader (the first tab) stops without a word (its renderer crashes): after 3 s of silence another
    # tab leads and asks the hub for what came after the last event it saw (Last-Event-ID), so a scan made
    # meanwhile still reaches every tab.
    browser.switch_to.window(handles[0])
    try:
        browser.execute_cdp_cmd("Page.crash", {})
    except WebDriverException:  # the tab answers no more: that is the point
        pass
    with pytest.raises(WebDriverException):
        browser.execute_script("return 1")
    post_scan(hub, program, "till-82")
    every_tab_gets(browser, handles[1:], "till-82", seconds=10)
    # Tabs close one by one, the leader among them (it says goodbye): each scan still reaches every tab left.
    for handle in handles[1:]:
        browser.switch_to.window(handle)
        browser.close()
        post_scan(hub, program, "till-83-" + handle[-6:])
        rest = [h for h in handles[1:] if h in browser.window_handles]
        if len(rest) < 3:
            break
        every_tab_gets(browser, rest, "till-83-" + handle[-6:], seconds=5)
    fresh_tab(browser, hub["url"] + "/")


def test_every_tab_says_the_hub_is_lost_and_back_from_the_one_stream(browser, tmp_path):
    """A hub of this test's own, stopped and started again on the same port: each tab's "connection lost"
    banner follows the leader's stream, shown and gone again without a reload."""
    with synced_demo(tmp_path, TOKEN) as (_, environment):
        arguments = ["serve", "--location", "High Street", "--listen"]
        process, url = start(arguments + ["127.0.0.1:0"], environment)
        try:
            browser.get(sign_in_address(process))
            browser.find_element("css selector", "#pair-form button").click()
            wait_for(browser, lambda: browser.current_url == url + "/", "the counter page after pairing")
            handles = open_tabs(browser, url, 7)
            offline = lambda: "offline" in (  # noqa: E731
                browser.find_element("tag name", "body").get_attribute("class") or "")
            for handle in handles:
                browser.switch_to.window(handle)
                wait_for(browser, lambda: not offline(), "the tab connected")
            stop(process)
            for index, handle in enumerate(handles):
                browser.switch_to.window(handle)
                wait_for(browser, offline, "tab %d saying the hub is lost" % (index + 1), 10)
            process, _ = start(arguments + [url.rsplit("/", 1)[1]], environment)
            for index, handle in enumerate(handles):
                browser.switch_to.window(handle)
                wait_for(browser, lambda: not offline(), "tab %d saying the hub is back" % (index + 1), 15)
        finally:
            stop(process)
            fresh_tab(browser, "about:blank")
