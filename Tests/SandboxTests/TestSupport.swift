import CatalogCore
import Foundation
import Sandbox
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A response as a test sees it.
struct Reply {
    let status: Int
    let json: JSONValue
    let headers: [String: String]

    /// The first error code, if the response carries errors.
    var code: String? { json["errors"]?[0]?["code"]?.stringValue }
    var objects: [JSONValue] { json["objects"]?.arrayValue ?? [] }
    func header(_ name: String) -> String? { headers.first { $0.key.lowercased() == name.lowercased() }?.value }
}

/// A bare HTTP client for the sandbox: URLSession, JSON in, JSON out.
struct Client {
    let baseURL: URL
    var token: String? = "sandbox-token"
    var squareVersion: String? = "2025-08-20"

    func send(_ method: String, _ path: String, body: [UInt8]? = nil) async throws -> Reply {
        var request = URLRequest(url: URL(string: baseURL.absoluteString + path)!)
        request.httpMethod = method
        if let token { request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization") }
        if let squareVersion { request.setValue(squareVersion, forHTTPHeaderField: "Square-Version") }
        if let body {
            request.httpBody = Data(body)
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        let session = URLSession(configuration: .ephemeral)
        defer { session.finishTasksAndInvalidate() }
        let (data, response) = try await session.data(for: request)
        let http = try #require(response as? HTTPURLResponse)
        var headers: [String: String] = [:]
        for (key, value) in http.allHeaderFields { headers["\(key)"] = "\(value)" }
        let json = data.isEmpty ? JSONValue.null : try JSONValue.parse(data)
        return Reply(status: http.statusCode, json: json, headers: headers)
    }

    func get(_ path: String) async throws -> Reply { try await send("GET", path) }
    func post(_ path: String, _ body: JSONValue) async throws -> Reply {
        try await send("POST", path, body: body.serializedBytes())
    }
    func delete(_ path: String) async throws -> Reply { try await send("DELETE", path) }

    /// Upserts one object with a fresh idempotency key and requires success.
    @discardableResult
    func upsert(_ object: JSONValue) async throws -> Reply {
        let reply = try await post(
            "/v2/catalog/object", ["idempotency_key": .string(UUID().uuidString), "object": object])
        #expect(reply.status == 200, "upsert failed: \(reply.json)")
        return reply
    }

    func retrieve(_ id: String) async throws -> Reply { try await get("/v2/catalog/object/\(id)") }

    func search(_ body: JSONValue) async throws -> Reply { try await post("/v2/catalog/search", body) }
}

/// Runs `body` against a fresh sandbox and stops it afterwards.
func withSandbox(
    _ configuration: SandboxConfiguration = SandboxConfiguration(),
    _ body: (SandboxServer, Client) async throws -> Void
) async throws {
    let server = try await SandboxServer.start(configuration)
    do {
        try await body(server, Client(baseURL: server.baseURL))
    } catch {
        await server.stop()
        throw error
    }
    await server.stop()
}

/// A new item with the given variations (names), all with `#` ids.
func newItem(_ name: String, variations: [String], tag: String = "item") -> JSONValue {
    let list: [JSONValue] = variations.enumerated().map { index, variation in
        [
            "type": "ITEM_VARIATION", "id": .string("#\(tag)-v\(index)"),
            "item_variation_data": [
                "item_id": .string("#\(tag)"), "name": .string(variation), "ordinal": .int(index + 1),
                "pricing_type": "FIXED_PRICING", "price_money": ["amount": 250, "currency": "GBP"],
            ],
        ]
    }
    return [
        "type": "ITEM", "id": .string("#\(tag)"), "item_data": ["name": .string(name), "variations": .array(list)],
    ]
}

/// The mapped id for a client id in an upsert reply.
func mapped(_ reply: Reply, _ clientId: String) -> String? {
    reply.json["id_mappings"]?.arrayValue?.first { $0["client_object_id"]?.stringValue == clientId }?["object_id"]?
        .stringValue
}

/// A sandbox clock at 2025-09-01 23:00 UTC, so the fixed 2025-09-01 times of the inventory tests are within
/// Square's 24-hour window on `occurred_at`.
var inventoryClock: Double { SandboxConfiguration.clockOffset(makingNow: "2025-09-01T23:00:00Z") }
