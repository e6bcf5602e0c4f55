import CatalogCore
import Store

/// What the replica holds and what needs a person, beside the last sync: the back office's sync page and
/// `GET /api/v1/sync` show it.
public enum SyncStanding {
    /// The replica's object counts, the outbox's open entries by status, and the pricing rules a sync
    /// reported as unreadable (left off prices and tags).
    public static func json(database: any CatalogStore & OutboxStore) async throws -> JSONValue {
        let counts = try await database.counts()
        let open = try await database.outboxEntries(statuses: OutboxReview.open)
        func count(_ status: OutboxEntry.Status) -> JSONValue { .int(Int64(open.filter { $0.status == status }.count)) }
        let rules = (try await database.syncState()[SyncWorkflow.unreadableRulesKey] ?? "")
            .split(separator: "\n").map { JSONValue.string(String($0)) }
        return [
            "catalog": [
                "objects": .int(Int64(counts["catalog_objects"] ?? 0)), "items": .int(Int64(counts["items"] ?? 0)),
                "variations": .int(Int64(counts["variations"] ?? 0)),
                "categories": .int(Int64(counts["categories"] ?? 0)),
                "locations": .int(Int64(counts["locations"] ?? 0)),
            ],
            "outbox": ["pending": count(.pending), "conflict": count(.conflict), "failed": count(.failed)],
            "unreadable_pricing_rules": .array(rules),
        ]
    }
}
