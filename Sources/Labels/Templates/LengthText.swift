import Foundation

/// Reads lengths as templates write them: a number and a unit (`50.8mm`, `2in`, `11pt`).
enum LengthText {
    /// Why a length could not be read.
    enum Problem: Error, Equatable {
        case noUnit
        case unknownUnit(String)
        case notANumber
    }

    /// The units a template may use, and how each makes a `Length`.
    static let units: [(suffix: String, make: @Sendable (Double) -> Length)] = [
        ("mm", { .millimetres($0) }), ("in", { .inches($0) }), ("pt", { .points($0) }),
    ]

    /// Reads `text` such as `3.9mm`; spaces between number and unit are allowed.
    static func parse(_ text: String) -> Result<Length, Problem> {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let number = trimmed.prefix { $0.isASCII && ($0.isNumber || $0 == "." || $0 == "-" || $0 == "+") }
        let unit = trimmed.dropFirst(number.count).trimmingCharacters(in: .whitespaces).lowercased()
        guard let value = Double(number), value.isFinite else { return .failure(.notANumber) }
        if unit.isEmpty { return .failure(.noUnit) }
        guard let match = units.first(where: { $0.suffix == unit }) else { return .failure(.unknownUnit(unit)) }
        return .success(match.make(value))
    }
}
