import CatalogCore
import Store

/// The variations of one location in the order its shelves are walked, for `catalog shelf list` and what
/// prints or counts by shelf.
public struct ShelfWalk: Sendable {
    /// The location walked.
    public var location: CounterLocation
    /// Each variation with a shelf place there (starting with the prefix asked for), priced there, in
    /// shelf order.
    public var variations: [VariationSummary]
    /// What customers pay for them there now.
    public var prices: ShelfPrices

    /// The shelves of `wanted` (a location's name or id; the counter's own when nil) whose places start with
    /// `prefix` (any case), or all of them.
    public static func load(prefix: String?, location wanted: String?, context: AppContext) async throws -> ShelfWalk {
        let database = try context.openDatabase()
        guard let location = try await context.location(wanted, in: database) else {
            throw AppError("Say which location's shelves: give --location NAME.", exitCode: .usage)
        }
        // A prefix no place could start with is said, not read as "every shelf".
        let tidy = try prefix.flatMap { try ShelfPlace.tidied($0) }
        let shelved = try await database.shelved(at: location.id, prefix: tidy).map { $0.at(location) }
        return ShelfWalk(
            location: location, variations: shelved,
            prices: try await ShelfPrices.load(for: shelved, database: database, at: context.clock.now()))
    }

    /// What `catalog shelf list --json` prints: the location and, in shelf order, each variation as `show`
    /// gives it (its `shelf` there included) with the price a row shows.
    public var json: JSONValue {
        [
            "location": location.json,
            "variations": .array(
                variations.map { variation in
                    var object = variation.json
                    object["price_shown"] = .string(prices.priceShown(variation))
                    return object
                }),
        ]
    }
}
