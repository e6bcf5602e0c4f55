import CatalogCore
import Store

/// How counts are shown: a line for people, one JSON object for scripts.
public enum CountOutput {
    /// `{session_id, variation_id, item_name, variation_name, sku, gtin, counted, expected, expected_at,
    /// first_counted_at, last_counted_at, last_counter}`.
    public static func json(_ line: CountLine, variation: VariationSummary?) -> JSONValue {
        func text(_ value: String?) -> JSONValue { value.map(JSONValue.string) ?? .null }
        return [
            "session_id": .int(Int(line.sessionID)), "variation_id": .string(line.variationID),
            "item_name": text(variation?.itemName), "variation_name": text(variation?.variationName),
            "sku": text(variation?.sku), "gtin": text(variation?.gtin), "counted": .int(line.counted),
            "expected": line.expected.map { .number($0) } ?? .null, "expected_at": text(line.expectedAt),
            "first_counted_at": .string(line.firstCountedAt), "last_counted_at": .string(line.lastCountedAt),
            "last_counter": .string(line.lastCounter),
        ]
    }

    /// `count +1 = 5  Acme Blue Widget — Large  (session: 12 lines, 37 units)`.
    public static func text(_ counted: CountWorkflow.Counted) -> String {
        "count = \(counted.line.counted)  \(Terminal.visible(counted.variation.label))  "
            + "(this count: \(counted.totals.lines) lines, \(counted.totals.units) units)"
    }
}
