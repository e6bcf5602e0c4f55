/// Why a typed price could not be read.
public struct MoneyParseError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The text as given.
    public var text: String
    /// What is wrong with it, as a sentence ending in what to do.
    public var reason: String

    public var description: String { "“\(text)” is not a price: \(reason)" }
}

extension Money {
    /// Reads a price as people type it: `4.99`, `4,99`, `$4.99`, `4.99 USD`, `1,234.50`, `1.234,50`.
    ///
    /// The decimal separator is `.` or `,` (the last one when both appear; the other groups
    /// thousands). A lone separator followed by exactly three digits is refused as ambiguous unless
    /// the currency has three decimals, as is a negative price or more decimals than the currency has.
    public static func parse(_ text: String, currency: String) throws(MoneyParseError) -> Money {
        func failure(_ reason: String) -> MoneyParseError { MoneyParseError(text: text, reason: reason) }
        var body = Substring(text.trimmingCharacters(in: .whitespacesAndNewlines))
        let code = currency.uppercased()
        if body.uppercased().hasSuffix(code) { body = body.dropLast(code.count) }
        if body.uppercased().hasPrefix(code) { body = body.dropFirst(code.count) }
        body = Substring(body.trimmingCharacters(in: .whitespaces))
        for symbol in ["US$", "$", "€", "£", "¥", "₩"] where body.hasPrefix(symbol) || body.hasSuffix(symbol) {
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
