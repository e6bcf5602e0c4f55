import CatalogApp
import CatalogCore
import CatalogTestSupport
import Foundation
import Store
import Testing

/// Cycle counting: what has not been counted for a while, most valuable first, from the counts this tool
/// posted and the physical counts in Square's history; a count of the most overdue.
@Suite struct CountDueTests {
    @Test func whatIsDueComesMostValuableFirstAndACountOrASquareCountTakesItOff() async throws {
        let shop = try await AppShop.start()
        try await cleaningUp({ await shop.stop() }) {
            let high = try #require(try await shop.context.location("High Street", in: shop.database))
            let counts = try CountWorkflow(context: shop.context)
            let first = try await counts.due(days: 90, location: "High Street")
            #expect(first.problem == nil && first.lines.count > 10, "\(first.problem ?? "")")
            // Most valuable first, and each value is its stock at the vendor's unit cost.
            let values = first.lines.map { $0.value?.amount ?? -1 }
            #expect(values == values.sorted(by: >), "\(values.prefix(12))")
            for line in first.lines.prefix(20) {
                guard let stock = line.stock, let cost = line.unitCost, let value = line.value else { continue }
                #expect(value.amount == PricingCatalog.rounded(max(stock, 0) * Decimal(cost.amount)))
            }
            let small = try #require(try await Lookup.lookUp(DemoCodes.small, in: shop.database).first)
            let medium = try #require(try await Lookup.lookUp(DemoCodes.medium, in: shop.database).first)
            let ids = Set(first.lines.map(\.variation.variationID))
            #expect(ids.contains(small.variationID) && ids.contains(medium.variationID))

            // A count of the two most overdue holds exactly those two.
            let top = try await counts.start(name: nil, location: "High Street", scope: .init(due: 2))
            let area = try #require(try await counts.progress(of: top).first?.area)
            #expect(area.name == "2 due for a count" && area.ids == first.lines.prefix(2).map(\.variation.variationID))
            try await counts.cancel(top)

            // Small is counted and posted here; medium gets a physical count made in Square's own apps.
            let session = try await counts.start(
                name: nil, location: "High Street", scope: .init(codes: [DemoCodes.small]))
            _ = try await counts.count(DemoCodes.small, quantity: 9, in: session)
            let posted = try await counts.post(session)
            #expect(posted.complete, "\(posted.lines.map(\.line.postStatus))")
            _ = try await shop.square().batchCreateInventoryChanges(
                idempotencyKey: UUID().uuidString,
                changes: [
                    [
                        "type": "PHYSICAL_COUNT",
                        "physical_count": [
                            "catalog_object_id": .string(medium.variationID), "location_id": .string(high.id),
                            "state": "IN_STOCK", "quantity": "12",
                            "occurred_at": .string(Timestamp(seconds: shop.clock.now().seconds + 60).rfc3339),
                        ],
                    ]
                ])
            let after = try await counts.due(days: 90, location: "High Street")
            let left = Set(after.lines.map(\.variation.variationID))
            #expect(!left.contains(small.variationID) && !left.contains(medium.variationID))
            #expect(after.lines.count == first.lines.count - 2)
            let last = try await shop.database.lastCounts(locationID: high.id)
            #expect(last[small.variationID]?.source == .catalog && last[medium.variationID]?.source == .square)

            // Ninety-one days on, both are due again, with when they were last counted.
            shop.clock.advance(by: .seconds(91 * 86_400))
            let later = try await counts.due(days: 90, location: "High Street")
            let again = Dictionary(uniqueKeysWithValues: later.lines.map { ($0.variation.variationID, $0) })
            #expect(again[small.variationID]?.lastCounted?.source == .catalog)
            #expect(again[medium.variationID]?.lastCounted?.source == .square)
            #expect(try await counts.due(days: 365, location: "High Street").lines.count == later.lines.count - 2)
        }
    }
}
