/// A retail barcode (GTIN-8/12/13/14, UPC-A/E, EAN-13, ISBN-10/13), read and normalised to its GTIN-14 key.
///
/// Every spelling of one code (UPC-A with or without its check digit, with a leading zero, as a
/// GTIN-14, an ISBN-10 and its ISBN-13) gives the same `gtin14`, so that is the key to look items up by.
public struct Barcode: Hashable, Sendable {
    /// The family a code was read as.
    public enum Kind: String, Sendable, CaseIterable {
        /// GTIN-8, printed as an EAN-8 symbol.
        case gtin8
        /// UPC-E: a zero-suppressed UPC-A (6, 7 or 8 digits).
        case upcE
        /// UPC-A, a GTIN-12 (11 digits without the check digit, or 12).
        case upcA
        /// EAN-13, a GTIN-13; an ISBN-13 (978/979) is one of these.
        case ean13
        /// GTIN-14, as printed on cases and outer packaging.
        case gtin14
        /// ISBN-10: nine digits and a mod-11 check character (`0`-`9` or `X`).
        case isbn10
    }

    /// How the input was read.
    public let kind: Kind
    /// The canonical key: 14 digits, the code left-padded with zeros.
    public let gtin14: String

    /// Builds a barcode from a kind and its already validated 14-digit key.
    init(kind: Kind, gtin14: String) {
        self.kind = kind
        self.gtin14 = gtin14
    }

    /// Reads `text` as a barcode; spaces and hyphens are ignored and the check digit must be right.
    ///
    /// When a code has several valid readings (an 8-digit code can be both a UPC-E and a GTIN-8),
    /// the first of `interpretations(of:)` is taken.
    public init(_ text: String) throws(BarcodeError) {
        let readings = Barcode.interpretations(of: text)
        if let first = readings.first {
            self = first
            return
        }
        throw Barcode.error(for: text)
    }

    /// The 13-digit form (EAN-13 / ISBN-13) when the code has one; nil for a GTIN-8 or a GTIN-14.
    public var gtin13: String? {
        gtin14.first == "0" && !isGTIN8 ? String(gtin14.dropFirst()) : nil
    }

    /// The 12-digit UPC-A form when the code has one; nil for a GTIN-8, an EAN-13 or a GTIN-14.
    public var upcA: String? {
        gtin14.hasPrefix("00") && !isGTIN8 ? String(gtin14.dropFirst(2)) : nil
    }

    /// The 8-digit form of a GTIN-8 (six leading zeros in the key), nil otherwise.
    public var gtin8: String? {
        isGTIN8 ? String(gtin14.dropFirst(6)) : nil
    }

    private var isGTIN8: Bool { gtin14.hasPrefix("000000") }

    /// The GS1 check digit (0...9) for `digits`, the code without its check digit.
    /// Weights 3,1,3,... from the right, as for GTIN-8, -12, -13 and -14.
    public static func gs1CheckDigit<Digits: Collection>(_ digits: Digits) -> Int where Digits.Element == Int {
        var sum = 0
        for (offset, digit) in digits.reversed().enumerated() { sum += digit * (offset % 2 == 0 ? 3 : 1) }
        return (10 - sum % 10) % 10
    }
}

extension Barcode: CustomStringConvertible {
    /// The code in its shortest standard form: GTIN-8, else UPC-A, else EAN-13, else GTIN-14.
    public var description: String { gtin8 ?? upcA ?? gtin13 ?? gtin14 }
}
