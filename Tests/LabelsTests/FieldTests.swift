import CatalogCore
import Testing

@testable import Labels

@Suite("Label fields: rendering and price formatting")
struct FieldTests {
    static let data = LabelData(
        itemID: "ITEM1", variationID: "VAR1", itemName: "Crème brûlée 🍮", variationName: "Large",
        price: Money(amount: 499, currency: "USD"), regularPrice: Money(amount: 599, currency: "USD"),
        sku: "AC-WDG-0042-L", gtin: "4006381333931", category: "Desserts", date: "2026-11-23", version: 7)

    @Test("every field renders its value")
    func everyField() {
        var data = Self.data
        data.unitPrice = Money(amount: 998, currency: "USD")
        data.unitPer = "kg"
        data.saleEnds = "2026-12-01"
        let all = LabelField.allCases.map { "{{\($0.rawValue)}}" }.joined(separator: "|")
        #expect(
            LabelField.render(all, with: data)
                == "Crème brûlée 🍮|Large|$4.99|$5.99|AC-WDG-0042-L|4006381333931|Desserts|2026-11-23|ITEM1|VAR1"
                + "|$9.98/kg|until 2026-12-01")
        #expect(LabelField.render("Name: {{ item.name }}!", with: Self.data) == "Name: Crème brûlée 🍮!")
    }

    @Test("spaces next to empty fields collapse")
    func emptyFields() {
        var data = Self.data
        data.variationName = nil
        data.sku = nil
        data.price = nil
        #expect(LabelField.render("{{item.name}} {{variation.name}}", with: data) == "Crème brûlée 🍮")
        #expect(LabelField.render("{{variation.name}} {{item.name}}", with: data) == "Crème brûlée 🍮")
        #expect(LabelField.render("{{category}} {{sku}} {{date}}", with: data) == "Desserts 2026-11-23")
        #expect(LabelField.render("{{sku}} {{price}} {{variation.name}}", with: data) == "")
        #expect(LabelField.render("{{price}}", with: data) == "")
        #expect(LabelField.render("SKU  {{sku}}", with: data) == "SKU")
    }

    @Test("validation returns the fields used and refuses unknown or unclosed ones")
    func validation() throws {
        #expect(try LabelField.validate("{{price}} / {{regular_price}}") == [.price, .regularPrice])
        #expect(try LabelField.validate("no fields") == [])
        #expect(throws: FieldExpressionError(expression: "{{name}}")) { try LabelField.validate("{{name}}") }
        let error = FieldExpressionError(expression: "{{name}}")
        #expect(error.description.contains("item.name, variation.name, price, regular_price, sku, gtin"))
        #expect(throws: FieldExpressionError(expression: "{{sku")) { try LabelField.validate("x {{sku") }
    }

    @Test(
        "prices are formatted for their currency, thousands grouped with commas",
        arguments: [
            (Money(amount: 499, currency: "USD"), "$4.99"), (Money(amount: 219, currency: "GBP"), "£2.19"),
            (Money(amount: 499, currency: "EUR"), "€4.99"), (Money(amount: 1200, currency: "JPY"), "¥1,200"),
            (Money(amount: 499, currency: "CHF"), "4.99 CHF"), (Money(amount: 5, currency: "USD"), "$0.05"),
            (Money(amount: 4990, currency: "KWD"), "4.990 KWD"), (Money(amount: -150, currency: "USD"), "-$1.50"),
            (Money(amount: 99_999, currency: "GBP"), "£999.99"), (Money(amount: 100_000, currency: "GBP"), "£1,000.00"),
            (Money(amount: 1_234_567, currency: "GBP"), "£12,345.67"),
            (Money(amount: 99_999_999, currency: "GBP"), "£999,999.99"),
            (Money(amount: 123_456_789, currency: "EUR"), "€1,234,567.89"),
            (Money(amount: -1_234_567, currency: "USD"), "-$12,345.67"),
            (Money(amount: 1_234_567, currency: "JPY"), "¥1,234,567"),
            (Money(amount: 1_234_567, currency: "CHF"), "12,345.67 CHF"),
            (Money(amount: -1_234_567, currency: "CHF"), "-12,345.67 CHF"),
            (Money(amount: 1_234_567, currency: "KWD"), "1,234.567 KWD"),
        ])
    func price(money: Money, text: String) {
        #expect(money.labelText == text)
        var data = Self.data
        data.price = money
        #expect(LabelField.render("{{price}}", with: data) == text)
    }
}
