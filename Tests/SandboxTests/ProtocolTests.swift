import CatalogCore
import Foundation
import Testing

@testable import Sandbox

@Suite("Idempotency, auth, headers and the write slot")
struct ProtocolTests {
    @Test("same key and body replays the stored answer; same key, other body is IDEMPOTENCY_KEY_REUSED")
    func idempotency() async throws {
        try await withSandbox { _, client in
            let body: JSONValue = ["idempotency_key": "key-1", "object": newItem("Glue", variations: ["50 ml"])]
            let first = try await client.post("/v2/catalog/object", body)
            let again = try await client.post("/v2/catalog/object", body)
            #expect(first.status == 200 && again.status == 200)
            #expect(first.json == again.json)
            #expect(try await client.get("/v2/catalog/list?types=ITEM").objects.count == 1)
            let other: JSONValue = ["idempotency_key": "key-1", "object": newItem("Tape", variations: ["5 m"])]
            let reused = try await client.post("/v2/catalog/object", other)
            #expect(reused.status == 400 && reused.code == "IDEMPOTENCY_KEY_REUSED")
            for key in ["", String(repeating: "k", count: 129)] {
                let bad = try await client.post(
                    "/v2/catalog/object", ["idempotency_key": .string(key), "object": newItem("X", variations: ["Y"])])
                #expect(bad.status == 400)
            }
            let longest: JSONValue = [
                "idempotency_key": .string(String(repeating: "k", count: 128)),
                "object": newItem("Z", variations: ["Y"]),
            ]
            #expect(try await client.post("/v2/catalog/object", longest).status == 200)
        }
    }

    @Test("no or wrong token is 401 UNAUTHORIZED")
    func auth() async throws {
        try await withSandbox { server, client in
            var anonymous = client
            anonymous.token = nil
            let missing = try await anonymous.get("/v2/catalog/list")
            #expect(missing.status == 401 && missing.code == "UNAUTHORIZED")
            #expect(missing.json["errors"]?[0]?["category"] == "AUTHENTICATION_ERROR")
            var wrong = client
            wrong.token = "not-the-token"
            #expect(try await wrong.get("/v2/locations").status == 401)
            let body = String(decoding: missing.json.serializedBytes(), as: UTF8.self)
            #expect(!body.contains("sandbox-token"))
            _ = server
        }
    }

    @Test("Square-Version is echoed; a malformed one is INVALID_SQUARE_VERSION_FORMAT")
    func squareVersion() async throws {
        try await withSandbox { _, client in
            var dated = client
            dated.squareVersion = "2024-01-18"
            #expect(try await dated.get("/v2/catalog/info").header("Square-Version") == "2024-01-18")
            var bad = client
            bad.squareVersion = "yesterday"
            let reply = try await bad.get("/v2/catalog/info")
            #expect(reply.status == 400 && reply.code == "INVALID_SQUARE_VERSION_FORMAT")
        }
    }

    @Test("malformed JSON is BAD_REQUEST and an unknown path is 404")
    func badRequests() async throws {
        try await withSandbox { _, client in
            let broken = try await client.send("POST", "/v2/catalog/search", body: Array("{\"limit\": ".utf8))
            #expect(broken.status == 400 && broken.code == "BAD_REQUEST")
            #expect(broken.json["errors"]?[0]?["category"] == "INVALID_REQUEST_ERROR")
            let unknown = try await client.get("/v2/catalog/nothing-here")
            #expect(unknown.status == 404 && unknown.code == "NOT_FOUND")
        }
    }

    @Test("a write that arrives while another write is in progress gets 429 RATE_LIMITED")
    func oneWriteAtATime() async throws {
        try await withSandbox { server, client in
            // The test holds the write slot itself, as a write in progress would, so nothing depends on timing.
            #expect(await server.engine.beginWrite())
            let refused = try await client.post(
                "/v2/catalog/object", ["idempotency_key": "fast", "object": newItem("Fast", variations: ["A"])])
            #expect(refused.status == 429 && refused.code == "RATE_LIMITED")
            #expect(refused.header("Retry-After") == "1")
            #expect(try await client.get("/v2/catalog/list?types=ITEM").objects.isEmpty)
            #expect(try await client.get("/v2/catalog/info").status == 200, "reads go on while a write holds the slot")
            await server.engine.endWrite()
            let retried = try await client.post(
                "/v2/catalog/object", ["idempotency_key": "fast", "object": newItem("Fast", variations: ["A"])])
            #expect(retried.status == 200)
            let items = try await client.get("/v2/catalog/list?types=ITEM")
            #expect(items.objects.map { $0["item_data"]?["name"]?.stringValue } == ["Fast"])
            #expect(await server.engine.beginWrite(), "the refused and the finished write both let the slot go")
            await server.engine.endWrite()
        }
    }
}
