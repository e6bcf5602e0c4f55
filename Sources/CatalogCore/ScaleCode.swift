import Foundation

/// How a shop's scale prints its variable-measure barcodes: GS1 restricted-circulation EAN-13s that start
/// with `prefix`, then the product's PLU, then a price or a weight, then the check digit (like Odoo's
/// barcode nomenclature). `20 04011 00482 C` with prefix 20, five PLU digits and a weight in grams is
/// PLU 04011 weighing 0.482 kg.
public struct ScaleLayout: Sendable, Equatable, Decodable {
    /// What the digits after the PLU are.
    public enum Value: String, Sendable, Decodable, CaseIterable {
        /// The price to pay, in the currency's units with `decimals` decimals.
        case price
        /// The weight in kilograms with `decimals` decimals.
        case weight
    }

    /// The two (or three) digits the scale's codes start with, from 20 to 29.
    public var prefix: String
    /// How many digits the PLU has (3 to 6).
    public var pluDigits: Int
    public var value: Value
    /// How many of the value's digits are decimals (2 for pence, 3 for grams).
    public var decimals: Int

    public init(prefix: String, pluDigits: Int = 5, value: Value, decimals: Int? = nil) {
        self.prefix = prefix
        self.pluDigits = pluDigits
        self.value = value
        self.decimals = decimals ?? (value == .price ? 2 : 3)
    }

    public enum CodingKeys: String, CodingKey {
        case prefix
        case pluDigits = "plu_digits"
        case value, decimals
    }

    public init(from decoder: any Decoder) throws {
        let keys = try decoder.container(keyedBy: CodingKeys.self)
        let value = try keys.decode(Value.self, forKey: .value)
        self.init(
            prefix: try keys.decode(String.self, forKey: .prefix),
            pluDigits: try keys.decodeIfPresent(Int.self, forKey: .pluDigits) ?? 5, value: value,
            decimals: try keys.decodeIfPresent(Int.self, forKey: .decimals))
    }

    /// How many digits the value has: what the 12 digits before the check digit leave after prefix and PLU.
    public var valueDigits: Int { 12 - prefix.count - pluDigits }

    /// Why the layout cannot work, or nil when it can.
    public var problem: String? {
        guard (2...3).contains(prefix.count), prefix.allSatisfy(\.isASCII), prefix.allSatisfy(\.isNumber),
            let number = Int(prefix.prefix(2)), (20...29).contains(number)
        else { return "prefix “\(prefix)” must be two or three digits starting 20 to 29 (GS1's in-store range)" }
        guard (3...6).contains(pluDigits) else { return "plu_digits must be 3 to 6, not \(pluDigits)" }
        guard (3...6).contains(valueDigits) else {
            return "the prefix and PLU leave \(valueDigits) digits for the \(value.rawValue); leave 3 to 6"
        }
        guard (0...valueDigits).contains(decimals) else { return "decimals must be 0 to \(valueDigits)" }
        return nil
    }

    /// Whether codes starting with `other` could start with this layout's prefix too, or the other way round
    /// (`21` and `210` overlap): a code could then be read both ways.
    public func overlaps(prefix other: String) -> Bool { other.hasPrefix(prefix) || prefix.hasPrefix(other) }

    /// The PLU and value in `code` when it is a 13-digit code with this layout's prefix; nil otherwise. The
    /// check digit is the caller's to have checked (`Barcode` refuses a wrong one).
    public func read(_ code: String) -> ScaleReading? {
        let digits = Array(code.utf8)
        guard digits.count == 13, digits.allSatisfy({ $0 >= 48 && $0 <= 57 }), code.hasPrefix(prefix) else {
            return nil
        }
        let plu = String(decoding: digits[prefix.count..<prefix.count + pluDigits], as: UTF8.self)
        let valueText = String(decoding: digits[(12 - valueDigits)..<12], as: UTF8.self)
        guard let value = Int64(valueText) else { return nil }
        return ScaleReading(layout: self, plu: plu, value: value)
    }
}

/// What a scale code says: the product number, and the price or weight printed in it.
public struct ScaleReading: Sendable, Equatable {
    public var layout: ScaleLayout
    /// The PLU as printed, with its leading zeros (`04011`).
    public var plu: String
    /// The value's digits as a number (`482` for 0.482 kg with three decimals).
    public var value: Int64

    /// The PLU without leading zeros (`4011`), as shops write it in a SKU.
    public var pluNumber: String {
        let trimmed = plu.drop { $0 == "0" }
        return trimmed.isEmpty ? "0" : String(trimmed)
    }

    /// The price printed in the code, in `currency`; nil for a weight code.
    public func price(currency: String) -> Money? {
        guard layout.value == .price else { return nil }
        let exponent = Money.minorUnitExponent(of: currency)
        var amount = value
        if layout.decimals < exponent {
            for _ in layout.decimals..<exponent { amount *= 10 }
        } else if layout.decimals > exponent {
            var divisor: Int64 = 1
            for _ in exponent..<layout.decimals { divisor *= 10 }
            amount = (amount + divisor / 2) / divisor
        }
        return Money(amount: amount, currency: currency)
    }

    /// The weight printed in the code in kilograms; nil for a price code.
    public var kilograms: Decimal? {
        guard layout.value == .weight else { return nil }
        return Decimal(value) / pow(10, layout.decimals)
    }

    /// `0.482 kg` or `1.23 GBP`.
    public func text(currency: String) -> String {
        if let kilograms { return "\(kilograms) kg" }
        return price(currency: currency)?.formatted ?? "\(value)"
    }
}
