import Foundation

/// A stock quantity as Square writes it: a decimal with at most five digits after the point (`3`, `1.25`),
/// so loose goods are counted by weight.
public enum Quantity {
    /// The most digits after the point Square takes.
    public static let maximumDecimals = 5

    /// How many digits after the point `value` needs: 0 for a whole number.
    public static func decimals(of value: Decimal) -> Int {
        var scaled = value
        for places in 0...12 {
            var whole = Decimal()
            NSDecimalRound(&whole, &scaled, 0, .plain)
            if whole == scaled { return places }
            scaled *= 10
        }
        return 13
    }

    /// `value` as Square's quantity text: plain digits and a point, no exponent, no grouping.
    public static func text(_ value: Decimal) -> String {
        NSDecimalNumber(decimal: value).stringValue
    }

    /// `text` read as a quantity: an optional minus, digits, and an optional point with digits; nil for
    /// anything else (an exponent, a comma, a word, more than five decimals).
    public static func parse(_ text: String) -> Decimal? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard trimmed.wholeMatch(of: /-?[0-9]{1,12}(?:\.[0-9]{1,5})?/) != nil else { return nil }
        return Decimal(string: trimmed, locale: Locale(identifier: "en_US_POSIX"))
    }

    /// A quantity SQLite kept as a floating-point number, rounded back to Square's five decimals (a sum of
    /// 0.1 and 0.2 reads as 0.3).
    public static func rounded(_ value: Double) -> Decimal {
        var exact = Decimal(value)
        var rounded = Decimal()
        NSDecimalRound(&rounded, &exact, maximumDecimals, .plain)
        return rounded
    }

    /// Whether `value` is a whole number.
    public static func isWhole(_ value: Decimal) -> Bool { decimals(of: value) == 0 }
}
