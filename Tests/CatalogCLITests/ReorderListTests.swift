import CatalogCore
import CatalogTestSupport
import Foundation
import Testing

@Suite struct ReorderListTests {
    /// A4 Notebook, Black: supplied by Dales Fresh Foods in the demo shop (the cable ties are Acme Supply's).
    static let notebook = "05012345004594"

    static func quantities(_ lines: [JSONValue]) -> [String: Int64] {
        var result: [String: Int64] = [:]
        for line in lines { result[line["variation_id"]?.stringValue ?? "?"] = line["quantity"]?.int64Value }
        return result
    }

    @Test func setQtyRemoveAndClearShowInTheListAndHistory() async throws {
        let shop = try await ReorderShop.start()
        try await cleaningUp({ await shop.stop() }) {
            try await shop.ok("sync")
            let small = try await shop.variationID(DemoCodes.small)
            let medium = try await shop.variationID(DemoCodes.medium)
            let large = try await shop.variationID(DemoCodes.large)
            let notebook = try await shop.variationID(Self.notebook)
            for code in [DemoCodes.small, DemoCodes.medium, DemoCodes.large, Self.notebook] {
                try await shop.ok("reorder", "add", code, "--qty", "3")
            }
            let vendors = Set(
                try await shop.jsonLines("reorder", "list", "--json").compactMap { $0["vendor"]?.stringValue })
            #expect(vendors == ["Acme Supply", "Dales Fresh Foods"])

            let set = try await shop.ok("reorder", "set-qty", "hw-0217-s", "12", "--json")
            #expect(try JSONValue.parse(set.stdout.trimmingCharacters(in: .newlines))["quantity"] == .int(12))
            try await shop.ok("reorder", "remove", DemoCodes.medium)
            #expect(
                Self.quantities(try await shop.jsonLines("reorder", "list", "--json"))
                    == [small: 12, large: 3, notebook: 3])
            let table = try await shop.ok("reorder", "list")
            #expect(table.stdout.contains("Acme Supply") && table.stdout.contains("2 lines, 15 units"))

            // Removing again, or setting a quantity on a line that is not wanted, is "not found".
            #expect(try await shop.catalog("reorder", "remove", DemoCodes.medium).status == 1)
            #expect(try await shop.catalog("reorder", "set-qty", DemoCodes.medium, "4").status == 1)
            #expect(try await shop.catalog("reorder", "clear").status == 64)
            #expect(try await shop.catalog("reorder", "clear", "--vendor", "Nobody Ltd").status == 1)

            let cleared = try await shop.ok("reorder", "clear", "--vendor", "acme supply")
            #expect(cleared.stdout.contains("Cleared 2 lines"))
            #expect(Self.quantities(try await shop.jsonLines("reorder", "list", "--json")) == [notebook: 3])
            try await shop.ok("reorder", "set-qty", Self.notebook, "0")
            #expect(try await shop.jsonLines("reorder", "list", "--json").isEmpty)
            try await shop.ok("reorder", "add", DemoCodes.large, "--qty", "5")
            try await shop.ok("reorder", "add", Self.notebook, "--qty", "1")
            let all = try await shop.ok("reorder", "clear", "--all")
            #expect(all.stdout.contains("Cleared 2 lines"))
            #expect(try await shop.jsonLines("reorder", "list", "--json").isEmpty)

            // Every line ever taken off is still there as removed, with the quantity it had.
            let removed = try await shop.jsonLines("reorder", "list", "--json", "--status", "removed")
            #expect(removed.count == 6)
            #expect(removed.allSatisfy { $0["status"] == "removed" && $0["closed_at"]?.stringValue != nil })
            let removedQuantities = removed.map {
                "\($0["variation_id"]?.stringValue ?? ""):\($0["quantity"] ?? .null)"
            }
            #expect(
                Set(removedQuantities) == [
                    "\(small):12", "\(medium):3", "\(large):3", "\(notebook):3", "\(large):5", "\(notebook):1",
                ])
            let history = try await shop.jsonLines("reorder", "history", "--json")
            #expect(
                history.compactMap { $0["action"]?.stringValue } == [
                    "add", "add", "add", "add", "set", "remove", "clear", "clear", "remove", "add", "add", "clear",
                    "clear",
                ])
            #expect(history.allSatisfy { $0["counter"] == "test-till" })
            let oneItem = try await shop.jsonLines("reorder", "history", DemoCodes.large, "--json")
            #expect(oneItem.compactMap { $0["action"]?.stringValue } == ["add", "clear", "add", "clear"])
        }
    }
}
