/// An amount of money in the currency's smallest unit, as Square's `Money` object carries it.
public struct Money: Hashable, Sendable, Codable {
    /// The amount in the smallest unit of the currency (cents for USD, yen for JPY), exact.
    public var amount: Int64
    /// The ISO 4217 currency code, such as `USD`.
    public var currency: String

    /// Makes an amount of `amount` smallest units of `currency`.
    public init(amount: Int64, currency: String) {
        self.amount = amount
        self.currency = currency
    }

    /// Reads Square's `{"amount": ..., "currency": ...}`; nil unless `amount` is an exact int64 and
    /// `currency` a string.
    public init?(json: JSONValue) {
        guard let amount = json["amount"]?.int64Value, let currency = json["currency"]?.stringValue else {
            return nil
        }
        self.init(amount: amount, currency: currency)
    }

    /// Square's JSON form, `{"amount": ..., "currency": ...}`.
    public var json: JSONValue {
        .object(JSONObject([(key: "amount", value: .int(amount)), (key: "currency", value: .string(currency))]))
    }

    /// The number of decimal places of the currency's minor unit (ISO 4217): 2 unless listed otherwise.
    public var minorUnitExponent: Int { Money.minorUnitExponent(of: currency) }

    /// The amount in major units with the currency's decimal places, such as `12.50`, `-0.05` or `1200`.
    public var decimalString: String {
        let exponent = minorUnitExponent
        let digits = String(amount.magnitude)
        let sign = amount < 0 ? "-" : ""
        guard exponent > 0 else { return sign + digits }
        let padded = String(repeating: "0", count: max(0, exponent + 1 - digits.count)) + digits
        let split = padded.index(padded.endIndex, offsetBy: -exponent)
        return sign + padded[..<split] + "." + padded[split...]
    }

    /// The amount and currency for people, such as `12.50 USD` or `1200 JPY`.
    public var formatted: String { decimalString + " " + currency }

    /// The minor-unit exponent of an ISO 4217 code (case-insensitive): 0, 3 or 4 for the listed
    /// currencies, 2 for every other.
    public static func minorUnitExponent(of currency: String) -> Int {
        let code = currency.uppercased()
        if zeroDecimalCurrencies.contains(code) { return 0 }
        if threeDecimalCurrencies.contains(code) { return 3 }
        if fourDecimalCurrencies.contains(code) { return 4 }
        return 2
    }

    /// The currency codes Square accepts (its `Currency` enum: ISO 4217, plus BTC and XUS).
    public static let knownCurrencies: Set<String> = [
        "AED", "AFN", "ALL", "AMD", "ANG", "AOA", "ARS", "AUD", "AWG", "AZN", "BAM", "BBD", "BDT", "BGN", "BHD",
        "BIF", "BMD", "BND", "BOB", "BOV", "BRL", "BSD", "BTN", "BWP", "BYR", "BZD", "CAD", "CDF", "CHE", "CHF",
        "CHW", "CLF", "CLP", "CNY", "COP", "COU", "CRC", "CUC", "CUP", "CVE", "CZK", "DJF", "DKK", "DOP", "DZD",
        "EGP", "ERN", "ETB", "EUR", "FJD", "FKP", "GBP", "GEL", "GHS", "GIP", "GMD", "GNF", "GTQ", "GYD", "HKD",
        "HNL", "HRK", "HTG", "HUF", "IDR", "ILS", "INR", "IQD", "IRR", "ISK", "JMD", "JOD", "JPY", "KES", "KGS",
        "KHR", "KMF", "KPW", "KRW", "KWD", "KYD", "KZT", "LAK", "LBP", "LKR", "LRD", "LSL", "LTL", "LVL", "LYD",
        "MAD", "MDL", "MGA", "MKD", "MMK", "MNT", "MOP", "MRO", "MUR", "MVR", "MWK", "MXN", "MXV", "MYR", "MZN",
        "NAD", "NGN", "NIO", "NOK", "NPR", "NZD", "OMR", "PAB", "PEN", "PGK", "PHP", "PKR", "PLN", "PYG", "QAR",
        "RON", "RSD", "RUB", "RWF", "SAR", "SBD", "SCR", "SDG", "SEK", "SGD", "SHP", "SLL", "SLE", "SOS", "SRD",
        "SSP", "STD", "SVC", "SYP", "SZL", "THB", "TJS", "TMT", "TND", "TOP", "TRY", "TTD", "TWD", "TZS", "UAH",
        "UGX", "USD", "USN", "USS", "UYI", "UYU", "UZS", "VEF", "VND", "VUV", "WST", "XAF", "XAG", "XAU", "XBA",
        "XBB", "XBC", "XBD", "XCD", "XDR", "XOF", "XPD", "XPF", "XPT", "XTS", "XXX", "YER", "ZAR", "ZMK", "ZMW",
        "BTC", "XUS",
    ]

    /// Whether `code` (any case) is a currency Square accepts.
    public static func isKnownCurrency(_ code: String) -> Bool { knownCurrencies.contains(code.uppercased()) }

    private static let zeroDecimalCurrencies: Set<String> = [
        "BIF", "CLP", "DJF", "GNF", "ISK", "JPY", "KMF", "KRW", "PYG", "RWF", "UGX", "UYI", "VND", "VUV",
        "XAF", "XOF", "XPF",
    ]
    private static let threeDecimalCurrencies: Set<String> = ["BHD", "IQD", "JOD", "KWD", "LYD", "OMR", "TND"]
    private static let fourDecimalCurrencies: Set<String> = ["CLF", "UYW"]
}

extension Money: CustomStringConvertible {
    /// The same as `formatted`.
    public var description: String { formatted }
}
