import CatalogCore
import Testing

@Suite struct MoneyTests {
    @Test(arguments: [
        (Int64(1250), "USD", "12.50 USD", "12.50"),
        (-5, "EUR", "-0.05 EUR", "-0.05"),
        (0, "GBP", "0.00 GBP", "0.00"),
        (1200, "JPY", "1200 JPY", "1200"),
        (-1200, "KRW", "-1200 KRW", "-1200"),
        (1234, "KWD", "1.234 KWD", "1.234"),
        (5, "BHD", "0.005 BHD", "0.005"),
        (100, "usd", "1.00 usd", "1.00"),
        (Int64.max, "USD", "92233720368547758.07 USD", "92233720368547758.07"),
        (Int64.min, "USD", "-92233720368547758.08 USD", "-92233720368547758.08"),
    ])
    func formatting(amount: Int64, currency: String, formatted: String, decimal: String) {
        let money = Money(amount: amount, currency: currency)
        #expect(money.formatted == formatted)
        #expect(money.decimalString == decimal)
    }

    @Test(arguments: [Int64.max, Int64.min, 0, 1, -1, 9_007_199_254_740_993])
    func exactInt64RoundTrip(amount: Int64) throws {
        let text = "{\"amount\":\(amount),\"currency\":\"USD\"}"
        let money = try #require(Money(json: try JSONValue.parse(text)))
        #expect(money.amount == amount)
        #expect(money.json.jsonString == text)
    }

    @Test(arguments: [
        "{\"currency\":\"USD\"}", "{\"amount\":100}", "{\"amount\":\"100\",\"currency\":\"USD\"}",
        "{\"amount\":1.5,\"currency\":\"USD\"}", "{\"amount\":9223372036854775808,\"currency\":\"USD\"}",
        "[100,\"USD\"]", "null",
    ])
    func rejectsWhatIsNotMoney(text: String) throws {
        #expect(Money(json: try JSONValue.parse(text)) == nil)
    }

    @Test func minorUnitExponents() {
        #expect(Money.minorUnitExponent(of: "USD") == 2)
        #expect(Money.minorUnitExponent(of: "XYZ") == 2)
        #expect(Money.minorUnitExponent(of: "VND") == 0)
        #expect(Money.minorUnitExponent(of: "CLP") == 0)
        #expect(Money.minorUnitExponent(of: "ISK") == 0)
        #expect(Money.minorUnitExponent(of: "OMR") == 3)
        #expect(Money.minorUnitExponent(of: "JOD") == 3)
        #expect(Money.minorUnitExponent(of: "TND") == 3)
    }
}

@Suite struct MoneyParsingTests {
    @Test(arguments: [
        ("4.99", 499), ("4,99", 499), ("$4.99", 499), ("4.99 USD", 499), ("USD 4.99", 499), ("4", 400),
        ("4.5", 450), ("1,234.50", 123_450), ("1.234,50", 123_450), (" 12 ", 1200), ("0.05", 5),
        ("1,234,567", 123_456_700), ("US$ 3", 300), (".99", 99),
    ])
    func readsDollarPrices(text: String, amount: Int64) throws {
        #expect(try Money.parse(text, currency: "USD") == Money(amount: amount, currency: "USD"))
    }

    @Test func followsTheCurrencysDecimals() throws {
        #expect(try Money.parse("1200", currency: "JPY").amount == 1200)
        #expect(try Money.parse("1.250", currency: "KWD").amount == 1250)
        #expect(throws: MoneyParseError.self) { try Money.parse("12.5", currency: "JPY") }
    }

    @Test(arguments: ["", "abc", "-4.99", "4.999", "1,234", "1.234", "4..9x", "$", "1e5"])
    func refusesWhatItCannotReadSafely(text: String) {
        #expect(throws: MoneyParseError.self) { try Money.parse(text, currency: "USD") }
    }

    @Test(arguments: [
        ("¥400", "¥ is the sign of CNY or JPY"), ("€4.99", "€ is the sign of EUR"), ("$4.98", "$ is the sign of"),
        ("4,97 €", "€ is the sign of EUR"), ("4.99 EUR", "it is in EUR"), ("USD 4.99", "it is in USD"),
        ("XYZ 4.99", "XYZ is not a currency"), ("4.99 abc", "ABC is not a currency"),
    ])
    func refusesAnotherCurrencysSignOrCode(text: String, reason: String) {
        let error = #expect(throws: MoneyParseError.self) { try Money.parse(text, currency: "GBP") }
        #expect(error?.description.contains(reason) == true, "\(String(describing: error))")
        #expect(error?.description.contains("GBP") == true)
    }

    @Test(arguments: ["£4.99", "4.99 GBP", "GBP 4.99", "gbp4.99", "4,99 £", "4.99"])
    func acceptsItsOwnSignOrCode(text: String) throws {
        #expect(try Money.parse(text, currency: "GBP") == Money(amount: 499, currency: "GBP"))
    }

    @Test func noCurrencyReadsAnySign() throws {
        #expect(try Money.parse("¥400", currency: "XXX").amount == 40000)
        #expect(try Money.parse("4,97 €", currency: "XXX").amount == 497)
    }

    @Test func knowsTheCurrenciesSquareAccepts() {
        #expect(Money.isKnownCurrency("gbp") && Money.isKnownCurrency("JPY") && Money.isKnownCurrency("BTC"))
        #expect(!Money.isKnownCurrency("XYZ") && !Money.isKnownCurrency("UNKNOWN_CURRENCY"))
    }
}
