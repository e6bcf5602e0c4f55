import CatalogCore
import Foundation
import SquareAPI
import Store
import Sync

/// Keeps the stock figures counters show as Square has them: reads Square's IN_STOCK counts at every
/// location of the shop that changed since the last read (every count the first time), and stores each
/// that is newer than the one stored (`applyStockEvent`, the rule Square's webhooks follow too). The hub
/// runs it after each sync (at start, on webhooks, and on its timer), so a fresh hub shows the stock Square
/// has, and a shop without inventory webhooks still sees changes within the sync interval.
public struct StockRefresh: Sendable {
    let context: AppContext
    let database: CatalogDatabase

    /// The sync-state key that holds Square's time of the newest count read (the next read asks from it).
    static let readKey = "stock_counts_read_after"

    public init(context: AppContext, database: CatalogDatabase? = nil) throws {
        self.context = context
        self.database = try database ?? context.openDatabase()
    }

    /// Reads and stores what changed; the counts it stored (newer than what was stored).
    public func run() async throws -> [StockCount] {
        let client = try context.makeClient()
        let locations = try await database.locations().compactMap { $0["id"]?.stringValue }
        guard !locations.isEmpty else { return [] }
        let since = try await database.syncState()[Self.readKey]
        var request: JSONValue = [
            "location_ids": .array(locations.map(JSONValue.string)), "states": ["IN_STOCK"], "limit": 1000,
        ]
        if let since { request["updated_after"] = .string(since) }
        var counts: [StockCount] = []
        for try await page in client.batchRetrieveAllInventoryCounts(request) {
            counts += page.counts.compactMap(StockCount.init(square:))
        }
        let applied = try await database.applyStockEvent(counts)
        // Next time from Square's own time of the newest count read, a second before it (Square's clock, not
        // this computer's, which may be behind it); an equal time read again changes nothing.
        let newest = counts.compactMap { $0.calculatedAt.flatMap(Timestamp.init(rfc3339:)) }.max()
        if let newest {
            try await database.updateSyncState([
                Self.readKey: Timestamp(epochMilliseconds: newest.epochMilliseconds - 1000).rfc3339
            ])
        }
        return applied
    }
}
