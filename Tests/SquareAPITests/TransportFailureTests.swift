import CatalogCore
import CatalogTestSupport
import Foundation
import Testing

@testable import SquareAPI

@Suite("Transport failures")
struct TransportFailureTests {
    static let token = "EAAAl-secret-token-that-must-not-leak"

    @Test("a closed port is unreachable, retried, and the description names the URL")
    func closedPort() async throws {
        let closed = try SilentListener(listening: false)
        let retry = RetryPolicy(maxAttempts: 3, initialDelay: 0.01, maxDelay: 0.02)
        let client = SquareClient(
            configuration: SquareClientConfiguration(baseURL: closed.url, accessToken: Self.token, retry: retry))
        let error = await #expect(throws: SquareError.self) {
            _ = try await client.searchCatalogObjects(["object_types": ["ITEM"]])
        }
        let failure = try #require(error)
        #expect(failure.kind == .unreachable)
        #expect(failure.attempts == 3)
        #expect(failure.isRetryable)
        #expect(failure.url == "http://127.0.0.1:\(closed.port)/v2/catalog/search")
        #expect(failure.description.contains("http://127.0.0.1:\(closed.port)/v2/catalog/search"))
        #expect(failure.description.contains("connection refused"))
        #expect(!failure.description.contains(Self.token))
    }

    @Test("a server that never answers times out after the request timeout, on the client's clock")
    func silentServer() async throws {
        let silent = try SilentListener()
        let clock = TestClock()
        let client = SquareClient(
            configuration: SquareClientConfiguration(
                baseURL: silent.url, accessToken: Self.token, requestTimeout: 30, retry: .none, clock: clock))
        let call = failure { () throws(SquareError) in _ = try await client.catalogInfo() }
        #expect(await clock.nextSleep() == .seconds(30))
        clock.advance(by: .seconds(29))
        #expect(clock.waiting == 1, "still waiting one second before the timeout")
        clock.advance(by: .seconds(1))
        let error = await call.value
        #expect(error?.kind == .timedOut)
        #expect(error?.attempts == 1)
        #expect(error?.description.contains("did not answer") == true)
        #expect(error?.description.contains("30 s") == true, "\(error?.description ?? "")")
    }

    /// The server never answers and the client's clock never moves: only the cancellation can end the call, and
    /// it must end it without waiting out the timeout or asking for a retry's back-off.
    @Test("cancelling the calling task stops the call and its retries at once", .timeLimit(.minutes(1)))
    func cancellation() async throws {
        let silent = try SilentListener()
        let clock = TestClock()
        let client = SquareClient(
            configuration: SquareClientConfiguration(
                baseURL: silent.url, accessToken: Self.token, requestTimeout: 20, clock: clock))
        let task = failure { () throws(SquareError) in _ = try await client.listLocations() }
        #expect(await clock.nextSleep() == .seconds(20), "the request is out, waiting for its answer or timeout")
        task.cancel()
        let error = await task.value
        #expect(error?.kind == .cancelled)
        #expect(error?.attempts == 1)
        #expect(clock.sleeps == [.seconds(20)], "no retry was waited for")
        #expect(clock.waiting == 0, "the timeout's wait ended with the call")
        #expect(clock.uptime() == .zero, "no time passed on the client's clock")
    }
}
