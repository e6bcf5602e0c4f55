import CatalogCore
import Foundation
import Sandbox
import Synchronization
import Testing

@Suite("Fault injection")
struct FaultTests {
    @Test("failRate 1 answers 500 and writes nothing")
    func failures() async throws {
        try await withSandbox { server, client in
            await server.setFaults(SandboxFaults(failRate: 1))
            let reply = try await client.post(
                "/v2/catalog/object", ["idempotency_key": "k", "object": newItem("Lost", variations: ["A"])])
            #expect(reply.status == 500 && reply.code == "INTERNAL_SERVER_ERROR")
            #expect(try await client.get("/v2/locations").status == 500)
            await server.setFaults(SandboxFaults(failRate: 0.5, seed: 7))
            var statuses: [Int] = []
            for _ in 0..<40 { statuses.append(try await client.get("/v2/catalog/info").status) }
            #expect(statuses.contains(500) && statuses.contains(200))
            await server.setFaults(SandboxFaults(failRate: 0.5, seed: 7))
            var again: [Int] = []
            for _ in 0..<40 { again.append(try await client.get("/v2/catalog/info").status) }
            #expect(again == statuses)
            await server.setFaults(SandboxFaults())
            #expect(try await client.get("/v2/catalog/list").objects.isEmpty)
        }
    }

    @Test("rateLimitEvery answers every Nth request 429 with Retry-After: 1")
    func rateLimit() async throws {
        try await withSandbox(SandboxConfiguration(faults: SandboxFaults(rateLimitEvery: 3))) { _, client in
            var statuses: [Int] = []
            var retryAfter: [String?] = []
            for _ in 0..<6 {
                let reply = try await client.get("/v2/catalog/info")
                statuses.append(reply.status)
                retryAfter.append(reply.header("Retry-After"))
                if reply.status == 429 { #expect(reply.code == "RATE_LIMITED") }
            }
            #expect(statuses == [200, 200, 429, 200, 200, 429])
            #expect(retryAfter[2] == "1" && retryAfter[0] == nil)
        }
    }

    @Test("latencyMs delays every response")
    func latency() async throws {
        try await withSandbox(SandboxConfiguration(faults: SandboxFaults(latencyMs: 300))) { _, client in
            let clock = ContinuousClock()
            let start = clock.now
            let reply = try await client.get("/v2/catalog/info")
            #expect(reply.status == 200)
            #expect(clock.now - start >= .milliseconds(300))
        }
    }

    @Test("dropEvery truncates the response; the write was whole and a retry replays it")
    func drops() async throws {
        let exchanges = Mutex<[SandboxExchange]>([])
        let configuration = SandboxConfiguration(onExchange: { exchange in exchanges.withLock { $0.append(exchange) } })
        try await withSandbox(configuration) { server, client in
            await server.setFaults(SandboxFaults(dropEvery: 1))
            let body: JSONValue = ["idempotency_key": "drop-1", "object": newItem("Dropped", variations: ["A", "B"])]
            await #expect(throws: (any Error).self) { try await client.post("/v2/catalog/object", body) }
            await #expect(throws: (any Error).self) { try await client.get("/v2/catalog/info") }
            await server.setFaults(SandboxFaults())
            let retry = try await client.post("/v2/catalog/object", body)
            #expect(retry.status == 200)
            let items = try await client.search(["object_types": ["ITEM", "ITEM_VARIATION"]])
            #expect(items.objects.count == 3)
            #expect(mapped(retry, "#item") == items.objects.first { $0["type"] == "ITEM" }?["id"]?.stringValue)
        }
        let recorded = exchanges.withLock { $0 }
        #expect(recorded.count == 4)
        #expect(recorded.first?.path == "/v2/catalog/object" && recorded.first?.status == 200)
        #expect(recorded.first?.responseBody == recorded[2].responseBody)
        #expect(recorded.last?.query == "")
    }
}
