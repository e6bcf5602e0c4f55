import CatalogCore
import Store

/// What customers pay for found variations at the moment they were found: the shop's pricing objects and
/// each variation's facts, read once, and `PricingCatalog.shelfPrice` applied to each. Every view that
/// shows a price a customer pays (show, scan, search, labels) asks here.
public struct ShelfPrices: Sendable {
    public var pricing: PricingCatalog
    public var facts: [String: PricingFacts]
    /// The moment the prices are for (the context's clock when loaded).
    public var moment: Timestamp

    /// Reads what pricing `variations` needs from `database`.
    public static func load(for variations: [VariationSummary], database: any CatalogStore, at moment: Timestamp)
        async throws -> ShelfPrices
    {
        let (pricing, facts) = try await database.pricing(for: variations.map(\.variationID))
        return ShelfPrices(pricing: pricing, facts: facts, moment: moment)
    }

    /// The shelf price of `variation` at its summary's location.
    public func shelf(_ variation: VariationSummary) -> ShelfPrice {
        let facts =
            facts[variation.variationID]
            ?? PricingFacts(variationID: variation.variationID, itemID: variation.itemID)
        return pricing.shelfPrice(for: variation, facts: facts, at: moment)
    }

    /// The price a row of variations shows for `variation`, the one rule the command line's tables and the
    /// counter page's list all show: "not sold here", a running sale's price marked "sale", else the price
    /// at the summary's location ("variable" without one), with "sold out" after it when it is.
    public func priceShown(_ variation: VariationSummary) -> String {
        if !variation.isSold { return "not sold here" }
        var shown = variation.price?.formatted ?? "variable"
        if let sale = shelf(variation).sale { shown = "\(sale.priceText) sale" }
        return variation.isSoldOut ? "\(shown) sold out" : shown
    }
}

extension ShelfPrice {
    /// The fields `show --json` and a scan's match add: `sale` ({rule_id, name, terms, price, ends_at} or
    /// null), `multi_buy` (texts), `price_with_taxes` (with additive taxes; null when variable), `taxes`
    /// ({name, percentage, inclusion}), `unit_price` ({amount, currency, per} or null) and `left_off` (what
    /// the price leaves out and why: rules that cannot be used, taxes held back).
    public func jsonFields(per bases: [UnitBasis] = []) -> [(String, JSONValue)] {
        [
            ("sale", sale?.json ?? .null),
            ("multi_buy", .array(multiBuy.map(JSONValue.string))),
            ("price_with_taxes", priceWithTaxes?.json ?? .null),
            (
                "taxes",
                .array(
                    taxes.map {
                        [
                            "name": .string($0.name), "percentage": .string("\($0.percentage)"),
                            "inclusion": .string($0.isAdditive ? "ADDITIVE" : "INCLUSIVE"),
                        ]
                    })
            ),
            ("unit_price", unitPrice(per: bases)?.json ?? .null),
            ("left_off", .array(notUnderstood.map(JSONValue.string))),
        ]
    }

    /// `20% off (Spring Sale) until 2026-12-01: 9.59 GBP` (`...: free` when it takes the whole price off), or
    /// nil when no sale is on.
    public var saleText: String? {
        guard let sale else { return nil }
        return "\(sale.terms) (\(sale.name))" + (sale.endsAt.map { " until \($0)" } ?? "") + ": "
            + sale.priceText
    }
}
