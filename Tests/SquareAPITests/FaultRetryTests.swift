import CatalogCore
import CatalogTestSupport
import Foundation
import Sandbox
import SquareAPI
import Testing

@Suite("Retries against a faulty sandbox")
struct FaultRetryTests {
    @Test("rate limits, server errors and dropped responses are retried until every call succeeds")
    func callsSucceedDespiteFaults() async throws {
        let faults = SandboxFaults(failRate: 0.2, rateLimitEvery: 5, dropEvery: 4, seed: 7)
        try await SandboxHarness.run(seed: .synthetic(variations: 250), faults: faults) { _, client, log in
            let variations = try await SandboxHarness.listAll(client, types: ["ITEM_VARIATION"])
            #expect(Set(variations.compactMap { $0["id"]?.stringValue }).count == 250)
            var searched: [String] = []
            for try await page in client.searchAllCatalogObjects(["object_types": ["ITEM_VARIATION"], "limit": 100]) {
                searched += page.objects.compactMap { $0["id"]?.stringValue }
            }
            #expect(Set(searched).count == 250 && searched.count == 250)
            #expect(try await client.listLocations().count == 1)
            let kettle = SandboxHarness.newItem("Faulty Kettle", variations: [("One", 2500)])
            let created = try await client.upsertCatalogObject(kettle)
            let id = try #require(created.object["id"]?.stringValue)
            #expect(try await client.retrieveCatalogObject(id: id).object["item_data"]?["name"] == "Faulty Kettle")
            // The faults really happened: more exchanges than calls, with 429s, 500s among them.
            let statuses = log.all.map(\.status)
            #expect(statuses.contains(429))
            #expect(statuses.contains(500))
        }
    }

    @Test("an upsert whose response was dropped is retried with the same key and body and creates one object")
    func retriedUpsertCreatesOnce() async throws {
        try await SandboxHarness.run(seed: .none) { server, client, log in
            await server.setFaults(SandboxFaults(dropEvery: 2))
            _ = try await client.listLocations()  // response 1 arrives; response 2 (the upsert) is dropped
            let key = "retry-key-\(UUID().uuidString)"
            let result = try await client.upsertCatalogObject(
                SandboxHarness.newItem("Once Only", variations: [("Single", 100)]), idempotencyKey: key)
            await server.setFaults(SandboxFaults())

            let upserts = log.matching("POST", "/v2/catalog/object")
            #expect(upserts.count == 2)
            #expect(upserts.first?.requestBody == upserts.last?.requestBody)
            #expect(try JSONValue.parse(try #require(upserts.first?.requestBody))["idempotency_key"] == .string(key))

            let items = try await SandboxHarness.listAll(client, types: ["ITEM"])
            let named = items.filter { $0["item_data"]?["name"] == "Once Only" }
            #expect(named.count == 1)
            #expect(named.first?["id"] == result.object["id"])
            let variations = try await SandboxHarness.listAll(client, types: ["ITEM_VARIATION"])
            #expect(variations.count == 1)
        }
    }

    @Test("a 400 is not retried")
    func clientErrorsAreNotRetried() async throws {
        try await SandboxHarness.run(seed: .none) { _, client, log in
            let error = await #expect(throws: SquareError.self) {
                _ = try await client.batchRetrieveCatalogObjects(ids: Array(repeating: "X", count: 1001))
            }
            #expect(error?.status == 400)
            #expect(error?.attempts == 1)
            #expect(log.matching("POST", "/v2/catalog/batch-retrieve").count == 1)
        }
    }

    /// Runs `body` on an empty sandbox answering with `faults`, through a client that retries by `retry` and
    /// waits on the test clock it is given (each request's 10 s timeout sleeps on that clock too).
    static func onTestClock(
        retry: RetryPolicy, faults: SandboxFaults, _ body: (TestClock, SquareClient, ExchangeLog) async throws -> Void
    ) async throws {
        let clock = TestClock()
        try await SandboxHarness.run(seed: .none, requestTimeout: 10, retry: retry, clock: clock) {
            server, client, log in
            await server.setFaults(faults)
            try await body(clock, client, log)
        }
    }

    @Test("Retry-After from a 429 is honoured before the retry, on the client's clock")
    func honoursRetryAfter() async throws {
        let retry = RetryPolicy(maxAttempts: 3, initialDelay: 0.01, maxDelay: 0.5)
        try await Self.onTestClock(retry: retry, faults: SandboxFaults(rateLimitEvery: 2)) { clock, client, log in
            _ = try await client.catalogInfo()  // request 1 passes
            let call = Task { try await client.catalogInfo() }  // request 2 gets 429 with Retry-After: 1
            // The wait is the server's second, not the policy's 0.01 s (each request's 10 s timeout also
            // sleeps on this clock, and is never reached).
            let wait = await clock.nextSleep { $0 != .seconds(10) }
            #expect(wait == .seconds(1))
            clock.advance(by: .milliseconds(999))
            try await Task.sleep(for: .milliseconds(50))
            #expect(log.matching("GET", "/v2/catalog/info").count == 2, "no retry before the second is up")
            clock.advance(by: .milliseconds(1))
            _ = try await call.value  // request 3 passes
            #expect(log.matching("GET", "/v2/catalog/info").count == 3)
        }
    }

    @Test("retries back off within the policy's ceilings, on the client's clock")
    func backOffOnTheClock() async throws {
        let retry = RetryPolicy(maxAttempts: 6, initialDelay: 0.25, maxDelay: 8)
        try await Self.onTestClock(retry: retry, faults: SandboxFaults(failRate: 1)) { clock, client, log in
            let call = failure { () throws(SquareError) in _ = try await client.catalogInfo() }
            // Five waits, each at most its ceiling (0.25, 0.5, 1, 2, 4 s), each ended by the test.
            for retryNumber in 1...5 {
                let wait = try #require(await clock.nextSleep { $0 != .seconds(10) }, "wait \(retryNumber)")
                #expect(wait <= .milliseconds(Int(retry.delayCeiling(beforeRetry: retryNumber) * 1000)))
                #expect(log.matching("GET", "/v2/catalog/info").count == retryNumber)
                clock.advance(by: wait)
            }
            let error = await call.value
            #expect(error?.attempts == 6)
            #expect(error?.status == 500)
            #expect(log.matching("GET", "/v2/catalog/info").count == 6)
        }
    }
}
