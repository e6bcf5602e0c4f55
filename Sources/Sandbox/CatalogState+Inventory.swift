import CatalogCore

extension CatalogState {
    /// Where the IN_STOCK count of `variationId` at `locationId` sits in `counts`, if it exists.
    func inStockIndex(variationId: String, locationId: String) -> Int? {
        (countsByObject[variationId] ?? []).first { index in
            let count = counts[index]
            return count["location_id"]?.stringValue == locationId && count["state"]?.stringValue == "IN_STOCK"
        }
    }

    /// The IN_STOCK quantity of `variationId` at `locationId` (zero when there is no count yet).
    func inStock(variationId: String, locationId: String) -> InventoryQuantity {
        guard let index = inStockIndex(variationId: variationId, locationId: locationId),
            let text = counts[index]["quantity"]?.stringValue
        else { return .zero }
        return InventoryQuantity(text, allowNegative: true) ?? .zero
    }

    /// Sets the IN_STOCK count of `variationId` at `locationId`, creating it if needed; returns the count.
    @discardableResult
    mutating func setInStock(
        variationId: String, locationId: String, quantity: InventoryQuantity, calculatedAt: Int64
    ) -> JSONValue {
        if let index = inStockIndex(variationId: variationId, locationId: locationId) {
            counts[index]["quantity"] = .string(quantity.text)
            counts[index]["calculated_at"] = .string(SandboxTime.format(calculatedAt))
            return counts[index]
        }
        addCount(variationId: variationId, locationId: locationId, quantity: quantity.text, calculatedAt: calculatedAt)
        return counts[counts.count - 1]
    }

    /// Adds a vendor (its `id` must be new).
    mutating func addVendor(_ vendor: JSONValue) {
        guard let id = vendor["id"]?.stringValue else { return }
        vendorIndex[id] = vendors.count
        vendors.append(vendor)
    }

    /// The vendor with `id`, if there is one.
    func vendor(_ id: String) -> JSONValue? {
        vendorIndex[id].map { vendors[$0] }
    }
}
