import CatalogCore
import GRDB

extension CatalogDatabase {
    /// The names a shop gives the custom attribute that says how many units a supplier's case holds (a
    /// NUMBER attribute on variations, made in Square's Dashboard), compared without regard to case.
    public static let caseSizeNames = ["case size", "units per case", "case quantity", "pack size"]

    /// How many units a case of each of `variationIDs` holds, where the shop keeps it in Square (a NUMBER
    /// custom attribute named as `caseSizeNames` says): whole numbers from 1 to 10,000; a variation without
    /// one, or with another value, is left out.
    public func caseSizes(variationIDs: [String]) async throws -> [String: Int] {
        guard !variationIDs.isEmpty else { return [:] }
        let names = Self.caseSizeNames
        return try await read { db in
            let keys = try String.fetchAll(
                db,
                sql: """
                    SELECT json ->> '$.custom_attribute_definition_data.key' FROM catalog_objects
                    WHERE type = 'CUSTOM_ATTRIBUTE_DEFINITION' AND NOT coalesce(json ->> '$.is_deleted', 0)
                        AND json ->> '$.custom_attribute_definition_data.type' = 'NUMBER'
                        AND lower(json ->> '$.custom_attribute_definition_data.name') IN (\(Self.marks(names)))
                        AND json ->> '$.custom_attribute_definition_data.key' IS NOT NULL
                    """, arguments: StatementArguments(names))
            guard !keys.isEmpty else { return [:] }
            var sizes: [String: Int] = [:]
            let rows = try Row.fetchAll(
                db,
                sql:
                    "SELECT id, json -> '$.custom_attribute_values' AS values_json FROM catalog_objects WHERE id IN (\(Self.marks(variationIDs)))",
                arguments: StatementArguments(variationIDs))
            for row in rows {
                guard let text: String = row["values_json"], let values = try? JSONValue.parse(text) else { continue }
                for key in keys {
                    guard let number = values[key]?["number_value"]?.stringValue, let size = Double(number),
                        size == size.rounded(), (1...10_000).contains(size)
                    else { continue }
                    sizes[row["id"]] = Int(size)
                    break
                }
            }
            return sizes
        }
    }
}
