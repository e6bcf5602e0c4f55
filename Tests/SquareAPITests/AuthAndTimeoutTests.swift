import CatalogCore
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

    @Test("latency above the request timeout gives timedOut without retries")
    func slowServer() async throws {
        try await SandboxHarness.run(
            seed: .none, faults: SandboxFaults(latencyMs: 1500), requestTimeout: 0.4, retry: .none
        ) { _, client, log in
            let started = ContinuousClock.now
            let error = await #expect(throws: SquareError.self) { _ = try await client.catalogInfo() }
            #expect(error?.kind == .timedOut)
            #expect(error?.attempts == 1)
            #expect(error?.isRetryable == true)
            #expect(ContinuousClock.now - started < .milliseconds(1400))
            _ = log
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
