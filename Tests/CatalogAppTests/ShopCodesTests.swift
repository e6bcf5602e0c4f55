import CatalogApp
import CatalogCore
import CatalogTestSupport
import Foundation
import Scanner
import Store
import Sync
import Testing

/// Codes the shop makes itself: the scale's weight and price barcodes resolve to the weighed item, and
/// variations without a barcode get an in-store EAN-13 that Square then holds.
@Suite struct ShopCodesTests {
    /// An EAN-13 from its first twelve digits.
    static func ean(_ body: String) -> String {
        body + String(Barcode.gs1CheckDigit(body.compactMap(\.wholeNumberValue)))
    }

    static func scan(_ code: String) -> Scan {
        Scan(
            text: code, startedAt: EventTime(seconds: 0, microseconds: 0),
            endedAt: EventTime(seconds: 0, microseconds: 0))
    }

    @Test func scaleCodesResolveToTheWeighedItemWithTheirWeightOrPrice() async throws {
        let shop = try await AppShop.start()
        try await cleaningUp({ await shop.stop() }) {
            var session = CounterSession(mode: .lookup, database: shop.database, counter: "till")
            session.location = try await shop.context.location("High Street", in: shop.database)
            session.scaleLayouts = [
                ScaleLayout(prefix: "21", value: .weight), ScaleLayout(prefix: "22", pluDigits: 4, value: .price),
            ]
            // Loose Bananas (SKU 4011) at 0.98 GBP/kg: 0.482 kg is 0.47236, so 0.47 GBP.
            let weighed = try await session.handle(Self.scan(Self.ean("210401100482")))
            #expect(weighed.match?.sku == "4011", "\(weighed.text)")
            #expect(
                weighed.json["match"]?["embedded"] == [
                    "weight": "0.482", "unit": "kg", "total": ["amount": 47, "currency": "GBP"],
                ])
            #expect(weighed.text.contains("scale weight 0.482 kg x 0.98 GBP/kg = 0.47 GBP"), "\(weighed.text)")
            // Loose Braeburn Apples (SKU 4101), a four-digit PLU and a printed price of 3.21.
            let priced = try await session.handle(Self.scan(Self.ean("224101000321")))
            #expect(priced.match?.sku == "4101", "\(priced.text)")
            #expect(priced.json["match"]?["embedded"] == ["price": ["amount": 321, "currency": "GBP"]])
            // A wrong check digit is refused, never read as a weight.
            let good = Self.ean("210401100482")
            let bad = String(good.dropLast()) + String((Int(String(good.last!))! + 1) % 10)
            let refused = try await session.handle(Self.scan(bad))
            #expect(refused.match == nil && refused.failed)
            // A PLU no variation has is an unknown code.
            #expect(try await session.handle(Self.scan(Self.ean("210999900100"))).match == nil)
        }
    }

    /// In count mode a scale label counts the weight it carries, in the unit the item is sold by; one that
    /// carries only a price counts nothing, and the posted count reaches Square with its decimals.
    @Test func aScaleLabelInCountModeCountsItsWeight() async throws {
        let shop = try await AppShop.start()
        try await cleaningUp({ await shop.stop() }) {
            let counts = try CountWorkflow(context: shop.context)
            let count = try await counts.start(name: "Produce", location: "High Street")
            var session = CounterSession(mode: .lookup, database: shop.database, counter: "till")
            let high = try #require(try await shop.context.location("High Street", in: shop.database))
            session.location = high
            session.scaleLayouts = [
                ScaleLayout(prefix: "21", value: .weight), ScaleLayout(prefix: "22", pluDigits: 4, value: .price),
            ]
            session.countStock(at: high, context: shop.context)
            #expect(session.switchMode(to: .count) == nil)
            // Loose Bananas (PLU 4011), sold per kilogram to three decimals: 0.482 kg, then 1.250 kg.
            let first = try await session.handle(Self.scan(Self.ean("210401100482")))
            #expect(!first.failed && first.result?.headline == "+0.482 counted", "\(first.text)")
            _ = try await session.handle(Self.scan(Self.ean("210401101250")))
            let bananas = try #require(try await Lookup.lookUp("4011", in: shop.database).first)
            let line = try await shop.database.countLine(sessionID: count.id, variationID: bananas.variationID)
            #expect(line?.counted == Decimal(string: "1.732"), "\(String(describing: line))")
            // A label with a price and no weight counts nothing.
            let priced = try await session.handle(Self.scan(Self.ean("224101000321")))
            #expect(priced.failed && priced.result?.headline == "No weight on this label", "\(priced.text)")
            let apples = try #require(try await Lookup.lookUp("4101", in: shop.database).first)
            #expect(try await shop.database.countLine(sessionID: count.id, variationID: apples.variationID) == nil)
            // Posted, Square holds the weight exactly.
            let posted = try await counts.post(count)
            #expect(posted.complete, "\(posted.lines.map(\.line.postStatus))")
            let answer = try await shop.square().batchRetrieveInventoryCounts(
                ["catalog_object_ids": [.string(bananas.variationID)], "location_ids": [.string(high.id)]])
            #expect(answer.counts.first { $0["state"] == "IN_STOCK" }?["quantity"] == "1.732", "\(answer.counts)")
        }
    }

    @Test func variationsWithoutABarcodeGetUniqueInStoreCodesThatSquareHolds() async throws {
        let shop = try await AppShop.start()
        try await cleaningUp({ await shop.stop() }) {
            let assignment = try CodeAssignment(context: shop.context)
            let missing = try await shop.database.variationsWithoutGTIN()
            #expect(missing.contains { $0.sku == "TR-TTE-78816-1KG" })
            let plan = try await assignment.plan(missing)
            #expect(plan.count == missing.count && Set(plan.map(\.code)).count == plan.count)
            #expect(plan.allSatisfy { $0.code.hasPrefix("20") && (try? Barcode($0.code)) != nil })

            let tea = try #require(plan.first { $0.variation.sku == "TR-TTE-78816-1KG" })
            let results = try await assignment.apply([tea])
            guard case .success(let outcome) = try #require(results.first).1 else {
                Issue.record("the code was not written: \(results)")
                return
            }
            #expect(!outcome.queued)
            let held = try await shop.variation(tea.variation.variationID)
            #expect(held["item_variation_data"]?["upc"] == .string(tea.code), "Square holds the code")
            #expect(
                try await Lookup.lookUp(tea.code, in: shop.database).map(\.variationID) == [tea.variation.variationID])
            // The next plan skips the code now taken, and the variation that has it.
            let next = try await assignment.plan(try await shop.database.variationsWithoutGTIN())
            #expect(!next.contains { $0.code == tea.code || $0.variation.variationID == tea.variation.variationID })

            var scaled = shop.context
            scaled.settings.scaleLayouts = [ScaleLayout(prefix: "20", value: .weight)]
            #expect(throws: AppError.self) { _ = try CodeAssignment(context: scaled) }
            // A three-digit scale prefix inside the codes' range would read some in-store codes as weights.
            scaled.settings.scaleLayouts = [ScaleLayout(prefix: "200", pluDigits: 4, value: .weight)]
            #expect(throws: AppError.self) { _ = try CodeAssignment(context: scaled) }
            #expect(throws: AppError.self) { _ = try CodeAssignment(context: shop.context, prefix: "30") }
        }
    }

    @Test func aScaleLayoutOverInStoreCodesIsRefusedAndWeighedGoodsGetNoInStoreCode() async throws {
        let shop = try await AppShop.start()
        try await cleaningUp({ await shop.stop() }) {
            // Goods sold by weight are left out of --missing once the shop has a scale: it prints their codes.
            var scaled = shop.context
            scaled.settings.scaleLayouts = [ScaleLayout(prefix: "21", value: .weight)]
            let missing = try await shop.database.variationsWithoutGTIN()
            let split = try await CodeAssignment(context: scaled).leavingOutSoldByWeight(missing)
            #expect(
                Set(split.soldByWeight.compactMap(\.sku)) == ["4011", "4101"], "\(split.soldByWeight.map(\.label))")
            #expect(!split.kept.contains { ["4011", "4101"].contains($0.sku ?? "") })
            #expect(split.kept.count + split.soldByWeight.count == missing.count)
            // Without a scale nothing is left out.
            #expect(
                try await CodeAssignment(context: shop.context).leavingOutSoldByWeight(missing).kept.count
                    == missing.count)

            // An in-store code is given out under 20; a scale layout added later with the same prefix would hide
            // it at the counter, so every front end's layouts are refused, naming how many codes it would hide.
            let assignment = try CodeAssignment(context: shop.context)
            let tea = try #require(try await assignment.plan(missing).first { $0.variation.sku == "TR-TTE-78816-1KG" })
            _ = try await assignment.apply([tea])
            #expect(try await scaled.scaleLayouts(in: shop.database).count == 1, "21 hides nothing")
            var clashing = shop.context
            clashing.settings.scaleLayouts = [ScaleLayout(prefix: "20", value: .weight)]
            do {
                _ = try await clashing.scaleLayouts(in: shop.database)
                Issue.record("a scale prefix over an in-store code was taken")
            } catch let error as AppError {
                #expect(error.exitStatus == .configuration)
                #expect(error.description.contains("prefix 20 is how 1 in-store code"), "\(error)")
                #expect(error.description.contains(tea.code), "\(error)")
            }
        }
    }
}
