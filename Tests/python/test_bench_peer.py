"""scripts/bench/tantivy_peer.py, the tantivy peer `catalog-bench search` runs beside our own search, on a
shop of thirteen items: the queries it must answer first time (a name as written, the fragment `0` of
`2.0`, a word with two typos, a barcode typed with a dash or as a GTIN-14, a SKU), the shape of the JSON it
prints, and the exit status and message for a malformed input line.
Run with `python3 -m pytest -q Tests/python/test_bench_peer.py` (tantivy comes from scripts/setup.sh
--with-test-tools).
"""

import json
import os
import subprocess
import sys

import pytest

from catalog_process import REPO_ROOT, require_module

PEER = os.path.join(REPO_ROOT, "scripts", "bench", "tantivy_peer.py")
RUNS = 2
LIMIT = 5


def item(item_id, name, variations=(), skus=(), codes=(), category=None):
    """One line of ITEMS.jsonl."""
    return {"id": item_id, "name": name, "variations": list(variations), "skus": list(skus), "codes": list(codes),
            "category": category}


ITEMS = [
    item("CRISPS-2", "Honey Crisps 2.0", ["Regular", "Large"], ["HC-0142", "HC-0143"],
         ["012345678905", "012345678912"], "Snacks"),
    item("CRISPS-15", "Honey Crisps 1.5", ["Regular"], ["HC-0150"], ["012345678929"], "Snacks"),
    item("POTATO", "Potato Crisps 100g", ["Sea Salt", "Vinegar"], ["PC-100-S", "PC-100-V"], [], "Snacks"),
    item("TOOL-X15", "Tool X1.5", [], ["TX-15"], ["5012345678900"], "Hardware"),
    item("TOOL-X2", "Tool X2", [], ["TX-2"], ["5012345678917"], "Hardware"),
    item("A4-NOTEBOOK", "A4 Notebook", ["Lined", "Squared"], ["NB-A4-L", "NB-A4-S"], [], "Stationery"),
    item("A5-NOTEBOOK", "A5 Notebook", ["Lined"], ["NB-A5-L"], [], "Stationery"),
    item("A4-ENVELOPES", "A4 Envelopes", ["Pack of 10", "Pack of 50"], ["EN-A4-10", "EN-A4-50"],
         ["4006381333931", "40170725"], "Stationery"),
    item("CREME", "Crème Fraîche 200ml", [], ["CF-200"], [], "Dairy"),
    item("BOTTLE", "Water Bottle 750ml", ["Blue", "Green"], ["WB-750/BLU", "WB-750/GRN"],
         ["9780201379624", "9780201379631"], None),
    item("BOOK", "The Lost River", ["Paperback", "Hardback"], [], [], "Books"),
    item("DUCT", "Duct Tape 50m", [], [], [], "Hardware"),
    item("TAPE", "Masking Tape 25mm", [], [], [], "Decorating"),
]

# Each query and the item it must find first.
QUERIES = [
    ("exact", "CRISPS-2", "honey crisps 2.0"),
    ("typo-fragment", "CRISPS-2", "crisps 0"),
    ("exact", "TOOL-X15", "tool x1.5"),
    ("typo-fragment", "TOOL-X15", "tool x1"),
    ("two-typos", "A4-NOTEBOOK", "a4 notebk"),
    ("exact", "A4-ENVELOPES", "A4 Envelopes"),
    ("barcode", "TOOL-X15", "501-2345678900"),
    ("barcode", "CRISPS-2", "00012345678905"),
    ("barcode", "A4-ENVELOPES", "40170725"),
    ("sku", "BOTTLE", "WB-750/GRN"),
    ("sku", "CRISPS-2", "hc 0143"),
    ("exact", "CREME", "creme fraiche 200ml"),
    ("typo", "BOOK", "lost rivr"),
    ("prefix", "TAPE", "masking ta"),
    ("two-typos", "TAPE", "mskng tape"),
]


def write_inputs(folder, items=ITEMS, queries=QUERIES):
    """Writes ITEMS.jsonl and QUERIES.tsv into `folder`; returns their paths."""
    items_path = os.path.join(folder, "ITEMS.jsonl")
    queries_path = os.path.join(folder, "QUERIES.tsv")
    with open(items_path, "w", encoding="utf-8") as file:
        file.writelines(json.dumps(entry, ensure_ascii=False) + "\n" for entry in items)
    with open(queries_path, "w", encoding="utf-8") as file:
        file.writelines("\t".join(query) + "\n" for query in queries)
    return items_path, queries_path


def run_peer(items_path, queries_path, *extra):
    """Runs the peer with this interpreter; returns the finished process."""
    return subprocess.run([sys.executable, PEER, "--items", items_path, "--queries", queries_path, *extra],
                          capture_output=True, text=True, timeout=120)


@pytest.fixture(scope="module", autouse=True)
def tantivy_installed():
    """Skips these tests, or fails them in CI, when this interpreter cannot import tantivy."""
    require_module("tantivy", "tantivy")


@pytest.fixture(scope="module")
def output(tmp_path_factory):
    """The peer's JSON output for ITEMS and QUERIES, with --runs 2 and --limit 5."""
    result = run_peer(*write_inputs(str(tmp_path_factory.mktemp("peer"))), "--runs", str(RUNS),
                      "--limit", str(LIMIT))
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


@pytest.mark.parametrize("number", range(len(QUERIES)), ids=[query[2] for query in QUERIES])
def test_each_query_finds_its_item_first(output, number):
    _, wanted, text = QUERIES[number]
    hits = output["results"][number]["hits"]
    assert hits[:1] == [wanted], "%r found %s" % (text, hits)


def test_the_output_has_one_result_per_query_in_order_and_one_time_per_run(output):
    assert output["engine"] == "tantivy 0.27.0"
    assert isinstance(output["index_seconds"], float) and output["index_seconds"] >= 0
    assert len(output["results"]) == len(QUERIES)
    for result in output["results"]:
        assert set(result) == {"hits", "ms"}
        assert 1 <= len(result["hits"]) <= LIMIT and len(set(result["hits"])) == len(result["hits"])
        assert set(result["hits"]) <= {entry["id"] for entry in ITEMS}
        assert len(result["ms"]) == RUNS and all(isinstance(ms, float) and ms >= 0 for ms in result["ms"])


def test_a_broad_query_returns_up_to_the_limit_best_first(tmp_path):
    result = run_peer(*write_inputs(str(tmp_path), queries=[("exact", "A4-NOTEBOOK", "a4 notebook lined")]),
                      "--runs", "1", "--limit", "2")
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["results"][0]["hits"] == ["A4-NOTEBOOK", "A5-NOTEBOOK"]


@pytest.mark.parametrize("which", ["items", "queries"])
def test_a_malformed_line_exits_64_naming_the_file_and_line(tmp_path, which):
    items = ITEMS + ["not an item"] if which == "items" else ITEMS
    queries = QUERIES + [("exact", "no text")] if which == "queries" else QUERIES
    items_path, queries_path = write_inputs(str(tmp_path), items, queries)
    result = run_peer(items_path, queries_path)
    assert result.returncode == 64
    bad, line = (items_path, len(ITEMS) + 1) if which == "items" else (queries_path, len(QUERIES) + 1)
    assert "%s:%d:" % (bad, line) in result.stderr
    assert result.stdout == ""


def test_a_missing_file_exits_64_naming_it(tmp_path):
    _, queries_path = write_inputs(str(tmp_path))
    missing = str(tmp_path / "absent.jsonl")
    result = run_peer(missing, queries_path)
    assert result.returncode == 64
    assert missing in result.stderr and result.stderr.count("\n") == 1
