import CatalogCore
import SquareAPI
import Store

extension PriceImport {
    /// Settles one row on its own after its batch was refused: retrieve, compare, set, upsert, up to
    /// `attemptsPerObject` times while Square reports a version conflict.
    func applyOne(_ index: Int, run: inout ApplyRun) async throws {
        let id = try run.variationID(index)
        for attempt in 1...Self.attemptsPerObject {
            let fetched: JSONValue
            do {
                fetched = try await run.client.retrieveCatalogObject(id: id).object
            } catch {
                if error.isRetryable || error.kind == .cancelled { throw Unreachable(error: error) }
                if error.isAuthenticationFailure { throw error }
                Self.fail(&run.rows[index], error.status == 404 ? Self.goneMessage : error.description)
                return
            }
            guard let after = Self.prepare(&run.rows[index], fetched: fetched, field: run.field) else {
                if run.rows[index].status == .unchanged {
                    try await database.recordWrite(objects: [fetched], history: [])
                }
                return
            }
            do {
                let answer = try await run.client.upsertCatalogObject(
                    after, idempotencyKey: Self.idempotencyKey("prices-one", [after]))
                try await record([(index, fetched)], answer: [answer.object], run: &run)
                return
            } catch let error as SquareError {
                if error.isRetryable || error.kind == .cancelled { throw Unreachable(error: error) }
                if error.isAuthenticationFailure { throw error }
                guard error.isVersionMismatch, attempt < Self.attemptsPerObject else {
                    Self.fail(&run.rows[index], error.description)
                    return
                }
            }
        }
    }
}
