import Foundation
import Testing

@testable import CatalogCore

/// Scale barcodes read by their layout, against values worked out by hand.
@Suite struct ScaleCodeTests {
    @Test func layoutsReadThePLUAndTheValue() throws {
        let weight = ScaleLayout(prefix: "21", value: .weight)
        let reading = try #require(weight.read("2104011004823"))
        #expect(reading.plu == "04011" && reading.pluNumber == "4011" && reading.value == 482)
        #expect(reading.kilograms == Decimal(string: "0.482") && reading.price(currency: "GBP") == nil)
        #expect(weight.read("2204011004823") == nil, "another prefix")
        #expect(weight.read("210401100482") == nil, "twelve digits")
        let price = ScaleLayout(prefix: "22", pluDigits: 4, value: .price)
        let priced = try #require(price.read("2241010003218"))
        #expect(priced.plu == "4101" && priced.price(currency: "GBP") == Money(amount: 321, currency: "GBP"))
        // Three decimals of a two-decimal currency round half up; a currency without decimals scales down.
        let fine = ScaleLayout(prefix: "23", pluDigits: 4, value: .price, decimals: 3)
        #expect(fine.read("2341010032154")?.price(currency: "GBP") == Money(amount: 322, currency: "GBP"))
        #expect(price.read("2241010003218")?.price(currency: "JPY") == Money(amount: 3, currency: "JPY"))
    }

    @Test func layoutsThatCannotWorkSayWhy() {
        #expect(ScaleLayout(prefix: "21", value: .weight).problem == nil)
        #expect(ScaleLayout(prefix: "31", value: .weight).problem?.contains("20 to 29") == true)
        #expect(ScaleLayout(prefix: "21", pluDigits: 8, value: .weight).problem != nil)
        #expect(ScaleLayout(prefix: "21", value: .price, decimals: 6).problem != nil)
    }
}
