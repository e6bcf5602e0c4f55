/// Why a typed or scanned text could not be read as a barcode.
public enum BarcodeError: Error, Equatable, CustomStringConvertible, Sendable {
    /// The text has the wrong length or characters that are not digits.
    case notABarcode(String)
    /// The text has the shape of a barcode of `kind` but its check character is wrong.
    case badCheckDigit(input: String, kind: Barcode.Kind, expected: Character, found: Character)

    /// The sentence a person reads, saying what to do next.
    public var description: String {
        switch self {
        case .notABarcode(let text):
            return "“\(text)” is not a barcode (a barcode has 8, 12, 13 or 14 digits; also accepted are "
                + "6- or 7-digit UPC-E, 11-digit UPC-A without its check digit and 10-character ISBN). "
                + "Check what was typed or scanned."
        case .badCheckDigit(let input, let kind, let expected, let found):
            return "“\(input)” looks like \(kind.article) \(kind.displayName) but its check digit is \(found); "
                + "it should be \(expected). Check the number."
        }
    }
}

extension Barcode.Kind {
    /// The family's usual name, as printed on packaging and in GS1 documents.
    public var displayName: String {
        switch self {
        case .gtin8: return "EAN-8"
        case .upcE: return "UPC-E"
        case .upcA: return "UPC-A"
        case .ean13: return "EAN-13"
        case .gtin14: return "GTIN-14"
        case .isbn10: return "ISBN-10"
        }
    }

    /// "an" before names read with a leading vowel sound, "a" otherwise.
    var article: String {
        switch self {
        case .gtin8, .ean13, .isbn10: return "an"
        case .upcE, .upcA, .gtin14: return "a"
        }
    }
}

extension BarcodeError: UserFacingError {
    public var exitStatus: ExitStatus {
        .dataError
    }
}
