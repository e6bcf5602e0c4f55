import CatalogApp
import CatalogCore
import Store

/// The hub's answers to changes asked for under a request id (`request_id` in the body), so a change is
/// safe to retry: the same id again gets the first answer again (`repeated: true`), also while the first is
/// still being worked on and after a restart, and is never done twice. An id used again for another route
/// is refused. A change that failed with an error is not kept: it changed nothing, and may be tried again.
actor RequestLedger {
    let database: CatalogDatabase
    private var inFlight: [String: Task<(status: Int, answer: JSONValue), any Error>] = [:]

    init(database: CatalogDatabase) {
        self.database = database
    }

    /// The answer to request `id` on `route`: the one kept, else `body`'s, kept.
    func once(
        id: String, route: String, _ body: @escaping @Sendable () async throws -> (status: Int, answer: JSONValue)
    ) async throws -> (status: Int, answer: JSONValue) {
        try Self.check(id)
        if let first = inFlight[id] { return Self.repeated(try await first.value) }
        if let kept = try await database.hubRequest(id) {
            guard kept.route == route else {
                throw AppError(
                    "The request id \(Terminal.echo(id)) was already used for another change; give each change its "
                        + "own id (the same one only when sending it again).", exitCode: .dataError)
            }
            return Self.repeated((kept.status, (try? JSONValue.parse(kept.answer)) ?? .null))
        }
        let work = Task { try await body() }
        inFlight[id] = work
        defer { inFlight[id] = nil }
        let result = try await work.value
        try await database.recordHubRequest(
            HubRequest(
                requestID: id, route: route, status: result.status, answer: result.answer.jsonString,
                answeredAt: database.clock.now().rfc3339))
        return result
    }

    private static func repeated(_ result: (status: Int, answer: JSONValue)) -> (status: Int, answer: JSONValue) {
        var answer = result.answer
        if case .object = answer { answer["repeated"] = true }
        return (result.status, answer)
    }

    /// Refuses an id a request cannot carry (empty, over 100 characters, a control character).
    static func check(_ id: String) throws {
        guard !id.trimmingCharacters(in: .whitespaces).isEmpty, id.count <= 100 else {
            throw AppError("\"request_id\" must be 1 to 100 characters, such as a UUID.", exitCode: .usage)
        }
        do {
            try AppError.refuseControlCharacters(in: id, field: "\"request_id\"")
        } catch let error as AppError {
            throw AppError(error.description, exitCode: .usage)
        }
    }
}
