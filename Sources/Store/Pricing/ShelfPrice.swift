import CatalogCore
import Foundation

/// What the pricing rules need to know about a variation beyond its summary: the ids a product set may
/// name it by, its item's taxes, its measurement unit, and its names (for a net quantity such as "500 ml").
public struct PricingFacts: Sendable, Equatable {
    public var variationID: String
    public var itemID: String
    /// Every category the item is in (its reporting category and its categories).
    public var categoryIDs: [String]
    /// The item's `tax_ids`.
    public var taxIDs: [String]
    /// The variation's `measurement_unit_id`: it is sold by this unit, and its price is per one of them.
    public var measurementUnitID: String?
    /// The variation's and the item's names, the variation's first (its net quantity is the one it sells).
    public var names: [String]

    public init(
        variationID: String, itemID: String, categoryIDs: [String] = [], taxIDs: [String] = [],
        measurementUnitID: String? = nil, names: [String] = []
    ) {
        self.variationID = variationID
        self.itemID = itemID
        self.categoryIDs = categoryIDs
        self.taxIDs = taxIDs
        self.measurementUnitID = measurementUnitID
        self.names = names
    }

    /// The ids a product set may list for this variation.
    var productIDs: Set<String> { Set([variationID, itemID] + categoryIDs) }
}

/// An automatic discount in effect for one unit: which rule, what it takes off, and until when.
public struct Sale: Sendable, Equatable {
    public var ruleID: String
    /// The pricing rule's name ("Spring Sale").
    public var name: String
    /// What comes off, as a person reads it: `20% off`, `1.00 GBP off`.
    public var terms: String
    /// The price with the discount taken off.
    public var price: Money
    /// How much comes off one unit.
    public var saving: Money
    /// The last day it runs (`2026-12-01`) or the moment it stops (`2026-11-28 18:00`), on the location's
    /// clock; nil when it has no end.
    public var endsAt: String?

    /// Whether it takes the whole price off: shown and printed as free, never as 0.00.
    public var isFree: Bool { price.amount <= 0 }

    /// The sale price as a person reads it: `free`, or the price.
    public var priceText: String { isFree ? "free" : price.formatted }

    public var json: JSONValue {
        [
            "rule_id": .string(ruleID), "name": .string(name), "terms": .string(terms), "price": price.json,
            "free": .bool(isFree), "ends_at": endsAt.map(JSONValue.string) ?? .null,
        ]
    }
}

/// What a customer pays for one unit of a variation at a location, now: the location's price, Square's
/// automatic discount that applies to one unit, the deals that need more than one unit (as text), the
/// taxes, and the unit it is sold by. `PricingCatalog.shelfPrice` is the one place it is worked out.
public struct ShelfPrice: Sendable, Equatable {
    /// The location's price (nil when variable).
    public var regular: Money?
    /// The automatic discount on one unit, when one is in effect.
    public var sale: Sale?
    /// Deals that are not a unit price: "2 for 5.00 GBP (Meal deal)", "Members: 10% off (Loyalty)".
    public var multiBuy: [String] = []
    /// The taxes that apply at the location, enabled ones only.
    public var taxes: [PricingCatalog.Tax] = []
    /// The unit the variation is sold by (its price is per one), when Square says.
    public var soldBy: MeasurementUnit?
    /// The net quantity its name gives (`500 ml`), for a unit price when it is not sold by a unit.
    public var netQuantity: NetQuantity?
    /// What is left out of the price, as text: rules that cannot be used ("Happy hour: RRULE FREQ=DAILY",
    /// "Spring Sale: discount “Half off” is held back (...)") and taxes a sync held back.
    public var notUnderstood: [String] = []

    public init(regular: Money?) { self.regular = regular }

    /// What one unit costs now: the sale price, else the regular price.
    public var price: Money? { sale?.price ?? regular }

    /// `money` with the additive taxes added (inclusive taxes are in it already), each rounded half up.
    public func withTaxes(_ money: Money) -> Money {
        var total = money.amount
        for tax in taxes where tax.isAdditive {
            total += PricingCatalog.rounded(Decimal(money.amount) * tax.percentage / 100)
        }
        return Money(amount: total, currency: money.currency)
    }

    /// The price now with additive taxes; nil when variable.
    public var priceWithTaxes: Money? { price.map(withTaxes) }

    /// One line per tax: `VAT 20% (included)`, `Sales tax 8.875% (added)`.
    public var taxLines: [String] {
        taxes.map { "\($0.name) \($0.percentage)% (\($0.isAdditive ? "added at the till" : "included"))" }
    }
}
