import CatalogCore
import CatalogTestSupport
import Foundation
import Sandbox
import Testing

/// `catalog sync` with an object Square sends damaged: everything else is stored, the sync says which and
/// exits 65, `show` says the item is held back, and the sync after the fix stores it.
@Suite struct SyncProblemsCommandTests {
    @Test func aDamagedItemIsHeldBackNamedAndStoredOnceFixed() async throws {
        var shop = try await ReorderShop.start(keepData: true)
        try await cleaningUp({ await shop.stop() }) {
            try await shop.ok("sync")
            let shown = try JSONValue.parse(
                String(try await shop.ok("show", DemoCodes.small, "--json").stdout.split(separator: "\n")[0]))
            let itemID = try #require(shown["item_id"]?.stringValue)
            let oldName = try #require(shown["item_name"]?.stringValue)

            // The shop renames the item in Square, and adds a new one; Square's answers carry both damaged.
            let current = try await CountPostTests.square(shop, "GET", "v2/catalog/object/\(itemID)")
            var item = try #require(current["object"])
            item["item_data"]?["name"] = "Cable Ties (renamed)"
            _ = try await CountPostTests.square(
                shop, "POST", "v2/catalog/object", ["idempotency_key": .string(UUID().uuidString), "object": item])
            let created = try await CountPostTests.square(
                shop, "POST", "v2/catalog/object",
                [
                    "idempotency_key": .string(UUID().uuidString),
                    "object": SquareObjects.newItem(
                        key: "new", name: "Brand New Thing", sku: "NEW-THING-1", pence: 250),
                ])
            let newID = try #require(created["catalog_object"]?["id"]?.stringValue)
            await shop.server?.setFaults(SandboxFaults(badObjects: [itemID, newID]))

            let synced = try await shop.catalog("sync")
            #expect(synced.status == 65, "\(synced.all)")
            #expect(synced.stderr.contains("2 objects could not be stored"), "\(synced.stderr)")
            #expect(synced.stderr.contains(itemID) && synced.stderr.contains("Everything else is stored"))
            let listed = try await shop.jsonLines("sync", "--problems", "--json")
            let heldIDs = Set(listed.compactMap { $0["id"]?.stringValue })
            #expect(heldIDs.contains(itemID) && heldIDs.contains(newID), "\(heldIDs)")

            // The counter keeps the last good copy and says it is held back; the new item is named as held.
            let held = try await shop.catalog("show", DemoCodes.small)
            #expect(held.status == 0 && held.stdout.contains(oldName), "\(held.all)")
            #expect(held.stdout.contains("HELD BACK") && held.stdout.contains("its item"), "\(held.stdout)")
            let heldJSON = try JSONValue.parse(
                String(try await shop.ok("show", DemoCodes.small, "--json").stdout.split(separator: "\n")[0]))
            #expect(heldJSON["held_back"]?["id"] == .string(itemID))
            let missing = try await shop.catalog("show", "NEW-THING-1")
            #expect(missing.status == 65 && missing.stderr.contains("is in Square but not stored here yet"))
            // A search for its SKU says the same, not "run catalog sync" (which would not help).
            let searched = try await shop.catalog("search", "NEW-THING-1")
            #expect(searched.status == 65, "\(searched.all)")
            #expect(searched.stderr.contains("is in Square but not stored here yet") && searched.stderr.contains(newID))

            // At the counter: the stored item is shown as the last good copy, held back; the new one's code
            // is held back, not unknown (so it is not offered for creating an item).
            let file = shop.folder.appendingPathComponent("scans.bin")
            try Data(ScanReplayTests.stream([DemoCodes.small, "NEW-THING-1"])).write(to: file)
            let scanned = try await shop.catalog("scan", "--events", file.path, "--json")
            #expect(scanned.status == 0, "\(scanned.all)")
            let answers = scanned.stdout.split(separator: "\n").compactMap { try? JSONValue.parse(String($0)) }
            #expect(answers.count == 2, "\(scanned.all)")
            #expect(answers.first?["match"]?["item_name"] == .string(oldName))
            #expect(answers.first?["held_back"]?["id"] == .string(itemID), "\(answers)")
            #expect(answers.last?["match"] == .null && answers.last?["action"] == "held back", "\(answers)")
            #expect(answers.last?["held_back"]?["id"] == .string(newID), "\(answers)")
            let lines = try await shop.catalog("scan", "--events", file.path)
            #expect(lines.stdout.contains("HELD BACK: Square's newer copy could not be stored"), "\(lines.all)")
            #expect(lines.stdout.contains("HELD BACK  NEW-THING-1") && lines.stdout.contains(newID), "\(lines.all)")
            let unknown = try await shop.catalog("scans", "--unknown", "--json")
            #expect(!unknown.stdout.contains("NEW-THING-1"), "\(unknown.all)")

            // Fixed in Square: the next sync stores both and the list is empty.
            await shop.server?.setFaults(SandboxFaults())
            let fixed = try await shop.catalog("sync")
            #expect(fixed.status == 0, "\(fixed.all)")
            #expect(fixed.stdout.contains("stored after being held back"), "\(fixed.stdout)")
            let after = try await shop.ok("show", DemoCodes.small)
            #expect(after.stdout.contains("Cable Ties (renamed)") && !after.stdout.contains("HELD BACK"))
            #expect(try await shop.ok("show", "NEW-THING-1").stdout.contains("Brand New Thing"))
            let none = try await shop.ok("sync", "--problems")
            #expect(none.stdout.contains("Nothing is held back"))
        }
    }
}
