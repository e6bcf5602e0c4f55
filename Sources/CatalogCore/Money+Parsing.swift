/// Why a typed price could not be read.
public struct MoneyParseError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The text as given.
    public var text: String
    /// What is wrong with it, as a sentence ending in what to do.
    public var reason: String

    public var description: String { "“\(text)” is not a price: \(reason)" }
}

extension Money {
    /// Currency signs and the currencies that write them, longest sign first.
    static let signs: [(sign: String, currencies: Set<String>)] = [
        ("US$", ["USD"]), ("CA$", ["CAD"]), ("A$", ["AUD"]), ("NZ$", ["NZD"]), ("HK$", ["HKD"]),
        ("S$", ["SGD"]), ("R$", ["BRL"]), ("kr", ["SEK", "NOK", "DKK", "ISK"]), ("zł", ["PLN"]),
        ("Kč", ["CZK"]), ("Fr.", ["CHF"]),
        ("$", ["USD", "CAD", "AUD", "NZD", "HKD", "SGD", "MXN", "ARS", "CLP", "COP", "TWD", "JMD", "BSD", "BBD"]),
        ("€", ["EUR"]), ("£", ["GBP", "GIP", "FKP", "SHP", "EGP"]), ("¥", ["JPY", "CNY"]), ("₩", ["KRW"]),
        ("₹", ["INR"]), ("₽", ["RUB"]), ("₺", ["TRY"]), ("₪", ["ILS"]), ("₫", ["VND"]), ("₱", ["PHP"]),
        ("฿", ["THB"]), ("₴", ["UAH"]), ("₦", ["NGN"]), ("₲", ["PYG"]), ("₡", ["CRC"]), ("₸", ["KZT"]),
    ]

    /// Reads a price as people type it: `4.99`, `4,99`, `$4.99`, `4.99 USD`, `1,234.50`, `1.234,50`.
    ///
    /// A currency sign or code must be `currency`'s own: `¥400` or `4.99 EUR` for a GBP price is refused,
    /// never read as 400.00 GBP.
    ///
    /// The decimal separator is `.` or `,` (the last one when both appear; the other groups
    /// thousands). A lone separator followed by exactly three digits is refused as ambiguous unless
    /// the currency has three decimals, as is a negative price or more decimals than the currency has.
    public static func parse(_ text: String, currency: String) throws(MoneyParseError) -> Money {
        func failure(_ reason: String) -> MoneyParseError { MoneyParseError(text: text, reason: reason) }
        var body = Substring(text.trimmingCharacters(in: .whitespacesAndNewlines))
        let code = currency.uppercased()
        // `XXX` (no currency) reads a price in any currency; every other code refuses another's sign.
        let anyCurrency = code == "XXX"
        let leading = String(body.prefix { $0.isLetter })
        let letters = leading.isEmpty ? String(body.reversed().prefix { $0.isLetter }.reversed()) : leading
        if letters.count == 3, letters.allSatisfy({ $0.isASCII }) {
            let named = letters.uppercased()
            guard named == code || anyCurrency else {
                throw failure(
                    Money.isKnownCurrency(named)
                        ? "it is in \(named), but the price is in \(code). Give the amount in \(code), like 4.99."
                        : "\(named) is not a currency. Give the amount in \(code), like 4.99.")
            }
            body = body.hasPrefix(letters) ? body.dropFirst(3) : body.dropLast(3)
        }
        body = Substring(body.trimmingCharacters(in: .whitespaces))
        for (symbol, currencies) in Self.signs where body.hasPrefix(symbol) || body.hasSuffix(symbol) {
            guard currencies.contains(code) || anyCurrency else {
                let names = currencies.sorted().joined(separator: " or ")
                throw failure(
                    "\(symbol) is the sign of \(names), but the price is in \(code). "
                        + "Give the amount in \(code), like 4.99.")
            }
            body = body.hasPrefix(symbol) ? body.dropFirst(symbol.count) : body.dropLast(symbol.count)
            body = Substring(body.trimmingCharacters(in: .whitespaces))
            break
        }
        guard !body.isEmpty else { throw failure("it has no digits. Write it like 4.99.") }
        if body.hasPrefix("-") { throw failure("a price cannot be negative.") }
        if body.hasPrefix("+") { body = body.dropFirst() }
        body = Substring(body.filter { $0 != " " && $0 != "\u{00A0}" && $0 != "'" })
        guard body.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == "." || $0 == ",") }) else {
            throw failure("only digits, one decimal separator and a currency sign are allowed. Write it like 4.99.")
        }
        let exponent = Money.minorUnitExponent(of: code)
        let separators = body.filter { $0 == "." || $0 == "," }
        var whole = Substring(body)
        var fraction: Substring = ""
        if let last = body.lastIndex(where: { $0 == "." || $0 == "," }) {
            let decimal = body[last]
            let after = body[body.index(after: last)...]
            let lone = separators.count == 1
            if lone, after.count == 3, exponent != 3 {
                throw failure(
                    "it could mean \(body[..<last])\(after) or \(body[..<last]).\(after). "
                        + "Write the decimals with one or two digits, like 1234.00 or 1.23.")
            }
            if separators.allSatisfy({ $0 == decimal }), separators.count > 1 {
                // Only grouping separators, such as 1,234,567.
                whole = Substring(body.filter { $0 != decimal })
            } else {
                whole = Substring(body[..<last].filter { $0 != "." && $0 != "," })
                fraction = after
            }
        }
        guard !whole.isEmpty || !fraction.isEmpty else { throw failure("it has no digits. Write it like 4.99.") }
        guard fraction.count <= exponent else {
            throw failure("\(code) has \(exponent) decimal places, this has \(fraction.count).")
        }
        let digits = String(whole) + String(fraction) + String(repeating: "0", count: exponent - fraction.count)
        guard let amount = Int64(digits.isEmpty ? "0" : digits), amount < 1_000_000_000_000_000 else {
            throw failure("it is too large.")
        }
        return Money(amount: amount, currency: code)
    }
}

extension MoneyParseError: UserFacingError {
    public var exitStatus: ExitStatus {
        .dataError
    }
}
