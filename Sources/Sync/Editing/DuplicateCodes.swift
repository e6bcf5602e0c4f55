import CatalogCore
import Store

/// The one rule for the codes this tool keeps unique although Square does not: a SKU or barcode that
/// another variation already has is refused, unless the person allows duplicates. Editing a variation
/// and creating an item both ask here.
public struct DuplicateCodes: Sendable {
    public let database: CatalogDatabase
    /// Whether a code another variation has is allowed anyway (`--allow-duplicate`).
    public var allowed: Bool

    public init(database: CatalogDatabase, allowed: Bool) {
        self.database = database
        self.allowed = allowed
    }

    /// The variation other than `variationID` that has the SKU `sku` (compared as SKUs are), or nil when
    /// none has it or duplicates are allowed.
    public func holder(ofSKU sku: String, other variationID: String? = nil) async throws -> VariationSummary? {
        guard !allowed else { return nil }
        return try await database.variations(sku: sku).first { $0.variationID != variationID }
    }

    /// The variation other than `variationID` that has the barcode `barcode` in any spelling, or nil when
    /// none has it or duplicates are allowed.
    public func holder(ofBarcode barcode: Barcode, other variationID: String? = nil) async throws
        -> VariationSummary?
    {
        guard !allowed else { return nil }
        return try await database.variations(gtins: [barcode.gtin14]).first { $0.variationID != variationID }
    }
}
