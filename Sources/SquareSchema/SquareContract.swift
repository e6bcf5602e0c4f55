import CatalogCore

/// The operations and schemas of square-contract.json, the description-free extract of Square's OpenAPI
/// reference that scripts/extract-square-schemas.py writes next to this file (embedded in the module).
public struct SquareContract: Sendable {
    /// One Square operation: how it is called and the schemas of its request and 200 response.
    public struct Operation: Sendable {
        public let method: String
        public let path: String
        public let request: String?
        public let response: String
        /// The names of the query parameters the operation declares.
        public let queryParameters: Set<String>
    }

    public let operations: [String: Operation]
    public let validator: SchemaValidator

    /// The extract embedded in this module, parsed once.
    static let embedded: Result<SquareContract, ContractFixtureError> = Result {
        try parse(PackageResources.square_contract_json)
    }.mapError { $0 as? ContractFixtureError ?? ContractFixtureError(reason: "\($0)") }

    /// The embedded extract; throws when it cannot be read.
    public static func load() throws -> SquareContract { try embedded.get() }

    /// Reads an extract written by scripts/extract-square-schemas.py.
    public static func parse(_ bytes: [UInt8]) throws -> SquareContract {
        let document: JSONValue
        do { document = try JSONValue.parse(bytes) } catch {
            throw ContractFixtureError(reason: "square-contract.json is not JSON: \(error)")
        }
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
    public func operation(method: String, path: String) -> (name: String, operation: Operation)? {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        for (name, operation) in operations.sorted(by: { $0.key < $1.key })
        where operation.method == method.uppercased() {
            let pattern = operation.path.split(separator: "/", omittingEmptySubsequences: false)
            guard pattern.count == parts.count else { continue }
            if zip(pattern, parts).allSatisfy({ $0.hasPrefix("{") || $0 == $1 }) { return (name, operation) }
        }
        return nil
    }
}

/// The contract extract could not be read; run scripts/extract-square-schemas.py to rebuild it. (Not public:
/// it is a build fault, never something a user of the tool sees.)
struct ContractFixtureError: Error, CustomStringConvertible, Sendable {
    let reason: String
    var description: String { "\(reason). Run scripts/extract-square-schemas.py to rebuild the extract." }
}
