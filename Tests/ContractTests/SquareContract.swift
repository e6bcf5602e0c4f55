import CatalogCore
import Foundation

/// The operations and schemas of Fixtures/square-contract.json (made by scripts/extract-square-schemas.py).
struct SquareContract {
    /// One Square operation: how it is called and the schemas of its request and 200 response.
    struct Operation {
        let method: String
        let path: String
        let request: String?
        let response: String
        /// The names of the query parameters the operation declares.
        let queryParameters: Set<String>
    }

    let operations: [String: Operation]
    let validator: SchemaValidator

    static func load() throws -> SquareContract {
        guard let url = Bundle.module.url(forResource: "Fixtures/square-contract", withExtension: "json") else {
            throw ContractFixtureError(reason: "Fixtures/square-contract.json is not in the test bundle")
        }
        let document = try JSONValue.parse(try Data(contentsOf: url))
        var schemas: [String: JSONValue] = [:]
        for member in document["schemas"]?.objectValue ?? JSONObject() { schemas[member.key] = member.value }
        var operations: [String: Operation] = [:]
        for member in document["operations"]?.objectValue ?? JSONObject() {
            guard let method = member.value["method"]?.stringValue, let path = member.value["path"]?.stringValue,
                let response = member.value["response"]?.stringValue
            else { throw ContractFixtureError(reason: "operation \(member.key) is incomplete") }
            let query = (member.value["parameters"]?.arrayValue ?? [])
                .filter { $0["in"]?.stringValue == "query" }
                .compactMap { $0["name"]?.stringValue }
            operations[member.key] = Operation(
                method: method, path: path, request: member.value["request"]?.stringValue, response: response,
                queryParameters: Set(query))
        }
        return SquareContract(operations: operations, validator: SchemaValidator(schemas: schemas))
    }

    /// The operation a request with `method` and URL path `path` calls, matching `{placeholders}`.
    func operation(method: String, path: String) -> (name: String, operation: Operation)? {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        for (name, operation) in operations where operation.method == method.uppercased() {
            let pattern = operation.path.split(separator: "/", omittingEmptySubsequences: false)
            guard pattern.count == parts.count else { continue }
            if zip(pattern, parts).allSatisfy({ $0.hasPrefix("{") || $0 == $1 }) { return (name, operation) }
        }
        return nil
    }
}

/// The contract fixture could not be read; run scripts/extract-square-schemas.py to rebuild it.
struct ContractFixtureError: Error, CustomStringConvertible {
    let reason: String
    var description: String { "\(reason). Run scripts/extract-square-schemas.py to rebuild the fixture." }
}
