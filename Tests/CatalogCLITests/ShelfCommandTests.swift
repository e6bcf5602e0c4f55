import CatalogCore
import CatalogTestSupport
import Foundation
import Store
import Testing

/// `catalog shelf set` and `catalog shelf list` as a person at a shell uses them, and `show` with a place.
@Suite struct ShelfCommandTests {
    @Test func aPlaceSetIsListedInShelfOrderAndShownWithTheVariation() async throws {
        let shop = try await DemoShop.start()
        try await cleaningUp({ await shop.stop() }) {
            #expect(try await shop.catalog("sync").status == 0)
            let high = ["--location", "High Street"]
            let set = try await shop.catalog(["shelf", "set", "05012345003627", " A10-1 "] + high)
            #expect(set.status == 0, "\(set.all)")
            #expect(set.stdout.contains("shelf at High Street no shelf → A10-1"), "\(set.stdout)")
            #expect(try await shop.catalog(["shelf", "set", "05012345003634", "a9"] + high).status == 0)

            let listed = try await shop.catalog(["shelf", "list"] + high)
            let lines = listed.stdout.split(separator: "\n").map(String.init)
            #expect(lines.first?.hasPrefix("SHELF  ITEM") == true, "\(listed.all)")
            #expect(lines.dropFirst().map { $0.prefix(5).trimmingCharacters(in: .whitespaces) } == ["a9", "A10-1"])
            let json = try JSONValue.parse(try await shop.catalog(["shelf", "list", "A1", "--json"] + high).stdout)
            #expect(json["location"]?["name"] == "High Street")
            #expect(json["variations"]?.arrayValue?.map { $0["shelf"] } == ["A10-1"])

            let shown = try await shop.catalog(["show", "05012345003627"] + high)
            #expect(shown.stdout.contains("shelf     A10-1 at High Street"), "\(shown.stdout)")
            let elsewhere = try await shop.catalog(["show", "05012345003627", "--location", "Market Hall", "--json"])
            #expect(try JSONValue.parse(elsewhere.stdout)["shelf"] == .null, "a place is per location")

            let long = try await shop.catalog(
                ["shelf", "set", "05012345003627", String(repeating: "x", count: 41)] + high)
            #expect(long.status == 65 && long.stderr.contains("keep it to 40"), "\(long.all)")
            let nowhere = try await shop.catalog("shelf", "list")
            #expect(nowhere.status != 0 && nowhere.stderr.contains("--location"), "\(nowhere.all)")
            let tooLong = try await shop.catalog(["shelf", "list", String(repeating: "A", count: 41)] + high)
            #expect(tooLong.status == 65 && tooLong.stdout.isEmpty, "no place starts so: not every shelf")
            let empty = try await shop.catalog(["shelf", "list", "Z"] + high)
            #expect(empty.status == 0 && empty.stdout.isEmpty && empty.stderr.contains("catalog shelf set"))
        }
    }

    /// `catalog shelf import`: columns found by their headers, a dry run that says what would change, the
    /// changes written to Square (what the server holds), the same file again changing nothing, and Square
    /// out of reach leaving the first change in the outbox and the rest not sent.
    @Test func aShelfFileIsPlannedAppliedOnceAndWaitsWhenSquareIsDown() async throws {
        let shop = try await DemoShop.start()
        try await cleaningUp({ await shop.stop() }) {
            #expect(try await shop.catalog("sync").status == 0)
            let database = try CatalogDatabase(path: shop.database)
            let v = Array(try await database.activeVariations().filter { $0.upc != nil }.prefix(4))
            try #require(v.count == 4)
            let file = shop.folder.appendingPathComponent("shelves.csv")
            let lines = [
                "Name;EAN;Regal",
                "a;\(v[0].upc!); a3-2 ",
                "b;\(v[1].upc!);B10",
                "a again;\(v[0].upc!);a3-2",
                "nothing;NOT-A-CODE;C1",
                "no place;\(v[2].upc!);",
                "too long;\(v[3].upc!);\(String(repeating: "x", count: 41))",
            ]
            try Data(lines.joined(separator: "\n").utf8).write(to: file)
            let high = ["--location", "High Street"]

            let dry = try await shop.catalog(["shelf", "import", file.path] + high)
            #expect(dry.status == 65, "\(dry.all)")
            #expect(dry.stdout.contains("codes from “EAN”, places from “Regal”, 6 rows; shelves at High Street"))
            #expect(dry.stdout.contains("no shelf → a3-2") && dry.stdout.contains("no shelf → B10"), "\(dry.stdout)")
            #expect(dry.stdout.contains("line 5: NOT-A-CODE"), "\(dry.stdout)")
            #expect(dry.stdout.contains("line 7: \(v[3].upc!): ") && dry.stdout.contains("40"), "\(dry.stdout)")
            #expect(
                dry.stdout.contains(
                    "6 rows: 2 to change, 1 duplicate, 1 without a place, 1 unknown, 1 with errors. Run again with --apply"
                ), "\(dry.stdout)")
            let untouched = try await shop.client.retrieveCatalogObject(id: v[0].variationID).object
            #expect(untouched["custom_attribute_values"] == nil, "a dry run writes nothing")

            let applied = try await shop.catalog(["shelf", "import", file.path, "--apply", "--json"] + high)
            #expect(applied.status == 65, "\(applied.all)")
            let rows = try applied.stdout.split(separator: "\n").map { try JSONValue.parse(String($0)) }
            #expect(
                rows.map { $0["status"]?.stringValue } == [
                    "updated", "updated", "duplicate", "unknown", "blank", "error",
                ])
            let here = try #require(
                try await database.locations().first { $0["name"] == "High Street" }?["id"]?.stringValue)
            for (variation, place) in [(v[0], "a3-2"), (v[1], "B10")] {
                let held = try await shop.client.retrieveCatalogObject(id: variation.variationID).object
                #expect(held["custom_attribute_values"]?["shelf-\(here)"]?["string_value"]?.stringValue == place)
            }
            let again = try await shop.catalog(["shelf", "import", file.path, "--apply"] + high)
            #expect(again.stdout.contains("2 unchanged") && !again.stdout.contains("Set:"), "\(again.stdout)")

            // Square out of reach: the first change waits in the outbox, the next is not sent.
            let moved = shop.folder.appendingPathComponent("moved.csv")
            try Data("Barcode,Shelf\n\(v[0].upc!),D1\n\(v[1].upc!),D2\n".utf8).write(to: moved)
            let offline = try await shop.catalog(
                ["shelf", "import", moved.path, "--apply"] + high,
                environment: ["SQUARE_BASE_URL": "http://127.0.0.1:9"])
            #expect(offline.status == 75, "\(offline.all)")
            #expect(offline.stdout.contains("1 waiting in the outbox, 1 not sent"), "\(offline.stdout)")
            let outbox = try await shop.catalog("outbox", "--json")
            #expect(outbox.stdout.contains("D1") && !outbox.stdout.contains("D2"), "\(outbox.stdout)")
        }
    }
}
