import CatalogCore
import Crypto
import SquareAPI
import Store

extension PriceImport {
    /// Where the rows of one apply stand, and what every write needs to know.
    struct ApplyRun {
        let client: SquareClient
        let counter: String
        let source: String
        var rows: [PriceImportRow]
        /// The base price, or one location's own price.
        let field: EditField
        /// What the history calls the writes.
        var action: HistoryEntry.Action = .import
        /// What each batch's idempotency key starts with (the rest is a digest of the objects sent).
        var keyPrefix = "prices-batch"

        /// The variation row `index` changes: every `change` row of a plan names one, so a row without
        /// one is a plan that was not made by `PriceImport.plan`.
        func variationID(_ index: Int) throws -> String {
            guard let id = rows[index].variationID else { throw RowWithoutVariation(line: rows[index].line) }
            return id
        }
    }

    /// A row to be changed that names no variation, so there is nothing to send it to.
    struct RowWithoutVariation: Error, CustomStringConvertible {
        let line: Int
        var description: String { "Row \(line) of the price file is to be changed but names no variation." }
    }

    /// Square stayed unreachable (or kept refusing with a retryable error) after the client's retries.
    struct Unreachable: Error {
        let error: SquareError
    }

    /// Sends every `change` row of `plan` to Square, in batches of `batchSize`, fetching each
    /// variation first and changing only its price.
    ///
    /// A variation already at the file's price in Square is `unchanged`, so running the same file again
    /// (after a crash, or after `not_sent` rows) changes nothing twice. Square's answers and one history
    /// row per changed price are stored together after each batch. Throws local database errors, and
    /// the `SquareError` when Square refuses the access token; every other failure is a report row.
    public func apply(
        _ plan: PricePlan, client: SquareClient, counter: String, source: String,
        progress: @Sendable (PriceImportProgress) -> Void = { _ in }
    ) async throws -> PriceImportResult {
        try await apply(
            rows: plan.rows, field: plan.field, client: client, counter: counter, source: source, progress: progress)
    }

    /// Sends every `change` row of `rows` to `field` as `apply(_:client:counter:source:progress:)` does, the
    /// history calling each write `action` and each batch's idempotency key starting with `keyPrefix`: a staged
    /// plan's rows (with their `baseline`) go this way too.
    public func apply(
        rows: [PriceImportRow], field: EditField, client: SquareClient, counter: String, source: String,
        action: HistoryEntry.Action = .import, keyPrefix: String = "prices-batch",
        progress: @Sendable (PriceImportProgress) -> Void = { _ in }
    ) async throws -> PriceImportResult {
        var run = ApplyRun(
            client: client, counter: counter, source: source, rows: rows, field: field, action: action,
            keyPrefix: keyPrefix)
        let pending = rows.indices.filter { rows[$0].status == .change }
        var stopReason: String?
        var done = 0
        for start in stride(from: 0, to: pending.count, by: Self.batchSize) {
            let batch = Array(pending[start..<min(start + Self.batchSize, pending.count)])
            if stopReason == nil {
                do {
                    try await applyBatch(batch, run: &run)
                } catch let stop as Unreachable {
                    stopReason = stop.error.description
                }
            }
            if stopReason != nil {
                for index in batch where run.rows[index].status == .change {
                    run.rows[index].status = .notSent
                    run.rows[index].message = "Square could not be reached; run the import again to send it."
                }
            }
            done += batch.count
            progress(
                PriceImportProgress(
                    done: done, total: pending.count, updated: run.rows.filter { $0.status == .updated }.count))
        }
        return PriceImportResult(rows: run.rows, stopReason: stopReason)
    }

    /// One batch: batch-retrieve, compare, batch-upsert what differs; object by object after a refusal.
    func applyBatch(_ batch: [Int], run: inout ApplyRun) async throws {
        let ids = try batch.map { try run.variationID($0) }
        var fetched: [String: JSONValue] = [:]
        do {
            for object in try await run.client.batchRetrieveCatalogObjects(ids: ids).objects {
                if let id = object["id"]?.stringValue { fetched[id] = object }
            }
        } catch {
            if error.isRetryable || error.kind == .cancelled { throw Unreachable(error: error) }
            if error.isAuthenticationFailure { throw error }
            for index in batch { Self.fail(&run.rows[index], error.description) }
            return
        }
        var sending: [(index: Int, before: JSONValue, after: JSONValue)] = []
        for index in batch {
            guard let object = try fetched[run.variationID(index)] else {
                Self.fail(&run.rows[index], Self.goneMessage)
                continue
            }
            if let after = Self.prepare(&run.rows[index], fetched: object, field: run.field) {
                sending.append((index, object, after))
            }
        }
        guard !sending.isEmpty else {
            try await database.recordWrite(objects: Array(fetched.values), history: [])
            return
        }
        try await afterBatchRetrieve?(sending.map { try run.variationID($0.index) })
        let objects = sending.map(\.after)
        let answer: BatchUpsertResult
        do {
            answer = try await run.client.batchUpsertCatalogObjects(
                batches: [objects], idempotencyKey: Self.idempotencyKey(run.keyPrefix, objects))
        } catch {
            if error.isRetryable || error.kind == .cancelled { throw Unreachable(error: error) }
            if error.isAuthenticationFailure { throw error }
            // A stale version (someone else wrote meanwhile) or one bad object: settle them one by one.
            for entry in sending { try await applyOne(entry.index, run: &run) }
            return
        }
        try await record(sending.map { ($0.index, $0.before) }, answer: answer.objects, run: &run)
    }

    /// Stores Square's answer and one history row per changed price, and marks the rows updated.
    func record(_ sent: [(index: Int, before: JSONValue)], answer: [JSONValue], run: inout ApplyRun) async throws {
        var returned: [String: JSONValue] = [:]
        for object in answer { if let id = object["id"]?.stringValue { returned[id] = object } }
        var history: [HistoryEntry] = []
        for (index, before) in sent {
            let id = try run.variationID(index)
            let version = returned[id]?["version"]?.int64Value
            run.rows[index].status = .updated
            run.rows[index].version = version
            history.append(
                HistoryEntry(
                    at: database.clock.now().rfc3339, counter: run.counter, action: run.action,
                    objectType: "ITEM_VARIATION", objectID: id,
                    itemID: before["item_variation_data"]?["item_id"]?.stringValue ?? run.rows[index].itemID,
                    field: run.field.rawValue, oldValue: run.field.value(in: before),
                    newValue: run.rows[index].newPrice?.json, version: version,
                    source: "\(run.source) line \(run.rows[index].line)"))
        }
        try await database.recordWrite(objects: answer, history: history)
    }

    /// The fetched variation with the row's price, or nil when the row is settled (unchanged or refused).
    static func prepare(_ row: inout PriceImportRow, fetched: JSONValue, field: EditField) -> JSONValue? {
        guard fetched["type"]?.stringValue == "ITEM_VARIATION", fetched["is_deleted"]?.boolValue != true,
            let target = row.newPrice
        else {
            fail(&row, goneMessage)
            return nil
        }
        let current = field.value(in: fetched)
        // At a location with no price of its own, the base price is what it charges now.
        let currentMoney =
            current.flatMap(Money.init(json:)) ?? EditField.price.value(in: fetched).flatMap(Money.init(json:))
        row.oldPrice = currentMoney
        row.version = fetched["version"]?.int64Value
        if let currentMoney, currentMoney.currency != target.currency {
            fail(&row, "Square now prices it in \(currentMoney.currency), the file's price is in \(target.currency).")
            return nil
        }
        if field.same(current, target.json) {
            row.status = .unchanged
            row.message = "Square already has this price."
            return nil
        }
        if let baseline = row.baseline, !field.same(current, baseline) {
            row.status = .conflict
            row.message =
                "Square's price is \(currentMoney?.formatted ?? "another price") now, not the "
                + "\(baseline.flatMap(Money.init(json:))?.formatted ?? "price") the plan was made over: not changed."
            return nil
        }
        return field.setting(target.json, in: fetched)
    }

    static func fail(_ row: inout PriceImportRow, _ message: String) {
        row.status = .error
        row.message = message
    }

    static let goneMessage = "Square no longer has this variation (deleted since the last sync). Run catalog sync."

    /// A key bound to the request body: a retried identical body reuses it, a different body gets a new one.
    static func idempotencyKey(_ prefix: String, _ objects: [JSONValue]) -> String {
        let digest = SHA256.hash(data: JSONValue.array(objects).serializedBytes())
        return prefix + "-" + digest.map { byte in String(byte, radix: 16).leftPadded(to: 2) }.joined()
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
