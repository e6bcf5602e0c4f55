import CatalogApp
import CatalogCore
import CatalogTestSupport
import Foundation
import Sandbox
import Store
import Sync
import Testing

/// Two locations whose names differ only in case: a name written exactly picks its own location (for
/// reading and for writing to Square), and a name that fits both in another case is refused, never guessed.
@Suite struct LocationNameTests {
    /// The demo shop with a second location called "high street" beside "High Street", synced.
    static func shopWithTwinLocations() async throws -> (shop: AppShop, upper: String, lower: String) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("catalog-twins-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("square.json").path
        // The sandbox seeds the demo shop into the data file; the twin is added to the file as a copy of High
        // Street with its own id and the name in lower case.
        await
            (try SandboxServer.start(SandboxConfiguration(port: 0, token: AppShop.token, seed: .demo, dataFile: file)))
            .stop()
        var document = try JSONValue.parse(Array(try Data(contentsOf: URL(fileURLWithPath: file))))
        var locations = try #require(document["locations"]?.arrayValue)
        var twin = try #require(locations.first { $0["name"] == "High Street" })
        let upper = try #require(twin["id"]?.stringValue)
        twin["id"] = "LTWINHIGHSTREET"
        twin["name"] = "high street"
        locations.append(twin)
        document["locations"] = .array(locations)
        try Data(document.serializedBytes()).write(to: URL(fileURLWithPath: file))
        let shop = try await AppShop.start(dataFile: file, folder: folder)
        return (shop, upper, "LTWINHIGHSTREET")
    }

    @Test func anExactNameWinsForReadingAndWritingAndACaseOnlyMatchOfSeveralIsRefused() async throws {
        let (shop, upper, lower) = try await Self.shopWithTwinLocations()
        try await cleaningUp({ await shop.stop() }) {
            #expect(try await shop.context.location("high street", in: shop.database)?.id == lower)
            #expect(try await shop.context.location("High Street", in: shop.database)?.id == upper)
            #expect(try await shop.context.location(lower, in: shop.database)?.id == lower)
            // The counter's view (show, search, the hub) resolves the same way.
            let view = try await ShopLocations.load("high street", context: shop.context, database: shop.database)
            #expect(view.here?.id == lower)

            // A price written for "high street" lands on that location in Square, not on High Street.
            let small = try #require(try await Lookup.lookUp(DemoCodes.small, in: shop.database).first)
            let edited = try await EditWorkflow(context: shop.context).edit(
                DemoCodes.small, EditRequest(price: "21.00", location: "high street"))
            #expect(edited.result.status == .applied && edited.location?.id == lower)
            let held = try await shop.variation(small.variationID)
            let overrides = held["item_variation_data"]?["location_overrides"]?.arrayValue ?? []
            let priced = overrides.filter { $0["price_money"]?["amount"] == .int(2100) }
            #expect(priced.map { $0["location_id"]?.stringValue } == [lower])

            // "HIGH STREET" fits both only by ignoring case: refused (exit 64), naming both with their ids.
            do {
                _ = try await shop.context.location("HIGH STREET", in: shop.database)
                Issue.record("an ambiguous location name was accepted")
            } catch let error as AppError {
                #expect(error.exitStatus == .usage)
                #expect(error.description.contains("High Street (\(upper))"))
                #expect(error.description.contains("high street (\(lower))"))
            }
            await #expect(throws: AppError.self) {
                _ = try await EditWorkflow(context: shop.context).edit(
                    DemoCodes.small, EditRequest(price: "22.00", location: "HIGH STREET"))
            }
        }
    }
}
