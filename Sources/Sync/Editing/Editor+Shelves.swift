import CatalogCore
import SquareAPI
import Store

extension Editor {
    /// Makes sure Square holds the shelf definition of each location `edits` set a shelf place at, before
    /// a variation carries a value under its key (Square refuses a value without its definition). The one
    /// stored locally is trusted; else Square's own list is read (another counter may have made it); else it
    /// is made, under an idempotency key bound to its body, so two counters making it at once make one.
    func ensureShelfDefinitions(for edits: [FieldEdit]) async throws {
        let locations = Set(edits.compactMap { $0.field.kind == .shelf ? $0.field.location : nil })
        for location in locations.sorted() {
            let key = ShelfPlace.key(location: location)
            if try await database.customAttributeDefinition(key: key) != nil { continue }
            var held: JSONValue?
            for try await page in client.listAllCatalog(types: ["CUSTOM_ATTRIBUTE_DEFINITION"]) {
                held = page.objects.first {
                    $0["custom_attribute_definition_data"]?["key"]?.stringValue == key
                        && $0["is_deleted"]?.boolValue != true
                }
                if held != nil { break }
            }
            if held == nil {
                let name = try await database.locations().first { $0["id"]?.stringValue == location }?["name"]?
                    .stringValue
                let definition: JSONValue = [
                    "type": "CUSTOM_ATTRIBUTE_DEFINITION", "id": .string("#" + key),
                    "custom_attribute_definition_data": [
                        "type": "STRING", "key": .string(key),
                        "name": .string(ShelfPlace.definitionName(locationName: name ?? location)),
                        "description": "Where the item stands in this location (aisle, bay, shelf), set by catalog.",
                        "allowed_object_types": ["ITEM_VARIATION"],
                        "seller_visibility": "SELLER_VISIBILITY_READ_WRITE_VALUES",
                        "app_visibility": "APP_VISIBILITY_READ_ONLY",
                    ],
                ]
                // Bound to the body: two counters making the same definition share the key, and one made again
                // after Square's was deleted (a location renamed since, say) is not refused as a reused key.
                let idempotencyKey = PriceImport.idempotencyKey("catalog-" + key, [definition])
                held = try await client.upsertCatalogObject(definition, idempotencyKey: idempotencyKey).object
            }
            if let held { try await database.recordWrite(objects: [held], history: []) }
        }
    }
}
