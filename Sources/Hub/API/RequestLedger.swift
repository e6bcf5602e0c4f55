import CatalogApp
import CatalogCore
import Store

/// The hub's answers to changes asked for under a request id (the `Idempotency-Key` header, kept per device
/// by `ChangesOnce`, or `request_id` in a body), so a change is safe to retry: the same id again gets the
/// first answer again (`repeated: true`), also while the first is still being worked on and after a restart,
/// and is never done twice. An id used again for another route is refused. A change that failed with an
/// error is not kept: it changed nothing, and may be tried again. Answers are kept 24 hours.
actor RequestLedger {
    typealias Result = (status: Int, answer: JSONValue)

    /// How long an answer is kept: a repeat later than this is a new request.
    static let kept: Int64 = 24 * 3600

    let database: CatalogDatabase
    /// Repeats waiting for the first request with their id to be answered.
    private var waiting: [String: [CheckedContinuation<Result, any Error>]] = [:]
    /// When answers older than `kept` were last forgotten (seconds).
    private var prunedAt: Int64?

    init(database: CatalogDatabase) {
        self.database = database
    }

    /// The answer to request `id` on `route`: the one kept, else `body`'s, kept. `field` names where the id
    /// came from, for the refusal of one a request cannot carry; `scope` (a device's) is kept before it, so
    /// two devices' ids never meet.
    nonisolated func once(
        id: String, scope: String = "", route: String, field: String = "\"request_id\"",
        _ body: () async throws -> Result
    ) async throws -> Result {
        try Self.check(id, field: field)
        let id = scope + id
        if let answered = try await claim(id: id, route: route) { return answered }
        do {
            let result = try await body()
            try await finish(id: id, route: route, with: .success(result))
            return result
        } catch {
            try? await finish(id: id, route: route, with: .failure(error))
            throw error
        }
    }

    /// nil when the request is this caller's to do (it is then in flight); else the first answer, waited
    /// for while it is still being worked on.
    private func claim(id: String, route: String) async throws -> Result? {
        if waiting[id] != nil {
            return Self.repeated(try await withCheckedThrowingContinuation { waiting[id, default: []].append($0) })
        }
        // In flight from here, so a repeat arriving while the kept answers are read waits for this one.
        waiting[id] = []
        let kept: HubRequest?
        do {
            try await prune()
            kept = try await database.hubRequest(id)
        } catch {
            resume(id, with: .failure(error))
            throw error
        }
        guard let kept else { return nil }
        let first = (kept.status, (try? JSONValue.parse(kept.answer)) ?? .null)
        resume(id, with: .success(first))
        guard kept.route == route else {
            throw AppError(
                "The request id \(Terminal.echo(id)) was already used for another change; give each change its "
                    + "own id (the same one only when sending it again).", exitCode: .dataError)
        }
        return Self.repeated(first)
    }

    /// Keeps a successful answer and hands the outcome to the repeats waiting for it.
    private func finish(id: String, route: String, with outcome: Swift.Result<Result, any Error>) async throws {
        defer { resume(id, with: outcome) }
        guard case .success(let result) = outcome else { return }
        try await database.recordHubRequest(
            HubRequest(
                requestID: id, route: route, status: result.status, answer: result.answer.jsonString,
                answeredAt: database.clock.now().rfc3339))
    }

    private func resume(_ id: String, with outcome: Swift.Result<Result, any Error>) {
        for waiter in waiting.removeValue(forKey: id) ?? [] { waiter.resume(with: outcome) }
    }

    /// Forgets answers older than `kept`, at most once a minute.
    private func prune() async throws {
        let now = database.clock.now().seconds
        if let prunedAt, now - prunedAt < 60 { return }
        prunedAt = now
        try await database.forgetHubRequests(answeredBefore: Timestamp(seconds: now - Self.kept))
    }

    private static func repeated(_ result: Result) -> Result {
        var answer = result.answer
        if case .object = answer { answer["repeated"] = true }
        return (result.status, answer)
    }

    /// Refuses an id a request cannot carry (empty, over 100 characters, a control character); `field` names
    /// where it came from.
    static func check(_ id: String, field: String = "\"request_id\"") throws {
        guard !id.trimmingCharacters(in: .whitespaces).isEmpty, id.count <= 100 else {
            throw AppError("\(field) must be 1 to 100 characters, such as a UUID.", exitCode: .usage)
        }
        do {
            try AppError.refuseControlCharacters(in: id, field: field)
        } catch let error as AppError {
            throw AppError(error.description, exitCode: .usage)
        }
    }
}
