import CatalogApp
import CatalogCore
import CatalogTestSupport
import Foundation
import Sandbox
import Scanner
import Store
import Testing

/// One answer to "what does this code name?" for show, search, the counter's scans and the hub: found,
/// several, a scale code without its item, held back by a sync, a wrong check digit, or nothing.
@Suite struct CodeResolutionTests {
    @Test func everyKindOfCodeGetsItsOwnAnswerAndTheSameErrorEverywhere() async throws {
        let shop = try await AppShop.start()
        try await cleaningUp({ await shop.stop() }) {
            let database = shop.database
            // A new item in Square whose copy a sync cannot store: held back, and why.
            let created = try await shop.square().upsertCatalogObject(
                [
                    "type": "ITEM", "id": "#new",
                    "item_data": [
                        "name": "Brand New Thing",
                        "variations": [
                            [
                                "type": "ITEM_VARIATION", "id": "#new-v",
                                "item_variation_data": [
                                    "item_id": "#new", "name": "One", "sku": "NEW-THING-1",
                                    "pricing_type": "FIXED_PRICING", "price_money": ["amount": 250, "currency": "GBP"],
                                ],
                            ]
                        ],
                    ],
                ])
            let newID = try #require(created.object["id"]?.stringValue)
            await shop.server.setFaults(SandboxFaults(badObjects: [newID]))
            _ = try? await SyncWorkflow(context: shop.context).run(full: false, report: { _ in })
            await shop.server.setFaults(SandboxFaults())

            let layouts = [ScaleLayout(prefix: "21", value: .weight)]
            func resolve(_ code: String) async throws -> CodeResolution {
                try await CodeResolution.resolve(code, scaleLayouts: layouts, in: database)
            }
            guard case .found(let small, nil) = try await resolve(DemoCodes.small) else {
                Issue.record("the demo's small cable ties are not found")
                return
            }
            #expect(small.gtin == DemoCodes.small)
            // Loose Bananas (SKU 4011) by weight.
            let weighed = try await resolve(ShopCodesTests.ean("210401100482"))
            #expect(weighed.matches.map(\.sku) == ["4011"] && weighed.scale != nil)
            guard case .scaleCodeWithoutItem = try await resolve(ShopCodesTests.ean("210999900100")) else {
                Issue.record("a scale code for a PLU nobody has is not named as one")
                return
            }
            guard case .heldBack(let held) = try await resolve("NEW-THING-1") else {
                Issue.record("the held-back SKU is not named as held back")
                return
            }
            #expect(held.id == newID)
            let misread = String(DemoCodes.small.dropLast()) + (DemoCodes.small.hasSuffix("0") ? "1" : "0")
            guard case .badCheckDigit = try await resolve(misread) else {
                Issue.record("a wrong check digit is not named")
                return
            }
            guard case .unknown = try await resolve("NO-SUCH-SKU-77") else {
                Issue.record("an unknown code is not unknown")
                return
            }

            // The same answer from show (VariationReport) and search (ShopSearch), with the same error.
            let shopHere = try await ShopLocations.load("High Street", context: shop.context, database: database)
            for (code, status) in [("NEW-THING-1", ExitStatus.dataError), (misread, .dataError)] {
                let shown = await #expect(throws: AppError.self) {
                    _ = try await VariationReport.load(
                        code, shop: shopHere, scaleLayouts: layouts, database: database, at: shop.clock.now(),
                        frontEnd: .commandLine)
                }
                let query = SearchQuery(code)
                let searched = try await ShopSearch.run(
                    query, limit: 5, onlyHere: false, shop: shopHere, database: database, at: shop.clock.now())
                let said = searched.misread(query, frontEnd: .commandLine)
                #expect(shown?.exitStatus == status && said?.exitStatus == status, "\(code)")
                #expect(shown?.description == said?.description, "\(code)")
            }
            #expect(
                try await ShopSearch.run(
                    SearchQuery("NO-SUCH-SKU-77"), limit: 5, onlyHere: false, shop: shopHere, database: database,
                    at: shop.clock.now()
                ).misread(SearchQuery("NO-SUCH-SKU-77"), frontEnd: .commandLine) == nil)

            // The counter: held back is said, a misread code is unknown, neither is acted on.
            var session = CounterSession(mode: .reorder, database: database, counter: "till")
            let heldScan = try await session.handle(ShopCodesTests.scan("NEW-THING-1"))
            #expect(heldScan.action == "held back" && heldScan.heldBack?.id == newID && heldScan.failed)
            let misreadScan = try await session.handle(ShopCodesTests.scan(misread))
            #expect(misreadScan.action == "unknown" && misreadScan.match == nil)
            #expect(try await database.reorderLines().isEmpty)
        }
    }
}
