import CatalogCore
import Store

extension ItemCreator {
    /// Checks `draft` against the local catalog and builds the batch, without sending anything.
    ///
    /// Refuses an empty name, no variations, unknown categories (unless creating them is allowed), and a SKU
    /// or barcode that another variation, in the catalog or in the draft, already has (unless duplicates
    /// are allowed; repeats inside the draft are always refused).
    public func plan(_ draft: ItemDraft) async throws -> ItemPlan {
        let name = draft.name.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !name.isEmpty else { throw ItemCreationError.emptyName }
        guard !draft.variations.isEmpty else { throw ItemCreationError.noVariations }
        try await checkCodes(draft)
        let categories = try await CategoryResolver(database: database)
            .resolve(draft.categories, create: draft.createCategories)

        var fields: [ItemPlan.Field] = []
        func set(_ field: EditField, _ value: JSONValue?, in object: JSONValue) throws -> JSONValue {
            try field.checkLength(value)
            fields.append(
                ItemPlan.Field(
                    objectType: object["type"]?.stringValue ?? "", objectID: object["id"]?.stringValue ?? "",
                    change: OutboxEntry.Change(field: field.rawValue, old: nil, new: value)))
            return field.setting(value, in: object)
        }
        var item: JSONValue = [
            "type": "ITEM", "id": .string(ItemPlan.itemID), "present_at_all_locations": true, "item_data": [:],
        ]
        item = try set(.name, .string(name), in: item)
        if let description = draft.description, !description.isEmpty {
            item = try set(.description, .string(description), in: item)
        }
        if !categories.ids.isEmpty {
            item = try set(.categories, .array(categories.ids.map(JSONValue.string)), in: item)
        }
        var variations: [JSONValue] = []
        for (index, draftVariation) in draft.variations.enumerated() {
            var variation: JSONValue = [
                "type": "ITEM_VARIATION", "id": .string(ItemPlan.variationID(index)),
                "present_at_all_locations": true,
                "item_variation_data": ["item_id": .string(ItemPlan.itemID), "ordinal": .int(Int64(index + 1))],
            ]
            let variationName = draftVariation.name.trimmingCharacters(in: .whitespaces)
            variation = try set(
                .variationName, .string(variationName.isEmpty ? "Regular" : variationName), in: variation)
            if let price = draftVariation.price {
                variation = try set(.price, price.json, in: variation)
            } else {
                variation = EditField.price.setting(nil, in: variation)
            }
            if let sku = draftVariation.sku { variation = try set(.sku, .string(sku), in: variation) }
            if let gtin = draftVariation.gtin {
                variation = try set(.gtin, .string(ItemDraft.Variation.upc(gtin)), in: variation)
            }
            variations.append(variation)
        }
        item["item_data"]?["variations"] = .array(variations)
        return ItemPlan(name: name, objects: categories.newObjects + [item], categories: categories, fields: fields)
    }

    /// Refuses codes repeated inside the draft, and (unless allowed) codes already in the catalog.
    func checkCodes(_ draft: ItemDraft) async throws {
        var skus: [String: String] = [:]
        var gtins: [String: String] = [:]
        let duplicates = DuplicateCodes(database: database, allowed: draft.allowDuplicate)
        for variation in draft.variations {
            if let sku = variation.sku, !SKU.key(sku).isEmpty {
                if let first = skus.updateValue(variation.name, forKey: SKU.key(sku)) {
                    throw ItemCreationError.codeRepeated(code: .sku, value: sku, first: first, second: variation.name)
                }
                if let holder = try await duplicates.holder(ofSKU: sku) {
                    throw ItemCreationError.codeInCatalog(code: .sku, value: sku, holder: holder)
                }
            }
            if let gtin = variation.gtin {
                if let first = gtins.updateValue(variation.name, forKey: gtin.gtin14) {
                    throw ItemCreationError.codeRepeated(
                        code: .gtin, value: gtin.description, first: first, second: variation.name)
                }
                if let holder = try await duplicates.holder(ofBarcode: gtin) {
                    throw ItemCreationError.codeInCatalog(code: .gtin, value: gtin.description, holder: holder)
                }
            }
        }
    }
}
