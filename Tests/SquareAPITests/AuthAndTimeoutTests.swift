import CatalogCore
import CatalogTestSupport
import Foundation
import Sandbox
import SquareAPI
import Testing

@Suite("Authentication and timeouts against the sandbox")
struct AuthAndTimeoutTests {
    @Test("a wrong token is an authentication failure, not retried, and never shown")
    func wrongToken() async throws {
        let wrong = "EAAA-wrong-token-0123456789"
        try await SandboxHarness.run(seed: .demo, token: wrong) { _, client, log in
            let error = await #expect(throws: SquareError.self) { _ = try await client.listLocations() }
            let failure = try #require(error)
            #expect(failure.isAuthenticationFailure)
            #expect(failure.status == 401)
            #expect(failure.attempts == 1)
            #expect(log.all.count == 1)
            #expect(failure.description.hasPrefix("Square rejected the access token (401 UNAUTHORIZED)."))
            for text in [failure.description, String(describing: failure), failure.url, "\(failure.errors)"] {
                #expect(!text.contains(wrong))
                #expect(!text.contains(SandboxHarness.token))
            }
        }
    }

    /// The sandbox holds its answer for 30 s of real time; the client's 0.4 s timeout runs on the test's clock,
    /// which the test moves once the request is out: the timeout fires then, before the answer exists.
    @Test("latency above the request timeout gives timedOut, on the client's clock, while the answer is held")
    func slowServer() async throws {
        let clock = TestClock()
        try await SandboxHarness.run(
            seed: .none, faults: SandboxFaults(latencyMs: 30_000), requestTimeout: 0.4, retry: .none, clock: clock
        ) { _, client, log in
            let call = failure { () throws(SquareError) in _ = try await client.catalogInfo() }
            #expect(await clock.nextSleep() == .milliseconds(400), "the request's timeout is what it waits for")
            clock.advance(by: .milliseconds(400))
            let error = await call.value
            #expect(error?.kind == .timedOut)
            #expect(error?.attempts == 1)
            #expect(error?.isRetryable == true)
            #expect(clock.sleeps == [.milliseconds(400)], "one timeout, no retry back-off")
            #expect(log.all.isEmpty, "the sandbox had not answered yet")
        }
    }

    @Test("a slow answer within the timeout succeeds")
    func slowButInTime() async throws {
        let faults = SandboxFaults(latencyMs: 200)
        let locations = try await SandboxHarness.run(seed: .none, faults: faults, requestTimeout: 2) { _, client, _ in
            try await client.listLocations()
        }
        #expect(locations.count == 1)
    }
}
