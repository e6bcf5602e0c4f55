import CatalogCore
import CatalogTestSupport
import Foundation
import Labels
import Store
import Sync
import Testing

@testable import CatalogApp

/// A sale the shop sets up in Square with dates becomes two plans per location, one for its first moment and
/// one for its end, holding the tags whose price changes then; their tags print ahead with the sale's price
/// and end date, are right once the sale starts, follow the sale when its dates change in Square, and are
/// applied with nothing written to Square.
@Suite struct SalePlansTests {
    /// Creates "January Sale", 25% off the category of `DemoCodes.small` from `from` until the end of `until`
    /// (dates on the shop's clock), through Square's API; the rule's id.
    static func sale(_ shop: AppShop, from: String, until: String) async throws -> String {
        let small = try #require(try await Lookup.lookUp(DemoCodes.small, in: shop.database).first)
        let item = try await shop.square().retrieveCatalogObject(id: small.itemID).object
        let category = try #require(CatalogDatabase.categoryIDs(item["item_data"] ?? .null).first)
        let stored = try await shop.square().batchUpsertCatalogObjects(batches: [
            [
                [
                    "type": "DISCOUNT", "id": "#quarter",
                    "discount_data": ["name": "Quarter off", "discount_type": "FIXED_PERCENTAGE", "percentage": "25"],
                ],
                ["type": "PRODUCT_SET", "id": "#set", "product_set_data": ["product_ids_any": [.string(category)]]],
                [
                    "type": "PRICING_RULE", "id": "#rule",
                    "pricing_rule_data": [
                        "name": "January Sale", "discount_id": "#quarter", "match_products_id": "#set",
                        "valid_from_date": .string(from), "valid_until_date": .string(until),
                    ],
                ],
            ]
        ])
        return try #require(stored.idMappings.first { $0.clientObjectID == "#rule" }?.objectID)
    }

    @Test func aDatedSaleBecomesPlansForItsStartAndItsEnd() async throws {
        let shop = try await AppShop.start()
        try await cleaningUp({ await shop.stop() }) {
            // The test clock starts at 2026-01-02 09:00 UTC; London is on GMT.
            let market = try #require(try await shop.context.location("Market Hall", in: shop.database))
            let small = try #require(try await Lookup.lookUp(DemoCodes.small, in: shop.database).first)
            let regular = try #require(small.at(market).price)
            let salePrice = Money(amount: regular.amount - (regular.amount * 25 + 50) / 100, currency: "GBP")
            let ruleID = try await Self.sale(shop, from: "2026-01-05", until: "2026-01-06")
            _ = try await SyncWorkflow(context: shop.context).pull()
            let staging = try StagedPrices(context: shop.context)

            // The demo shop's own Spring Sale has plans of its own; these are January's.
            let listed = try await staging.plans(all: false).filter {
                $0.plan.locationID == market.id && $0.plan.ruleID == ruleID
            }
            #expect(listed.map(\.plan.kind) == [.saleStarts, .saleEnds], "\(listed.map(\.plan))")
            #expect(listed.map(\.plan.effectiveAt) == ["2026-01-05T00:00:00Z", "2026-01-07T00:00:00Z"])
            #expect(listed.map(\.plan.name) == ["January Sale starts", "January Sale ends"])
            #expect(listed.allSatisfy { $0.plan.ruleID == ruleID && $0.lines > 0 })
            let start = try #require(listed.first?.plan.id)
            let end = try #require(listed.last?.plan.id)

            // The start's lines go from the regular price to the sale's, the end's back.
            let startLines = try #require(try await shop.database.stagedPlan(id: start)).lines
            let startLine = try #require(startLines.first { $0.variationID == small.variationID })
            #expect(startLine.oldPrice == regular && startLine.newPrice == salePrice)
            #expect(startLine.message == "January Sale until 2026-01-06", "\(startLine.message)")
            let endLines = try #require(try await shop.database.stagedPlan(id: end)).lines
            let endLine = try #require(endLines.first { $0.variationID == small.variationID })
            #expect(endLine.oldPrice == salePrice && endLine.newPrice == regular && endLine.message == "regular price")
            // Only what the sale covers: every line's variation is in the sale's category.
            let others = try await Lookup.lookUp(DemoCodes.medium, in: shop.database)
            let outside = Set(others.map(\.variationID)).subtracting(startLines.map(\.variationID))
            #expect(others.isEmpty || !outside.isEmpty || others.allSatisfy { $0.category == small.category })

            // Worked out once: nothing changed, nothing worked out again.
            let again = try await SalePlans(context: shop.context, database: shop.database).follow()
            #expect(!again.looked)

            // Printed ahead: the tags show the sale's price and its last day, so they are stale until it starts.
            let tags = try await staging.tags(String(start), at: nil)
            #expect(tags.location?.id == market.id && tags.variations.count == startLines.count)
            var request = LabelRequest(template: "sale-2x1")
            request.pricedAt = tags.effective
            let labels = try await request.labelData(for: tags.variations, context: shop.context)
            let tag = try #require(labels.first { $0.variationID == small.variationID })
            #expect(tag.price == salePrice && tag.regularPrice == regular && tag.saleEnds == "2026-01-06")
            _ = try await shop.database.recordPrints(
                labels.map {
                    $0.printRecord(
                        at: shop.clock.now(), counter: "till", template: "sale-2x1", printer: "test", jobID: nil,
                        status: .completed)
                })
            let ahead = try await StaleTags.list(at: market, context: shop.context)
            #expect(ahead.count == labels.count, "\(ahead)")

            // A sale's plan is Square's to change: it cannot be cancelled here.
            do {
                _ = try await staging.cancel(String(start))
                Issue.record("a sale's plan was cancelled")
            } catch let error as AppError {
                #expect(error.description.contains("follows Square's sale") && error.exitStatus == .dataError)
            }

            // The sale is made two days longer in Square: its end moves, its start stays.
            let client = try shop.square()
            var rule = try await client.retrieveCatalogObject(id: ruleID).object
            rule["pricing_rule_data"]?["valid_until_date"] = "2026-01-08"
            _ = try await client.upsertCatalogObject(rule)
            _ = try await SyncWorkflow(context: shop.context).pull()
            let moved = try await staging.plans(all: true).filter {
                $0.plan.locationID == market.id && $0.plan.ruleID == ruleID
            }
            let byID = Dictionary(moved.map { ($0.plan.id ?? 0, $0.plan) }) { first, _ in first }
            #expect(byID[start]?.status == .staged, "the start plan stays, refreshed")
            #expect(byID[end]?.status == .cancelled, "the old end is cancelled")
            #expect(
                moved.filter { $0.plan.status == .staged }.map(\.plan.effectiveAt)
                    == ["2026-01-05T00:00:00Z", "2026-01-09T00:00:00Z"])

            // At the sale's first moment the start plans apply, with nothing written to Square.
            let version = try await shop.variation(small.variationID)["version"]
            let historyBefore = try await shop.database.history(limit: 1000).count
            shop.clock.advance(by: .seconds(Int64(3 * 86_400 - 9 * 3600 + 1)))
            let applied = try await staging.applyDue()
            #expect(!applied.isEmpty && applied.allSatisfy { $0.plan.kind == .saleStarts && $0.finished }, "\(applied)")
            #expect(applied.flatMap(\.lines).allSatisfy { $0.status == .applied })
            #expect(try await shop.variation(small.variationID)["version"] == version, "Square was not written")
            #expect(try await shop.database.history(limit: 1000).count == historyBefore)
            #expect(try await shop.database.stagedPlan(id: start)?.plan.status == .applied)
            // The tags printed ahead are right now.
            #expect(try await StaleTags.list(at: market, context: shop.context).isEmpty)
            let left = try await staging.plans(all: false).filter {
                $0.plan.locationID == market.id && $0.plan.ruleID == ruleID
            }
            #expect(left.map(\.plan.kind) == [.saleEnds])
        }
    }

    /// A happy hour (a rule with a time period) changes prices in repeats, not from a date: no plan.
    @Test func aRuleWithATimePeriodMakesNoPlan() async throws {
        let shop = try await AppShop.start()
        try await cleaningUp({ await shop.stop() }) {
            _ = try await shop.square().batchUpsertCatalogObjects(batches: [
                [
                    [
                        "type": "DISCOUNT", "id": "#tenth",
                        "discount_data": ["name": "Tenth", "discount_type": "FIXED_PERCENTAGE", "percentage": "10"],
                    ],
                    ["type": "PRODUCT_SET", "id": "#all", "product_set_data": ["all_products": true]],
                    [
                        "type": "TIME_PERIOD", "id": "#evenings",
                        "time_period_data": [
                            "event": "DTSTART:20260101T170000\nDURATION:PT2H\nRRULE:FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR"
                        ],
                    ],
                    [
                        "type": "PRICING_RULE", "id": "#happy",
                        "pricing_rule_data": [
                            "name": "Happy hour", "discount_id": "#tenth", "match_products_id": "#all",
                            "time_period_ids": ["#evenings"], "valid_from_date": "2026-01-05",
                        ],
                    ],
                ]
            ])
            _ = try await SyncWorkflow(context: shop.context).pull()
            let plans = try await StagedPrices(context: shop.context).plans(all: true)
            #expect(!plans.contains { $0.plan.name.hasPrefix("Happy hour") }, "\(plans.map(\.plan.name))")
        }
    }
}
