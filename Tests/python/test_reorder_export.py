"""`catalog reorder export` read back with Python's csv and json modules.

Starts `catalog sandbox --port 0 --seed demo` (the binary from CATALOG_BIN, default .build/debug/catalog),
syncs a scratch database, renames an item on the sandbox to a name with a comma, quotes, a newline and
non-ASCII (`catalog edit` refuses control characters, Square does not), fills the list from the demo shop's low stock at High Street and adds
lines with awkward notes, then checks the CSV (plain and --excel), JSON and PDF exports.
Run with `python3 -m pytest -q Tests/python/test_reorder_export.py`.
"""

import csv
import io
import json
import os
import re
import shutil
import subprocess
import tempfile
import urllib.request
import uuid
from decimal import Decimal

import pytest

from catalog_process import catalog_binary, require_program, start, stop

TOKEN = "reorder-export-token-" + uuid.uuid4().hex[:8]
COLUMNS = ["vendor", "vendor_code", "sku", "gtin", "item", "variation", "quantity", "unit_cost", "line_cost",
           "currency", "on_hand", "threshold", "note", "first_added", "last_added", "status", "order_reference"]
SMALL, MEDIUM, LARGE = "05012345003627", "05012345003634", "05012345003641"
NOTEBOOK = "05012345004594"
NEW_NAME = 'Cable Ties, "Heavy"\nDuty – Größe 東京'
NOTE = 'ask for the "blue" ones, not red;\nsecond line – café ☕'


class Shop:
    def __init__(self, folder, url):
        self.folder = folder
        self.env = {"HOME": folder, "PATH": "/usr/bin:/bin", "SQUARE_BASE_URL": url, "SQUARE_ACCESS_TOKEN": TOKEN,
                    "CATALOG_DB": os.path.join(folder, "catalog.sqlite"), "CATALOG_LOCATION": "High Street"}

    def run(self, *arguments):
        return subprocess.run([catalog_binary(), *arguments], env=self.env, capture_output=True,
                              stdin=subprocess.DEVNULL, timeout=120)

    def ok(self, *arguments):
        result = self.run(*arguments)
        assert result.returncode == 0, (arguments, result.stdout[-2000:], result.stderr[-2000:])
        return result


@pytest.fixture(scope="module")
def shop():
    folder = tempfile.mkdtemp(prefix="reorder-export-")
    process, url = start(["sandbox", "--port", "0", "--seed", "demo", "--token", TOKEN], cwd=folder)
    try:
        shop = Shop(folder, url)
        shop.ok("sync")
        rename_on_square(url, json.loads(shop.ok("show", LARGE, "--json").stdout)["item_id"], NEW_NAME)
        shop.ok("sync")
        shop.ok("reorder", "suggest", "--apply")
        shop.ok("reorder", "add", SMALL, "--qty", "7", "--note", NOTE)
        shop.ok("reorder", "add", LARGE, "--qty", "3")
        shop.ok("reorder", "add", NOTEBOOK, "--qty", "2", "--note", "Ümlaut, \"quoted\", and\r\nCRLF")
        yield shop
    finally:
        stop(process)
        shutil.rmtree(folder, ignore_errors=True)


def rename_on_square(url, item_id, name):
    """Renames an item through the sandbox's catalog API, as another Square client would."""
    def call(method, path, body=None):
        request = urllib.request.Request(url + path, method=method, data=None if body is None else json.dumps(
            body).encode("utf-8"), headers={"Authorization": "Bearer " + TOKEN, "Content-Type": "application/json"})
        with urllib.request.urlopen(request, timeout=10) as response:
            return json.loads(response.read())
    item = call("GET", "/v2/catalog/object/" + item_id)["object"]
    item["item_data"]["name"] = name
    call("POST", "/v2/catalog/object", {"idempotency_key": uuid.uuid4().hex, "object": item})


def natural(text):
    return [int(part) if part.isdigit() else part.casefold() for part in re.split(r"(\d+)", text or "")]


def check_order(rows):
    """Grouped by vendor (sorted, "No vendor" last), then by item name within each vendor."""
    vendors = []
    for row in rows:
        if not vendors or vendors[-1] != row["vendor"]:
            assert row["vendor"] not in vendors, "vendor %s appears in two groups" % row["vendor"]
            vendors.append(row["vendor"])
    named = [v for v in vendors if v != "No vendor"]
    assert named == sorted(named, key=natural)
    if "No vendor" in vendors:
        assert vendors[-1] == "No vendor"
    for vendor in vendors:
        items = [row["item"] for row in rows if row["vendor"] == vendor]
        assert items == sorted(items, key=natural), vendor
    return vendors


def export(shop, *arguments):
    path = os.path.join(shop.folder, "export-%s" % uuid.uuid4().hex[:6])
    shop.ok("reorder", "export", "--output", path, *arguments)
    with open(path, "rb") as handle:
        return handle.read()


def list_lines(shop):
    return [json.loads(line) for line in shop.ok("reorder", "list", "--json").stdout.decode().splitlines()]


def test_csv_has_the_header_grouping_quantities_costs_and_awkward_text(shop):
    data = export(shop, "--format", "csv")
    assert not data.startswith(b"\xef\xbb\xbf")
    rows = list(csv.DictReader(io.StringIO(data.decode("utf-8"), newline="")))
    with io.StringIO(data.decode("utf-8"), newline="") as handle:
        assert next(csv.reader(handle)) == COLUMNS
    listed = {(line["sku"], line["item"], line["variation"]): line for line in list_lines(shop)}
    assert len(rows) == len(listed) > 20
    vendors = check_order(rows)
    assert "Acme Supply" in vendors and "Dales Fresh Foods" in vendors
    for row in rows:
        line = listed[(row["sku"] or None, row["item"], row["variation"])]
        assert int(row["quantity"]) == line["quantity"] > 0
        if row["unit_cost"]:
            assert Decimal(row["line_cost"]) == Decimal(row["unit_cost"]) * int(row["quantity"])
            assert row["currency"] == "GBP"
        assert row["status"] == "wanted"
    by_sku = {row["sku"]: row for row in rows}
    small = by_sku["HW-0217-S"]
    assert small["note"] == NOTE
    assert small["item"] == NEW_NAME
    assert by_sku["HW-0217-L"]["item"] == NEW_NAME
    assert by_sku["HW-0217-S"]["vendor"] == "Acme Supply"
    notebook = [row for row in rows if row["gtin"] == "5012345004594"]
    assert len(notebook) == 1 and notebook[0]["note"] == "Ümlaut, \"quoted\", and\r\nCRLF"
    assert notebook[0]["vendor"] == "Dales Fresh Foods"
    assert int(notebook[0]["quantity"]) >= 2
    assert small["on_hand"] != "" and int(small["threshold"]) > 0


def test_excel_variant_has_a_bom_and_semicolons(shop):
    plain = export(shop, "--format", "csv")
    excel = export(shop, "--format", "csv", "--excel")
    assert excel.startswith(b"\xef\xbb\xbf")
    text = excel.decode("utf-8-sig")
    assert text.split("\r\n" if "\r\n" in text else "\n", 1)[0] == ";".join(COLUMNS)
    excel_rows = list(csv.reader(io.StringIO(text, newline=""), delimiter=";"))
    plain_rows = list(csv.reader(io.StringIO(plain.decode("utf-8"), newline="")))
    assert [row[:13] for row in excel_rows] == [row[:13] for row in plain_rows]


def test_json_matches_the_csv(shop):
    document = json.loads(export(shop, "--format", "json").decode("utf-8"))
    rows = list(csv.DictReader(io.StringIO(export(shop, "--format", "csv").decode("utf-8"), newline="")))
    lines = document["lines"]
    assert len(lines) == len(rows)
    for line, row in zip(lines, rows):
        for column in ["vendor", "sku", "item", "variation", "note", "unit_cost", "line_cost", "first_added"]:
            assert (line[column] if line[column] is not None else "") == row[column], column
        assert line["quantity"] == int(row["quantity"])
        assert set(COLUMNS) <= set(line)
    check_order(lines)
    assert any(line["item"] == NEW_NAME and line["note"] == NOTE for line in lines)
    vendors = {entry.get("vendor"): entry for entry in document["vendors"]}
    assert "Acme Supply" in vendors


def test_vendor_filter_and_pdf(shop):
    pdfinfo, pdftotext = require_program("pdfinfo", "poppler-utils"), require_program("pdftotext", "poppler-utils")
    rows = list(csv.DictReader(io.StringIO(
        export(shop, "--format", "csv", "--vendor", "acme supply").decode("utf-8"), newline="")))
    assert rows and all(row["vendor"] == "Acme Supply" for row in rows)
    assert {"HW-0217-S", "HW-0217-L"} <= {row["sku"] for row in rows}

    pdf = os.path.join(shop.folder, "acme.pdf")
    shop.ok("reorder", "export", "--format", "pdf", "--output", pdf, "--vendor", "Acme Supply")
    with open(pdf, "rb") as handle:
        assert handle.read(5) == b"%PDF-"
    info = subprocess.run([pdfinfo, pdf], capture_output=True, text=True, check=True).stdout
    assert int(re.search(r"Pages:\s+(\d+)", info).group(1)) >= 1
    text = subprocess.run([pdftotext, "-layout", pdf, "-"], capture_output=True, text=True, check=True).stdout
    assert "Acme Supply" in text and "Dales Fresh Foods" not in text
    assert "HW-0217-S" in text

    everything = os.path.join(shop.folder, "all.pdf")
    shop.ok("reorder", "export", "--format", "pdf", "--output", everything, "--paper", "a4")
    text = subprocess.run([pdftotext, everything, "-"], capture_output=True, text=True, check=True).stdout
    assert "Acme Supply" in text and "Dales Fresh Foods" in text
    unknown = shop.run("reorder", "export", "--format", "csv", "--vendor", "Nobody Ltd")
    assert unknown.returncode == 1 and b"Acme Supply" in unknown.stderr


def test_export_into_a_missing_folder_fails_clearly_and_leaves_nothing(shop):
    missing = os.path.join(shop.folder, "no-such-folder")
    target = os.path.join(missing, "order.csv")
    before = set(os.listdir(shop.folder))
    result = shop.run("reorder", "export", "--format", "csv", "--output", target)
    assert result.returncode != 0
    message = result.stderr.decode()
    assert target in message and "folder" in message
    assert "Fatal" not in message
    assert not os.path.exists(missing)
    assert set(os.listdir(shop.folder)) == before
    # A good export leaves only the file, no temporary beside it.
    export(shop, "--format", "json")
    assert not [name for name in os.listdir(shop.folder) if name.endswith(".tmp")]
