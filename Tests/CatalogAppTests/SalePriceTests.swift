import CatalogApp
import CatalogCore
import CatalogTestSupport
import Foundation
import Labels
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
            // A shelf tag printed before the sale.
            let before = try await LabelRequest(template: "shelf-2x1").labelData(
                for: [small.at(market)], context: shop.context)
            _ = try await shop.database.recordPrints(before.map { Self.record($0, shop, template: "shelf-2x1") })
            #expect(before.first?.price == regular && before.first?.saleRuleID == nil)
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

            // The regular tag is stale once the sale starts; a sale tag shows both prices and the end.
            let staleAtStart = try await shop.database.staleLabels()
            #expect(
                staleAtStart.map(\.currentPrice) == [salePrice]
                    && staleAtStart.first?.currentSale?.name == "New Year Sale")
            #expect(
                StaleTags.text(try #require(staleAtStart.first)).contains("now \(salePrice.formatted) (New Year Sale)"))
            let saleTag = try #require(
                try await LabelRequest(template: "sale-2x1").labelData(for: [small.at(market)], context: shop.context)
                    .first)
            #expect(
                saleTag.price == salePrice && saleTag.regularPrice == regular && saleTag.saleEnds == "2026-01-03 17:30")
            #expect(saleTag.saleRuleID != nil && saleTag.locationID == market.id)
            _ = try await shop.database.recordPrints([Self.record(saleTag, shop, template: "sale-2x1")])
            #expect(try await shop.database.staleLabels().isEmpty, "the sale tag is right while the sale runs")

            // A tag with a typed discount is Square-blind: the sale does not make it stale.
            let typed = try #require(
                try await LabelRequest(template: "sale-2x1", discount: "10%").labelData(
                    for: [small], context: shop.context
                ).first)
            #expect(typed.saleRuleID == nil && typed.regularPrice == small.price)

            // At 17:30 on the last day the sale is over.
            let untilEnd: Int64 = 32 * 3600 + 30 * 60
            shop.clock.advance(by: .seconds(untilEnd))
            let over = try await session.handle(scan)
            #expect(!over.text.contains("SALE") && over.json["match"]?["sale"] == .null, "\(over.text)")
            let staleAtEnd = try await shop.database.staleLabels()
            #expect(staleAtEnd.map(\.currentPrice) == [regular] && staleAtEnd.first?.printed.template == "sale-2x1")
            #expect(StaleTags.text(try #require(staleAtEnd.first)).contains("(the sale has ended)"))
        }
    }

    /// The print log's record of a label sent to a printer, as `LabelPrinting` keeps it.
    static func record(_ label: LabelData, _ shop: AppShop, template: String) -> PrintRecord {
        label.printRecord(
            at: shop.clock.now(), counter: "till", template: template, printer: "test", jobID: nil, status: .completed)
    }

    @Test func aRuleWhosePeriodCannotBeReadIsReportedOnceAndLeftOff() async throws {
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
                        "type": "TIME_PERIOD", "id": "#monthly",
                        "time_period_data": ["event": "DTSTART:20260101T000000\nDURATION:P1D\nRRULE:FREQ=MONTHLY"],
                    ],
                    [
                        "type": "PRICING_RULE", "id": "#first",
                        "pricing_rule_data": [
                            "name": "First of the month", "discount_id": "#tenth", "match_products_id": "#all",
                            "time_period_ids": ["#monthly"],
                        ],
                    ],
                ]
            ])
            _ = try await SyncWorkflow(context: shop.context).pull()
            let said = shop.progress.notes.filter { $0.contains("First of the month") }
            #expect(said.count == 1 && said[0].contains("RRULE FREQ=MONTHLY"), "\(shop.progress.notes)")
            _ = try await SyncWorkflow(context: shop.context).pull()
            #expect(shop.progress.notes.filter { $0.contains("First of the month") }.count == 1, "said once")
            // On 1 January (the test clock's day is 2026-01-02, so the period would not run anyway) the rule
            // gives no sale: it is left off, never guessed.
            let small = try #require(try await Lookup.lookUp(DemoCodes.small, in: shop.database).first)
            let shelf = try await ShelfPrices.load(for: [small], database: shop.database, at: shop.clock.now())
                .shelf(small)
            #expect(shelf.sale == nil && shelf.notUnderstood.count == 1)
        }
    }
}
