import CatalogCore

extension Money {
    /// The price as a shelf label shows it: `$4.99`, `£2.19`, `€4.99`, `¥1200`, else `4.99 CHF`.
    public var labelText: String {
        let digits = decimalString
        let negative = digits.hasPrefix("-")
        let magnitude = negative ? String(digits.dropFirst()) : digits
        let sign = negative ? "-" : ""
        guard let symbol = Money.labelSymbols[currency.uppercased()] else {
            return digits + " " + currency.uppercased()
        }
        return sign + symbol + magnitude
    }

    /// Currencies printed with a symbol in front of the amount.
    static let labelSymbols: [String: String] = ["USD": "$", "GBP": "£", "EUR": "€", "JPY": "¥"]
}
