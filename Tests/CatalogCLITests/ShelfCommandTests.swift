import CatalogCore
import CatalogTestSupport
import Foundation
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
}
