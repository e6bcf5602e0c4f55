"""Every stock template, every demo variation: the tag's barcode scans back to that variation.

The demo shop is synced from the sandbox; each stock template draws a tag for every variation (one
PDF per template), the PDF is rasterised at the template's own resolution (203 dpi for the 2 x 1 in
thermal tags, 300 dpi for the others) with poppler's pdftoppm, and both zbar
(zbarimg) and zxing-cpp decode every page. Together the codes read must name every variation exactly
once (GTINs as EAN-13 or UPC-A, compared as GTIN-14; SKUs as Code 128 or, too long for the frame, QR;
a variation with neither by its Square id), and `catalog show` must find the same variation for a
sample of them.
"""

import json
import os
import random
import sqlite3
import subprocess
import uuid

import pytest

from catalog_process import require_module, require_program, run, synced_demo

TOKEN = "tags-test-token-" + uuid.uuid4().hex[:8]
# Each stock template and the resolution of the printer it is made for, which the PDF is rasterised at.
TEMPLATES = {"shelf-2x1": 203, "sale-2x1": 203, "dymo-30334": 300, "brother-62x29": 300, "sheet-avery-5160": 300}


@pytest.fixture(scope="module")
def demo(tmp_path_factory):
    require_program("pdftoppm", "poppler-utils")
    require_program("zbarimg", "zbar-tools")
    zxingcpp = require_module("zxingcpp", "zxing-cpp")
    require_module("PIL", "pillow")
    folder = tmp_path_factory.mktemp("tags")
    with synced_demo(folder, TOKEN) as (_, environment):
        yield environment, folder, zxingcpp, codes_of(environment)


def shown(code, environment):
    """The variation id `catalog show CODE` finds; None when it finds none or several."""
    result = run(["show", code, "--json"], environment)
    lines = [line for line in result.stdout.splitlines() if line.strip()]
    return json.loads(lines[0])["variation_id"] if result.returncode == 0 and len(lines) == 1 else None


def codes_of(environment):
    """Each variation's codes as a tag may print them: its GTIN-14, its SKU and its id."""
    database = sqlite3.connect(environment["CATALOG_DB"])
    try:
        codes = {}
        for variation, sku, gtin in database.execute("SELECT id, sku, gtin FROM variations"):
            codes[variation] = variation
            if sku:
                codes[sku] = variation
            if gtin:
                codes[gtin] = variation
        return codes
    finally:
        database.close()


def variation_of(code, codes):
    """The variation a decoded code names: digits as a GTIN-14, anything else as a SKU or an id."""
    if code.isdigit() and len(code) in (8, 12, 13, 14) and code.zfill(14) in codes:
        return codes[code.zfill(14)]
    return codes.get(code)


@pytest.mark.parametrize("template", sorted(TEMPLATES))
def test_every_demo_variation_scans_on_every_stock_template(demo, template):
    from PIL import Image

    environment, folder, zxingcpp, codes = demo
    pdf = folder / ("%s.pdf" % template)
    rendered = run(["label", "render", "--changed-since", "1970-01-01", "--template", template,
                    "--output", str(pdf)], environment)
    assert rendered.returncode == 0, rendered.stderr
    count = int(rendered.stdout.split(":")[1].split()[0])
    assert count > 450, rendered.stdout
    dpi = TEMPLATES[template]
    prefix = folder / ("%s-%d" % (template, dpi))
    subprocess.run(["pdftoppm", "-r", str(dpi), "-gray", str(pdf), str(prefix)], check=True)
    pages = sorted(str(path) for path in folder.glob("%s-%d-*.pgm" % (template, dpi)))
    zbar = subprocess.run(["zbarimg", "--nodbus", "-q", "-Supca.enable"] + pages, capture_output=True, text=True)
    zbar_codes = [line.split(":", 1)[1] for line in zbar.stdout.splitlines() if ":" in line]
    # zxing-cpp looks for the symbologies a tag can print (labels' Symbology), upright as every stock
    # template prints them: each other format and turn it tries costs a page 3 to 4 times the time.
    formats = (zxingcpp.BarcodeFormat.EAN13, zxingcpp.BarcodeFormat.UPCA, zxingcpp.BarcodeFormat.Code128,
               zxingcpp.BarcodeFormat.QRCode, zxingcpp.BarcodeFormat.DataMatrix)
    zxing_codes = []
    for page in pages:
        zxing_codes += [result.text for result in zxingcpp.read_barcodes(
            Image.open(page).convert("L"), formats=formats, try_rotate=False)]
    for decoder, read in (("zbar", zbar_codes), ("zxing-cpp", zxing_codes)):
        found = [variation_of(code, codes) for code in read]
        unresolved = [code for code, variation in zip(read, found) if variation is None]
        assert not unresolved, "%s at %d dpi read codes no variation has: %s" % (
            decoder, dpi, unresolved[:5])
        assert len(found) == count and len(set(found)) == count, \
            "%s at %d dpi read %d codes naming %d variations of %d" % (
                decoder, dpi, len(found), len(set(found)), count)
    # catalog show finds the same variation from a sample of the codes read, in every symbology used.
    for code in random.Random(template).sample(zxing_codes, 8) + [c for c in zxing_codes if not c.isdigit()][:4]:
        assert shown(code, environment) == variation_of(code, codes), code
    for page in pages:
        os.remove(page)
