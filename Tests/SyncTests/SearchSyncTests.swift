import CatalogCore
import CatalogTestSupport
import Foundation
import Sandbox
import SquareAPI
import Store
import Sync
import Synchronization
import Testing

@Suite struct SearchSyncTests {
    /// A new item with one variation per (name, SKU), written with #temp ids.
    static func newItem(_ key: String, name: String, variations: [(String, String)]) -> JSONValue {
        [
            "type": "ITEM", "id": .string("#\(key)"),
            "item_data": [
                "name": .string(name),
                "variations": .array(
                    variations.enumerated().map { offset, entry in
                        [
                            "type": "ITEM_VARIATION", "id": .string("#\(key)-\(offset)"),
                            "item_variation_data": [
                                "item_id": .string("#\(key)"), "name": .string(entry.0), "sku": .string(entry.1),
                                "pricing_type": "FIXED_PRICING", "price_money": ["amount": 350, "currency": "USD"],
                            ],
                        ]
                    }),
            ],
        ]
    }

    func items(_ database: CatalogDatabase, _ text: String) async throws -> [String] {
        var seen: [String] = []
        for hit in try await database.search(SearchQuery(text)).hits where !seen.contains(hit.variation.itemID) {
            seen.append(hit.variation.itemID)
        }
        return seen
    }

    @Test func incrementalSyncKeepsSearchUpToDate() async throws {
        let harness = try await SyncHarness.start(seed: .none)
        try await cleaningUp({ await harness.stop() }) {
            let created = try await harness.client.batchUpsertCatalogObjects(batches: [
                [
                    Self.newItem(
                        "kettle", name: "Copper Kettle", variations: [("Small", "KT-100-S"), ("Large", "KT-100-L")]),
                    Self.newItem("teapot", name: "Porcelain Teapot", variations: [("Regular", "TP-200")]),
                    Self.newItem("lamp", name: "Reading Lamp", variations: [("Regular", "RL-300")]),
                    Self.newItem("mug", name: "Enamel Mug", variations: [("Regular", "EM-400")]),
                ]
            ])
            func id(_ temp: String) throws -> String {
                try #require(created.idMappings.first { $0.clientObjectID == temp }?.objectID)
            }
            let reports = Mutex<[SyncProgress]>([])
            #expect(
                try await harness.engine.run(progress: { report in reports.withLock { $0.append(report) } }).kind
                    == .full)
            // A first sync indexes nothing as pages land and builds the whole index after the last one.
            #expect(reports.withLock { $0.last?.indexing } == true)
            #expect(reports.withLock { $0.dropLast().allSatisfy { !$0.indexing } })
            let database = harness.database
            #expect(try await database.syncState()["search_index_rebuild_pending"] == nil)
            let kettle = try id("#kettle")
            #expect(try await items(database, "copper ketle") == [kettle])
            #expect(try await items(database, "KT-100") == [kettle])
            #expect(try await items(database, "teapot") == [try id("#teapot")])

            // Rename the kettle, change the teapot's SKU, delete the lamp, archive the mug.
            var renamed = try await harness.client.retrieveCatalogObject(id: kettle).object
            renamed["item_data"]?["name"] = "Brass Kettle"
            _ = try await harness.client.upsertCatalogObject(renamed)
            var sku = try await harness.client.retrieveCatalogObject(id: try id("#teapot-0")).object
            sku["item_variation_data"]?["sku"] = "TP-999"
            _ = try await harness.client.upsertCatalogObject(sku)
            _ = try await harness.client.deleteCatalogObject(id: try id("#lamp"))
            var archived = try await harness.client.retrieveCatalogObject(id: try id("#mug")).object
            archived["item_data"]?["is_archived"] = true
            _ = try await harness.client.upsertCatalogObject(archived)

            let next = try await harness.engine.run()
            #expect(next.kind == .incremental)
            #expect(try await items(database, "brass kettle") == [kettle])
            #expect(try await items(database, "copper").isEmpty)
            #expect(try await items(database, "TP-999") == [try id("#teapot")])
            #expect(try await items(database, "TP-200").isEmpty)
            #expect(try await items(database, "reading lamp").isEmpty)
            #expect(try await items(database, "RL-300").isEmpty)
            #expect(try await items(database, "enamel mug").isEmpty)
            #expect(try await items(database, "EM-400").isEmpty)
            #expect(try await items(database, "e").isEmpty)
            let large = try await database.search(SearchQuery("brass kettle large")).hits
            #expect(large.first?.variation.variationID == (try id("#kettle-1")))

            // A rebuilt index answers the same.
            _ = try await database.reindex()
            #expect(try await items(database, "brass kettle") == [kettle])
            #expect(try await items(database, "enamel mug").isEmpty)
        }
    }
}
