/// An exact inventory quantity: Square's decimal string held as an integer count of 1/100,000 units.
///
/// Square sends quantities as decimal strings with up to 5 fractional digits; keeping them as
/// scaled integers makes `6 + 2.5` exactly `8.5`, with no binary floating point in between.
struct InventoryQuantity: Sendable, Equatable, Comparable {
    /// Fractional digits Square allows.
    static let fractionDigits = 5
    static let scale: Int64 = 100_000
    /// The largest whole part accepted (13 digits), far below where the scaled value could overflow.
    static let maxWhole: Int64 = 9_999_999_999_999

    /// The quantity times `scale`.
    var scaled: Int64

    static let zero = InventoryQuantity(scaled: 0)

    init(scaled: Int64) { self.scaled = scaled }

    /// Parses `[-]digits[.digits]` with at most 5 fractional digits; nil for anything else
    /// (exponents, spaces, `+`, a bare `.`, too many digits).
    init?(_ text: String, allowNegative: Bool = false) {
        var bytes = Substring(text).utf8[...]
        var negative = false
        if bytes.first == UInt8(ascii: "-") {
            guard allowNegative else { return nil }
            negative = true
            bytes = bytes.dropFirst()
        }
        let parts = bytes.split(separator: UInt8(ascii: "."), maxSplits: 1, omittingEmptySubsequences: false)
        guard let wholeBytes = parts.first, !wholeBytes.isEmpty, wholeBytes.count <= 13 else { return nil }
        var whole: Int64 = 0
        for byte in wholeBytes {
            guard (48...57).contains(byte) else { return nil }
            whole = whole * 10 + Int64(byte - 48)
        }
        var fraction: Int64 = 0
        if parts.count == 2 {
            let digits = parts[1]
            guard !digits.isEmpty, digits.count <= Self.fractionDigits else { return nil }
            for byte in digits {
                guard (48...57).contains(byte) else { return nil }
                fraction = fraction * 10 + Int64(byte - 48)
            }
            for _ in digits.count..<Self.fractionDigits { fraction *= 10 }
        }
        guard whole <= Self.maxWhole else { return nil }
        scaled = (whole * Self.scale + fraction) * (negative ? -1 : 1)
    }

    /// The decimal string Square writes: no trailing zeros, no point for whole numbers (`8.5`, `12`, `-3`).
    var text: String {
        let magnitude = scaled.magnitude
        let whole = magnitude / UInt64(Self.scale)
        var fraction = magnitude % UInt64(Self.scale)
        var result = (scaled < 0 ? "-" : "") + String(whole)
        guard fraction != 0 else { return result }
        var digits = Self.fractionDigits
        while fraction % 10 == 0 {
            fraction /= 10
            digits -= 1
        }
        let fractionText = String(fraction)
        result += "." + String(repeating: "0", count: digits - fractionText.count) + fractionText
        return result
    }

    static func + (left: InventoryQuantity, right: InventoryQuantity) -> InventoryQuantity {
        InventoryQuantity(scaled: left.scaled + right.scaled)
    }

    static func - (left: InventoryQuantity, right: InventoryQuantity) -> InventoryQuantity {
        InventoryQuantity(scaled: left.scaled - right.scaled)
    }

    static func < (left: InventoryQuantity, right: InventoryQuantity) -> Bool { left.scaled < right.scaled }
}
