import CatalogCore

/// The objects an edit reads and writes, as Square (or the local copy) has them right now.
///
/// When any item field is edited the whole item is fetched, with its variations inline, and the item
/// is what gets upserted (carrying every variation's version); otherwise the variation alone is.
struct EditSnapshot: Sendable {
    /// The item with its variations inline, when an item field is edited.
    var item: JSONValue?
    /// The variation being edited (the copy inside `item` when there is one).
    var variation: JSONValue

    init(item: JSONValue?, variation: JSONValue) {
        self.item = item
        self.variation = variation
    }

    /// Finds the variation inside a fetched item; `nil` when the item no longer has it.
    init?(item: JSONValue, variationID: String) {
        guard
            let nested = item["item_data"]?["variations"]?.arrayValue?.first(where: {
                $0["id"]?.stringValue == variationID
            })
        else { return nil }
        self.item = item
        variation = nested
    }

    /// The field's current value.
    func value(_ field: EditField) -> JSONValue? {
        if field.onItem, let item { return field.value(in: item) }
        return field.value(in: variation)
    }

    /// The object to upsert with `edits` made: the item (its nested variation changed too) or the variation.
    func applying(_ edits: [FieldEdit]) -> JSONValue {
        var variation = variation
        for edit in edits where !edit.field.onItem {
            variation = edit.field.setting(edit.value, in: variation)
        }
        guard var item else { return variation }
        for edit in edits where edit.field.onItem {
            item = edit.field.setting(edit.value, in: item)
        }
        if let id = variation["id"], var list = item["item_data"]?["variations"]?.arrayValue,
            let index = list.firstIndex(where: { $0["id"] == id })
        {
            list[index] = variation
            item["item_data"]?["variations"] = .array(list)
        }
        return item
    }

    /// The version of the object a field lives on, read from an upsert's answer.
    static func version(of field: EditField, in written: JSONValue, variationID: String) -> Int64? {
        if written["type"] == "ITEM" {
            if field.onItem { return written["version"]?.int64Value }
            let nested = written["item_data"]?["variations"]?.arrayValue?.first {
                $0["id"]?.stringValue == variationID
            }
            return nested?["version"]?.int64Value
        }
        return written["version"]?.int64Value
    }
}
