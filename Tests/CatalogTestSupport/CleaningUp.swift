/// Runs `body`, then awaits `cleanUp` whether `body` returned or threw: a test's sandbox, shop or
/// harness is stopped before the test ends, instead of by a `defer { Task { ... } }` nobody waits for
/// (which, with the suite running in parallel, leaves servers running into other tests).
public func cleaningUp<T>(
    _ cleanUp: () async -> Void, isolation: isolated (any Actor)? = #isolation, _ body: () async throws -> T
) async throws -> T {
    let value: T
    do {
        value = try await body()
    } catch {
        await cleanUp()
        throw error
    }
    await cleanUp()
    return value
}
