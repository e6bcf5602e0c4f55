import Foundation

/// What a unit of measure measures.
public enum MeasureKind: String, Sendable {
    case weight, volume, length, other
}

/// Which unit a unit price is given per: the law in the UK and EU asks for per kg or per litre, and
/// allows per 100 g or per 100 ml for small packs.
public enum UnitBasis: String, Sendable, CaseIterable {
    case kilogram = "kg"
    case hundredGrams = "100g"
    case litre = "l"
    case hundredMillilitres = "100ml"
    case metre = "m"

    /// What it measures.
    public var kind: MeasureKind {
        switch self {
        case .kilogram, .hundredGrams: return .weight
        case .litre, .hundredMillilitres: return .volume
        case .metre: return .length
        }
    }

    /// Its size in the dimension's base unit.
    public var size: Decimal {
        switch self {
        case .kilogram, .litre, .metre: return 1
        case .hundredGrams, .hundredMillilitres: return Decimal(sign: .plus, exponent: -1, significand: 1)
        }
    }

    /// How it is written after the price: `kg`, `100 g`, `l`, `100 ml`, `m`.
    public var shown: String {
        switch self {
        case .kilogram: return "kg"
        case .hundredGrams: return "100 g"
        case .litre: return "l"
        case .hundredMillilitres: return "100 ml"
        case .metre: return "m"
        }
    }

    /// The basis shown when nothing chooses one: per kg, per litre, per metre.
    public static func standard(for kind: MeasureKind) -> UnitBasis? {
        switch kind {
        case .weight: return .kilogram
        case .volume: return .litre
        case .length: return .metre
        case .other: return nil
        }
    }
}

extension UnitBasis {
    /// Reads `kg`, `100g`, `l`, `100ml` or `m` (spaces and case ignored); nil for anything else.
    public init?(text: String) {
        self.init(rawValue: text.lowercased().replacingOccurrences(of: " ", with: ""))
    }

    /// The bases a template or the config may name, for messages: `kg, 100g, l, 100ml, m`.
    public static var names: String { allCases.map(\.rawValue).joined(separator: ", ") }
}
