import CatalogCore

extension CatalogState {
    /// The most variations an item may have (CatalogItemVariation: "must have at least one item variation and
    /// can have at most 250 item variations").
    static let maxVariationsPerItem = 250
    /// The most item options an item may use (CatalogItem.item_options: "Maximum: 6 item options.").
    static let maxItemOptions = 6
    /// The most ids a product set may list (CatalogProductSet: "Max: 500 catalog object IDs.").
    static let maxProductSetIds = 500

    /// The object limits Square's reference states in words, on the objects of one staged batch.
    func checkObjectLimits(_ staged: [String: StoredObject]) throws(APIError) {
        var items = Set<String>()
        for (id, object) in staged where !object.isDeleted {
            switch object.type {
            case "ITEM":
                items.insert(id)
                if let options = object.json["item_data"]?["item_options"]?.arrayValue,
                    options.count > Self.maxItemOptions
                {
                    throw .invalid(
                        "ARRAY_LENGTH_TOO_LONG",
                        "Item \(id) uses \(options.count) item options; at most 6 are allowed.",
                        field: "item_data.item_options")
                }
            case "ITEM_VARIATION":
                if let parent = object.parentId { items.insert(parent) }
            case "PRODUCT_SET":
                for key in ["product_ids_any", "product_ids_all"] {
                    if let ids = object.json["product_set_data"]?[key]?.arrayValue, ids.count > Self.maxProductSetIds {
                        throw .invalid(
                            "ARRAY_LENGTH_TOO_LONG",
                            "Product set \(id) lists \(ids.count) ids; at most 500 are allowed.",
                            field: "product_set_data.\(key)")
                    }
                }
            default: continue
            }
        }
        for item in items.sorted() {
            var variations = Set(liveVariations[item] ?? [])
            for (id, object) in staged where object.type == "ITEM_VARIATION" {
                if object.isDeleted || object.parentId != item { variations.remove(id) } else { variations.insert(id) }
            }
            if variations.isEmpty {
                throw .invalid(
                    "ARRAY_LENGTH_TOO_SHORT",
                    "Item \(item) would have no variations; an item must have at least one.",
                    field: "item_data.variations")
            }
            if variations.count > Self.maxVariationsPerItem {
                throw .invalid(
                    "ARRAY_LENGTH_TOO_LONG",
                    "Item \(item) would have \(variations.count) variations; an item can have at most 250.",
                    field: "item_data.variations")
            }
        }
    }
}
