import CatalogCore
import Foundation
import SquareAPI
import Store

/// Creates an item with its variations (and any new categories) in Square in one batch upsert.
///
/// Everything is checked against the local catalog before any request. The batch goes with one idempotency
/// key; when Square cannot be reached after the client's retries, the batch is stored in the outbox with
/// that same key, so sending it later can never create the item twice. On success the local catalog and
/// the history get Square's answer at once.
public struct ItemCreator: Sendable {
    /// The local catalog: duplicate checks, categories, and where the new objects are stored.
    public let database: CatalogDatabase
    /// The client the batch goes through.
    public let client: SquareClient
    /// This computer's name, for the history and the outbox.
    public let counter: String

    /// A creator writing through `client` and recording in `database` as `counter`.
    public init(
        database: CatalogDatabase, client: SquareClient, counter: String, sender: OutboxSender = .thisProcess
    ) {
        self.database = database
        self.client = client
        self.counter = counter
        self.sender = sender
    }

    /// Whose claim the outbox entry of a creation being sent carries.
    public var sender: OutboxSender

    /// Checks `draft`, sends it as one batch with `idempotencyKey`, and records the result (or queues it).
    ///
    /// The batch is stored in the outbox, held by this process, before it goes out: a process killed after
    /// Square created the item leaves it for the next sync, which sends it again with the same key (Square
    /// answers with the item it made) and records it. Throws `ItemCreationError` or `CategoryError` when
    /// the draft is refused (nothing was sent), and `SquareError` when Square refused the batch for a
    /// reason other than being unreachable (the entry is marked failed).
    public func create(_ draft: ItemDraft, idempotencyKey: String = UUID().uuidString) async throws -> ItemCreation {
        let plan = try await plan(draft)
        let entry = try await database.enqueue(
            OutboxEntry(
                counter: counter, kind: .create, objectID: ItemPlan.itemID, itemID: nil, label: plan.name,
                baseVersion: nil, changes: plan.changes, payload: .array(plan.objects),
                idempotencyKey: idempotencyKey, reason: "being sent", at: database.clock.now()),
            claimedBy: sender)
        let id = entry.id ?? 0
        let result: BatchUpsertResult
        do {
            result = try await client.batchUpsertCatalogObjects(batches: [plan.objects], idempotencyKey: idempotencyKey)
        } catch {
            guard error.isRetryable else {
                try await database.updateOutbox(
                    OutboxUpdate(id: id, status: .failed, reason: "not created: \(error.description)", sender: sender))
                throw error
            }
            let reason = error.waitingReason
            try await database.updateOutbox(OutboxUpdate(id: id, status: .pending, reason: reason, sender: sender))
            return summary(
                plan, status: .queued(outboxID: id, reason: reason), ids: [:], versions: [:],
                idempotencyKey: idempotencyKey)
        }
        return try await record(result, plan: plan, draft: draft, idempotencyKey: idempotencyKey, outboxID: id)
    }

    /// Stores Square's answer and one history row per field set, and says what was created.
    func record(
        _ result: BatchUpsertResult, plan: ItemPlan, draft: ItemDraft, idempotencyKey: String, outboxID: Int64
    ) async throws -> ItemCreation {
        var ids: [String: String] = [:]
        for mapping in result.idMappings { ids[mapping.clientObjectID] = mapping.objectID }
        guard let itemID = ids[ItemPlan.itemID],
            let item = result.objects.first(where: { $0["id"]?.stringValue == itemID })
        else {
            throw ItemCreationError.incompleteAnswer(detail: "no id or object for the new item")
        }
        var versions: [String: Int64] = [:]
        for object in result.objects + (item["item_data"]?["variations"]?.arrayValue ?? []) {
            if let id = object["id"]?.stringValue, let version = object["version"]?.int64Value {
                versions[id] = version
            }
        }
        var history: [HistoryEntry] = []
        for (index, _) in draft.variations.enumerated() where ids[ItemPlan.variationID(index)] == nil {
            throw ItemCreationError.incompleteAnswer(detail: "no id for variation \(index + 1)")
        }
        let real = { (temporary: String) in ids[temporary] ?? temporary }
        for field in plan.fields {
            var value = field.change.new
            if field.change.field == EditField.categories.rawValue {
                value = .array(plan.categories.ids.map { .string(real($0)) })
            }
            history.append(
                HistoryEntry(
                    at: database.clock.now().rfc3339, counter: counter, action: .create, objectType: field.objectType,
                    objectID: real(field.objectID),
                    itemID: itemID, field: field.change.field, oldValue: nil, newValue: value,
                    version: versions[real(field.objectID)]))
        }
        for (index, object) in plan.categories.newObjects.enumerated() {
            guard let temporary = object["id"]?.stringValue, let id = ids[temporary] else {
                throw ItemCreationError.incompleteAnswer(detail: "no id for new category \(index + 1)")
            }
            history.append(
                HistoryEntry(
                    at: database.clock.now().rfc3339, counter: counter, action: .create, objectType: "CATEGORY",
                    objectID: id, itemID: nil,
                    field: "name", oldValue: nil, newValue: object["category_data"]?["name"], version: versions[id]))
        }
        try await database.recordWrite(
            objects: result.objects, history: history,
            outbox: [
                OutboxUpdate(
                    id: outboxID, status: .applied, reason: "created as \(itemID)", resultVersion: versions[itemID],
                    sender: sender)
            ])
        return summary(plan, status: .created, ids: ids, versions: versions, idempotencyKey: idempotencyKey)
    }

    /// The creation as the caller reads it, with real ids where `ids` has them.
    func summary(
        _ plan: ItemPlan, status: ItemCreation.Status, ids: [String: String], versions: [String: Int64],
        idempotencyKey: String
    ) -> ItemCreation {
        let itemID = ids[ItemPlan.itemID] ?? ItemPlan.itemID
        let variations = (plan.item["item_data"]?["variations"]?.arrayValue ?? []).map { object in
            let temporary = object["id"]?.stringValue ?? ""
            let id = ids[temporary] ?? temporary
            return ItemCreation.Variation(
                id: id, name: EditField.variationName.value(in: object)?.stringValue ?? "",
                sku: EditField.sku.value(in: object)?.stringValue, gtin: EditField.gtin.value(in: object)?.stringValue,
                price: EditField.price.value(in: object).flatMap(Money.init(json:)), version: versions[id])
        }
        let categories = zip(plan.categories.ids, plan.categories.names).map { temporary, name in
            ItemCreation.Category(id: ids[temporary] ?? temporary, name: name, isNew: temporary.hasPrefix("#"))
        }
        return ItemCreation(
            status: status, itemID: itemID, name: plan.name, version: versions[itemID], variations: variations,
            categories: categories, idempotencyKey: idempotencyKey)
    }
}
