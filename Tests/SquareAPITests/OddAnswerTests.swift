import CatalogCore
import Foundation
import SquareAPI
import Testing

@Suite("Answers the sandbox never gives")
struct OddAnswerTests {
    static let token = "scripted-secret-token"
    static let quickRetry = RetryPolicy(maxAttempts: 4, initialDelay: 0.01, maxDelay: 0.02)

    func client(_ server: ScriptedServer, retry: RetryPolicy = quickRetry) -> SquareClient {
        SquareClient(
            configuration: SquareClientConfiguration(baseURL: server.url, accessToken: Self.token, retry: retry))
    }

    @Test("a 200 whose body is not JSON is retried, and the next good answer is returned")
    func nonJSONThenGood() async throws {
        let server = try ScriptedServer(responses: [
            ScriptedServer.response("200 OK", body: "<html>proxy error</html>"),
            ScriptedServer.response("200 OK", body: #"{"locations":[{"id":"L1","name":"Shop"}]}"#),
        ])
        defer { server.stop() }
        let locations = try await client(server).listLocations()
        #expect(locations == [["id": "L1", "name": "Shop"]])
        #expect(server.requestCount == 2)
        let head = try #require(server.heads.first)
        #expect(head.hasPrefix("GET /v2/locations HTTP/1.1"))
        #expect(head.contains("Authorization: Bearer \(Self.token)"))
        #expect(head.contains("Square-Version: 2025-08-20"))
        #expect(head.contains("Accept: application/json"))
    }

    @Test("a 200 {} from something that is not Square (no Square-Version echo) is never taken as a write done")
    func emptySuccessFromElsewhere() async throws {
        let server = try ScriptedServer(responses: [ScriptedServer.response("200 OK", body: "{}", fromSquare: false)])
        defer { server.stop() }
        let noRetry = RetryPolicy(maxAttempts: 1)
        for call in Self.writes {
            let error = await #expect(throws: SquareError.self) { try await call(client(server, retry: noRetry)) }
            #expect(error?.kind == .badResponse)
            #expect(error?.isRetryable == true)
            #expect(error?.description.contains("Square-Version") == true)
        }
    }

    @Test("a 200 {} with Square's header still fails every write: each answer must hold what was written")
    func emptySuccessFromSquare() async throws {
        let server = try ScriptedServer(responses: [ScriptedServer.response("200 OK", body: "{}")])
        defer { server.stop() }
        let noRetry = RetryPolicy(maxAttempts: 1)
        for call in Self.writes {
            let error = await #expect(throws: SquareError.self) { try await call(client(server, retry: noRetry)) }
            #expect(error?.kind == .badResponse)
            #expect(error?.description.contains("the answer has no") == true)
        }
    }

    /// One call of every write endpoint the tool uses.
    static let writes: [@Sendable (SquareClient) async throws -> Void] = [
        { _ = try await $0.upsertCatalogObject(["type": "ITEM", "id": "#new", "item_data": ["name": "Tea"]]) },
        {
            _ = try await $0.batchUpsertCatalogObjects(batches: [
                [["type": "ITEM", "id": "#new", "item_data": ["name": "Tea"]]]
            ])
        },
        {
            _ = try await $0.batchCreateInventoryChanges(
                idempotencyKey: "k",
                changes: [["type": "ADJUSTMENT", "adjustment": ["catalog_object_id": "V1", "quantity": "1"]]])
        },
    ]

    @Test("a 2xx that never becomes JSON ends as badResponse after every attempt")
    func alwaysNonJSON() async throws {
        let server = try ScriptedServer(responses: [ScriptedServer.response("200 OK", body: "not json")])
        defer { server.stop() }
        let error = await #expect(throws: SquareError.self) { _ = try await client(server).catalogInfo() }
        #expect(error?.kind == .badResponse)
        #expect(error?.attempts == 4)
        #expect(server.requestCount == 4)
    }

    @Test("a 503 with an HTTP-date Retry-After and no JSON body is retried, then reported plainly")
    func serverErrorWithoutBody() async throws {
        let date = "Thu, 01 Jan 1970 00:00:00 GMT"
        let server = try ScriptedServer(responses: [
            ScriptedServer.response("503 Service Unavailable", headers: ["Retry-After: \(date)"], body: "busy")
        ])
        defer { server.stop() }
        let error = await #expect(throws: SquareError.self) {
            _ = try await client(server).searchCatalogObjects(["object_types": ["ITEM"]])
        }
        let failure = try #require(error)
        #expect(failure.status == 503)
        #expect(failure.attempts == 4)
        #expect(failure.errors.isEmpty)
        #expect(
            failure.description
                == "Square failed with a server error at \(server.url.absoluteString)/v2/catalog/search (HTTP 503) "
                + "after 4 attempts. Try again later.")
        #expect(!failure.description.contains(Self.token))
    }

    @Test("Square's errors array is read from a 400 and not retried")
    func badRequest() async throws {
        let body =
            #"{"errors":[{"category":"INVALID_REQUEST_ERROR","code":"INVALID_VALUE","detail":"Bad id.","#
            + #""field":"object_ids"}]}"#
        let server = try ScriptedServer(responses: [ScriptedServer.response("400 Bad Request", body: body)])
        defer { server.stop() }
        let error = await #expect(throws: SquareError.self) {
            _ = try await client(server).batchDeleteCatalogObjects(ids: ["nope"])
        }
        let expected = SquareAPIError(
            category: "INVALID_REQUEST_ERROR", code: "INVALID_VALUE", detail: "Bad id.", field: "object_ids")
        #expect(error?.errors == [expected])
        #expect(error?.attempts == 1)
        #expect(error?.description.contains("(400 INVALID_VALUE: Bad id, field object_ids)") == true)
    }
}
