"""The hub under load, through `catalog-bench serve` (the debug build beside the catalog under test): twenty
subscribers to the event stream while five counters post ten scans a second each for two minutes
(CATALOG_LOAD_SECONDS shortens it for a quick run). Nothing may be lost, doubled or reordered, and the
hub's memory must stay flat. The figures (event latency p99 among them) are kept in
.build/test-artifacts/hub/load.json."""

import json
import os
import subprocess

from catalog_process import REPO_ROOT, catalog_binary


def test_twenty_subscribers_and_five_counters_lose_nothing_and_the_hub_stays_flat():
    catalog = catalog_binary()
    bench = os.path.join(os.path.dirname(catalog), "catalog-bench")
    assert os.access(bench, os.X_OK), "no catalog-bench beside %s: swift build builds both" % catalog
    seconds = int(os.environ.get("CATALOG_LOAD_SECONDS", "120"))
    run = subprocess.run(
        [bench, "serve", "--variations", "2000", "--queries", "10", "--runs", "1", "--loads", "1",
         "--clients", "20", "--counters", "5", "--rate", "10", "--seconds", str(seconds), "--json"],
        capture_output=True, text=True, timeout=seconds + 300, env=dict(os.environ, CATALOG_BIN=catalog))
    assert run.returncode == 0, run.stderr[-3000:]
    figures = json.loads(run.stdout)
    folder = os.environ.get("CATALOG_TEST_ARTIFACTS", os.path.join(REPO_ROOT, ".build", "test-artifacts", "hub"))
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, "load.json"), "w") as kept:
        json.dump(figures, kept, indent=2)
    assert figures["posted"] == 5 * 10 * seconds and figures["post_failures"] == 0, figures
    assert (figures["lost"], figures["duplicated"], figures["out_of_order"]) == (0, 0, 0), figures
    # Every subscriber's every scan was timed.
    assert figures["event_latency_ms"]["count"] == 20 * figures["posted"]
    memory = figures["memory_kb"]
    assert len(memory) >= 2
    # Flat: the end within a quarter (and 16 MB) of the start; a leak of every event would grow far more.
    assert memory[-1] <= memory[0] * 1.25 + 16_384, memory
