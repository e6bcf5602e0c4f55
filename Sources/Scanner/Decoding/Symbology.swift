/// A barcode symbology as announced by an AIM identifier prefix (`]E0`, `]C1`, ...).
public struct Symbology: Hashable, Sendable, CustomStringConvertible {
    /// The three-character AIM identifier, e.g. `]E0`.
    public var identifier: String
    /// A readable name, e.g. `EAN/UPC`.
    public var name: String
    /// Whether the data follows GS1 rules (FNC1 first; GS separates variable-length fields).
    public var isGS1: Bool

    /// Makes a symbology.
    public init(identifier: String, name: String, isGS1: Bool = false) {
        self.identifier = identifier
        self.name = name
        self.isGS1 = isGS1
    }

    /// The identifier and name, e.g. `]E0 EAN/UPC`.
    public var description: String { "\(identifier) \(name)" }

    /// The common AIM identifiers (ISO/IEC 15424).
    public static let known: [Symbology] = [
        Symbology(identifier: "]A0", name: "Code 39"),
        Symbology(identifier: "]C0", name: "Code 128"),
        Symbology(identifier: "]C1", name: "GS1-128", isGS1: true),
        Symbology(identifier: "]E0", name: "EAN/UPC"),
        Symbology(identifier: "]E1", name: "EAN/UPC add-on"),
        Symbology(identifier: "]E2", name: "EAN/UPC add-on"),
        Symbology(identifier: "]E3", name: "EAN/UPC with add-on"),
        Symbology(identifier: "]E4", name: "EAN-8"),
        Symbology(identifier: "]F0", name: "Codabar"),
        Symbology(identifier: "]G0", name: "Code 93"),
        Symbology(identifier: "]I0", name: "Interleaved 2 of 5"),
        Symbology(identifier: "]I1", name: "Interleaved 2 of 5 (check digit)"),
        Symbology(identifier: "]L0", name: "PDF417"),
        Symbology(identifier: "]Q0", name: "QR Code (model 1)"),
        Symbology(identifier: "]Q1", name: "QR Code"),
        Symbology(identifier: "]Q3", name: "GS1 QR Code", isGS1: true),
        Symbology(identifier: "]d1", name: "Data Matrix"),
        Symbology(identifier: "]d2", name: "GS1 DataMatrix", isGS1: true),
        Symbology(identifier: "]e0", name: "GS1 DataBar", isGS1: true),
        Symbology(identifier: "]z0", name: "Aztec"),
    ]

    private static let byIdentifier: [String: Symbology] = Dictionary(
        uniqueKeysWithValues: known.map { ($0.identifier, $0) })

    /// Splits an AIM prefix off scanned text: `]E04006381333931` gives EAN/UPC and `4006381333931`.
    ///
    /// A prefix not in `known` but shaped like one (`]` + letter + digit or letter) is still stripped and
    /// reported with the name `AIM <id>`. Text without a prefix comes back unchanged with no symbology.
    public static func split(_ text: String) -> (symbology: Symbology?, data: String) {
        let scalars = text.unicodeScalars
        guard scalars.count >= 3, scalars.first == "]" else { return (nil, text) }
        let identifier = String(String.UnicodeScalarView(scalars.prefix(3)))
        let data = String(String.UnicodeScalarView(scalars.dropFirst(3)))
        if let known = byIdentifier[identifier] { return (known, data) }
        let letter = scalars[scalars.index(after: scalars.startIndex)]
        let modifier = scalars[scalars.index(scalars.startIndex, offsetBy: 2)]
        let isLetter = ("A"..."Z").contains(letter) || ("a"..."z").contains(letter)
        let isModifier = ("0"..."9").contains(modifier) || ("A"..."Z").contains(modifier)
        guard isLetter, isModifier else { return (nil, text) }
        return (Symbology(identifier: identifier, name: "AIM \(identifier)"), data)
    }
}
