import CatalogCore
import Store
import Sync

/// The outbox as a person reviews it: which entries `catalog outbox` lists, and how a conflict is decided.
/// The command line and the hub's back office show the same entries and decide them the same way.
public enum OutboxReview {
    /// The statuses that still need something: waiting to be sent, to be decided, or failed.
    public static let open: Set<OutboxEntry.Status> = [.pending, .conflict, .failed]

    /// The entries to show, in id order: with `all` every one, else the open ones and the ten most recent
    /// done (applied or resolved).
    public static func entries(all: Bool, database: any OutboxStore) async throws -> [OutboxEntry] {
        let entries = try await database.outboxEntries(statuses: nil)
        if all { return entries }
        let waiting = entries.filter { open.contains($0.status) }
        let done = entries.filter { !open.contains($0.status) }.suffix(10)
        return (waiting + done).sorted { ($0.id ?? 0) < ($1.id ?? 0) }
    }

    /// `entries(all:database:)` over the context's database.
    public static func entries(all: Bool, context: AppContext) async throws -> [OutboxEntry] {
        try await entries(all: all, database: try context.openDatabase())
    }

    /// What deciding an entry did: the entry as it now stands and, when values were written, the edit.
    public struct Resolution: Sendable {
        public var entry: OutboxEntry?
        public var result: EditResult?

        /// What `catalog outbox resolve --json` prints: the entry, with the edit's result under `result`.
        public var json: JSONValue {
            var object = entry?.json ?? [:]
            if let result { object["result"] = EditOutput.json(result) }
            return object
        }
    }

    /// Decides entry `id` under the context's counter name: `keepLocal` writes the entry's values over
    /// Square's now (fetch-before-update); otherwise Square's values stay and nothing is written.
    public static func resolve(_ id: Int64, keepLocal: Bool, context: AppContext) async throws -> Resolution {
        let database = try context.openDatabase()
        let editor = Editor(
            database: database, client: try context.makeClient(), counter: context.counter, sender: context.sender)
        let result = try await editor.resolve(outboxID: id, keepLocal: keepLocal)
        return Resolution(entry: try await database.outboxEntry(id: id), result: result)
    }
}
