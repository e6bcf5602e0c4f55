import CatalogCore
import Store

/// The tags on the shelves whose price is no longer the catalog's: what `catalog label stale` lists
/// and `label print --stale` reprints, and what a back-office page will show.
public enum StaleTags {
    /// The stale tags printed for `location` (those printed with no location when it is nil), ordered by item
    /// name: the ones `catalog label stale` lists and `label print --stale` reprints there, and the hub's back
    /// office lists for its location.
    public static func list(at location: CounterLocation?, database: any LabelStore & CatalogStore) async throws
        -> [StaleLabel]
    {
        try await database.staleLabels(variationIDs: nil).filter { $0.printed.locationID == location?.id }
    }

    /// `list(at:database:)` over the context's database.
    public static func list(at location: CounterLocation?, context: AppContext) async throws -> [StaleLabel] {
        try await list(at: location, database: try context.openDatabase())
    }

    /// One stale tag for scripts: the print record, and the variation as the catalog has it now.
    public static func json(_ tag: StaleLabel) -> JSONValue {
        var object = tag.printed.json
        object["current"] = tag.current?.json ?? .null
        object["current_price"] = tag.currentPrice?.json ?? .null
        object["current_sale"] = tag.currentSale?.json ?? .null
        return object
    }

    /// One stale tag as a person reads it: the name, the price printed and when, the price now.
    public static func text(_ tag: StaleLabel) -> String {
        let name =
            tag.current.map { Terminal.visible($0.label) } ?? "(no longer in the catalog) \(tag.printed.variationID)"
        let typedDiscount = tag.printed.hasTypedDiscount
        let printed = (typedDiscount ? tag.printed.basePrice : tag.printed.price)?.formatted ?? "variable"
        var now = tag.current.map { _ in tag.currentPrice?.formatted ?? "variable" } ?? "gone"
        if let sale = tag.currentSale, !typedDiscount {
            now += " (\(Terminal.visible(sale.name)))"
        } else if tag.printed.saleRuleID != nil, tag.current != nil {
            now += " (the sale has ended)"
        }
        let place = tag.current?.location.map { " at \(Terminal.visible($0.name))" } ?? ""
        return "\(name): printed \(printed)\(place) on \(tag.printed.at.prefix(10)), now \(now)"
    }
}
