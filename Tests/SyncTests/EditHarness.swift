import CatalogCore
import Foundation
import SquareAPI
import Store
import Sync

extension SyncHarness {
    /// An editor over the harness's database and client, as counter `till-1`.
    var editor: Editor { Editor(database: database, client: client, counter: "till-1") }

    /// Creates an item carrying fields this tool does not model, with three variations, and syncs it.
    /// Returns the server's item (variations inline).
    func createRichItem() async throws -> JSONValue {
        func variation(_ id: String, _ name: String, _ amount: Int, _ sku: String, _ upc: String) -> JSONValue {
            [
                "type": "ITEM_VARIATION", "id": .string(id), "present_at_all_locations": true,
                "custom_attribute_values": ["Square:batch": ["name": "Batch", "string_value": .string("B-\(sku)")]],
                "item_variation_data": [
                    "item_id": "#rich", "name": .string(name), "sku": .string(sku), "upc": .string(upc),
                    "pricing_type": "FIXED_PRICING", "price_money": ["amount": .int(amount), "currency": "USD"],
                    "track_inventory": true, "sellable": true, "stockable": true,
                    "location_overrides": [
                        [
                            "location_id": "L1", "track_inventory": true, "inventory_alert_type": "LOW_QUANTITY",
                            "inventory_alert_threshold": 3,
                        ]
                    ],
                    "item_option_values": [
                        ["item_option_id": "OPT-SIZE", "item_option_value_id": .string("OPT-\(name)")]
                    ],
                    "a_future_variation_field": ["weights": [.number("1.250"), .number("2.50")], "flag": nil],
                ],
            ]
        }
        let item: JSONValue = [
            "type": "ITEM", "id": "#rich", "present_at_all_locations": true,
            "custom_attribute_values": ["Square:origin": ["name": "Origin", "string_value": "Portugal"]],
            "item_data": [
                "name": "Ceramic Mug", "description": "Hand-made & glazed",
                "description_html": "<p>Hand-made &amp; glazed</p>", "description_plaintext": "Hand-made & glazed",
                "abbreviation": "MUG", "product_type": "REGULAR", "skip_modifier_screen": false,
                "item_options": [["item_option_id": "OPT-SIZE"]],
                "ecom_visibility": "VISIBLE", "ecom_uri": "https://shop.example/mug", "ecom_available": true,
                "channels": ["CH1", "CH2"],
                "a_future_item_field": ["nested": ["deep": [1, 2, 3]], "ratio": .number("0.10")],
                "variations": [
                    variation("#rich-s", "Small", 1200, "MUG-S", "012345678905"),
                    variation("#rich-m", "Medium", 1400, "MUG-M", "4006381333931"),
                    variation("#rich-l", "Large", 1600, "MUG-L", "9780306406157"),
                ],
            ],
        ]
        let result = try await client.upsertCatalogObject(item)
        _ = try await engine.run()
        return try await client.retrieveCatalogObject(id: result.object["id"]!.stringValue!).object
    }

    /// The ids of the rich item's Small, Medium and Large variations, in that order.
    static func variationIDs(of item: JSONValue) -> [String] {
        let list = item["item_data"]?["variations"]?.arrayValue ?? []
        return ["Small", "Medium", "Large"].compactMap { name in
            list.first { $0["item_variation_data"]?["name"]?.stringValue == name }?["id"]?.stringValue
        }
    }
}

/// Removes what every write changes (versions, `updated_at`) and the named paths, at any depth of an
/// item and its nested variations, so two copies of an object can be compared for "nothing else changed".
func withoutVolatile(_ object: JSONValue, removing paths: [[String]] = []) -> JSONValue {
    var object = object
    for path in paths { object = removing(path, from: object) }
    switch object {
    case .object(let members):
        var copy = JSONObject()
        for (key, value) in members where key != "version" && key != "updated_at" {
            copy[key] = withoutVolatile(value, removing: paths)
        }
        return .object(copy)
    case .array(let elements):
        return .array(elements.map { withoutVolatile($0, removing: paths) })
    default:
        return object
    }
}

private func removing(_ path: [String], from object: JSONValue) -> JSONValue {
    guard let first = path.first, case .object(var members) = object else { return object }
    if path.count == 1 {
        members[first] = nil
    } else if let inner = members[first] {
        members[first] = removing(Array(path.dropFirst()), from: inner)
    }
    return .object(members)
}
