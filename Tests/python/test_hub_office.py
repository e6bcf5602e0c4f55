"""The hub's back office in a real browser (headless Chromium through Selenium) against `catalog serve` on the
demo shop in `catalog sandbox`, printing (the tests that print or show printers) to a private cupsd: the reorder list is edited and its order PDF
downloaded, an outbox conflict is decided from the page, stale tags are reprinted and the job followed, a label
job that did not print is sent to another printer from the print queue, and every office page is kept as a screenshot at 1024x768 and 390x844 with no JavaScript errors."""

import json
import os
import subprocess
import time
import urllib.request
import uuid

import pytest
from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.common.by import By

from catalog_process import RawPrinter, require_program, run
from hub_page import (artifacts, browser, click, console_errors, hub, pair_program, paired, printer,  # noqa: F401
                      request, screenshots, text_of, wait_for)

WIDGET = "0012345678905"
CABLE_TIES = "05012345003627"
PAGES = ["office", "reorder", "tags", "outbox", "history", "printers", "plans", "counts", "sync"]
pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


@pytest.fixture(scope="module")
def program(hub):
    """A program paired with the hub: the headers its requests carry."""
    device = pair_program(hub["url"], hub["environment"], "office script")
    return {"Authorization": "Bearer " + device["token"], "X-CSRF-Token": device["csrf_token"]}


def reorder_lines(environment):
    listed = run(["reorder", "list", "--json"], environment)
    assert listed.returncode == 0, listed.stderr
    return [json.loads(line) for line in listed.stdout.splitlines()]


def open_page(browser, hub, name):
    browser.get(hub["url"] + ("/office" if name == "office" else "/office/" + name))
    wait_for(browser, lambda: browser.find_elements(By.ID, "office"), "the %s page" % name)


def test_the_reorder_list_is_edited_and_its_order_pdf_downloaded(hub, paired, program):
    pdftotext = require_program("pdftotext", "poppler-utils")
    browser, url, environment = paired, hub["url"], hub["environment"]
    for code, quantity in [(WIDGET, 3), (CABLE_TIES, 2)]:
        status, _ = request(url + "/api/v1/reorder", "POST", {"code": code, "quantity": quantity}, program)
        assert status == 201
    lines = {line["item"]: line for line in reorder_lines(environment)}
    widget, ties = lines["Acme Blue Widget"], lines["Workshop Cable Ties"]
    open_page(browser, hub, "reorder")
    field = wait_for(browser, lambda: browser.find_elements(By.ID, "qty-%d" % widget["id"]), "the widget's line")[0]
    field.clear()
    field.send_keys("6")
    click(browser, "#save-%d" % widget["id"])
    wait_for(browser, lambda: "6 wanted" in text_of(browser, "#status"), "the quantity saved")
    click(browser, "#remove-%d" % ties["id"])
    wait_for(browser, lambda: not browser.find_elements(By.ID, "remove-%d" % ties["id"]), "the line removed")
    now = {line["item"]: line for line in reorder_lines(environment)}
    assert list(now) == ["Acme Blue Widget"] and now["Acme Blue Widget"]["quantity"] == 6
    # Another counter adds to the list: the page shows it without being reloaded.
    request(url + "/api/v1/reorder", "POST", {"code": CABLE_TIES, "quantity": 4}, program)
    wait_for(browser, lambda: "Workshop Cable Ties" in text_of(browser, "#reorder-list"), "the line added elsewhere")
    screenshots(browser, "office-reorder-edited")
    # The order PDF the page links to, fetched with the page's own cookie.
    link = browser.find_element(By.CSS_SELECTOR, "a.download[href*='export.pdf']").get_attribute("href")
    cookie = browser.get_cookie("catalog_device")["value"]
    with urllib.request.urlopen(urllib.request.Request(link, headers={"Cookie": "catalog_device=" + cookie})) as answer:
        assert "attachment" in answer.headers["Content-Disposition"]
        pdf = answer.read()
    assert pdf.startswith(b"%PDF")
    path = os.path.join(artifacts(), "order.pdf")
    with open(path, "wb") as file:
        file.write(pdf)
    text = subprocess.run([pdftotext, path, "-"], capture_output=True, text=True, check=True).stdout
    assert "Acme Blue Widget" in text or "Workshop Cable Ties" in text, text
    assert console_errors(browser) == []


def test_an_outbox_conflict_is_decided_from_the_page(hub, paired):
    browser, environment, square = paired, hub["environment"], hub["square"]
    # The counter changes the price while Square cannot be reached: the edit waits in the outbox.
    offline = dict(environment, SQUARE_BASE_URL="http://127.0.0.1:1")
    queued = run(["edit", CABLE_TIES, "--price", "4.44"], offline, timeout=120)
    assert queued.returncode == 75, queued.stderr
    # Meanwhile someone changes the same price in Square.
    shown = json.loads(run(["show", CABLE_TIES, "--json"], environment).stdout.splitlines()[0])
    variation = square.catalog.object.get(object_id=shown["variation_id"]).object
    body = variation.model_dump(mode="json", exclude_none=True)
    body["item_variation_data"]["price_money"]["amount"] = 555
    square.catalog.object.upsert(idempotency_key=uuid.uuid4().hex, object=body)
    # Sync now sends the outbox, which finds the conflict.
    open_page(browser, hub, "sync")
    wait_for(browser, lambda: browser.find_element(By.ID, "sync-now").is_enabled(), "the sync button")
    browser.find_element(By.ID, "sync-now").click()
    wait_for(browser, lambda: "1 to decide" in text_of(browser, "#sync-facts"), "the conflict found", seconds=30)
    open_page(browser, hub, "outbox")
    conflict = wait_for(browser, lambda: text_of(browser, ".entry.conflict"), "the conflict on the page")
    assert "£4.44" in conflict and "£5.55" in conflict, conflict
    screenshots(browser, "office-outbox-conflict")
    click(browser, ".entry.conflict .keep-mine")
    wait_for(browser, lambda: "now in Square" in text_of(browser, "#status"), "the conflict decided", seconds=15)
    price = square.catalog.object.get(object_id=shown["variation_id"]).object.item_variation_data.price_money
    assert (price.amount, price.currency) == (444, "GBP")
    # The page says so first, then reads the outbox again: the conflict leaves the list a moment later.
    wait_for(browser, lambda: not browser.find_elements(By.CSS_SELECTOR, ".entry.conflict"), "the conflict gone")
    assert console_errors(browser) == []


def test_the_history_names_what_was_changed(hub, paired):
    browser, environment = paired, hub["environment"]
    edited = run(["edit", CABLE_TIES, "--price", "4.56"], environment)
    assert edited.returncode == 0, edited.stderr
    shown = json.loads(run(["show", CABLE_TIES, "--json"], environment).stdout.splitlines()[0])
    open_page(browser, hub, "history")
    body = wait_for(browser, lambda: "4.56" in text_of(browser, "#history-body") and text_of(browser, "#history-body"),
                    "the edit in the history")
    # The item's and variation's names as the catalog has them, never Square's id.
    assert shown["item_name"] in body and shown["variation_name"] in body, body
    assert shown["variation_id"] not in body, body
    screenshots(browser, "office-history-named")
    assert console_errors(browser) == []


def test_stale_tags_are_reprinted_and_the_job_followed(hub, paired, program, printer):
    browser, url, environment, tags = paired, hub["url"], hub["environment"], printer
    status, job = request(url + "/api/v1/labels/print", "POST", {"code": WIDGET, "printer": "tags"}, program)
    assert status == 202, job
    wait_for(browser, lambda: tags.received(), "the first tag at the printer", seconds=30)
    printed = len(tags.received())
    edited = run(["edit", WIDGET, "--price", "9.87"], environment)
    assert edited.returncode == 0, edited.stderr
    open_page(browser, hub, "tags")
    wait_for(browser, lambda: "Acme Blue Widget" in text_of(browser, "#tags-body"), "the stale tag")
    assert "£9.87" in text_of(browser, "#tags-body")
    wait_for(browser, lambda: browser.find_elements(By.CSS_SELECTOR, "#tag-printer option[value=tags]"), "the printers")
    screenshots(browser, "office-tags-stale")
    browser.find_element(By.ID, "print-stale").click()
    wait_for(browser, lambda: "printed" in text_of(browser, "#status"), "the job printed", seconds=30)
    document = wait_for(browser, lambda: len(tags.received()) > printed and tags.received()[-1], "the reprint")
    assert b"Acme Blue Widget" in document and b"9.87" in document
    wait_for(browser, lambda: "No stale tags" in text_of(browser, "#tags-body"), "the list emptied")
    assert console_errors(browser) == []


def test_a_failed_label_job_is_sent_to_another_printer_from_the_queue(hub, paired, program, printer):
    browser, url, server, tags = paired, hub["url"], hub["cups"], printer
    lpadmin = require_program("lpadmin", "cups-client", ["/usr/sbin/lpadmin"])
    cupsreject = require_program("cupsreject", "cups-client", ["/usr/sbin/cupsreject"])
    spare = RawPrinter()
    before = len(tags.received())
    try:
        added = subprocess.run([lpadmin, "-h", server, "-p", "spare", "-E", "-v",
                                "socket://127.0.0.1:%d" % spare.port, "-m", "raw"], capture_output=True, text=True)
        assert added.returncode == 0, added.stderr
        refused = subprocess.run([cupsreject, "-h", server, "-r", "Lid open", "tags"], capture_output=True, text=True)
        assert refused.returncode == 0, refused.stderr
        # The tag printer refuses jobs: the job is kept in the queue, failed, with what to do in staff words.
        status, job = request(url + "/api/v1/labels/print", "POST", {"code": WIDGET, "printer": "tags"}, program)
        assert status == 202 and job["state"] == "failed", job
        assert "Printers page" in job["reason"] and "cupsaccept" not in job["reason"], job
        open_page(browser, hub, "printers")
        wait_for(browser, lambda: "Did not print" in text_of(browser, "#queue-body"), "the failed job in the queue")
        screenshots(browser, "office-printers-failed-job")
        row = browser.find_element(By.CSS_SELECTOR, "#queue-body tr.failed")
        choice = row.find_element(By.TAG_NAME, "select")
        browser.execute_script("arguments[0].value = 'spare'", choice)
        row.find_element(By.XPATH, ".//button[text()='Send again']").click()
        document = wait_for(browser, lambda: spare.received() and spare.received()[-1], "the tag at the spare printer",
                            seconds=30)
        assert b"Acme Blue Widget" in document
        row = "#queue-body tr[data-job='%d']" % job["id"]
        wait_for(browser, lambda: "Printed" in text_of(browser, row), "the job printed on the spare printer", seconds=30)
        assert "spare" in text_of(browser, row)
        screenshots(browser, "office-printers-sent-again")
        assert len(tags.received()) == before, "the refusing printer printed nothing"
        status, jobs = request(url + "/api/v1/label-jobs", "GET", None, program)
        assert status == 200 and jobs[0]["id"] == job["id"] and jobs[0]["state"] == "completed", jobs
        assert jobs[0]["printer"] == "spare" and jobs[0]["attempts"] == 2, jobs
        assert console_errors(browser) == []
    finally:
        cupsaccept = require_program("cupsaccept", "cups-client", ["/usr/sbin/cupsaccept"])
        subprocess.run([cupsaccept, "-h", server, "tags"], capture_output=True)
        subprocess.run([lpadmin, "-h", server, "-x", "spare"], capture_output=True)
        spare.close()


def test_a_plans_tags_are_printed_ahead_from_the_plans_page(hub, paired, printer, tmp_path):
    browser, environment, tags = paired, hub["environment"], printer
    csv = tmp_path / "monday.csv"
    csv.write_text("barcode,price\n%s,8.76\n" % WIDGET)
    staged = run(["prices", "plan", "--at", "2099-01-04 08:00", "--file", str(csv), "--name", "Monday prices"],
                 environment)
    assert staged.returncode == 0, staged.stderr
    before = len(tags.received())
    open_page(browser, hub, "plans")
    wait_for(browser, lambda: "Monday prices" in text_of(browser, "#plans-list"), "the staged plan")
    assert "Staged" in text_of(browser, "#plans-list")
    # The demo shop's Spring Sale ends in three weeks: its tags are a plan of their own, Square's to change.
    sale = wait_for(browser, lambda: browser.find_elements(By.XPATH, "//section[.//strong[text()='Spring Sale ends']]"),
                    "the sale's end")[0]
    assert "Square sale" in sale.text and " tags" in sale.text, sale.text
    assert not sale.find_elements(By.XPATH, ".//button[text()='Cancel the plan']"), "a sale is cancelled in Square"
    sale.find_element(By.XPATH, ".//button[text()='Show the tags']").click()
    wait_for(browser, lambda: "regular price" in sale.text, "the tags going back to their regular price")
    monday = "//section[.//strong[text()='Monday prices']]"
    browser.find_element(By.XPATH, monday + "//button[text()='Show the prices']").click()
    wait_for(browser, lambda: "£8.76" in text_of(browser, "#plans-list"), "the plan's new price")
    wait_for(browser, lambda: browser.find_elements(By.CSS_SELECTOR, "#plan-printer option[value=tags]"), "the printers")
    browser.execute_script("document.querySelector('#plan-printer').value = 'tags'")
    screenshots(browser, "office-plans-shown")
    browser.find_element(By.XPATH, monday + "//button[text()='Print its tags']").click()
    document = wait_for(browser, lambda: len(tags.received()) > before and tags.received()[-1], "the plan's tags",
                        seconds=30)
    assert b"8.76" in document and b"Acme Blue Widget" in document
    wait_for(browser, lambda: "printed" in text_of(browser, "#status"), "the job followed to its end", seconds=30)
    assert console_errors(browser) == []


def test_a_manager_stages_a_price_file_from_the_plans_page(hub, paired, tmp_path):
    browser = paired
    bad = tmp_path / "bad.csv"
    bad.write_text("barcode,price\n%s,3.21\nNOT-A-CODE,1.00\n" % CABLE_TIES)
    good = tmp_path / "december.csv"
    good.write_text("barcode,price\n%s,3.21\n%s,9.99\n" % (CABLE_TIES, WIDGET))
    open_page(browser, hub, "plans")
    wait_for(browser, lambda: "Loading" not in text_of(browser, "#plans-list"), "the plans")

    def stage(path, name):
        browser.execute_script("document.querySelector('#plan-at').value = '2099-12-01 08:00'")
        browser.find_element(By.ID, "plan-name").clear()
        browser.find_element(By.ID, "plan-name").send_keys(name)
        browser.find_element(By.ID, "plan-file").send_keys(str(path))
        browser.find_element(By.ID, "plan-stage").click()

    # A file with a line naming nothing stages nothing, and says which line.
    stage(bad, "Bad prices")
    wait_for(browser, lambda: "NOT-A-CODE" in text_of(browser, "#status"), "the bad line named")
    assert "line 3" in text_of(browser, "#status") and "Bad prices" not in text_of(browser, "#plans-list")
    stage(good, "December prices")
    wait_for(browser, lambda: "December prices" in text_of(browser, "#plans-list"), "the staged plan listed")
    assert "Staged “December prices”: 2 prices from 2099-12-01 08:00" in text_of(browser, "#status"), \
        text_of(browser, "#status")
    listed = run(["prices", "plans", "--json"], hub["environment"])
    plans = json.loads(listed.stdout)
    assert any(plan["name"] == "December prices" and plan["lines"] == 2 for plan in plans), plans
    screenshots(browser, "office-plans-staged")
    assert console_errors(browser, expected=["422 (Unprocessable"]) == []


def test_every_office_page_is_small_and_has_no_errors(hub, paired, printer):
    browser = paired
    for name in PAGES:
        open_page(browser, hub, name)
        time.sleep(0.5)
        current = browser.find_elements(By.CSS_SELECTOR, "nav a[aria-current=page]")
        assert name == "office" or [link.text.lower() for link in current] == [name]
        total = browser.execute_script(
            "return performance.getEntriesByType('navigation').concat(performance.getEntriesByType('resource'))"
            ".filter(e => !e.name.includes('/api/')).reduce((sum, e) => sum + e.encodedBodySize, 0)")
        assert 0 < total < 150 * 1024, (name, total)
        assert "Loading…" not in text_of(browser, "main"), name
        screenshots(browser, "office-" + name)
        assert console_errors(browser) == [], name


def click_xpath(browser, xpath, tries=10):
    """Finds and clicks `xpath`, again when the list it is in was drawn anew meanwhile (the Counts page draws
    its counts again as counters scan)."""
    for attempt in range(tries):
        try:
            browser.find_element(By.XPATH, xpath).click()
            return
        except StaleElementReferenceException:
            if attempt == tries - 1:
                raise
            time.sleep(0.1)


def test_a_manager_runs_a_blind_count_from_the_counts_page(hub, paired, program):
    """A manager starts a blind count of Hardware from the Counts page; a counter counts into it through the
    API without a stock figure in its answers; the area moves on live; the manager marks it counted, sees the
    differences, accepts it and posts: Square holds what was counted."""
    browser, url = paired, hub["url"]
    open_page(browser, hub, "counts")
    wait_for(browser, lambda: "Loading" not in text_of(browser, "#counts-list"), "the counts")
    browser.find_element(By.ID, "count-name").send_keys("Tuesday count")
    browser.find_element(By.ID, "count-categories").send_keys("Hardware")
    browser.find_element(By.ID, "count-blind").click()
    click(browser, "#count-start")
    wait_for(browser, lambda: "Tuesday count" in text_of(browser, "#status"), "the count started")
    wait_for(browser, lambda: "Blind" in text_of(browser, "#counts-list"), "the blind count listed")

    device = pair_program(url, hub["environment"], "till-7", role="counter")
    till = {"Authorization": "Bearer " + device["token"], "X-CSRF-Token": device["csrf_token"]}
    status, state = request(url + "/api/v1/counters/till-7/mode", "POST", {"mode": "count"}, till)
    assert status == 200 and state["mode"] == "count", state
    for scan in range(3):
        status, answer = request(url + "/api/v1/scans", "POST",
                                 {"id": "tuesday-%d" % scan, "code": WIDGET, "counter": "till-7"}, till)
        assert status in (200, 201) and answer["result"]["kind"] == "counted", answer
        assert "stock" not in (answer.get("card") or {}) and "in_stock" not in (answer.get("card") or {}), answer
    status, refused = request(url + "/api/v1/counts", "GET", None, till)
    count_id = next(count["id"] for count in refused if count["name"] == "Tuesday count")
    status, review = request(url + "/api/v1/counts/%d/review" % count_id, "GET", None, till)
    assert status == 403, review
    wait_for(browser, lambda: "1 of" in text_of(browser, "#counts-list"), "the area's progress, live", seconds=10)

    browser.execute_script("window.confirm = () => true")
    section = "//section[.//strong[text()='Tuesday count']]"
    click_xpath(browser, section + "//button[text()='Counted']")
    wait_for(browser, lambda: "Hardware is counted" in text_of(browser, "#status"), "the area counted")
    click_xpath(browser, section + "//button[text()='Show the differences']")
    wait_for(browser, lambda: "Acme Blue Widget" in text_of(browser, "#counts-list"), "the differences")
    status, _ = request(url + "/api/v1/scans", "POST", {"id": "tuesday-3", "code": WIDGET, "counter": "till-7"}, till)
    wait_for(browser, lambda: "4 units" in text_of(browser, "#counts-list")
             and "Acme Blue Widget" in text_of(browser, "#counts-list"), "the differences kept open as the list moves on")
    screenshots(browser, "office-counts-review")
    click_xpath(browser, section + "//button[text()='Accept']")
    wait_for(browser, lambda: "Hardware is done" in text_of(browser, "#status"), "the area accepted")
    click_xpath(browser, section + "//button[text()='Post to Square']")
    wait_for(browser, lambda: "Posted" in text_of(browser, "#status"), "the count posted", seconds=20)
    assert console_errors(browser) == []
    client = hub["square"]
    high_street = next(loc.id for loc in client.locations.list().locations if loc.name == "High Street")
    variation = request(url + "/api/v1/variations/" + WIDGET, "GET", None, program)[1][0]["variation_id"]
    counts = client.inventory.get(catalog_object_id=variation, location_ids=high_street)
    assert [c.quantity for c in counts if c.state == "IN_STOCK" and c.location_id == high_street] == ["4"]
