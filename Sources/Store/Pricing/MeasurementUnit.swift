import CatalogCore
import Foundation

/// A unit goods are measured in: a `CatalogMeasurementUnit`'s unit, or one read from a name ("500 ml").
public struct MeasurementUnit: Sendable, Equatable {
    public var dimension: MeasureKind
    /// What follows a price per unit: `kg`, `g`, `lb`, `l`, `ml`, `m`, or a custom unit's abbreviation.
    public var symbol: String
    /// The unit's size in the dimension's base unit (kilograms, litres, metres); nil when it has no exact
    /// one (US and UK pints differ, so Square's GENERIC_PINT has none), and then it is never converted.
    public var size: Decimal?
    /// How many digits after the point a quantity in this unit may have (Square's `precision`, 0 to 5); nil
    /// when Square did not say.
    public var precision: Int?

    public init(dimension: MeasureKind, symbol: String, size: Decimal?) {
        self.dimension = dimension
        self.symbol = symbol
        self.size = size
    }

    /// Reads Square's `MeasurementUnit` (`{"weight_unit": "METRIC_KILOGRAM"}` and the like).
    public init(json: JSONValue) {
        if let name = json["weight_unit"]?.stringValue {
            let known: [String: (String, String)] = [
                "METRIC_MILLIGRAM": ("mg", "0.000001"), "METRIC_GRAM": ("g", "0.001"), "METRIC_KILOGRAM": ("kg", "1"),
                "IMPERIAL_WEIGHT_OUNCE": ("oz", "0.028349523125"), "IMPERIAL_POUND": ("lb", "0.45359237"),
                "IMPERIAL_STONE": ("st", "6.35029318"),
            ]
            let (symbol, size) = known[name] ?? (name.lowercased(), "")
            self.init(dimension: .weight, symbol: symbol, size: size.isEmpty ? nil : Decimal(string: size))
        } else if let name = json["volume_unit"]?.stringValue {
            let known: [String: (String, String)] = [
                "METRIC_MILLILITER": ("ml", "0.001"), "METRIC_LITER": ("l", "1"),
                "IMPERIAL_CUBIC_INCH": ("cu in", "0.016387064"), "IMPERIAL_CUBIC_FOOT": ("cu ft", "28.316846592"),
                "IMPERIAL_CUBIC_YARD": ("cu yd", "764.554857984"), "GENERIC_FLUID_OUNCE": ("fl oz", ""),
                "GENERIC_SHOT": ("shot", ""), "GENERIC_CUP": ("cup", ""), "GENERIC_PINT": ("pint", ""),
                "GENERIC_QUART": ("quart", ""), "GENERIC_GALLON": ("gallon", ""),
            ]
            let (symbol, size) = known[name] ?? (name.lowercased(), "")
            self.init(dimension: .volume, symbol: symbol, size: size.isEmpty ? nil : Decimal(string: size))
        } else if let name = json["length_unit"]?.stringValue {
            let known: [String: (String, String)] = [
                "METRIC_MILLIMETER": ("mm", "0.001"), "METRIC_CENTIMETER": ("cm", "0.01"), "METRIC_METER": ("m", "1"),
                "METRIC_KILOMETER": ("km", "1000"), "IMPERIAL_INCH": ("in", "0.0254"),
                "IMPERIAL_FOOT": ("ft", "0.3048"),
                "IMPERIAL_YARD": ("yd", "0.9144"), "IMPERIAL_MILE": ("mi", "1609.344"),
            ]
            let (symbol, size) = known[name] ?? (name.lowercased(), "")
            self.init(dimension: .length, symbol: symbol, size: size.isEmpty ? nil : Decimal(string: size))
        } else if let custom = json["custom_unit"] {
            let symbol = custom["abbreviation"]?.stringValue ?? custom["name"]?.stringValue ?? "unit"
            self.init(dimension: .other, symbol: symbol, size: nil)
        } else {
            let name =
                json["area_unit"]?.stringValue ?? json["time_unit"]?.stringValue
                ?? json["generic_unit"]?
                .stringValue
            self.init(dimension: .other, symbol: Self.shortName(name ?? "unit"), size: nil)
        }
    }

    /// `IMPERIAL_ACRE` as `acre`, `GENERIC_UNIT` as `unit`.
    static func shortName(_ name: String) -> String {
        let words = name.lowercased().split(separator: "_")
        return words.count > 1 ? words.dropFirst().joined(separator: " ") : name.lowercased()
    }

    /// The units a net quantity in a name may be written in, by the search normaliser's short forms.
    static let written: [String: MeasurementUnit] = [
        "mg": MeasurementUnit(
            dimension: .weight, symbol: "mg", size: Decimal(sign: .plus, exponent: -6, significand: 1)),
        "g": MeasurementUnit(dimension: .weight, symbol: "g", size: Decimal(sign: .plus, exponent: -3, significand: 1)),
        "kg": MeasurementUnit(dimension: .weight, symbol: "kg", size: 1),
        "ml": MeasurementUnit(
            dimension: .volume, symbol: "ml", size: Decimal(sign: .plus, exponent: -3, significand: 1)),
        "cl": MeasurementUnit(
            dimension: .volume, symbol: "cl", size: Decimal(sign: .plus, exponent: -2, significand: 1)),
        "l": MeasurementUnit(dimension: .volume, symbol: "l", size: 1),
        "m": MeasurementUnit(dimension: .length, symbol: "m", size: 1),
    ]
}
