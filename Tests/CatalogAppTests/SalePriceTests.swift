import CatalogApp
import CatalogCore
import CatalogTestSupport
import Foundation
import Scanner
import Store
import Sync
import Testing

/// A sale the shop starts in Square (a discount, a product set and a pricing rule written through Square's
/// API) reaches the counter after a sync: the scan line and its JSON show the sale price at the counter's
/// location until the rule ends on the counter's clock.
@Suite struct SalePriceTests {
    @Test func aSquareSaleOnACategoryShowsAtTheCounterUntilItEnds() async throws {
        let shop = try await AppShop.start()
        try await cleaningUp({ await shop.stop() }) {
            // The test clock starts at 2026-01-02 09:00 UTC (London is on GMT then).
            let market = try #require(try await shop.context.location("Market Hall", in: shop.database))
            let small = try #require(try await Lookup.lookUp(DemoCodes.small, in: shop.database).first)
            let regular = try #require(small.at(market).price)
            let item = try await shop.square().retrieveCatalogObject(id: small.itemID).object
            let category = try #require(CatalogDatabase.categoryIDs(item["item_data"] ?? .null).first)
            _ = try await shop.square().batchUpsertCatalogObjects(batches: [
                [
                    [
                        "type": "DISCOUNT", "id": "#quarter",
                        "discount_data": [
                            "name": "Quarter off", "discount_type": "FIXED_PERCENTAGE", "percentage": "25",
                        ],
                    ],
                    [
                        "type": "PRODUCT_SET", "id": "#set",
                        "product_set_data": ["product_ids_any": [.string(category)]],
                    ],
                    [
                        "type": "PRICING_RULE", "id": "#rule",
                        "pricing_rule_data": [
                            "name": "New Year Sale", "discount_id": "#quarter", "match_products_id": "#set",
                            "valid_from_date": "2026-01-02", "valid_until_date": "2026-01-03",
                            "valid_until_local_time": "17:30:00",
                        ],
                    ],
                ]
            ])
            _ = try await SyncWorkflow(context: shop.context).pull()

            var session = CounterSession(mode: .lookup, database: shop.database, counter: "till")
            session.location = market
            let scan = Scan(
                text: DemoCodes.small, startedAt: EventTime(seconds: 0, microseconds: 0),
                endedAt: EventTime(seconds: 0, microseconds: 0))
            let onSale = try await session.handle(scan)
            let salePrice = Money(amount: regular.amount - (regular.amount * 25 + 50) / 100, currency: "GBP")
            #expect(
                onSale.text.contains("SALE \(salePrice.formatted) (25% off, was \(regular.formatted))"),
                "\(onSale.text)")
            #expect(onSale.json["match"]?["sale"]?["price"] == salePrice.json)
            #expect(onSale.json["match"]?["sale"]?["ends_at"] == "2026-01-03 17:30")
            #expect(onSale.json["match"]?["price"] == regular.json, "price stays the location's regular price")

            // At 17:30 on the last day the sale is over.
            let untilEnd: Int64 = 32 * 3600 + 30 * 60
            shop.clock.advance(by: .seconds(untilEnd))
            let over = try await session.handle(scan)
            #expect(!over.text.contains("SALE") && over.json["match"]?["sale"] == .null, "\(over.text)")
        }
    }
}
