#!/usr/bin/env python3
"""The counter page's in-browser targets (issue 37), measured in Debian's Chromium (headless, through
Selenium and chromedriver, as Tests/python does) against `catalog serve` on a synthetic shop.

The shop is the one every catalog-bench command measures: `catalog sandbox --seed N` (N synthetic
variations) synced by `catalog sync` into a scratch database. Each run starts the hub on it
(`catalog serve`, the release build unless CATALOG_BIN says otherwise), waits until the hub's log says it
has searched ahead the broad starts of words (as a shop's hub has, long before its first customer), pairs a
fresh browser with its
sign-in address and measures, with timings taken inside the page (performance.now() in a script the
browser runs before the page's own, MutationObservers on #results and #card):

- a typed character in the box: keydown to the input's value holding it, and to the next frame;
- keystroke to results drawn: keydown to the #results list replaced for that text (a person's pace, one
  key every --key-ms), and to the next frame (requestAnimationFrame after the change);
- a scan: a keyboard-wedge burst of a 13-digit barcode (keys 5-10 ms apart, then Enter, sent through
  Chrome's DevTools socket) from its Enter to the #card showing the scanned item's name, and to the next
  frame; and to the line above the card that says what the scan did (#outcome), where the page has one;
- a kept scan: the hub stopped, a burst scanned (kept in the page's IndexedDB), the hub started again on
  the same database and port; from its `listening on` line to the scan in the hub's scan log.

Prints a table of each measure per run (median, p95, max) and across runs (the median of the runs'
medians and p95s, the spread of each); --json prints the same as JSON. The targets: a character in the box
under 16 ms, keystroke to results p95 under 30 ms, scan to card p95 under 30 ms, a kept scan sent within
2 s of the hub answering again. Run it with the project's virtualenv (.venv/bin/python3)."""

import argparse
import json
import os
import random
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request

import websocket  # websocket-client, which Selenium uses too

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(REPO, "Tests", "python"))
os.environ.setdefault("CATALOG_BIN", os.path.join(REPO, ".build", "release", "catalog"))

from selenium import webdriver  # noqa: E402
from selenium.webdriver.chrome.options import Options  # noqa: E402
from selenium.webdriver.chrome.service import Service  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.common.keys import Keys  # noqa: E402

from catalog_process import free_port, run, start, stderr_of, stop  # noqa: E402
from hub_page import pair_program, request, sign_in_address, wait_for  # noqa: E402

TOKEN = "bench-token"
WARMED = "searched ahead in"  # the hub's log line once its search is warm (SearchWarmer)
SCANNER_MAX_GAP_MS = 25  # catalog serve's --wedge-max-gap-ms, as the bench starts it
TARGETS = {"char_in_box": ("p95", 16), "results_drawn": ("p95", 30), "scan_card_drawn": ("p95", 30),
           "kept_scan_sent": ("max", 2000)}
# What was sent but not measured: keys after which no list was drawn, bursts this machine sent slower than a
# scanner (typing, by the page's rule), scans whose card never showed the item, kept scans lost or doubled.
MISSES = ("keys_without_results", "bursts_too_slow", "scans_without_card", "kept_scans_lost", "kept_scans_doubled")
LABELS = {
    "char_in_box": "typed character in the box (keydown to value)",
    "char_frame": "  ... and its frame drawn",
    "results_dom": "keystroke to results list replaced",
    "results_drawn": "keystroke to results drawn (next frame)",
    "results_wire": "  ... of which the search request (sent to answered)",
    "results_server": "  ... of which the hub's own time (Server-Timing)",
    "scan_card_dom": "scan (Enter) to outcome card in the DOM",
    "scan_card_drawn": "scan (Enter) to outcome card drawn (next frame)",
    "scan_sent": "  ... Enter to the scan's request sent",
    "scan_answered": "  ... the scan's request (sent to answered, or to the card when it came first)",
    "scan_after_answer": "  ... its answer to the card in the DOM",
    "scan_queued": "  ... the scan's request waiting to go (fetch to request sent)",
    "scan_first_byte": "  ... the scan's request sent to its answer's first byte",
    "scan_wire": "  ... of which the hub's requests (sent to answered)",
    "scan_server": "  ... of which the hub's own time (Server-Timing)",
    "scan_requests": "  ... requests made for it (count)",
    "scan_outcome_drawn": "scan (Enter) to the outcome line (#outcome) drawn",
    "scan_key_gap": "scanner burst: gap between keys as the page saw them",
    "kept_scan_sent": "kept scan in the hub's log after it answers again",
}
# Runs in every page before the page's own scripts: each keydown's time, when its character is in the
# focused field, when #results is replaced after it and when #card shows what the scan expects.
PROBE = r"""
(() => {
  const B = window.__bench = {records: [], expect: null};
  const now = () => performance.now();
  const frame = (record, key) => requestAnimationFrame(() => { record[key] = now(); });
  const last = () => B.records[B.records.length - 1];
  performance.setResourceTimingBufferSize(100000);
  // The hub's share: the API requests made between a key and what it drew, each from sent to answered.
  const wire = B.wire = (record, to, pattern = /\/api\/v1\//) => {
    const asked = performance.getEntriesByType("resource")
      .filter((e) => pattern.test(e.name) && e.startTime >= record.down && e.responseEnd <= to);
    record.requests = asked.length;
    record.wire = asked.reduce((sum, e) => sum + (e.responseEnd - e.startTime), 0);
    // Where a request's time goes: waiting to be sent, the hub's answer starting (its own time, from its
    // Server-Timing header, apart), the answer's body.
    record.phases = asked.map((e) => ({queued: e.requestStart - e.startTime,
      first_byte: e.responseStart - e.requestStart, body: e.responseEnd - e.responseStart,
      server: ((e.serverTiming || [])[0] || {}).duration, path: new URL(e.name).pathname}));
  };
  // Each request the page makes, from fetch() called to its answer read: where a scan's time goes before
  // the browser's resource timing has an entry for it (its card may come by the event stream first).
  B.fetches = [];
  const fetched = window.fetch;
  window.fetch = function (resource, options) {
    const entry = {path: String(resource), method: (options && options.method) || "GET", start: now()};
    B.fetches.push(entry);
    if (B.fetches.length > 500) B.fetches.shift();
    return fetched.apply(this, arguments).then((response) => { entry.end = now(); return response; });
  };
  addEventListener("keydown", (event) => {
    if (event.key.length !== 1 && event.key !== "Enter") return;
    B.records.push({key: event.key, down: event.timeStamp, seen: now(),
      expect: event.key === "Enter" ? B.expect : null});
  }, true);
  addEventListener("input", (event) => {
    const record = last();
    if (!record || record.key === "Enter" || record.value !== undefined) return;
    if (!String(event.target.value).endsWith(record.key)) return;
    record.value = now();
    frame(record, "valueFrame");
  }, true);
  const watch = () => {
    const results = document.getElementById("results"), card = document.getElementById("card");
    new MutationObserver(() => {
      const record = last();
      if (!record || record.key === "Enter" || record.value === undefined || record.results !== undefined) return;
      record.results = now();
      record.rows = results.children.length;
      wire(record, record.results);
      frame(record, "resultsFrame");
    }).observe(results, {childList: true, subtree: true, characterData: true});
    new MutationObserver(() => {
      const record = B.records.findLast((r) => r.key === "Enter");
      if (!record || !record.expect || record.card !== undefined || !card.textContent.includes(record.expect)) return;
      record.card = now();
      wire(record, record.card);
      const posted = B.fetches.find((f) => f.method === "POST" && /\/api\/v1\/scans/.test(f.path) && f.start >= record.down);
      if (posted) { record.sent = posted.start; record.answered = posted.end; }
      frame(record, "cardFrame");
    }).observe(card, {childList: true, subtree: true, characterData: true});
    // The line above the card that says what the scan did (#outcome), where the page has one.
    const outcome = document.getElementById("outcome");
    if (outcome) new MutationObserver(() => {
      const record = B.records.findLast((r) => r.key === "Enter");
      if (!record || !record.expect || record.outcome !== undefined) return;
      if (!outcome.textContent.includes(record.expect)) return;
      record.outcome = now();
      frame(record, "outcomeFrame");
    }).observe(outcome, {childList: true, subtree: true, characterData: true});
  };
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", watch); else watch();
})();
"""


def percentile(values, fraction):
    """The nearest-rank percentile of `values`."""
    ordered = sorted(values)
    return ordered[max(0, min(len(ordered) - 1, int(round(fraction * len(ordered) + 0.5)) - 1))]


def summary(values):
    if not values:
        return {"count": 0}
    return {"count": len(values), "median": round(statistics.median(values), 2),
            "p95": round(percentile(values, 0.95), 2), "max": round(max(values), 2)}


def say(text):
    print("bench: " + text, file=sys.stderr, flush=True)


class Shop:
    """A synthetic shop of `variations` in `catalog sandbox`, synced into a scratch database."""

    def __init__(self, folder, variations):
        self.sandbox, url = start(["sandbox", "--port", "0", "--seed", str(variations), "--token", TOKEN])
        self.environment = dict(os.environ, SQUARE_BASE_URL=url, SQUARE_ACCESS_TOKEN=TOKEN, HOME=folder,
                                CATALOG_DB=os.path.join(folder, "catalog.sqlite"))
        say("syncing %d variations from the sandbox ..." % variations)
        began = time.monotonic()
        synced = run(["sync"], self.environment, timeout=1800)
        if synced.returncode != 0:
            raise SystemExit("catalog sync failed: " + synced.stderr[-2000:])
        say("synced in %.1f s" % (time.monotonic() - began))
        with sqlite3.connect(self.environment["CATALOG_DB"]) as db:
            self.location = db.execute("SELECT name FROM locations ORDER BY name LIMIT 1").fetchone()[0]
            # 13-digit barcodes (EAN-13, kept as a GTIN-14 with a leading 0 or as is) and their items' names.
            rows = db.execute(
                "SELECT v.gtin, i.name FROM variations v JOIN items i ON i.id = v.item_id WHERE i.is_archived = 0"
                " AND (length(v.gtin) = 13 OR (length(v.gtin) = 14 AND v.gtin LIKE '0%'))").fetchall()
            self.barcodes = [(gtin[-13:], name) for gtin, name in rows]
            self.words = [name for (name,) in db.execute("SELECT name FROM items WHERE is_archived = 0")]
        if len(self.barcodes) < 100:
            raise SystemExit("the shop has too few 13-digit barcodes (%d)" % len(self.barcodes))

    def close(self):
        stop(self.sandbox)


class Hub:
    """`catalog serve` on the shop at a fixed port, which can be stopped and started again there."""

    def __init__(self, shop):
        self.shop = shop
        self.url = None
        self.arguments = ["serve", "--listen", "127.0.0.1:%d" % free_port(), "--location", shop.location,
                          "--sync-every", "0"]
        self.process = None

    def start(self):
        self.process, self.url = start(self.arguments, self.shop.environment)
        return self.process

    def stop(self):
        stop(self.process)
        self.process = None


class Keyboard:
    """Keys sent to the page through Chrome's own DevTools socket (Input.dispatchKeyEvent: real key events,
    as a keyboard's), each when it is due. chromedriver's actions keep no pace finer than about 20 ms a key,
    slower than a scanner's."""

    def __init__(self, driver):
        address = driver.capabilities["goog:chromeOptions"]["debuggerAddress"]
        with urllib.request.urlopen("http://%s/json" % address) as answer:
            page = next(target for target in json.load(answer) if target["type"] == "page")
        self.socket = websocket.create_connection(page["webSocketDebuggerUrl"], suppress_origin=True)
        self.serial = 0

    def call(self, method, params):
        self.serial += 1
        self.socket.send(json.dumps({"id": self.serial, "method": method, "params": params}))
        while True:
            answer = json.loads(self.socket.recv())
            if answer.get("id") == self.serial:
                return answer

    def press(self, key):
        """One key down and up: a character, or Enter or Escape."""
        named = {"Enter": ("Enter", 13, "\r"), "Escape": ("Escape", 27, None)}
        if key in named:
            code, virtual, text = named[key]
        else:
            code = "Digit" + key if key.isdigit() else "Space" if key == " " else "Key" + key.upper()
            virtual, text = (ord(key.upper()) if len(key.upper()) == 1 else 0), key
        down = {"type": "keyDown", "key": key, "code": code, "windowsVirtualKeyCode": virtual}
        if text:
            down.update(text=text, unmodifiedText=text)
        self.call("Input.dispatchKeyEvent", down)
        self.call("Input.dispatchKeyEvent", {"type": "keyUp", "key": key, "code": code,
                                              "windowsVirtualKeyCode": virtual})

    def type(self, keys, gaps):
        """`keys` pressed one after another, key i+1 `gaps[i]` seconds after key i was due."""
        due = time.perf_counter()
        for index, key in enumerate(keys):
            delay = due - time.perf_counter()
            if delay > 0:
                time.sleep(delay)
            self.press(key)
            if index < len(gaps):
                due += gaps[index]

    def close(self):
        self.socket.close()


def open_browser():
    options = Options()
    for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     "--window-size=1366,768"]:
        options.add_argument(argument)
    driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
    driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": PROBE})
    return driver


def pair(driver, sign_in, name):
    driver.get(sign_in)
    field = driver.find_element(By.ID, "device-name")
    field.clear()
    field.send_keys(name + Keys.ENTER)
    wait_for(driver, lambda: driver.find_elements(By.ID, "search"), "the counter page after pairing", 10)
    time.sleep(1)


def records(driver):
    # A scan's own request has its timing entry only once its answer is read, often after the card (which the
    # event stream may bring first): read here, when the scan is over.
    return driver.execute_script(
        "for (const r of window.__bench.records) if (r.key === 'Enter' && r.card !== undefined)"
        " window.__bench.wire(r, Infinity, /\\/api\\/v1\\/scans/);"
        " const r = window.__bench.records; window.__bench.records = []; performance.clearResourceTimings(); return r")


def clear_search(driver, keyboard):
    search = driver.find_element(By.ID, "search")
    driver.execute_script("arguments[0].focus()", search)
    keyboard.press("Escape")
    wait_for(driver, lambda: search.get_attribute("value") == "", "an empty search box")
    time.sleep(0.2)
    records(driver)


def type_words(driver, keyboard, words, key_ms, figures):
    """Types each word a key every `key_ms` into an emptied search box."""
    for word in words:
        clear_search(driver, keyboard)
        keyboard.type(list(word), [key_ms / 1000] * len(word))
        time.sleep(0.4)
        for record in records(driver):
            if "value" in record:
                figures["char_in_box"].append(record["value"] - record["down"])
                if "valueFrame" in record:
                    figures["char_frame"].append(record["valueFrame"] - record["down"])
            if "results" in record:
                figures["results_dom"].append(record["results"] - record["down"])
                figures["results_drawn"].append(record.get("resultsFrame", record["results"]) - record["down"])
                if record.get("requests"):
                    figures["results_wire"].append(record["wire"])
                    figures["results_server"].append(hub_time(record))
            else:
                figures["keys_without_results"] += 1


def hub_time(record):
    """The hub's own time for the requests a key led to, from their Server-Timing headers."""
    return sum(phase.get("server") or 0 for phase in record.get("phases") or [])


def burst(keyboard, code, rng):
    """A keyboard-wedge scanner's burst: the code's keys 5-10 ms apart, then Enter."""
    keyboard.type(list(code) + ["Enter"], [rng.uniform(0.005, 0.010) for _ in code])


def scan(driver, keyboard, code, name, rng, figures):
    clear_search(driver, keyboard)
    driver.execute_script("window.__bench.expect = arguments[0]", name)
    burst(keyboard, code, rng)
    # The card drawn, or 3 s gone by.
    shown = driver.execute_async_script(
        "const done = arguments[0], until = performance.now() + 3000; const look = () => {"
        " const r = window.__bench.records.findLast((x) => x.key === 'Enter');"
        " if (r && r.cardFrame) done(true); else if (performance.now() > until) done(false); else setTimeout(look, 10);"
        " }; look();")
    taken = records(driver)
    downs = [record["down"] for record in taken]
    gaps = [later - earlier for earlier, later in zip(downs, downs[1:])]
    figures["scan_key_gap"] += gaps
    if max(gaps, default=0) > SCANNER_MAX_GAP_MS:
        # This machine sent the burst slower than a scanner does (the hub's rule: 25 ms at most between keys):
        # typing, not a scan, by the page's rule; it is not counted.
        figures["bursts_too_slow"] += 1
        return
    if not shown:
        figures["scans_without_card"] += 1
    enter = next((record for record in taken if record["key"] == "Enter"), None)
    if enter and "card" in enter:
        figures["scan_card_dom"].append(enter["card"] - enter["down"])
        figures["scan_card_drawn"].append(enter.get("cardFrame", enter["card"]) - enter["down"])
        if "sent" in enter:
            figures["scan_sent"].append(enter["sent"] - enter["down"])
            answered = min(enter.get("answered") or enter["card"], enter["card"])
            figures["scan_answered"].append(answered - enter["sent"])
            figures["scan_after_answer"].append(enter["card"] - answered)
        for phase in enter.get("phases") or []:
            figures["scan_queued"].append(phase["queued"])
            figures["scan_first_byte"].append(phase["first_byte"])
        figures["scan_wire"].append(enter["wire"])
        figures["scan_server"].append(hub_time(enter))
        if "outcomeFrame" in enter:
            figures["scan_outcome_drawn"].append(enter["outcomeFrame"] - enter["down"])
        figures["scan_requests"].append(enter["requests"])


def waiting_here(driver):
    """How many entries wait on the page, as its banner says ("1 waiting"); 0 when it says none."""
    said = driver.execute_script("const m = document.body.innerText.match(/(\\d+) waiting/); return m && m[1]")
    return int(said or 0)


def kept_scan(driver, keyboard, hub, reader, code, rng, figures):
    """The hub stopped, a scan made, the hub started again: how long until its log has the scan."""
    status, rows = request(hub.url + "/api/v1/scans?limit=1", "GET", None, reader)
    newest = rows[0]["id"] if status == 200 and rows else 0
    hub.stop()
    for attempt in range(5):
        # A burst this machine sent slower than a scanner is typing to the page (or a scan of part of the
        # code): sent again. What the page kept of a split burst goes to the hub first, in order.
        clear_search(driver, keyboard)
        before = waiting_here(driver)
        burst(keyboard, code, rng)
        time.sleep(0.2)
        downs = [record["down"] for record in records(driver)]
        if max((later - earlier for earlier, later in zip(downs, downs[1:])), default=0) > SCANNER_MAX_GAP_MS:
            figures["bursts_too_slow"] += 1
            continue
        wait_for(driver, lambda: waiting_here(driver) > before, "the scan kept in the page")
        break
    else:
        raise SystemExit("no burst was sent at a scanner's pace while the hub was stopped")
    time.sleep(0.5)
    hub.start()
    answering = time.monotonic()
    arrived = None
    while time.monotonic() - answering < 30:
        try:
            status, rows = request(hub.url + "/api/v1/scans?since=%d&limit=20" % newest, "GET", None, reader)
        except OSError:
            status, rows = 0, []
        found = [row for row in rows or [] if row.get("code") == code] if status == 200 else []
        if found:
            arrived = time.monotonic()
            break
        time.sleep(0.01)
    if arrived is None:
        figures["kept_scans_lost"] += 1
        say("a kept scan of %s did not reach the hub's log in 30 s; the page says: %s" % (
            code, driver.execute_script("return document.body.innerText")[:600].replace("\n", " | ")))
        return
    figures["kept_scan_sent"].append((arrived - answering) * 1000)
    time.sleep(2.5)  # a second send would show by now
    status, rows = request(hub.url + "/api/v1/scans?since=%d&limit=50" % newest, "GET", None, reader)
    if len([row for row in rows if row.get("code") == code]) != 1:
        figures["kept_scans_doubled"] += 1


def one_run(index, shop, arguments, rng):
    figures = {key: [] for key in LABELS}
    figures.update({key: 0 for key in MISSES})
    hub = Hub(shop)
    process = hub.start()
    sign_in = sign_in_address(process)
    # A shop's hub runs all day: the figures are those of a hub that has searched ahead the broad starts of
    # words after its first sync (its log says so), as it does after each catalog change.
    began = time.monotonic()
    while not any(WARMED in line for line in list(process.error_lines)):
        if time.monotonic() - began > 300 or process.poll() is not None:
            raise SystemExit("the hub did not say it had searched ahead: " + stderr_of(process)[-2000:])
        time.sleep(0.2)
    say("run %d: the hub searched ahead in %.1f s" % (index, time.monotonic() - began))
    reader = {"Authorization": "Bearer " + pair_program(hub.url, shop.environment, "bench log %d" % index)["token"]}
    driver = open_browser()
    keyboard = Keyboard(driver)
    try:
        pair(driver, sign_in, "Bench till %d" % index)
        driver.execute_script("arguments[0].focus()", driver.find_element(By.ID, "search"))
        # Words of the shop's item names, as far as a plain keyboard types them.
        typeable = lambda name: "".join(c for c in name.lower() if c.isascii() and (c.isalnum() or c == " "))  # noqa: E731
        words = [typeable(rng.choice(shop.words))[:arguments.word_length] for _ in range(arguments.words + 2)]
        say("run %d: typing %d words ..." % (index, len(words) - 2))
        warm = {key: [] for key in LABELS} | {key: 0 for key in MISSES}
        type_words(driver, keyboard, words[:2], arguments.key_ms, warm)
        type_words(driver, keyboard, words[2:], arguments.key_ms, figures)
        say("run %d: %d scans ..." % (index, arguments.scans))
        picked, last_name = [], None
        while len(picked) < arguments.scans + 3 + arguments.kept:
            code, name = rng.choice(shop.barcodes)
            if name != last_name:
                picked.append((code, name))
                last_name = name
        for code, name in picked[:3]:
            scan(driver, keyboard, code, name, rng, warm)
        for code, name in picked[3:3 + arguments.scans]:
            scan(driver, keyboard, code, name, rng, figures)
        say("run %d: %d kept scans across hub restarts ..." % (index, arguments.kept))
        for code, _ in picked[3 + arguments.scans:]:
            kept_scan(driver, keyboard, hub, reader, code, rng, figures)
    finally:
        keyboard.close()
        driver.quit()
        if hub.process:
            hub.stop()
    return figures


def commit():
    described = subprocess.run(["git", "-C", REPO, "describe", "--always", "--dirty", "--abbrev=7"],
                               capture_output=True, text=True)
    return described.stdout.strip() or "unknown"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--variations", type=int, default=100_000)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--words", type=int, default=25, help="words typed per run")
    parser.add_argument("--word-length", type=int, default=8, help="keys typed of each word")
    parser.add_argument("--key-ms", type=float, default=150, help="a person's pace: milliseconds between keys")
    parser.add_argument("--scans", type=int, default=60, help="scans per run")
    parser.add_argument("--kept", type=int, default=3, help="kept scans (hub restarts) per run")
    parser.add_argument("--seed", type=int, default=37)
    parser.add_argument("--json", action="store_true")
    arguments = parser.parse_args()
    rng = random.Random(arguments.seed)
    load_before = os.getloadavg()[0]
    with tempfile.TemporaryDirectory(prefix="catalog-bench-counter-page-") as folder:
        shop = Shop(folder, arguments.variations)
        try:
            runs = [one_run(index + 1, shop, arguments, rng) for index in range(arguments.runs)]
        finally:
            shop.close()
    # The hub embeds its pages' scripts when it is built: the binary's time says which counter.js was measured.
    built = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime(os.path.getmtime(os.environ["CATALOG_BIN"])))
    report = {"commit": commit(), "built": built, "binary": os.environ["CATALOG_BIN"],
              "variations": arguments.variations,
              "load_average": [round(load_before, 2), round(os.getloadavg()[0], 2)],
              "runs": [], "summary": {}, "targets": {}}
    for figures in runs:
        report["runs"].append({key: (summary(value) if isinstance(value, list) else value)
                               for key, value in figures.items()})
    for key in LABELS:
        per_run = [run_figures[key] for run_figures in report["runs"] if run_figures[key]["count"]]
        if not per_run:
            continue
        report["summary"][key] = {
            stat: {"median": round(statistics.median(r[stat] for r in per_run), 2),
                   "spread": [min(r[stat] for r in per_run), max(r[stat] for r in per_run)]}
            for stat in ("median", "p95", "max")} | {"count": sum(r["count"] for r in per_run)}
    for key, (stat, limit) in TARGETS.items():
        if key in report["summary"]:
            worst = report["summary"][key][stat]["spread"][1]
            report["targets"][key] = {"stat": stat, "under_ms": limit, "worst_run_ms": worst, "met": worst < limit}
    if arguments.json:
        print(json.dumps(report, indent=2))
        return
    print("counter page, %s variations, %d runs, commit %s, %s built %s" % (
        format(arguments.variations, ","), len(runs), report["commit"], report["binary"], report["built"]))
    print("%-52s %8s %16s %16s %10s  %s" % ("", "samples", "median (runs)", "p95 (runs)", "max", "target"))
    for key, label in LABELS.items():
        if key not in report["summary"]:
            continue
        figures = report["summary"][key]
        target = report["targets"].get(key)
        mark = ("%s < %d ms: %s" % (target["stat"], target["under_ms"], "met" if target["met"] else "MISSED")
                if target else "")
        spread = lambda stat: "%.1f (%.1f-%.1f)" % (  # noqa: E731
            figures[stat]["median"], figures[stat]["spread"][0], figures[stat]["spread"][1])
        print("%-52s %8d %16s %16s %10.1f  %s" % (label, figures["count"], spread("median"), spread("p95"),
                                                 figures["max"]["spread"][1], mark))
    misses = {key: sum(r[key] for r in report["runs"]) for key in MISSES}
    print("load average (1 min) at the start and the end: %.2f, %.2f" % tuple(report["load_average"]))
    print("not seen: " + ", ".join("%s %d" % (key.replace("_", " "), value) for key, value in misses.items()))


if __name__ == "__main__":
    main()
