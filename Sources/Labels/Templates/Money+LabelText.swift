import CatalogCore

extension Money {
    /// The price as a shelf label shows it, thousands grouped with commas: `$4.99`, `£12,345.67`, `€4.99`,
    /// `¥1,200`, else `1,234.50 CHF`.
    ///
    /// The one rule for every price on a label (`{{price}}`, `{{regular_price}}`, `{{unit_price}}`).
    public var labelText: String {
        let digits = decimalString
        let negative = digits.hasPrefix("-")
        let magnitude = Money.grouped(negative ? String(digits.dropFirst()) : digits)
        let sign = negative ? "-" : ""
        guard let symbol = Money.labelSymbols[currency.uppercased()] else {
            return sign + magnitude + " " + currency.uppercased()
        }
        return sign + symbol + magnitude
    }

    /// Currencies printed with a symbol in front of the amount.
    static let labelSymbols: [String: String] = ["USD": "$", "GBP": "£", "EUR": "€", "JPY": "¥"]

    /// `amount` (digits, then a `.` and the decimals, if any) with a comma between each group of three
    /// whole digits: `12345.67` is `12,345.67`.
    static func grouped(_ amount: String) -> String {
        let whole = amount.prefix { $0 != "." }
        var output = ""
        for (index, digit) in whole.enumerated() {
            if index > 0 && (whole.count - index) % 3 == 0 { output.append(",") }
            output.append(digit)
        }
        return output + amount.dropFirst(whole.count)
    }
}
