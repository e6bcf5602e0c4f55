import CatalogCore

/// Catalog objects as a test writes them to Square (or the sandbox).
public enum SquareObjects {
    /// A new item `#key` with one fixed-price variation `#key-v`, named "One", with `sku` and a price in pence (GBP).
    public static func newItem(key: String, name: String, sku: String, pence: Int) -> JSONValue {
        [
            "type": "ITEM", "id": .string("#\(key)"),
            "item_data": [
                "name": .string(name),
                "variations": [
                    [
                        "type": "ITEM_VARIATION", "id": .string("#\(key)-v"),
                        "item_variation_data": [
                            "item_id": .string("#\(key)"), "name": "One", "sku": .string(sku),
                            "pricing_type": "FIXED_PRICING", "price_money": ["amount": .int(pence), "currency": "GBP"],
                        ],
                    ]
                ],
            ],
        ]
    }
}
