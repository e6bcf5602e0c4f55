import CatalogCore
import GRDB
import Testing

@testable import Store

@Suite struct SearchIndexUpkeepTests {
    @Test func aRenamedItemIsFoundByItsNewNameOnly() async throws {
        let database = try await SearchFixture.database()
        #expect(try await database.searchItems("gadget") == ["I-GADGET"])
        _ = try await database.apply([
            item(
                "I-GADGET", name: "Gizmo Deluxe", version: 11, category: "C-HW",
                variations: [variation("V-GAD", item: "I-GADGET", version: 11, sku: "AC-GDG-0001", name: "Regular")])
        ])
        #expect(try await database.searchItems("gadget").isEmpty)
        #expect(try await database.searchItems("gizmo deluxe") == ["I-GADGET"])
        #expect(try await database.searchItems("gizmo delux") == ["I-GADGET"])
        #expect(try await database.searchItems("gizmp") == ["I-GADGET"], "new words join the typo vocabulary")
    }

    @Test func aTypoLookedUpBeforeItsWordArrivedFindsItAfter() async throws {
        let counter = try await SearchFixture.database()
        #expect(try await counter.searchItems("gizmp").isEmpty)
        #expect(try await counter.searchItems("gizmp").isEmpty, "asked again, from what this process remembers")
        // The word arrives through another process (a sync run from the command line) ...
        let sync = try CatalogDatabase(path: counter.path)
        _ = try await sync.apply([
            item(
                "I-GIZMO", name: "Gizmo", version: 40,
                variations: [variation("V-GIZMO", item: "I-GIZMO", version: 40, sku: "GZ-1")])
        ])
        #expect(try await counter.searchItems("gizmp") == ["I-GIZMO"])
        // ... or through this one.
        #expect(try await counter.searchItems("doohikcey").isEmpty)
        _ = try await counter.apply([
            item(
                "I-DOO", name: "Doohickey", version: 41,
                variations: [variation("V-DOO", item: "I-DOO", version: 41, sku: "DH-1")])
        ])
        #expect(try await counter.searchItems("doohikcey") == ["I-DOO"])
    }

    @Test func aFullPassIndexesAnItemBeforeItsCategoryOnceTheCategoryComes() async throws {
        let database = try temporaryDatabase()
        func lamp(_ id: String, _ name: String, category: String) -> JSONValue {
            item(
                id, name: name, version: 1, category: category,
                variations: [variation("V-\(id)", item: id, version: 1, sku: "SKU-\(id)")])
        }
        func fullPassPage(_ objects: [JSONValue], into database: CatalogDatabase) async throws {
            _ = try await database.apply(prepared: objects.map { PreparedObject($0) }, deferIndexing: true)
        }
        // Pages of a full pass: items first, then one of their categories; the other never comes.
        try await fullPassPage(
            [lamp("I-DESK", "Desk Lamp", category: "C-LIGHT"), lamp("I-WALL", "Wall Lamp", category: "C-GONE")],
            into: database)
        #expect(try await database.searchItems("desk lamp").isEmpty, "waiting for its category")
        try await fullPassPage([category("C-LIGHT", name: "Lighting", version: 1)], into: database)
        #expect(try await database.searchItems("lighting") == ["I-DESK"], "indexed when its category came")
        #expect(try await database.searchItems("desk lamp") == ["I-DESK"])
        #expect(!(try await database.searchItems("wall lamp").contains("I-WALL")))
        try await database.indexDeferredItems()
        #expect(try await database.searchItems("wall lamp") == ["I-WALL"], "indexed at the end of the pass")
        #expect(Set(try await database.searchItems("lamp")) == ["I-DESK", "I-WALL"])

        // A pass that never finished: the next write outside a full pass indexes what waited.
        let unfinished = try temporaryDatabase()
        try await fullPassPage([lamp("I-FLOOR", "Floor Lamp", category: "C-GONE")], into: unfinished)
        _ = try await unfinished.apply([lamp("I-DESK", "Desk Lamp", category: "C-GONE")])
        #expect(Set(try await unfinished.searchItems("lamp")) == ["I-DESK", "I-FLOOR"])
    }

    @Test func aFullPassIntoAnEmptyDatabaseBuildsTheWholeIndexOnceItEnds() async throws {
        func lamp(_ id: String, _ name: String, category: String) -> JSONValue {
            item(
                id, name: name, version: 1, category: category,
                variations: [variation("V-\(id)", item: id, version: 1, sku: "SKU-\(id)")])
        }
        func firstPassPage(_ objects: [JSONValue], into database: CatalogDatabase) async throws {
            _ = try await database.apply(
                prepared: objects.map { PreparedObject($0) }, deferIndexing: true, expectNew: true)
        }
        let database = try temporaryDatabase()
        try await firstPassPage(
            [lamp("I-DESK", "Desk Lamp", category: "C-LIGHT"), lamp("I-WALL", "Wall Lamp", category: "C-GONE")],
            into: database)
        try await firstPassPage([category("C-LIGHT", name: "Lighting", version: 1)], into: database)
        #expect(try await database.searchItems("lamp").isEmpty, "nothing indexed while the pass lands")
        #expect(try await database.syncState()[CatalogDatabase.rebuildPendingKey] == "1")
        #expect(try await lookupIndexes(of: database).isEmpty, "left out while the pass lands")
        #expect(try await database.variations(sku: "SKU-I-WALL").count == 1, "a SKU is still found, from the table")
        try await database.indexDeferredItems()
        #expect(try await lookupIndexes(of: database) == allLookupIndexes, "built when the pass ends")
        #expect(Set(try await database.searchItems("lamp")) == ["I-DESK", "I-WALL"])
        #expect(try await database.searchItems("lighting") == ["I-DESK"])
        #expect(try await database.searchItems("wal lanp") == ["I-WALL"], "the typo vocabulary is built too")
        #expect(try await database.syncState()[CatalogDatabase.rebuildPendingKey] == nil)

        // A first pass that never finished: the next write outside a pass builds the index.
        let unfinished = try temporaryDatabase()
        try await firstPassPage([lamp("I-FLOOR", "Floor Lamp", category: "C-GONE")], into: unfinished)
        _ = try await unfinished.apply([lamp("I-DESK", "Desk Lamp", category: "C-GONE")])
        #expect(Set(try await unfinished.searchItems("lamp")) == ["I-DESK", "I-FLOOR"])
        #expect(try await unfinished.syncState()[CatalogDatabase.rebuildPendingKey] == nil)
        #expect(try await lookupIndexes(of: unfinished) == allLookupIndexes)

        // Or `catalog reindex` does.
        let reindexed = try temporaryDatabase()
        try await firstPassPage([lamp("I-FLOOR", "Floor Lamp", category: "C-GONE")], into: reindexed)
        _ = try await reindexed.reindex()
        #expect(try await lookupIndexes(of: reindexed) == allLookupIndexes)
        #expect(try await reindexed.searchItems("lamp") == ["I-FLOOR"])
    }

    private let allLookupIndexes: Set<String> = ["variations_sku_key", "variations_gtin", "item_categories_category"]

    /// Which of the lookup indexes the file has, with the definitions migration v1 gave them.
    private func lookupIndexes(of database: CatalogDatabase) async throws -> Set<String> {
        let rows = try await database.read { db in
            try Row.fetchAll(
                db, sql: "SELECT name, sql FROM sqlite_master WHERE type = 'index' AND name IN (?, ?, ?)",
                arguments: StatementArguments(allLookupIndexes.sorted())
            ).map { ($0["name"] as String, $0["sql"] as String) }
        }
        let definitions = [
            "variations_sku_key": "CREATE INDEX variations_sku_key ON variations(sku_key)",
            "variations_gtin": "CREATE INDEX variations_gtin ON variations(gtin)",
            "item_categories_category": "CREATE INDEX item_categories_category ON item_categories(category_id)",
        ]
        for (name, sql) in rows { #expect(sql == definitions[name], "\(name) as migration v1 made it") }
        return Set(rows.map(\.0))
    }

    @Test func aNewVariationAndAChangedSKUAreFound() async throws {
        let database = try await SearchFixture.database()
        _ = try await database.apply([
            variation("V-MUG-XL", item: "I-MUG", version: 12, sku: "MUG-XL-9", ordinal: 2, name: "Extra Large")
        ])
        #expect(try await database.searchVariations("MUG-XL-9") == ["V-MUG-XL", "V-MUG"])
        #expect(try await database.searchVariations("mug extra large").first == "V-MUG-XL")
        _ = try await database.apply([
            variation("V-MUG-XL", item: "I-MUG", version: 13, sku: "MUG-XXL-1", ordinal: 2, name: "Extra Large")
        ])
        #expect(try await database.searchItems("MUG-XL-9").isEmpty)
        #expect(try await database.searchVariations("mug-xxl-1").first == "V-MUG-XL")
    }

    @Test func deletedArchivedAndVariationlessItemsDisappear() async throws {
        let database = try await SearchFixture.database()
        _ = try await database.apply([tombstone("I-TROWEL", type: "ITEM", version: 30)])
        #expect(try await database.searchItems("trowel").isEmpty)
        #expect(try await database.searchItems("TR-1").isEmpty)

        var archived = SearchFixture.shopItem(
            "I-SOCKS", "Wool Socks", "C-CLOTH", [("V-SOCKS", "One size", "WS-1", nil)])
        archived["version"] = .int(31)
        archived["item_data"]?["is_archived"] = true
        _ = try await database.apply([archived])
        #expect(try await database.searchItems("wool socks").isEmpty)
        #expect(try await database.searchItems("WS-1").isEmpty)
        #expect(!(try await database.searchItems("w").contains("I-SOCKS")))

        _ = try await database.apply([tombstone("V-CANDLE", type: "ITEM_VARIATION", version: 32)])
        #expect(!(try await database.searchItems("candle").contains("I-CANDLE")))
        #expect(!(try await database.searchItems("c").contains("I-CANDLE")))
        _ = try await database.apply([item("I-HOSE", name: "Garden Hose", version: 33, variations: [])])
        #expect(!(try await database.searchItems("garden hose").contains("I-HOSE")))
    }

    @Test func aRenamedCategoryIsFoundByItsNewName() async throws {
        let database = try await SearchFixture.database()
        #expect(try await database.searchItems("books").contains("I-SWIFT"))
        _ = try await database.apply([category("C-BOOK", name: "Literature", version: 2)])
        #expect(try await database.searchItems("books").isEmpty)
        #expect(Set(try await database.searchItems("literature")) == ["I-SWIFT", "I-SHOPKEEP", "I-MAP", "I-NOTEBOOK"])
        let row = try #require(try await database.search(SearchQuery("literature")).hits.first)
        #expect(row.variation.category == "Literature")
    }

    @Test func sweepUnseenRemovalsLeaveTheIndex() async throws {
        let database = try await SearchFixture.database()
        let kept = SearchFixture.objects.filter { $0["id"] != "I-COLA" && $0["id"] != "I-MUG" }
        _ = try await database.apply(SearchFixture.categories + kept, markSeen: true)
        #expect(try await database.sweepUnseen() >= 5)
        #expect(!(try await database.searchItems("coca cola").contains("I-COLA")))
        #expect(try await database.searchItems(SearchFixture.Code.cola).isEmpty)
        #expect(try await database.searchItems("mug").isEmpty)
        #expect(try await database.searchItems("widget").first == "I-WIDGET")
    }

    @Test func reindexGivesTheSameResultsAsTheIncrementalIndex() async throws {
        let database = try await SearchFixture.database()
        _ = try await database.apply([
            category("C-BOOK", name: "Literature", version: 2), tombstone("I-TROWEL", type: "ITEM", version: 30),
            item(
                "I-GADGET", name: "Gizmo Deluxe", version: 11,
                variations: [variation("V-GAD", item: "I-GADGET", version: 11, sku: "AC-GDG-0001")]),
        ])
        let queries = [
            "widget", "wigdet", "gizmo", "gadget", "literature", "trowel", "AC-WDG", "c", "g", "acol", "cola 500ml",
            "blu wdget lrg", "creme brulee", SearchFixture.Code.upcA, "2001", "tea light", "candle",
        ]
        var incremental: [[String]] = []
        for query in queries { incremental.append(try await database.searchVariations(query)) }
        let summary = try await database.reindex()
        #expect(summary.items == SearchFixture.objects.count - 3, "less the archived, deleted and trowel")
        #expect(summary.vocabulary > 50)
        for (index, query) in queries.enumerated() {
            #expect(try await database.searchVariations(query) == incremental[index], "\(query)")
        }
        // The rebuild makes the full-text table anew: a process whose statements knew the old one (a
        // counter, while `catalog reindex` runs beside it) answers the same.
        _ = try await CatalogDatabase(path: database.path).reindex()
        for (index, query) in queries.enumerated() {
            #expect(try await database.searchVariations(query) == incremental[index], "\(query), after another's")
        }
    }
}

/// A word of two or three letters being typed is kept (`BroadPrefixCache`) only while the index is unchanged:
/// an item added, renamed or archived, here or by another process, is in the next search's answer.
@Suite struct BroadPrefixCacheTests {
    @Test func aShortPrefixSeesEveryChangeToTheIndexWhoeverMadeIt() async throws {
        let counter = try await SearchFixture.database()
        let before = try await counter.searchItems("ga")
        #expect(try await counter.searchItems("ga") == before, "asked again, from what this process keeps")
        #expect(before.contains("I-GADGET") && !before.contains("I-GIZMO"))
        // Another process (a sync from the command line) adds an item whose name starts with the letters ...
        let sync = try CatalogDatabase(path: counter.path)
        _ = try await sync.apply([
            item(
                "I-GIZMO", name: "Gazebo", version: 40,
                variations: [variation("V-GIZMO", item: "I-GIZMO", version: 40, sku: "GZ-1")])
        ])
        #expect(try await counter.searchItems("ga").contains("I-GIZMO"))
        // ... and this one renames it away from them.
        _ = try await counter.apply([
            item(
                "I-GIZMO", name: "Doohickey", version: 41,
                variations: [variation("V-GIZMO", item: "I-GIZMO", version: 41, sku: "GZ-1")])
        ])
        #expect(!(try await counter.searchItems("ga").contains("I-GIZMO")))
        #expect(try await counter.searchItems("doo") == ["I-GIZMO"])
        #expect(try await counter.searchItems("ga") == before)
    }

    /// A whole search of one word being typed is kept ranked; a synonym added for the word (which changes
    /// no document of the index) is in its next answer all the same.
    @Test func aSynonymAddedForAKeptWordIsInItsNextAnswer() async throws {
        let counter = try await SearchFixture.database()
        let before = try await counter.searchItems("gadg")
        #expect(before == ["I-GADGET"])
        #expect(try await counter.searchItems("gadg") == before, "asked again, from what this process keeps")
        _ = try await CatalogDatabase(path: counter.path).addSynonyms(word: "gadg", synonyms: ["widget"])
        let after = try await counter.searchItems("gadg")
        #expect(after.contains("I-GADGET") && after.contains("I-WIDGET"), "\(after)")
    }
}

/// The starts of words the hub searches ahead (`CatalogDatabase.broadWordStarts`): those that begin words in
/// more documents than a search ranks whole, the broadest first.
@Suite struct BroadWordStartsTests {
    @Test func theStartsOfWordsInHundredsOfItemsAreListedBroadestFirst() async throws {
        let database = try temporaryDatabase()
        // 260 colas, 230 of them with lime as well, and a gadget: only the starts of cola, lime and the
        // variations' name (Regular, a word of the index too) are broad.
        var objects: [JSONValue] = (0..<260).map { index in
            item(
                "I-COLA-\(index)", name: index < 230 ? "Cola Lime \(index)" : "Cola \(index)", version: 1,
                variations: [variation("V-COLA-\(index)", item: "I-COLA-\(index)", version: 1)])
        }
        objects.append(
            item("I-GADGET", name: "Gadget", version: 1, variations: [variation("V-GAD", item: "I-GADGET", version: 1)])
        )
        _ = try await database.apply(objects)
        let broad = ["re", "reg", "regu", "regul", "co", "col", "cola", "li", "lim", "lime"]
        #expect(try await database.broadWordStarts(most: 20) == broad)
        #expect(try await database.broadWordStarts(most: 2) == ["re", "reg"])
        // Searching them ahead keeps what each found, for the index as it is.
        let version = try await database.searchIndexVersion()
        for start in broad { _ = try await database.search(SearchQuery(start)) }
        #expect(database.broadCache.count(under: version) == broad.count)
        #expect(try await database.searchItems("lim", limit: 300).count == 230)
    }
}

/// A whole word in thousands of items (`red` in `red k`) has its best 1,000 chosen by bm25 once while the
/// index is unchanged, and the hub chooses them ahead (`searchAhead(word:)`): the answers are the same.
@Suite struct BroadWordTests {
    @Test func aWordInThousandsOfItemsIsChosenOnceAndAnswersTheSame() async throws {
        let database = try temporaryDatabase()
        _ = try await database.apply(
            (0..<1100).map { index in
                item(
                    "I-\(index)", name: index % 10 == 0 ? "Red Kite \(index)" : "Red Ball \(index)", version: 1,
                    variations: [variation("V-\(index)", item: "I-\(index)", version: 1)])
            })
        #expect(try await database.broadWords(most: 5) == ["red", "regular"])
        let version = try await database.searchIndexVersion()
        let asked = try await database.searchItems("red k", limit: 200)
        #expect(!asked.isEmpty && asked.allSatisfy { Int($0.dropFirst(2)).map { $0 % 10 == 0 } == true })
        #expect(database.broadCache.count(under: version) == 1, "red's best 1,000 kept")
        #expect(try await database.searchItems("red k", limit: 200) == asked, "from what was kept")

        // Another process chooses them ahead, then answers the same.
        let hub = try CatalogDatabase(path: database.path)
        try await hub.searchAhead(word: "red")
        #expect(hub.broadCache.count(under: version) == 1)
        #expect(hub.broadCache.candidatesCount(under: version) == 1, "red's documents kept with their words")
        #expect(try await hub.searchItems("red k", limit: 200) == asked)
    }

    /// A database of 2,200 items: 1,100 Soaps in Personal Care, 1,100 Home-Ware Mugs in no category.
    func careShop() async throws -> CatalogDatabase {
        let database = try temporaryDatabase()
        var objects = [category("C-CARE", name: "Personal Care", version: 1)]
        objects += (0..<2200).map { index in
            item(
                "I-\(index)", name: index % 2 == 0 ? "Soap \(index)" : "Home-Ware Mug \(index)", version: 1,
                category: index % 2 == 0 ? "C-CARE" : nil,
                variations: [variation("V-\(index)", item: "I-\(index)", version: 1)])
        }
        _ = try await database.apply(objects)
        return database
    }

    /// A broad word found only in a category (`care` in `care s`) is looked up with its typos as well, in
    /// thousands of documents: what they found is kept as the words as typed are, and answers the same.
    @Test func aBroadWordsTyposAreChosenOnceAndAnswerTheSame() async throws {
        let database = try await careShop()
        let fresh = try CatalogDatabase(path: database.path)
        let version = try await database.searchIndexVersion()
        let asked = try await database.searchItems("care s", limit: 50)
        #expect(!asked.isEmpty)
        let kept = database.broadCache.count(under: version)
        #expect(kept == 2, "care's best 1,000, and its typos' (ware)")
        #expect(try await database.searchItems("care s", limit: 50) == asked, "from what was kept")
        #expect(database.broadCache.count(under: version) == kept)
        #expect(try await fresh.searchItems("care s", limit: 50) == asked, "as without anything kept")
    }

    /// Searched ahead, a broad word every item has only in its category (`care`) keeps what its typos find as
    /// well (a second word typed after it looks them up), pinned with the word's own; a word in the
    /// items' names (`mug`) keeps only its own. The searches after answer as without anything kept.
    @Test func aBroadWordOnlyInCategoriesIsSearchedAheadWithItsTypos() async throws {
        let database = try await careShop()
        let fresh = try CatalogDatabase(path: database.path)
        let version = try await database.searchIndexVersion()
        try await database.searchAhead(word: "mug")
        #expect(database.broadCache.candidatesCount(under: version) == 1, "mug's own documents")
        try await database.searchAhead(word: "care")
        #expect(database.broadCache.candidatesCount(under: version) == 3, "care's, and its typos' (ware)")
        let asked = try await database.searchItems("care s", limit: 50)
        #expect(!asked.isEmpty)
        #expect(database.broadCache.candidatesCount(under: version) == 3, "nothing more chosen")
        #expect(try await fresh.searchItems("care s", limit: 50) == asked, "as without anything kept")
        #expect(try await database.searchItems("mug h", limit: 50) == (try await fresh.searchItems("mug h", limit: 50)))
    }

    /// A second word typed after a word in hundreds of items (`tea t`, then `tea ti`) is checked on the
    /// documents the first word found, kept with their words, when they are all of its documents; when
    /// they are only its best 1,000 (`red`), the index is asked, so nothing past them is missed.
    @Test func aSecondWordIsCheckedOnTheFirstWordsKeptDocumentsOnlyWhenTheyAreAll() async throws {
        let database = try temporaryDatabase()
        var objects: [JSONValue] = (0..<300).map { index in
            item(
                "T-\(index)", name: index % 3 == 0 ? "Tea Tin \(index)" : "Tea Bags \(index)", version: 1,
                variations: [variation("TV-\(index)", item: "T-\(index)", version: 1)])
        }
        // Red Kites, half with red twice in a short name (bm25 puts them first), half with a long name (after
        // the 1,050 Red Balls, past red's best 1,000).
        objects += (0..<1110).map { index in
            let name =
                index < 1050
                ? "Red Ball \(index)"
                : index < 1080 ? "Red Kite Red \(index)" : "Red Kite With A Long Name For Gardens \(index)"
            return item(
                "R-\(index)", name: name, version: 1,
                variations: [variation("RV-\(index)", item: "R-\(index)", version: 1)])
        }
        _ = try await database.apply(objects)
        let fresh = try CatalogDatabase(path: database.path)
        let version = try await database.searchIndexVersion()
        _ = try await database.searchItems("tea t", limit: 20)
        #expect(database.broadCache.candidatesCount(under: version) == 1, "tea's 300 documents kept")
        let tins = try await database.searchItems("tea ti", limit: 200)
        #expect(tins.count == 100 && tins.allSatisfy { $0.hasPrefix("T-") })
        #expect(tins == (try await fresh.searchItems("tea ti", limit: 200)))

        _ = try await database.searchItems("red k", limit: 20)
        let kites = try await database.searchItems("red ki", limit: 200)
        #expect(kites.count == 60, "every Red Kite, also those past red's best 1,000")
        #expect(kites == (try await fresh.searchItems("red ki", limit: 200)))
    }
}
