"""The hub under load, through `catalog-bench serve` (the debug build beside the catalog under test).

- Twenty subscribers to the event stream while five counters post ten scans a second each for 10 seconds
  (CATALOG_LOAD_SECONDS sets another length: the README's figures are from `catalog-bench serve`'s own two
  minutes). Nothing may be lost, doubled or reordered, and the hub's memory must stay flat: 10,000 events
  in 10 seconds, so a leak of a few kilobytes an event would show (CATALOG_LOAD_SECONDS=30, 30,000 events,
  shows one of a kilobyte and a half).
- A busy Saturday: 32 screens searching as staff type (a search per key, five keys a second) while 20
  counters scan, for 10 seconds (CATALOG_SATURDAY_SECONDS sets another length). Every request is answered,
  and a search after the load is answered at once: a hub that blocks its threads waiting for the database
  stops answering for good (one did, at 8 typists: README, "The hub").

Both are the suite's short runs of the benchmark (a debug build taking most of a core for each second of
load); the lengths are the only difference, every check is the same at any length.

The figures are kept in .build/test-artifacts/hub/ (load.json, saturday.json)."""

import json
import os
import subprocess

from catalog_process import REPO_ROOT, catalog_binary


def bench_serve(arguments, seconds, artifact):
    """`catalog-bench serve ARGUMENTS --json` on a 2,000-variation shop; its figures, also kept in ARTIFACT."""
    catalog = catalog_binary()
    bench = os.path.join(os.path.dirname(catalog), "catalog-bench")
    assert os.access(bench, os.X_OK), "no catalog-bench beside %s: swift build builds both" % catalog
    run = subprocess.run(
        [bench, "serve", "--variations", "2000", "--runs", "1", "--loads", "1", "--seconds", str(seconds),
         "--json"] + arguments,
        capture_output=True, text=True, timeout=seconds + 300, env=dict(os.environ, CATALOG_BIN=catalog))
    assert run.returncode == 0, run.stderr[-3000:]
    figures = json.loads(run.stdout)
    folder = os.environ.get("CATALOG_TEST_ARTIFACTS", os.path.join(REPO_ROOT, ".build", "test-artifacts", "hub"))
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, artifact), "w") as kept:
        json.dump(figures, kept, indent=2)
    return figures


def test_thirty_two_typists_and_twenty_counters_are_all_answered_and_the_hub_answers_after():
    seconds = int(os.environ.get("CATALOG_SATURDAY_SECONDS", "10"))
    figures = bench_serve(
        ["--queries", "40", "--clients", "2", "--counters", "20", "--rate", "2", "--typists", "32", "--keys", "5"],
        seconds, "saturday.json")
    summary = {key: figures[key] for key in (
        "typed_search_ms", "typed_failures", "posted", "post_failures", "search_after_load_ms", "lost")}
    # Every typed search and every scan answered. A typist waits for each answer before the next key, so a
    # hub that keeps up answers searches all along: alone on this 2-core machine the debug hub answered 1,085
    # in 10 s, and 306-319 while the rest of the suite ran beside it (CI). A wedged hub answers next to none.
    assert figures["typed_failures"] == 0, summary
    assert figures["typed_search_ms"]["count"] >= 16 * seconds, summary
    assert figures["posted"] == 20 * 2 * seconds and figures["post_failures"] == 0, summary
    assert (figures["lost"], figures["duplicated"], figures["out_of_order"]) == (0, 0, 0), summary
    # Answered at once: well under the client's 30-second limit a wedged hub runs into.
    after = figures["search_after_load_ms"]
    assert after is not None and after < 2000, summary


def test_twenty_subscribers_and_five_counters_lose_nothing_and_the_hub_stays_flat():
    seconds = int(os.environ.get("CATALOG_LOAD_SECONDS", "10"))
    figures = bench_serve(
        ["--queries", "10", "--clients", "20", "--counters", "5", "--rate", "10", "--typists", "0"], seconds,
        "load.json")
    assert figures["posted"] == 5 * 10 * seconds and figures["post_failures"] == 0, figures
    assert (figures["lost"], figures["duplicated"], figures["out_of_order"]) == (0, 0, 0), figures
    # Every subscriber's every scan was timed.
    assert figures["event_latency_ms"]["count"] == 20 * figures["posted"]
    memory = figures["memory_kb"]
    assert len(memory) >= 2
    # Flat: the end within a quarter (and 16 MB) of the start; a leak of every event would grow far more.
    assert memory[-1] <= memory[0] * 1.25 + 16_384, memory
