import CatalogCore
import Testing

@testable import Labels

@Suite("Sale pricing: discounts and rounding rules")
struct SaleTests {
    func usd(_ amount: Int64) -> Money { Money(amount: amount, currency: "USD") }

    func sale(_ discount: String, _ rounding: SaleRounding, _ amount: Int64, currency: String = "USD") throws -> Int64 {
        try SalePricing(discount: Discount.parse(discount), rounding: rounding)
            .salePrice(for: Money(amount: amount, currency: currency)).amount
    }

    @Test("cent rounding, half up")
    func cent() throws {
        #expect(try sale("20%", .cent, 499) == 399)  // 3.992
        #expect(try sale("10%", .cent, 125) == 113)  // 1.125 rounds up
        #expect(try sale("12.5%", .cent, 1000) == 875)
        #expect(try sale("1.50", .cent, 499) == 349)
        #expect(try sale("5", .cent, 499) == 0)  // never below zero
        #expect(try sale("20%", .cent, 1200, currency: "JPY") == 960)
        #expect(try sale("0.5", .cent, 1200, currency: "JPY") == 1199)  // half a yen off rounds up to 1 yen
    }

    @Test("the 99 rule goes down to the nearest .99")
    func ninetyNine() throws {
        #expect(try sale("20%", .ninetyNine, 499) == 399)  // 3.99 is already .99
        #expect(try sale("20%", .ninetyNine, 500) == 399)  // 4.00 -> 3.99
        #expect(try sale("10%", .ninetyNine, 1000) == 899)  // 9.00 -> 8.99
        #expect(try sale("1.00", .ninetyNine, 1099) == 999)
        #expect(try sale("50%", .ninetyNine, 150) == 99)  // 0.75 is below 0.99: 0.99, still under 1.50
        #expect(try sale("50%", .ninetyNine, 80) == 40)  // 0.99 would be above the regular 0.80
        #expect(try sale("20%", .ninetyNine, 1500, currency: "JPY") == 1199)
    }

    @Test("the 95 rule goes down to the nearest .95")
    func ninetyFive() throws {
        #expect(try sale("20%", .ninetyFive, 499) == 395)
        #expect(try sale("20%", .ninetyFive, 494) == 395)  // 3.952 -> 3.95
        #expect(try sale("20%", .ninetyFive, 493) == 295)  // 3.944 -> 2.95
        #expect(try sale("90%", .ninetyFive, 500) == 95)
    }

    @Test("discount text: percentages and amounts, with clear errors")
    func parsing() throws {
        #expect(try Discount.parse("20%") == .percent(basisPoints: 2000))
        #expect(try Discount.parse(" 12.5 %") == .percent(basisPoints: 1250))
        #expect(try Discount.parse("1.50") == .amount(digits: 150, decimals: 2))
        #expect(try Discount.parse("2") == .amount(digits: 2, decimals: 0))
        #expect(Discount.percent(basisPoints: 1250).description == "12.5%")
        #expect(Discount.amount(digits: 5, decimals: 2).description == "0.05")
        for bad in ["", "abc", "-10%", "0%", "100.01%", "150%", "1.2.3", "12.345%", "0", "%"] {
            #expect(throws: SaleError.self, "\(bad)") { try Discount.parse(bad) }
        }
        let error = try #require(throws: SaleError.self) { try Discount.parse("twenty") }
        #expect(
            error.description == "\"twenty\" is not a discount: write a percentage like 20% or an amount like 1.50.")
        #expect(try SaleRounding.parse(".99") == .ninetyNine)
        #expect(try SaleRounding.parse("CENT") == .cent)
        #expect(throws: SaleError(text: "99c", reason: "the rounding rules are cent, 99 and 95.")) {
            try SaleRounding.parse("99c")
        }
    }

    @Test("applying a sale to label data keeps the regular price")
    func apply() throws {
        let data = LabelData(itemID: "I", variationID: "V", itemName: "Tea", price: usd(499), date: "2026-11-23")
        let sale = SalePricing(discount: .percent(basisPoints: 2000)).apply(to: data)
        #expect(sale.price == usd(399) && sale.regularPrice == usd(499))
        #expect(LabelField.render("{{regular_price}} {{price}}", with: sale) == "$4.99 $3.99")
        var variable = data
        variable.price = nil
        #expect(SalePricing(discount: .percent(basisPoints: 2000)).apply(to: variable) == variable)
    }

    @Test("a discount that takes the whole price off makes the tag say FREE, never 0.00")
    func discountAtOrAbovePrice() throws {
        let data = LabelData(
            itemID: "I", variationID: "V", itemName: "Tea", variationName: "50 g", price: usd(499), date: "2026-11-23")
        for discount in [
            Discount.amount(digits: 499, decimals: 2), .amount(digits: 5, decimals: 0), .percent(basisPoints: 10_000),
        ] {
            let tag = SalePricing(discount: discount).apply(to: data)
            #expect(tag.isFree && tag.regularPrice == usd(499), "\(discount)")
            #expect(LabelField.render("{{price}} was {{regular_price}}", with: tag) == "FREE was $4.99")
        }
        // Just above zero is a price: 4.98 off 4.99 leaves 0.01.
        let cent = SalePricing(discount: .amount(digits: 498, decimals: 2)).apply(to: data)
        #expect(cent.price == usd(1) && !cent.isFree && LabelField.price.value(in: cent) == "$0.01")
        #expect(try Discount.parse("100%") == .percent(basisPoints: 10_000))
        // A regular price of zero (no sale) is shown as it is.
        var zero = data
        zero.price = usd(0)
        #expect(!zero.isFree)
    }

    @Test("category discounts match names ignoring case")
    func categories() throws {
        let table = try CategoryDiscounts(parsing: ["Snacks": "20%", "Hot Drinks": "0.50"])
        #expect(table.discount(forCategory: "snacks") == .percent(basisPoints: 2000))
        #expect(table.discount(forCategory: " HOT DRINKS ") == .amount(digits: 50, decimals: 2))
        #expect(table.discount(forCategory: "Fruit") == nil)
        #expect(table.discount(forCategory: nil) == nil)
        let error = try #require(throws: SaleError.self) { try CategoryDiscounts(parsing: ["Snacks": "lots"]) }
        #expect(error.description.contains("category Snacks"))
    }
}
