import CatalogCore
import SquareSchema

extension SandboxEngine {
    /// Square's reference without its prose (Sources/SquareSchema/square-contract.json): the constraints it
    /// states for each request body are the sandbox's first rules.
    static let reference: SquareContract = {
        do { return try SquareContract.load() } catch {
            fatalError("The embedded Square reference is broken: \(error)")
        }
    }()

    /// Older paths the sandbox also answers, and the operation they are.
    static let operationAliases: [String: String] = [
        "/v2/inventory/batch-change": "BatchChangeInventory",
        "/v2/inventory/batch-retrieve-changes": "BatchRetrieveInventoryChanges",
    ]

    /// Refuses a request body that breaks a constraint the reference states for its operation (required,
    /// lengths, minimum/maximum, enum, pattern, array sizes, types), as Square does: 400
    /// INVALID_REQUEST_ERROR with the code for the broken rule and the field it names. A body that is not
    /// JSON is left to the endpoint (BAD_REQUEST).
    func checkAgainstReference(_ request: SandboxRequest) throws(APIError) {
        guard request.method == "POST" || request.method == "PUT" else { return }
        let name =
            Self.operationAliases[request.path]
            ?? Self.reference.operation(method: request.method, path: request.path)?.name
        guard let name, let body = try? request.jsonBody() else { return }
        if let refusal = SquareRefusal.check(body, operation: name, in: Self.reference) {
            throw .invalid(refusal.code, refusal.detail, field: refusal.field)
        }
        try checkProseLimits(body, operation: name)
    }

    /// Limits the reference states only in words, on request bodies.
    private func checkProseLimits(_ body: JSONValue, operation: String) throws(APIError) {
        // CatalogQuerySet.attribute_values: "A maximum of 250 values may be searched in a request."
        if operation == "SearchCatalogObjects",
            let values = body["query"]?["set_query"]?["attribute_values"]?.arrayValue, values.count > 250
        {
            throw .invalid(
                "ARRAY_LENGTH_TOO_LONG", "A set query may search at most 250 values.",
                field: "query.set_query.attribute_values")
        }
    }

    /// `POST /v2/locations` (CreateLocation): a new location of the seller, with Square's read-only fields
    /// (id, merchant, country, currency, capabilities, created_at) those of the main location.
    func createLocation(_ request: SandboxRequest) throws(APIError) -> SandboxReply {
        let sent = try request.jsonBody()["location"] ?? [:]
        guard let main = state.locations.first else { throw .invalid("NOT_FOUND", "The seller has no location.") }
        let name = sent["name"]?.stringValue ?? "Location \(state.locations.count + 1)"
        guard !state.locations.contains(where: { $0["name"]?.stringValue == name }) else {
            throw .invalid(
                "INVALID_VALUE", "A location name must be unique within a seller account; \(name) is taken.",
                field: "location.name")
        }
        var id = ""
        repeat {
            id = String(ObjectIds.random().prefix(13))
        } while state.locations.contains { $0["id"]?.stringValue == id }
        let readOnly: Set<String> = [
            "id", "capabilities", "created_at", "merchant_id", "country", "currency", "logo_url", "pos_background_url",
            "full_format_logo_url", "tax_ids",
        ]
        var location: JSONValue = [
            "id": .string(id), "name": .string(name), "timezone": main["timezone"] ?? .null,
            "capabilities": main["capabilities"] ?? [], "status": "ACTIVE",
            "created_at": .string(SandboxTime.format(now() / 1000 * 1000)), "merchant_id": main["merchant_id"] ?? .null,
            "country": main["country"] ?? .null, "language_code": main["language_code"] ?? .null,
            "currency": main["currency"] ?? .null, "business_name": main["business_name"] ?? .null,
            "type": "PHYSICAL",
        ]
        for member in sent.objectValue ?? JSONObject() where !readOnly.contains(member.key) && !member.value.isNull {
            location[member.key] = member.value
        }
        state.locations.append(location)
        persist()
        return SandboxReply(json: ["location": location])
    }
}
