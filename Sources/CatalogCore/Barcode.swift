/// Retail barcodes (GTIN-8/12/13/14, UPC-A/E, EAN, ISBN): validation and normalisation.
public enum Barcode {
    /// The GS1 check digit (0...9) for `digits`, the code without its check digit.
    /// Weights 3,1,3,... from the right, as for GTIN-8, -12, -13 and -14.
    public static func gs1CheckDigit<Digits: Collection>(_ digits: Digits) -> Int where Digits.Element == Int {
        var sum = 0
        for (offset, digit) in digits.reversed().enumerated() { sum += digit * (offset % 2 == 0 ? 3 : 1) }
        return (10 - sum % 10) % 10
    }
}
