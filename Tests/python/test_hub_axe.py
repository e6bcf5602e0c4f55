"""Accessibility of every hub page (issue 37, item 9: WCAG 2.2 AA), in a real browser (Debian's Chromium,
headless, through Selenium) against `catalog serve` on the demo shop in `catalog sandbox`.

axe-core (4.4.3, shipped by the `axe-core-python` package) runs with the WCAG 2.0, 2.1 and 2.2 A and AA tags
it knows on the pairing page, every back-office page the nav links to (each with something on it), and the
counter page as staff see it: with results, with a card and its tag and price panels open, in each mode's
banner colour before and after a scan, with the hub unreachable, and on a phone; it must report nothing.
Beside axe: one h1 a page; WCAG 2.2's target size (24x24 px, or room around), which this axe has no rule
for; the search box a combobox that says when its list is open and which option is chosen; the card no live
region (the outcome line above it is); focus rings and field borders 3:1 against what is around them, every
control reached by Tab; no text under 16 px on the counter page; and at 200% zoom (a 683x384 CSS viewport,
1366x768 zoomed) nothing cut off: the search box and the card's controls can be reached and used.
Screenshots of each state are kept in .build/test-artifacts/hub (axe-*.png)."""

import json
import os
import time
import uuid

import pytest
from axe_core_python.base import AXE_SCRIPT
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.select import Select

from catalog_process import run
from hub_page import (artifacts, browser, click, console_errors, hub, pair_program, paired, printer,  # noqa: F401
                      request, size, text_of, wait_for)
from test_hub_browser import open_card, slowly

WIDGET = "0012345678905"
CABLE_TIES = "05012345003627"
# axe's tags for the success criteria of WCAG 2.0, 2.1 and 2.2 at levels A and AA: those this axe knows (the
# axe-core of axe-core-python 0.1.0, 4.4.3, has no rule for 2.2's; its target size is checked below).
WCAG_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"]
pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


def axe_violations(browser, within=None):
    """What axe finds on the page as it is now (or in the part `within`, a CSS selector), against WCAG 2.x A
    and AA."""
    browser.execute_script(AXE_SCRIPT)
    answer = browser.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "const known = new Set(axe.getRules().flatMap((rule) => rule.tags));"
        "const tags = arguments[0].filter((tag) => known.has(tag));"
        "axe.run(arguments[1] || document, {runOnly: {type: 'tag', values: tags}, resultTypes: ['violations']})"
        ".then(done, (error) => done({error: String(error)}))", WCAG_AA, within)
    assert "error" not in answer, answer
    return answer["violations"]


def readable(violations):
    """axe's violations as a person reads them: the rule, what it asks, and each element with why it fails."""
    lines = []
    for violation in violations:
        lines.append("%s (%s): %s" % (violation["id"], violation["impact"], violation["help"]))
        for node in violation["nodes"]:
            lines.append("  at %s: %s" % (" ".join(node["target"]), node["html"][:160]))
            for check in node["any"] + node["all"] + node["none"]:
                lines.append("    " + check["message"])
    return "\n".join(lines)


def assert_accessible(browser, name):
    """axe reports nothing on the page as it is, it has one h1, and its targets are big enough (WCAG 2.2's
    2.5.8, which this axe does not know); a screenshot of it is kept as axe-`name`.png."""
    browser.save_screenshot(os.path.join(artifacts(), "axe-%s.png" % name))
    violations = axe_violations(browser)
    assert violations == [], "axe on %s:\n%s" % (name, readable(violations))
    assert headings(browser) == 1, "%s has %d h1" % (name, headings(browser))
    assert small_targets(browser) == [], "%s: targets under 24x24 px without 24 px of room" % name


def small_targets(browser):
    """WCAG 2.2's target size (minimum): each link, button or field on show is at least 24x24 CSS px, or the
    24 px circle around its middle meets no other target (a box inside a label is the label's size). Links in
    a sentence are excepted, as the criterion says."""
    return browser.execute_script(COLOURS + """
      const boxes = Array.from(document.querySelectorAll("a[href], button, input, select, textarea, [role=option]"))
        .filter(shown).filter((e) => e.type !== "hidden")
        .filter((e) => !(e.tagName === "A" && getComputedStyle(e).display === "inline" && e.parentElement.closest("p, li, dd, td")))
        .map((e) => { const label = e.closest("label"); return [e, (label || e).getBoundingClientRect()]; });
      const middle = (r) => [r.left + r.width / 2, r.top + r.height / 2];
      const gap = ([x, y], r) => Math.hypot(Math.max(r.left - x, 0, x - r.right), Math.max(r.top - y, 0, y - r.bottom));
      const small = (r) => r.width < 24 || r.height < 24;
      return boxes.filter(([, r]) => small(r))
        .filter(([e, r]) => boxes.some(([other, o]) => other !== e && !other.contains(e) && !e.contains(other)
          && o !== r && (gap(middle(r), o) < 12
            || (small(o) && Math.hypot(middle(r)[0] - middle(o)[0], middle(r)[1] - middle(o)[1]) < 24))))
        .map(([e, r]) => [named(e), Math.round(r.width), Math.round(r.height)]);""")


def headings(browser):
    return len(browser.find_elements(By.TAG_NAME, "h1"))


# Colours as the page computes them: the contrast ratio of two (WCAG's relative luminance), and the colour
# behind an element (its ancestors' backgrounds, the half-transparent ones laid over the first opaque one).
COLOURS = """
const rgba = (text) => { const m = /rgba?\\(([^)]+)\\)/.exec(text || ""); if (!m) return null;
  const p = m[1].split(/[ ,\\/]+/).filter(Boolean).map(Number); return [p[0], p[1], p[2], p.length > 3 ? p[3] : 1]; };
const luminance = (c) => { const [r, g, b] = c.slice(0, 3).map((v) => { v /= 255;
  return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); }); return 0.2126 * r + 0.7152 * g + 0.0722 * b; };
const ratio = (a, b) => { const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p); return (x + 0.05) / (y + 0.05); };
const behind = (element) => { const layers = [];
  for (let e = element; e; e = e.parentElement) { const c = rgba(getComputedStyle(e).backgroundColor);
    if (c && c[3] > 0) { layers.push(c); if (c[3] >= 1) break; } }
  let colour = [255, 255, 255];
  for (const c of layers.reverse()) colour = colour.map((v, i) => v * (1 - c[3]) + c[i] * c[3]);
  return colour; };
const named = (e) => e.id ? "#" + e.id : e.tagName.toLowerCase() + (e.name ? "[name=" + e.name + "]" : "")
  + (e.textContent.trim() ? " " + JSON.stringify(e.textContent.trim().slice(0, 30)) : "");
const shown = (e) => e.getClientRects().length > 0 && e.offsetWidth > 1 && e.offsetHeight > 1;
"""


def faint_edges(browser):
    """The fields (text, number, search, select) whose border is under 3:1 against what is around them."""
    return browser.execute_script(COLOURS + """
      return Array.from(document.querySelectorAll("input, select, textarea")).filter(shown)
        .filter((e) => !["checkbox", "radio", "hidden", "range", "color"].includes(e.type))
        .map((e) => { const style = getComputedStyle(e);
          const edge = parseFloat(style.borderTopWidth) >= 1 ? ratio(rgba(style.borderTopColor), behind(e.parentElement)) : 0;
          return [named(e), Math.round(edge * 100) / 100]; })
        .filter(([, edge]) => edge < 3);""")


def focus_walk(browser, steps=60):
    """Tabs through the page from its start: each element the keyboard reaches, in order, with its focus ring's
    contrast against what is behind it (0 when it shows no ring of at least 2 px)."""
    # From the page's first focusable element, reached by the keyboard (a Tab on and back).
    browser.execute_script("document.querySelector('a[href], button, input, select, textarea').focus()")
    ActionChains(browser).send_keys(Keys.TAB).key_down(Keys.SHIFT).send_keys(Keys.TAB).key_up(Keys.SHIFT).perform()
    reached = []
    for index in range(steps):
        if index:
            ActionChains(browser).send_keys(Keys.TAB).perform()
        time.sleep(0.03)
        step = browser.execute_script(COLOURS + """
          const e = document.activeElement; if (!e || e === document.body) return null;
          const style = getComputedStyle(e);
          const ring = style.outlineStyle !== "none" && parseFloat(style.outlineWidth) >= 2
            ? ratio(rgba(style.outlineColor), behind(e.parentElement)) : 0;
          return [named(e), Math.round(ring * 100) / 100];""")
        if step is None or (reached and step[0] == reached[0][0]):
            break
        reached.append(step)
    return reached


def assert_keyboard_and_edges(browser, name):
    """Every field's border 3:1; every element the keyboard reaches shows a focus ring 3:1 against its
    surroundings."""
    assert faint_edges(browser) == [], "%s: fields whose border is under 3:1" % name
    reached = focus_walk(browser)
    assert reached, "%s: the keyboard reaches nothing" % name
    faint = [(element, contrast) for element, contrast in reached if contrast < 3]
    assert faint == [], "%s: focus rings under 3:1 (0: none)" % name
    return [element for element, _ in reached]


@pytest.fixture(scope="module")
def program(hub):
    """A program paired with the hub: the headers its requests carry."""
    device = pair_program(hub["url"], hub["environment"], "axe script")
    return {"Authorization": "Bearer " + device["token"], "X-CSRF-Token": device["csrf_token"]}


def test_the_pairing_page_is_accessible(hub, browser):
    size(browser, "counter")
    browser.get(hub["url"] + "/pair")
    wait_for(browser, lambda: browser.find_elements(By.ID, "pair-form"), "the pairing page")
    assert_accessible(browser, "pair")
    assert_keyboard_and_edges(browser, "pair")
    # A refused code, said on the page.
    browser.find_element(By.ID, "code").send_keys("WRONG-CODE" + Keys.ENTER)
    wait_for(browser, lambda: "Pairing…" not in text_of(browser, "#pair-problem")
             and text_of(browser, "#pair-problem"), "the refusal")
    assert_accessible(browser, "pair-refused")
    assert console_errors(browser, expected=["422 (Unprocessable Entity)"]) == []


def test_every_back_office_page_is_accessible(hub, paired, program, printer):
    browser, url, environment = paired, hub["url"], hub["environment"]
    # Something on each page: reorder lines, a stale tag (printed, then its price changed: a history line too),
    # and an outbox conflict (a price change that waited while Square could not be reached, meanwhile changed
    # in Square too).
    for code, quantity in [(WIDGET, 3), (CABLE_TIES, 2)]:
        status, _ = request(url + "/api/v1/reorder", "POST", {"code": code, "quantity": quantity}, program)
        assert status == 201
    status, _ = request(url + "/api/v1/labels/print", "POST", {"code": WIDGET, "printer": "tags"}, program)
    assert status == 202
    wait_for(browser, lambda: printer.received(), "the tag at the printer", seconds=30)
    edited = run(["edit", WIDGET, "--price", "9.87"], environment)
    assert edited.returncode == 0, edited.stderr
    queued = run(["edit", CABLE_TIES, "--price", "4.44"], dict(environment, SQUARE_BASE_URL="http://127.0.0.1:1"),
                 timeout=120)
    assert queued.returncode == 75, queued.stderr
    shown = json.loads(run(["show", CABLE_TIES, "--json"], environment).stdout.splitlines()[0])
    variation = hub["square"].catalog.object.get(object_id=shown["variation_id"]).object
    body = variation.model_dump(mode="json", exclude_none=True)
    body["item_variation_data"]["price_money"]["amount"] = 555
    hub["square"].catalog.object.upsert(idempotency_key=uuid.uuid4().hex, object=body)
    browser.get(url + "/office/sync")
    wait_for(browser, lambda: browser.find_element(By.ID, "sync-now").is_enabled(), "the sync button")
    browser.find_element(By.ID, "sync-now").click()
    wait_for(browser, lambda: "1 to decide" in text_of(browser, "#sync-facts"), "the conflict found", seconds=30)
    browser.get(url + "/office")
    wait_for(browser, lambda: browser.find_elements(By.ID, "office"), "the back office")
    # Every page the header links to but the counter (checked below), so a page added later is checked too.
    paths = browser.execute_script(
        "return Array.from(document.querySelectorAll('header.bar a')).map((a) => a.getAttribute('href'))")
    paths = [path for path in dict.fromkeys(paths) if path != "/"]
    assert "/office" in paths and "/office/reorder" in paths and len(paths) >= 7, paths
    for path in paths:
        browser.get(url + path)
        wait_for(browser, lambda: browser.find_elements(By.ID, "office")
                 and "Loading…" not in text_of(browser, "#office"), "the page " + path, seconds=15)
        time.sleep(0.3)
        name = "office" if path == "/office" else "office-" + path.rsplit("/", 1)[-1]
        assert_accessible(browser, name)
        assert_keyboard_and_edges(browser, name)
    assert console_errors(browser) == []


def counter(browser, hub):
    browser.get(hub["url"] + "/")
    wait_for(browser, lambda: browser.execute_script("return document.body.dataset.mode"), "the counter page")
    return browser.find_element(By.ID, "search")


def switch_mode(browser, mode):
    Select(browser.find_element(By.ID, "mode-select")).select_by_value(mode)
    wait_for(browser, lambda: browser.execute_script("return document.body.dataset.mode") == mode,
             "the %s banner" % mode)


def test_the_counter_page_is_accessible_in_each_state(hub, paired, printer):
    browser = paired
    search = counter(browser, hub)
    assert_accessible(browser, "counter")
    slowly(search, "widget")
    wait_for(browser, lambda: browser.find_elements(By.CSS_SELECTOR, "#results li"), "the results")
    search.send_keys(Keys.ARROW_DOWN)
    assert_accessible(browser, "counter-results")
    open_card(browser, "widget", "Acme Blue Widget")
    assert_accessible(browser, "counter-card")
    click(browser, "#open-tag")
    wait_for(browser, lambda: browser.execute_script(
        "const p = document.getElementById('tag-preview'); return p && p.complete && p.naturalWidth > 0"),
        "the tag's preview", seconds=15)
    assert_accessible(browser, "counter-tag")
    click(browser, "#open-price")
    wait_for(browser, lambda: browser.find_elements(By.ID, "price-value"), "the price form")
    assert_accessible(browser, "counter-price")
    # Each mode's banner, in its own colour. Count mode needs a count open here.
    made = run(["count", "start", "--location", "High Street", "--name", "Axe check"], hub["environment"])
    assert made.returncode == 0, made.stderr
    colours = {}
    for mode in ["reorder", "receive", "count", "label", "lookup"]:
        browser.refresh()
        wait_for(browser, lambda: browser.execute_script("return document.body.dataset.mode"), "the counter page")
        switch_mode(browser, mode)
        colours[mode] = browser.execute_script(
            "return getComputedStyle(document.getElementById('mode-banner')).backgroundColor")
        assert_accessible(browser, "counter-mode-" + mode)
        # A wedge scan in this mode: what it did, on show.
        rows = len(browser.find_elements(By.CSS_SELECTOR, "#scans li"))
        browser.find_element(By.ID, "search").send_keys(CABLE_TIES + Keys.ENTER)
        wait_for(browser, lambda: len(browser.find_elements(By.CSS_SELECTOR, "#scans li")) > rows,
                 "the %s scan on the page" % mode, seconds=15)
        time.sleep(0.3)
        assert_accessible(browser, "counter-scan-" + mode)
    assert len(set(colours.values())) == len(colours), colours
    # The hub unreachable: the page's banner says so.
    browser.execute_cdp_cmd("Network.enable", {})
    browser.execute_cdp_cmd("Network.emulateNetworkConditions", {
        "offline": True, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1})
    try:
        # A search that cannot reach the hub tells the page so.
        slowly(browser.find_element(By.ID, "search"), "hammer")
        wait_for(browser, lambda: browser.execute_script(
            "return document.body.classList.contains('hub-unreachable')"), "the page knowing the hub is away", 10)
        assert_accessible(browser, "counter-unreachable")
    finally:
        browser.execute_cdp_cmd("Network.emulateNetworkConditions", {
            "offline": False, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1})
    wait_for(browser, lambda: not browser.execute_script(
        "return document.body.classList.contains('hub-unreachable')"), "the hub answering again", 10)
    assert console_errors(browser, expected=["ERR_INTERNET_DISCONNECTED"]) == []
    run(["count", "cancel", "--location", "High Street"], hub["environment"])


def test_the_search_box_is_a_combobox_over_its_results(hub, paired):
    browser = paired
    search = counter(browser, hub)
    assert search.get_attribute("role") == "combobox" and search.get_attribute("aria-controls") == "results"
    assert browser.find_element(By.ID, "results").get_attribute("role") == "listbox"
    assert search.get_attribute("aria-expanded") == "false"
    slowly(search, "widget")
    wait_for(browser, lambda: search.get_attribute("aria-expanded") == "true", "the list said open")
    first = search.get_attribute("aria-activedescendant")
    assert browser.find_element(By.ID, first).get_attribute("aria-selected") == "true"
    search.send_keys(Keys.ARROW_DOWN)
    wait_for(browser, lambda: search.get_attribute("aria-activedescendant") not in (None, first), "the next option")
    chosen = browser.find_element(By.ID, search.get_attribute("aria-activedescendant"))
    assert chosen.get_attribute("role") == "option" and chosen.get_attribute("aria-selected") == "true"
    search.send_keys(Keys.ESCAPE)
    wait_for(browser, lambda: search.get_attribute("aria-expanded") == "false", "the list said closed")
    assert search.get_attribute("aria-activedescendant") is None
    assert console_errors(browser) == []


def test_the_card_is_no_live_region_the_outcome_line_above_it_is(hub, paired):
    browser = paired
    counter(browser, hub)
    live = browser.execute_script(
        "return Array.from(document.querySelectorAll('[aria-live], [role=status], [role=alert], [role=log]'))"
        ".map((e) => [e.id, e.getAttribute('aria-live') || e.getAttribute('role')])")
    # Polite: the search's status (nothing matches, the hub away: WCAG's status messages) and the outcome line.
    assert [name for name, kind in live if kind in ("polite", "status", "log")] == ["search-note", "outcome"], live
    # The other: the connection to the hub lost, said at once.
    assert [name for name, kind in live if kind in ("assertive", "alert")] == ["offline"], live
    # The outcome line is above the card, outside what the card's drawing replaces.
    assert browser.execute_script(
        "const o = document.getElementById('outcome'), c = document.getElementById('card');"
        "return !c.contains(o) && !!(o.compareDocumentPosition(c) & Node.DOCUMENT_POSITION_FOLLOWING)")


def test_the_counter_page_is_used_by_keyboard_alone(hub, paired):
    browser = paired
    counter(browser, hub)
    open_card(browser, "widget", "Acme Blue Widget")
    reached = assert_keyboard_and_edges(browser, "counter with a card")
    order = [element for element in reached
             if element.split(" ")[0] in ("#search", "#reorder-qty", "#reorder", "#open-tag", "#open-price",
                                          "#mode-select", "#follow")]
    # The mode switch is in the mode banner, above the search box.
    assert [element.split(" ")[0] for element in order] == [
        "#mode-select", "#search", "#reorder-qty", "#reorder", "#open-tag", "#open-price", "#follow"], reached
    # The price panel opened from the keyboard: its fields edged and ringed as well.
    browser.find_element(By.ID, "open-price").send_keys(Keys.ENTER)
    wait_for(browser, lambda: browser.find_elements(By.ID, "price-value"), "the price form from the keyboard")
    reached = assert_keyboard_and_edges(browser, "counter with the price panel")
    assert any(element.startswith("#price-value") for element in reached), reached
    assert console_errors(browser) == []


def small_text(browser):
    """Each element on show whose own text (or a field's) computes under 16 px: its name and size."""
    return browser.execute_script(COLOURS + """
      return Array.from(document.querySelectorAll("body *")).filter(shown)
        .filter((e) => (["INPUT", "SELECT", "TEXTAREA", "BUTTON"].includes(e.tagName) && !["checkbox", "radio"].includes(e.type))
          || Array.from(e.childNodes).some((n) => n.nodeType === Node.TEXT_NODE && n.textContent.trim()))
        .map((e) => [named(e), parseFloat(getComputedStyle(e).fontSize)])
        .filter(([, size]) => size < 16);""")


def test_nothing_on_the_counter_page_is_under_16_px(hub, paired, program):
    browser = paired
    status, _ = request(hub["url"] + "/api/v1/scans", "POST", {"id": "axe-small-1", "code": CABLE_TIES,
                                                              "counter": "axe till"}, program)
    assert status == 201
    search = counter(browser, hub)
    wait_for(browser, lambda: browser.find_elements(By.CSS_SELECTOR, "#scans li"), "the scan list", seconds=15)
    slowly(search, "widget")
    wait_for(browser, lambda: browser.find_elements(By.CSS_SELECTOR, "#results li"), "the results")
    assert small_text(browser) == [], "with results"
    open_card(browser, "widget", "Acme Blue Widget")
    click(browser, "#open-price")
    wait_for(browser, lambda: browser.find_elements(By.ID, "price-value"), "the price form")
    assert small_text(browser) == [], "with a card and its price form"
    click(browser, "#open-tag")
    wait_for(browser, lambda: browser.find_elements(By.ID, "tag-printer"), "the tag form")
    assert small_text(browser) == [], "with a card and its tag form"


def test_at_200_percent_zoom_nothing_is_cut_off(hub, paired):
    """1366x768 at 200%: a 683x384 CSS viewport."""
    browser = paired
    browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                            {"width": 683, "height": 384, "deviceScaleFactor": 2, "mobile": False})
    try:
        search = counter(browser, hub)
        wide = browser.execute_script("return document.documentElement.scrollWidth - window.innerWidth")
        assert wide <= 0, "the page is %d px wider than the window" % wide
        assert usable(browser, "#search")
        open_card(browser, "widget", "Acme Blue Widget")
        browser.save_screenshot(os.path.join(artifacts(), "axe-counter-zoom-card.png"))
        for control in ["#reorder-qty", "#reorder", "#open-tag", "#open-price", "#mode-select", "#follow"]:
            assert usable(browser, control), control + " cannot be reached at 200%"
        browser.find_element(By.ID, "open-price").send_keys(Keys.ENTER)
        wait_for(browser, lambda: browser.find_elements(By.ID, "price-value"), "the price form")
        assert usable(browser, "#price-value")
        browser.save_screenshot(os.path.join(artifacts(), "axe-counter-zoom-price.png"))
        wide = browser.execute_script("return document.documentElement.scrollWidth - window.innerWidth")
        assert wide <= 0, "with a card the page is %d px wider than the window" % wide
        search.send_keys(Keys.ESCAPE)
    finally:
        size(browser, "counter")


def usable(browser, selector):
    """`selector`, scrolled to, lies wholly inside the window and is what a click at its middle reaches."""
    return browser.execute_script("""
      const e = document.querySelector(arguments[0]); if (!e) return false;
      e.scrollIntoView({block: "center", inline: "nearest"});
      const r = e.getBoundingClientRect();
      if (r.left < 0 || r.right > window.innerWidth || r.top < 0 || r.bottom > window.innerHeight) return false;
      const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      return !!hit && (hit === e || e.contains(hit) || (hit.tagName === "LABEL" && hit.control === e));""", selector)


def test_on_a_phone_the_counter_and_back_office_are_accessible(hub, paired):
    browser = paired
    size(browser, "phone")
    try:
        counter(browser, hub)
        open_card(browser, "widget", "Acme Blue Widget")
        assert_accessible(browser, "counter-card-phone")
        assert small_text(browser) == []
        wide = browser.execute_script("return document.documentElement.scrollWidth - window.innerWidth")
        assert wide <= 0, "the page is %d px wider than the phone" % wide
        assert usable(browser, "#open-price") and usable(browser, "#mode-select")
        browser.get(hub["url"] + "/office/reorder")
        wait_for(browser, lambda: browser.find_elements(By.ID, "office")
                 and "Loading…" not in text_of(browser, "#office"), "the reorder page", seconds=15)
        assert_accessible(browser, "office-reorder-phone")
    finally:
        size(browser, "counter")
