import CatalogCore
import Foundation

/// A price per unit of measure, as a shelf shows it for goods sold by weight or volume: `12.99 GBP/kg`.
public struct UnitPrice: Sendable, Equatable {
    public var amount: Money
    /// The unit it is per: `kg`, `100 g`, `l`, `100 ml`, `m`, or the unit a variation is sold by.
    public var per: String

    public var json: JSONValue {
        ["amount": .int(amount.amount), "currency": .string(amount.currency), "per": .string(per)]
    }

    /// `12.99 GBP/kg`.
    public var formatted: String { "\(amount.formatted)/\(per)" }
}

/// Which unit a unit price is given per: the law in the UK and EU asks for per kg or per litre, and
/// allows per 100 g or per 100 ml for small packs.
public enum UnitBasis: String, Sendable, CaseIterable {
    case kilogram = "kg"
    case hundredGrams = "100g"
    case litre = "l"
    case hundredMillilitres = "100ml"
    case metre = "m"

    var dimension: MeasurementUnit.Dimension {
        switch self {
        case .kilogram, .hundredGrams: return .weight
        case .litre, .hundredMillilitres: return .volume
        case .metre: return .length
        }
    }

    /// Its size in the dimension's base unit.
    var size: Decimal {
        switch self {
        case .kilogram, .litre, .metre: return 1
        case .hundredGrams, .hundredMillilitres: return Decimal(string: "0.1")!
        }
    }

    /// How it is written after the price: `kg`, `100 g`, `l`, `100 ml`, `m`.
    var shown: String {
        switch self {
        case .kilogram: return "kg"
        case .hundredGrams: return "100 g"
        case .litre: return "l"
        case .hundredMillilitres: return "100 ml"
        case .metre: return "m"
        }
    }

    /// The basis shown when nothing chooses one: per kg, per litre, per metre.
    static func standard(for dimension: MeasurementUnit.Dimension) -> UnitBasis? {
        switch dimension {
        case .weight: return .kilogram
        case .volume: return .litre
        case .length: return .metre
        case .other: return nil
        }
    }
}

/// A net quantity read from a name: `500 ml`, `1.5 l`, `4 x 250 g`.
public struct NetQuantity: Sendable, Equatable {
    /// How many units, in the unit's own terms (`1000` for `4 x 250 g`).
    public var amount: Decimal
    public var unit: MeasurementUnit

    /// The first net quantity in `names`, read with the search normaliser's units; nil when none is written
    /// or it is zero.
    public static func read(_ names: [String]) -> NetQuantity? {
        for name in names {
            let parts = SearchText.words(name).flatMap(\.parts)
            for (index, part) in parts.enumerated() where index + 1 < parts.count {
                guard SearchText.isNumber(part), let unit = MeasurementUnit.written[parts[index + 1]],
                    var amount = Decimal(string: part), amount > 0
                else { continue }
                if index >= 2, parts[index - 1] == "x", SearchText.isNumber(parts[index - 2]),
                    let count = Decimal(string: parts[index - 2]), count > 0
                {
                    amount *= count
                }
                return NetQuantity(amount: amount, unit: unit)
            }
        }
        return nil
    }
}

extension ShelfPrice {
    /// The price now per unit of measure; nil when the variation is neither sold by a measurement unit nor
    /// named with a net quantity, or when its price is variable. A variation sold by a unit is priced per
    /// that unit unless `basis` asks for another of the same kind and the unit has an exact size; one named
    /// with a net quantity is priced per `basis` (per kg, per litre or per metre when nil).
    public func unitPrice(basis: UnitBasis? = nil) -> UnitPrice? {
        guard let price else { return nil }
        if let soldBy {
            guard let basis, basis.dimension == soldBy.dimension, let size = soldBy.size else {
                return UnitPrice(amount: price, per: soldBy.symbol)
            }
            return Self.per(price, quantity: size, basis: basis)
        }
        guard let net = netQuantity, let size = net.unit.size,
            let basis = basis.flatMap({ $0.dimension == net.unit.dimension ? $0 : nil })
                ?? UnitBasis.standard(for: net.unit.dimension)
        else { return nil }
        return Self.per(price, quantity: net.amount * size, basis: basis)
    }

    /// `price` for `quantity` base units, as a price per `basis`.
    static func per(_ price: Money, quantity: Decimal, basis: UnitBasis) -> UnitPrice {
        let amount = PricingCatalog.rounded(Decimal(price.amount) / quantity * basis.size)
        return UnitPrice(amount: Money(amount: amount, currency: price.currency), per: basis.shown)
    }
}
