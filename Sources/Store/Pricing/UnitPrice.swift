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
    /// named with a net quantity, or when its price is variable or a sale makes it free. A variation sold by a unit is priced per
    /// that unit unless `bases` names another of the same kind and the unit has an exact size; one named
    /// with a net quantity is priced per the basis of its kind in `bases`, else per kg, litre or metre.
    public func unitPrice(per bases: [UnitBasis] = []) -> UnitPrice? {
        guard sale?.isFree != true else { return nil }
        return price.flatMap { unitPrice(of: $0, per: bases) }
    }

    /// `price` (what one unit costs, such as a sale price a tag shows) per unit of measure, by the same rule.
    public func unitPrice(of price: Money, per bases: [UnitBasis] = []) -> UnitPrice? {
        if let soldBy {
            guard let basis = bases.first(where: { $0.kind == soldBy.dimension }), let size = soldBy.size else {
                return UnitPrice(amount: price, per: soldBy.symbol)
            }
            return Self.per(price, quantity: size, basis: basis)
        }
        guard let net = netQuantity, let size = net.unit.size,
            let basis = bases.first(where: { $0.kind == net.unit.dimension })
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
