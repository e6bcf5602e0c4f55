import CatalogCore

extension SandboxEngine {
    /// `POST /v2/catalog/search-catalog-items`: live items by text, category, location, stock level, product
    /// type and archived state, in name order (ASC or DESC), at most 100 a page, with the variations the
    /// text or stock filters matched in `matched_variation_ids`.
    ///
    /// `text_filter` matches (ignoring case) inside an item's name, description or abbreviation, or a
    /// variation's name, SKU or UPC. `enabled_location_ids` keeps items present at any of them.
    /// `stock_levels` keeps items with a tracked variation whose IN_STOCK count at those locations (all
    /// locations when none are named) is OUT (0 or less) or LOW (above 0 and at or below its alert
    /// threshold there). `archived_state` defaults to ARCHIVED_STATE_NOT_ARCHIVED.
    func searchCatalogItems(_ request: SandboxRequest) throws(APIError) -> SandboxReply {
        let (json, cursor, hash) = try pagedBody(request, name: "search-catalog-items")
        let limit = try pageLimit(json["limit"], default: 100, max: 100)
        let text = json["text_filter"]?.stringValue?.lowercased().trimmingCharacters(in: .whitespaces) ?? ""
        let categories = Set(try stringList(json["category_ids"], field: "category_ids"))
        let places = try stringList(json["enabled_location_ids"], field: "enabled_location_ids")
        let levels = Set(try stringList(json["stock_levels"], field: "stock_levels"))
        guard levels.isSubset(of: ["OUT", "LOW"]) else {
            throw .invalid("INVALID_ENUM_VALUE", "stock_levels holds OUT or LOW.", field: "stock_levels")
        }
        let productTypes = Set(try stringList(json["product_types"], field: "product_types"))
        let archived = json["archived_state"]?.stringValue ?? "ARCHIVED_STATE_NOT_ARCHIVED"
        guard ["ARCHIVED_STATE_NOT_ARCHIVED", "ARCHIVED_STATE_ARCHIVED", "ARCHIVED_STATE_ALL"].contains(archived) else {
            throw .invalid("INVALID_ENUM_VALUE", "archived_state \(archived) is not known.", field: "archived_state")
        }
        let descending = json["sort_order"]?.stringValue == "DESC"
        let stockPlaces = places.isEmpty ? state.locations.compactMap { $0["id"]?.stringValue } : places

        var found: [(id: String, name: String, matched: [String])] = []
        for (id, object) in state.objects where object.type == "ITEM" && !object.isDeleted {
            let data = object.json["item_data"]
            let isArchived = data?["is_archived"]?.boolValue ?? false
            if archived == "ARCHIVED_STATE_NOT_ARCHIVED" && isArchived { continue }
            if archived == "ARCHIVED_STATE_ARCHIVED" && !isArchived { continue }
            if !productTypes.isEmpty, !productTypes.contains(data?["product_type"]?.stringValue ?? "REGULAR") {
                continue
            }
            if !categories.isEmpty {
                var ids = Set((data?["categories"]?.arrayValue ?? []).compactMap { $0["id"]?.stringValue })
                for key in ["category_id"] { if let id = data?[key]?.stringValue { ids.insert(id) } }
                if let id = data?["reporting_category"]?["id"]?.stringValue { ids.insert(id) }
                if ids.isDisjoint(with: categories) { continue }
            }
            if !places.isEmpty, !places.contains(where: { CatalogState.isPresent(object.json, at: $0) }) { continue }
            let variations = (state.liveVariations[id] ?? []).compactMap { state.objects[$0] }
            var matched: [String] = []
            if !text.isEmpty {
                let own = ["name", "description", "abbreviation"].contains {
                    data?[$0]?.stringValue?.lowercased().contains(text) ?? false
                }
                matched = variations.filter { variation in
                    ["name", "sku", "upc"].contains {
                        variation.json["item_variation_data"]?[$0]?.stringValue?.lowercased().contains(text) ?? false
                    }
                }.compactMap { $0.json["id"]?.stringValue }
                if !own && matched.isEmpty { continue }
            }
            if !levels.isEmpty {
                let low = variations.filter { variation in
                    stockPlaces.contains { levels.contains(stockLevel(variation.json, at: $0) ?? "") }
                }.compactMap { $0.json["id"]?.stringValue }
                if low.isEmpty { continue }
                matched = text.isEmpty ? low : matched.filter(low.contains)
                if matched.isEmpty { continue }
            }
            found.append((id, data?["name"]?.stringValue ?? "", matched))
        }
        found.sort { descending ? ($0.name, $0.id) > ($1.name, $1.id) : ($0.name, $0.id) < ($1.name, $1.id) }
        let offset = try Cursor.offset(cursor, hash: hash)
        let page = Array(found.dropFirst(offset).prefix(limit))
        var body: JSONValue = ["items": .array(page.compactMap { state.render($0.id) })]
        let matchedIDs = page.flatMap(\.matched)
        if !matchedIDs.isEmpty { body["matched_variation_ids"] = .array(matchedIDs.map(JSONValue.string)) }
        if offset + page.count < found.count {
            body["cursor"] = .string(Cursor.make(position: offset + page.count, hash: hash))
        }
        return SandboxReply(json: body)
    }

    /// OUT, LOW or nil (enough, or not tracked) for a variation at a location, from its IN_STOCK count and
    /// its low-stock threshold there (the location override's, else its own).
    private func stockLevel(_ variation: JSONValue, at location: String) -> String? {
        let data = variation["item_variation_data"]
        let override = data?["location_overrides"]?.arrayValue?.first { $0["location_id"]?.stringValue == location }
        guard override?["track_inventory"]?.boolValue ?? data?["track_inventory"]?.boolValue ?? false,
            let id = variation["id"]?.stringValue
        else { return nil }
        let count = (state.countsByObject[id] ?? []).map { state.counts[$0] }.first {
            $0["location_id"]?.stringValue == location && $0["state"]?.stringValue == "IN_STOCK"
        }
        let quantity = Double(count?["quantity"]?.stringValue ?? "0") ?? 0
        if quantity <= 0 { return "OUT" }
        let alert = override ?? data
        guard alert?["inventory_alert_type"]?.stringValue == "LOW_QUANTITY",
            let threshold = alert?["inventory_alert_threshold"]?.int64Value
        else { return nil }
        return quantity <= Double(threshold) ? "LOW" : nil
    }
}
