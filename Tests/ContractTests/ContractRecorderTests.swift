import CatalogCore
import Sandbox
import SquareSchema
import Testing

/// The checks that `ContractTests` relies on do catch a broken exchange.
@Suite struct ContractRecorderTests {
    func exchange(
        _ method: String, _ path: String, query: String = "", request: String = "", status: Int = 200,
        response: String
    ) -> SandboxExchange {
        SandboxExchange(
            method: method, path: path, query: query, requestBody: Array(request.utf8), status: status,
            responseBody: Array(response.utf8))
    }

    @Test func aConformingExchangePasses() throws {
        let contract = try SquareContract.load()
        let good = exchange(
            "GET", "/v2/catalog/object/ABC", query: "include_related_objects=true",
            response: #"{"object":{"type":"ITEM","id":"ABC","version":1755698587123}}"#)
        #expect(ContractRecorder.violations(of: good, against: contract).isEmpty)
    }

    @Test func brokenExchangesAreFlagged() throws {
        let contract = try SquareContract.load()
        let stringVersion = exchange(
            "GET", "/v2/catalog/object/ABC", response: #"{"object":{"type":"ITEM","id":"ABC","version":"1"}}"#)
        #expect(
            ContractRecorder.violations(of: stringVersion, against: contract).first?.contains("$.object.version")
                == true)
        let badRequest = exchange(
            "POST", "/v2/catalog/object", request: ##"{"object":{"type":"ITEM","id":"#a"}}"##,
            response: #"{"catalog_object":{"type":"ITEM","id":"X"}}"#)
        #expect(
            ContractRecorder.violations(of: badRequest, against: contract).first?.contains(
                "required property idempotency_key is missing") == true)
        let unknownQuery = exchange("GET", "/v2/locations", query: "page=2", response: #"{"locations":[]}"#)
        #expect(ContractRecorder.violations(of: unknownQuery, against: contract).count == 1)
        let bareError = exchange("GET", "/v2/locations", status: 500, response: #"{}"#)
        #expect(
            ContractRecorder.violations(of: bareError, against: contract) == [
                "GET /v2/locations -> 500: an error response without errors"
            ])
        let unknownPath = exchange("GET", "/v2/customers", response: "{}")
        #expect(ContractRecorder.violations(of: unknownPath, against: contract).count == 1)
    }
}
