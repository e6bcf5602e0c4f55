#!/usr/bin/env python3
"""A peer for `catalog-bench search`: the same shop and the same queries answered by tantivy.

Usage: python3 scripts/bench/tantivy_peer.py --items ITEMS.jsonl --queries QUERIES.tsv [--runs 3] [--limit 10]

ITEMS.jsonl holds one item a line: {"id", "name", "variations", "skus", "codes", "category"} (the last four
may be empty lists, the category null). QUERIES.tsv holds one query a line: kind, item id and text, split by
tabs; only the text reaches the engine. The script indexes every item in memory, answers every query once to
warm up, then times --runs passes, and prints one JSON object to stdout:
{"engine", "index_seconds", "results": [{"hits": [item ids, best first], "ms": [one per timed pass]}]}, the
results in the query file's order. Notes go to stderr. Bad input exits 64 naming the file; a missing
tantivy exits 69.

How it searches, tuned as a competent engineer would with tantivy's Python API:
- Words: tantivy's simple tokenizer (it splits at anything but letters and digits, so `2.0` gives `2` and
  `0`, `x1.5` gives `x1` and `5`), tokens over 40 characters dropped, lower-cased and folded to ASCII
  (`crème` is `creme`); the same analyzer for the catalog and the query.
- Fields: the item's name; its variations' names (a field of their own, so an item with many variations
  does not score lower on its name); its category; and one untokenized field of codes: each SKU as a key
  (lower-cased, letters and digits only) and each barcode as its 14-digit GTIN, so UPC-A, EAN-13 and
  GTIN-14 spellings of one code meet.
- A query word matches a word of the item as typed, or within an edit distance by its length (none for up
  to 3 letters or a word with digits, since `250` must not find `200`; 1 for 4 letters; 2 from 5 letters;
  a transposition counts as one edit); the last word also matches the start of a word, as typed or within
  that distance.
- Scores rank by the words matched, then by how: each word adds a fixed score for its best match (in the
  name as typed or as a start 1000, one edit away 900, two edits 800; only in a variation or the category
  600), then BM25 of the words as typed (name 1, variations and category 0.5 each) and a phrase-prefix
  match of the whole query in the name (boost 1) order items that match alike. An item needs one word.
- A query whose key (as a SKU's) holds a digit is also looked up among the codes, by that key and, when it
  is 8 to 14 digits, by its GTIN; a code match outranks any text match.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import time
from dataclasses import dataclass
from importlib import metadata
from typing import NoReturn

try:
    import tantivy

    TANTIVY_MISSING = None
except ImportError as error:  # main() says so and how to install it
    tantivy = None
    TANTIVY_MISSING = str(error)

EXIT_BAD_INPUT = 64
EXIT_NO_TANTIVY = 69

# The fixed score of a query word, by its best match: in the name as typed or as a start (index 0), or one
# or two edits away (1, 2); or only in a variation or the category. The steps (100 and more) are wider than
# the BM25 part below adds in practice, so they decide the order (0.1 and 10 times these ranked the same).
NAME_SCORES = (1000.0, 900.0, 800.0)
OTHER_SCORE = 600.0
# BM25 weights of the words as typed, and the whole query's phrase-prefix match: they order items that
# match alike (`eco-wave baking pap` finds Eco-Wave Baking Paper before Eco-Wave Eco Baking Paper).
FIELD_WEIGHTS = {"name": 1.0, "variations": 0.5, "category": 0.5}
PHRASE_BOOST = 1.0
CODE_SCORE = 1_000_000.0
WRITER_HEAP_BYTES = 256_000_000

FOLDED = "folded"  # the name of the text analyzer registered with the index
NON_ALPHANUMERIC = re.compile(r"[\W_]+")
NON_DIGIT = re.compile(r"\D+")


@dataclass(frozen=True, slots=True)
class Item:
    """One catalog item as ITEMS.jsonl gives it."""

    id: str
    name: str
    variations: list[str]
    skus: list[str]
    codes: list[str]
    category: str | None


class BadInput(Exception):
    """An input file is missing or malformed; the message names the file."""


def fail(message: str, status: int) -> NoReturn:
    """Prints `message` on stderr and exits with `status`."""
    print("tantivy_peer: " + message, file=sys.stderr)
    sys.exit(status)


def read_lines(path: str) -> list[str]:
    """The lines of the UTF-8 file at `path`, without their line ends."""
    try:
        with open(path, encoding="utf-8") as file:
            return file.read().splitlines()
    except FileNotFoundError:
        raise BadInput("%s: no such file" % path) from None
    except (OSError, UnicodeDecodeError) as error:
        raise BadInput("%s: cannot be read: %s" % (path, error)) from None


def string_list(value: object) -> bool:
    """Whether `value` is a list of strings (by the set of its entries' types: a generator over the entries took
    most of the time of loading 175,000 items)."""
    return isinstance(value, list) and set(map(type, value)) <= {str}


def load_items(path: str) -> list[Item]:
    """The items of ITEMS.jsonl at `path` (blank lines skipped); BadInput for a malformed line or a repeated id."""
    items: list[Item] = []
    seen: set[str] = set()
    for number, line in enumerate(read_lines(path), start=1):
        if not line.strip():
            continue
        where = "%s:%d" % (path, number)
        try:
            fields = json.loads(line)
        except json.JSONDecodeError as error:
            raise BadInput("%s: not JSON (%s)" % (where, error.msg)) from None
        if not isinstance(fields, dict):
            raise BadInput("%s: not a JSON object" % where)
        if not isinstance(fields.get("id"), str) or not fields["id"] or not isinstance(fields.get("name"), str):
            raise BadInput("%s: an item needs a string id and name" % where)
        lists = {key: [] if fields.get(key) is None else fields[key] for key in ("variations", "skus", "codes")}
        if not all(string_list(value) for value in lists.values()):
            raise BadInput("%s: variations, skus and codes must be lists of strings (or absent)" % where)
        category = fields.get("category")
        if category is not None and not isinstance(category, str):
            raise BadInput("%s: category must be a string or null" % where)
        if fields["id"] in seen:
            raise BadInput("%s: the id %s is already an item" % (where, fields["id"]))
        seen.add(fields["id"])
        items.append(Item(fields["id"], fields["name"], lists["variations"], lists["skus"], lists["codes"], category))
    return items


def load_queries(path: str) -> list[str]:
    """The query texts of QUERIES.tsv at `path`, in order; BadInput for a line without kind, item id and text."""
    texts: list[str] = []
    for number, line in enumerate(read_lines(path), start=1):
        fields = line.split("\t", 2)
        if len(fields) != 3 or not fields[0] or not fields[1]:
            raise BadInput("%s:%d: not kind<TAB>item id<TAB>query text: %r" % (path, number, line))
        texts.append(fields[2])
    return texts


def sku_key(text: str) -> str:
    """The lookup key of a SKU or of a query: lower-cased, only its letters and digits."""
    return NON_ALPHANUMERIC.sub("", text).lower()


def gtin(digits: str) -> str | None:
    """The 14-digit GTIN of a barcode's digits (EAN-8, UPC-A, EAN-13, GTIN-14), or None for another length."""
    return digits.zfill(14) if 8 <= len(digits) <= 14 else None


def code_keys(item: Item) -> list[str]:
    """The keys the item's SKUs and barcodes are looked up by."""
    keys = {sku_key(sku) for sku in item.skus}
    for code in item.codes:
        digits = NON_DIGIT.sub("", code)
        keys.add(gtin(digits) or digits)
    keys.discard("")
    return sorted(keys)


def edit_distance(word: str) -> int:
    """The edits a query word may be off by: none for a word with digits or of up to 3 letters, 1 for 4 letters,
    2 from 5 (two-edit matches score below one-edit ones, so the wider reach costs little precision)."""
    if any(character.isdigit() for character in word) or len(word) <= 3:
        return 0
    return 1 if len(word) == 4 else 2


class Peer:
    """An in-memory tantivy index of the items and the queries this peer makes of it."""

    def __init__(self, items: list[Item]) -> None:
        """Indexes `items` in memory."""
        self.ids = [item.id for item in items]
        builder = tantivy.SchemaBuilder()
        for field in ("name", "variations", "category"):
            builder.add_text_field(field, tokenizer_name=FOLDED)
        builder.add_text_field("code", tokenizer_name="raw", index_option="basic")
        builder.add_integer_field("ordinal", fast=True)
        self.schema = builder.build()
        self.analyzer = (tantivy.TextAnalyzerBuilder(tantivy.Tokenizer.simple())
                         .filter(tantivy.Filter.remove_long(40))
                         .filter(tantivy.Filter.lowercase())
                         .filter(tantivy.Filter.ascii_fold())
                         .build())
        self.index = tantivy.Index(self.schema)
        self.index.register_tokenizer(FOLDED, self.analyzer)
        writer = self.index.writer(heap_size=WRITER_HEAP_BYTES)
        for ordinal, item in enumerate(items):
            writer.add_document(tantivy.Document(name=item.name, variations=item.variations,
                                                 category=item.category or "", code=code_keys(item), ordinal=ordinal))
        writer.commit()
        writer.wait_merging_threads()
        self.index.reload()
        self.searcher = self.index.searcher()

    def near(self, field: str, word: str, edits: int, last: bool) -> tantivy.Query:
        """Items whose `field` holds `word` within `edits` edits (as the start of a word, for the last word)."""
        if edits == 0 and not last:
            return tantivy.Query.term_query(self.schema, field, word)
        return tantivy.Query.fuzzy_term_query(self.schema, field, word, edits, prefix=last)

    def word_query(self, word: str, last: bool) -> tantivy.Query:
        """One query word: its best match (see the scores above) plus BM25 of the word as typed in each field."""
        q = tantivy.Query
        distance = edit_distance(word)
        levels = [q.const_score_query(self.near("name", word, edits, last), NAME_SCORES[edits])
                  for edits in range(distance + 1)]
        levels += [q.const_score_query(self.near(field, word, distance, last), OTHER_SCORE)
                   for field in ("variations", "category")]
        bm25 = [(tantivy.Occur.Should, q.boost_query(q.term_query(self.schema, field, word), weight))
                for field, weight in FIELD_WEIGHTS.items()]
        return q.boolean_query([(tantivy.Occur.Must, q.disjunction_max_query(levels)),
                                (tantivy.Occur.Should, q.boolean_query(bm25))])

    def query(self, text: str) -> tantivy.Query | None:
        """The whole query for `text`, or None when it has no words."""
        q = tantivy.Query
        should = tantivy.Occur.Should
        words = self.analyzer.analyze(text)
        clauses = [(should, self.word_query(word, last=position == len(words) - 1))
                   for position, word in enumerate(words)]
        if len(words) >= 2:
            clauses.append((should, q.boost_query(q.phrase_prefix_query(self.schema, "name", words), PHRASE_BOOST)))
        key = sku_key(text)
        if any(character.isdigit() for character in key):
            for code in {key, gtin(key) if key.isdigit() else None} - {None}:
                clauses.append((should, q.const_score_query(q.term_query(self.schema, "code", code), CODE_SCORE)))
        return q.boolean_query(clauses) if clauses else None

    def search(self, text: str, limit: int) -> list[str]:
        """The ids of up to `limit` items for `text`, best first."""
        query = self.query(text)
        if query is None:
            return []
        hits = self.searcher.search(query, limit, count=False).hits
        ordinals = self.searcher.fast_field_values("ordinal", [address for _, address in hits])
        return [self.ids[ordinal] for ordinal in ordinals]


def main(argv: list[str] | None = None) -> int:
    """Runs the peer as the module's docstring says; returns the exit status."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--items", required=True, help="ITEMS.jsonl: one item a line")
    parser.add_argument("--queries", required=True, help="QUERIES.tsv: kind, item id and text a line")
    parser.add_argument("--runs", type=int, default=3, help="timed passes over the queries")
    parser.add_argument("--limit", type=int, default=10, help="item ids returned per query")
    arguments = parser.parse_args(argv)
    if arguments.runs < 1 or arguments.limit < 1:
        parser.error("--runs and --limit must be at least 1")
    if TANTIVY_MISSING is not None:
        fail("cannot import tantivy (%s); install it with scripts/setup.sh --with-test-tools" % TANTIVY_MISSING,
             EXIT_NO_TANTIVY)
    try:
        items = load_items(arguments.items)
        texts = load_queries(arguments.queries)
    except BadInput as error:
        fail(str(error), EXIT_BAD_INPUT)

    started = time.perf_counter()
    peer = Peer(items)
    index_seconds = time.perf_counter() - started
    print("tantivy_peer: indexed %d items in %.2f s" % (len(items), index_seconds), file=sys.stderr)

    results = [{"hits": peer.search(text, arguments.limit), "ms": []} for text in texts]
    for run in range(arguments.runs):
        for text, result in zip(texts, results):
            started = time.perf_counter()
            peer.search(text, arguments.limit)
            result["ms"].append(round((time.perf_counter() - started) * 1000, 3))
        print("tantivy_peer: timed pass %d of %d" % (run + 1, arguments.runs), file=sys.stderr)

    engine = "tantivy %s" % metadata.version("tantivy")
    json.dump({"engine": engine, "index_seconds": round(index_seconds, 3), "results": results}, sys.stdout)
    sys.stdout.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
