import CatalogCore
import Foundation
import Store

/// A fresh database file in its own temporary folder.
func temporaryDatabase() throws -> CatalogDatabase {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("store-tests-\(UUID().uuidString)")
    return try CatalogDatabase(path: folder.appendingPathComponent("catalog.sqlite").path)
}

func variation(
    _ id: String, item: String, version: Int64, sku: String? = nil, upc: String? = nil, price: Int64? = 250,
    ordinal: Int64 = 1, name: String = "Regular"
) -> JSONValue {
    var data: JSONValue = ["item_id": .string(item), "name": .string(name), "ordinal": .int(ordinal)]
    if let sku { data["sku"] = .string(sku) }
    if let upc { data["upc"] = .string(upc) }
    if let price {
        data["pricing_type"] = "FIXED_PRICING"
        data["price_money"] = ["amount": .int(price), "currency": "USD"]
    } else {
        data["pricing_type"] = "VARIABLE_PRICING"
    }
    return [
        "type": "ITEM_VARIATION", "id": .string(id), "updated_at": "2026-11-23T10:00:00.000Z",
        "version": .int(version), "is_deleted": false, "present_at_all_locations": true,
        "item_variation_data": data,
    ]
}

func item(_ id: String, name: String, version: Int64, category: String? = nil, variations: [JSONValue]) -> JSONValue {
    var data: JSONValue = ["name": .string(name), "variations": .array(variations)]
    if let category {
        data["categories"] = [["id": .string(category), "ordinal": -2_251_799_813_685_248]]
        data["reporting_category"] = ["id": .string(category)]
    }
    return [
        "type": "ITEM", "id": .string(id), "updated_at": "2026-11-23T10:00:00.000Z", "version": .int(version),
        "is_deleted": false, "present_at_all_locations": true, "item_data": data,
    ]
}

func category(_ id: String, name: String, version: Int64) -> JSONValue {
    ["type": "CATEGORY", "id": .string(id), "version": .int(version), "category_data": ["name": .string(name)]]
}

func tombstone(_ id: String, type: String, version: Int64) -> JSONValue {
    [
        "type": .string(type), "id": .string(id), "version": .int(version), "is_deleted": true,
        "updated_at": "2026-11-23T11:00:00Z",
    ]
}
