/// Where a variation stands in one of the shop's locations ("A3-2": aisle A, bay 3, shelf 2; free text), kept
/// in Square as a catalog custom attribute of the variation: one STRING definition per location, its key
/// `shelf-LOCATIONID`, because Square's custom attribute values are the same at every location.
public enum ShelfPlace {
    /// The start of the custom attribute key of every location's shelf definition.
    public static let keyPrefix = "shelf-"
    /// The most characters a shelf place may have: a shelf label's worth, the project's limit.
    public static let maxLength = 40

    /// The custom attribute key of the shelf at location `locationID`.
    public static func key(location locationID: String) -> String { keyPrefix + locationID }

    /// The location a shelf key is for; nil for any other key (another application's keys hold a colon).
    public static func location(ofKey key: String) -> String? {
        guard key.hasPrefix(keyPrefix), !key.contains(":") else { return nil }
        let location = String(key.dropFirst(keyPrefix.count))
        return location.isEmpty ? nil : location
    }

    /// The name the location's definition shows in Square's Dashboard.
    public static func definitionName(locationName: String) -> String { "Shelf at \(locationName)" }

    /// A shelf place as given, tidied: spaces around it trimmed and runs of spaces made one; nil for an
    /// empty one (no shelf). Throws for control characters or more than `maxLength` characters.
    public static func tidied(_ text: String) throws(ShelfPlaceError) -> String? {
        let words = text.split(whereSeparator: { $0 == " " || $0 == "\t" })
        let tidy = words.joined(separator: " ")
        if tidy.isEmpty { return nil }
        if tidy.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            throw .controlCharacter(text)
        }
        if tidy.count > maxLength { throw .tooLong(tidy, length: tidy.count) }
        return tidy
    }

    /// The order shelves are walked in: letters by the alphabet without regard to case, numbers by value
    /// ("A2" before "A10"), then the text itself so that no two places tie.
    public static func sortKey(_ place: String) -> String {
        var key = ""
        var digits = ""
        func flush() {
            guard !digits.isEmpty else { return }
            let trimmed = digits.drop { $0 == "0" }
            let number = trimmed.isEmpty ? "0" : String(trimmed)
            // The count of digits first, so that numbers of any length compare by value.
            let length = String(number.count)
            key += String(repeating: "0", count: max(0, 3 - length.count)) + length + number
            digits = ""
        }
        for character in place.lowercased() {
            if character.isASCII, character.isNumber {
                digits.append(character)
            } else {
                flush()
                key.append(character)
            }
        }
        flush()
        return key + "\u{1}" + place
    }

    /// The aisle of a place: what comes before its first `-`, `/`, `.` or space ("A3-2" → "A3"), or the
    /// place itself when it has none.
    public static func aisle(of place: String) -> String {
        let end = place.firstIndex { "-/. ".contains($0) } ?? place.endIndex
        let aisle = String(place[..<end])
        return aisle.isEmpty ? place : aisle
    }
}

/// Why a shelf place was refused.
public enum ShelfPlaceError: UserFacingError, Sendable, Equatable {
    case controlCharacter(String)
    case tooLong(String, length: Int)

    public var exitStatus: ExitStatus { .dataError }

    /// What went wrong and what to do, for a person.
    public var description: String {
        switch self {
        case .controlCharacter:
            return "A shelf place is letters, digits and marks such as A3-2; this one holds a control character."
        case .tooLong(let place, let length):
            return "The shelf place “\(place)” has \(length) characters; keep it to \(ShelfPlace.maxLength), "
                + "such as A3-2 (aisle, bay, shelf)."
        }
    }
}
