import CatalogCore
import Sync
import Testing

@Suite struct ItemCreatorSpecTests {
    @Test func aFullSpecIsRead() throws {
        let variation = try ItemDraft.Variation.parse(
            spec: "Large, price=5.99, sku=AC-L, gtin=0012345678905", currency: "USD")
        #expect(variation.name == "Large")
        #expect(variation.price == Money(amount: 599, currency: "USD"))
        #expect(variation.sku == "AC-L")
        #expect(variation.gtin?.upcA == "012345678905")
    }

    @Test func decimalCommasNamesWithCommasAndKeyOrderWork() throws {
        let comma = try ItemDraft.Variation.parse(
            spec: "price=4,99 , Name = Widget, large ,UPC=4006381333931", currency: "EUR")
        #expect(comma.price == Money(amount: 499, currency: "EUR"))
        #expect(comma.name == "Widget, large")
        #expect(comma.gtin?.gtin13 == "4006381333931")
        let plain = try ItemDraft.Variation.parse(spec: "price=variable", currency: "USD")
        #expect(plain.name == "Regular" && plain.price == nil && plain.sku == nil)
        let yen = try ItemDraft.Variation.parse(spec: "Big, price=1200", currency: "JPY")
        #expect(yen.price == Money(amount: 1200, currency: "JPY"))
    }

    @Test(arguments: [
        ("Large", "no price"), ("Large, price=abc", "not a price"),
        ("Large, price=1, gtin=0012345678904", "check digit"),
        ("Large, price=1, colour=red", "colour"), ("Large, price=1, price=2", "twice"), ("Large, price=", "no value"),
    ])
    func badSpecsAreRefusedSayingWhy(spec: String, reason: String) {
        do {
            _ = try ItemDraft.Variation.parse(spec: spec, currency: "USD")
            Issue.record("“\(spec)” must be refused")
        } catch {
            #expect(error.description.contains(reason), "\(error.description)")
            #expect(error.description.contains("price=5.99"))
        }
    }
}
