import CatalogCore
import Sandbox
import SquareSchema
import Testing

/// The conformance suite generated from Square's reference: for every constraint the reference states on a
/// request the product sends, one request that breaks it is refused as Square refuses it (400,
/// INVALID_REQUEST_ERROR, the code for the rule, the field), and one exactly at the limit is not refused
/// for it.
@Suite struct ReferenceConformanceTests {
    static let contract: SquareContract = {
        do { return try SquareContract.load() } catch { fatalError("\(error)") }
    }()

    /// The operations with a request body.
    static let operations: [String] = contract.operations.filter { $0.value.request != nil }.keys.sorted()

    @Test("every operation with a body has cases, and every keyword the reference uses is covered")
    func theWalkFindsTheConstraints() {
        let generator = ReferenceCases(contract: Self.contract)
        var keywords = Set<String>()
        var total = 0
        for name in Self.operations {
            let cases = generator.cases(for: name)
            total += cases.count
            keywords.formUnion(cases.map(\.keyword))
        }
        #expect(total > 300)
        #expect(
            keywords.isSuperset(of: ["required", "maxLength", "minLength", "maximum", "minimum", "enum", "pattern"]))
        let changes = generator.cases(for: "BatchChangeInventory").map(\.description)
        #expect(changes.contains("BatchChangeInventory changes[0].adjustment.occurred_at maxLength"))
        #expect(changes.contains("BatchChangeInventory idempotency_key required"))
    }

    @Test(
        "each constraint: broken is refused with Square's shape and field, at the limit it is not",
        arguments: operations)
    func conformance(_ operation: String) async throws {
        let cases = ReferenceCases(contract: Self.contract).cases(for: operation)
        try await withSandbox(SandboxConfiguration(seed: .demo)) { _, client in
            for item in cases {
                let refused = try await client.post(item.path, item.breaking)
                #expect(refused.status == 400, "\(item): \(refused.json)")
                let error = refused.json["errors"]?[0]
                #expect(error?["category"] == "INVALID_REQUEST_ERROR", "\(item)")
                #expect(error?["code"]?.stringValue == item.code, "\(item): \(refused.json)")
                #expect(error?["field"]?.stringValue == item.field, "\(item): \(refused.json)")
                let detail = error?["detail"]?.stringValue ?? ""
                #expect(detail.count > 0, "\(item)")
                let accepted = try await client.post(item.path, item.atLimit)
                let sameRule = (accepted.json["errors"]?.arrayValue ?? []).contains {
                    $0["code"]?.stringValue == item.code && $0["field"]?.stringValue == item.field
                }
                #expect(!sameRule, "\(item) at its limit: \(accepted.json)")
            }
        }
    }
}
