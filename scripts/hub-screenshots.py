#!/usr/bin/env python3
"""Screenshots of the hub for docs/hub.md, saved as optimised PNGs in docs/images/.

Starts what the browser tests start (Tests/python): the demo shop in `catalog sandbox`, synced, and
`catalog serve` on it at High Street, printing to a private cupsd with one queue (so label mode can work);
pairs headless Chromium (Debian's chromium and chromium-driver, through Selenium) as "Front till"; then,
at a counter's 1366x768 and a phone's 390x844, shows the counter page in each mode (lookup, reorder,
label, receive, count: a count is started so count mode can work; shelf: a shelf's label, then an item) with a scan's outcome card, the back
office, and the counter page while the hub cannot be reached (the hub stopped: the card's price "as of" when
it was read; then two scans kept: "2 waiting" and the kept card). The catalog binary is CATALOG_BIN, else the debug build. Run it with the project's
virtualenv: .venv/bin/python3 scripts/hub-screenshots.py [--out docs/images]."""

import argparse
import io
import os
import subprocess
import sys
import tempfile
import time

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(REPO, "Tests", "python"))

from PIL import Image  # noqa: E402
from selenium import webdriver  # noqa: E402
from selenium.webdriver.chrome.options import Options  # noqa: E402
from selenium.webdriver.chrome.service import Service  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.common.keys import Keys  # noqa: E402
from selenium.webdriver.support.select import Select  # noqa: E402

from catalog_process import free_port, private_cups, run, start, stop, synced_demo  # noqa: E402
from hub_page import sign_in_address, text_of, wait_for  # noqa: E402

SIZES = {"desktop": (1366, 768, False), "phone": (390, 844, True)}
# A demo item's barcode for each mode's scan (each a different item, so each card is new).
SCANS = {"lookup": "0012345678905", "reorder": "4006381333931", "label": "05012345003627",
         "receive": "061234502401", "count": "0012345678905", "shelf": "4006381333931"}
KEPT = ["4006381333931", "061234502401"]


class Shooter:
    def __init__(self, driver, out):
        self.driver, self.out, self.saved = driver, out, []

    def size(self, name):
        width, height, mobile = SIZES[name]
        self.driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
            "width": width, "height": height, "deviceScaleFactor": 1, "mobile": mobile})
        time.sleep(0.3)

    def save(self, name):
        """The viewport as it is, as a palette PNG (screens are flat colours: 256 keep them exact enough)."""
        time.sleep(0.4)  # transitions and fonts settle
        image = Image.open(io.BytesIO(self.driver.get_screenshot_as_png())).convert("RGB")
        path = os.path.join(self.out, "hub-%s.png" % name)
        image.quantize(colors=256, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE).save(
            path, optimize=True)
        self.saved.append(path)
        print("saved %s (%d KB)" % (os.path.relpath(path, REPO), os.path.getsize(path) // 1024), flush=True)


def counter_page(driver, url):
    driver.get(url + "/")
    wait_for(driver, lambda: driver.execute_script("return document.body.dataset.mode"), "the counter page")
    time.sleep(0.5)


def office_page(driver, address):
    driver.get(address)
    wait_for(driver, lambda: driver.find_elements(By.ID, "office") and "Loading…" not in text_of(driver, "#office"),
             "the page " + address, 15)


def switch_mode(driver, mode):
    Select(driver.find_element(By.ID, "mode-select")).select_by_value(mode)
    wait_for(driver, lambda: driver.execute_script("return document.body.dataset.mode") == mode,
             "the %s banner" % mode)


def scan(driver, code):
    """A keyboard-wedge scan into the search box (Selenium types a string a few ms a key, as a scanner)."""
    before = text_of(driver, "#card")
    search = driver.find_element(By.ID, "search")
    driver.execute_script("arguments[0].focus()", search)
    search.send_keys(code + Keys.ENTER)
    wait_for(driver, lambda: text_of(driver, "#card") != before, "the outcome card of %s" % code)
    time.sleep(0.6)
    driver.execute_script("document.activeElement.blur()")


def shelf_label(driver, place):
    """A shelf's label scanned: the banner says the shelf."""
    search = driver.find_element(By.ID, "search")
    driver.execute_script("arguments[0].focus()", search)
    search.send_keys("CATALOG:SHELF:" + place + Keys.ENTER)
    wait_for(driver, lambda: ("Shelf " + place) in text_of(driver, "#mode-detail"), "the shelf on the banner")
    driver.execute_script("document.activeElement.blur()")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", default=os.path.join(REPO, "docs", "images"))
    out = parser.parse_args().out
    os.makedirs(out, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="catalog-screenshots-") as folder, \
            synced_demo(folder, "screenshots-token") as (_, environment), \
            private_cups(os.path.join(folder, "cups.sock")) as (cups, _):
        environment = dict(environment, CUPS_SERVER=cups)
        # The tag printer is CUPS's default, as a shop sets it up, so label mode has a printer to print to.
        subprocess.run(["lpadmin", "-h", cups, "-d", "tags"], check=True, capture_output=True)
        # The looked-up item has a shelf place at High Street, as a shop's would: the card shows it.
        placed = run(["shelf", "set", SCANS["lookup"], "A3-2", "--location", "High Street"], environment)
        if placed.returncode != 0:
            print("no shelf place set: " + placed.stderr.strip(), file=sys.stderr)
        # A fixed port: the hub is stopped and started again at the same address (what a screen keeps is the
        # address's own).
        arguments = ["serve", "--listen", "127.0.0.1:%d" % free_port(), "--location", "High Street",
                     "--sync-every", "0"]
        hub, url = start(arguments, environment)
        sign_in = sign_in_address(hub)
        options = Options()
        for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                         "--window-size=1366,768", "--hide-scrollbars", "--lang=en-GB"]:
            options.add_argument(argument)
        driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
        shooter = Shooter(driver, out)
        try:
            shooter.size("desktop")
            driver.get(sign_in)
            name = driver.find_element(By.ID, "device-name")
            name.clear()
            name.send_keys("Front till" + Keys.ENTER)
            wait_for(driver, lambda: driver.find_elements(By.ID, "search"), "the counter page after pairing")
            made = run(["count", "start", "--location", "High Street", "--name", "Shelf count"], environment)
            if made.returncode != 0:
                print("no count started, so count mode is off: " + made.stderr.strip(), file=sys.stderr)
            for size in SIZES:
                shooter.size(size)
                counter_page(driver, url)
                if size == "desktop":
                    search = driver.find_element(By.ID, "search")
                    for letter in "blu widg":
                        search.send_keys(letter)
                        time.sleep(0.08)
                    wait_for(driver, lambda: driver.find_elements(By.CSS_SELECTOR, "#results li"), "the results")
                    shooter.save("counter-search-desktop")
                    search.send_keys(Keys.ESCAPE)
                for mode in ["lookup", "reorder", "label", "receive", "count", "shelf"]:
                    switch_mode(driver, mode)
                    if mode == "shelf":
                        shelf_label(driver, "A3-2")
                    scan(driver, SCANS[mode])
                    shooter.save("counter-%s-%s" % (mode, size))
                switch_mode(driver, "lookup")
                if size == "desktop":
                    office_page(driver, url + "/office")
                    shooter.save("office-desktop")
                office_page(driver, url + "/office/reorder")
                shooter.save("office-reorder-%s" % size)
            # The hub away: the card's price "as of", then two scans kept on the screen.
            for size in SIZES:
                shooter.size(size)
                counter_page(driver, url)
                scan(driver, SCANS["lookup"])
                stop(hub)
                wait_for(driver, lambda: "as of" in text_of(driver, "#card"), "the card's price as of its time", 15)
                if size == "desktop":
                    shooter.save("counter-as-of-desktop")
                for code in KEPT:
                    scan(driver, code)
                wait_for(driver, lambda: "2 waiting" in text_of(driver, "#mode-banner"), "2 waiting on the banner")
                shooter.save("counter-unreachable-%s" % size)
                hub, url = start(arguments, environment)
                counter_page(driver, url)
                wait_for(driver, lambda: "waiting" not in text_of(driver, "#mode-banner"), "nothing waiting", 15)
            total = sum(os.path.getsize(path) for path in shooter.saved)
            print("%d screenshots, %d KB in all" % (len(shooter.saved), total // 1024))
        finally:
            driver.quit()
            stop(hub)


if __name__ == "__main__":
    main()
