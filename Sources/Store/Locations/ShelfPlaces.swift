import CatalogCore

/// A variation's shelf places, location by location, as Square holds them (`custom_attribute_values`, one
/// key per location, see `ShelfPlace`) and as the `variations.shelves` column keeps them.
public struct ShelfPlaces: Sendable, Equatable {
    /// The place at each location that has one, by location id.
    public var places: [String: String] = [:]

    public init(places: [String: String] = [:]) { self.places = places }

    /// The places a catalog object's custom attribute values give.
    init(object: JSONValue) {
        for (key, value) in object["custom_attribute_values"]?.objectValue ?? JSONObject() {
            guard let location = ShelfPlace.location(ofKey: key), let place = value["string_value"]?.stringValue,
                !place.isEmpty
            else { continue }
            places[location] = place
        }
    }

    /// The places as the `variations.shelves` column keeps them (a JSON object by location id), nil for none.
    var storedColumn: String? {
        guard !places.isEmpty else { return nil }
        let object = JSONObject(places.sorted { $0.key < $1.key }.map { (key: $0.key, value: .string($0.value)) })
        return String(decoding: JSONValue.object(object).serializedBytes(), as: UTF8.self)
    }

    /// The places the `shelves` column of the `variations` row `variationID` holds; a column that is not a
    /// JSON object of strings means that row is damaged.
    static func stored(_ column: String?, variationID: String) throws -> ShelfPlaces {
        guard let column else { return ShelfPlaces() }
        let object = try StoredJSON.object(column, table: "variations", row: variationID, column: "shelves")
        var shelves = ShelfPlaces()
        for (location, place) in object.objectValue ?? JSONObject() {
            guard let text = place.stringValue else {
                throw CatalogDatabase.DamagedRow(
                    table: "variations", row: variationID, column: "shelves", problem: "holds a place that is not text")
            }
            shelves.places[location] = text
        }
        return shelves
    }
}
