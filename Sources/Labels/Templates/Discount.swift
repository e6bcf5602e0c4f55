import CatalogCore
import Foundation

/// A discount off a price: a percentage (`20%`) or an amount in the price's currency (`1.50`).
public enum Discount: Sendable, Hashable, CustomStringConvertible {
    /// Hundredths of a percent: `20%` is 2000, `12.5%` is 1250.
    case percent(basisPoints: Int)
    /// An amount in major units, kept exactly as `digits` / 10^`decimals` (`1.50` is 150 and 2).
    case amount(digits: Int64, decimals: Int)

    /// Reads `--discount` text: `20%`, `12.5 %` or `1.50`. A percentage is above 0 and at most 100 (a
    /// tag then says the item is free, as one Square sells free does).
    public static func parse(_ text: String) throws(SaleError) -> Discount {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let isPercent = trimmed.hasSuffix("%")
        let number = (isPercent ? String(trimmed.dropLast()) : trimmed).trimmingCharacters(in: .whitespaces)
        guard let (digits, decimals) = decimal(number) else {
            throw SaleError(text: text, reason: "write a percentage like 20% or an amount like 1.50.")
        }
        if isPercent {
            guard decimals <= 2 else { throw SaleError(text: text, reason: "use at most two decimals, like 12.25%.") }
            let basisPoints = Int(digits) * Int(pow(10, Double(2 - decimals)))
            guard basisPoints > 0, basisPoints <= 10_000 else {
                throw SaleError(text: text, reason: "a percentage must be more than 0% and at most 100%.")
            }
            return .percent(basisPoints: basisPoints)
        }
        guard digits > 0 else { throw SaleError(text: text, reason: "an amount off must be more than 0.") }
        return .amount(digits: digits, decimals: decimals)
    }

    /// `20%` or `1.50`.
    public var description: String {
        switch self {
        case .percent(let basisPoints):
            let whole = "\(basisPoints / 100)"
            let rest = basisPoints % 100
            guard rest != 0 else { return whole + "%" }
            return whole + "." + (rest % 10 == 0 ? "\(rest / 10)" : String(format: "%02d", rest)) + "%"
        case .amount(let digits, let decimals):
            guard decimals > 0 else { return "\(digits)" }
            let padded = String(repeating: "0", count: max(0, decimals + 1 - String(digits).count)) + String(digits)
            return String(padded.dropLast(decimals)) + "." + String(padded.suffix(decimals))
        }
    }

    /// `digits.digits` as an integer and its number of decimals; nil unless plain ASCII digits with at most one `.`.
    static func decimal(_ text: String) -> (Int64, Int)? {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
            !(parts[0].isEmpty && (parts.count == 1 || parts[1].isEmpty)), parts.joined().count <= 15,
            let value = Int64(parts.joined().isEmpty ? "0" : parts.joined())
        else { return nil }
        return (value, parts.count == 2 ? parts[1].count : 0)
    }
}

/// How a sale price is rounded after the discount.
public enum SaleRounding: String, Sendable, Hashable, CaseIterable {
    /// To the currency's smallest unit, half up (the default).
    case cent
    /// Down to the nearest price ending in .99.
    case ninetyNine = "99"
    /// Down to the nearest price ending in .95.
    case ninetyFive = "95"

    /// Reads `cent`, `99` or `95` (a leading `.` is allowed), listing them when the text is none of these.
    public static func parse(_ text: String) throws(SaleError) -> SaleRounding {
        let name = text.trimmingCharacters(in: .whitespaces).lowercased()
        let bare = name.hasPrefix(".") ? String(name.dropFirst()) : name
        guard let rounding = SaleRounding(rawValue: bare) else {
            throw SaleError(text: text, reason: "the rounding rules are cent, 99 and 95.")
        }
        return rounding
    }
}

/// Why a discount or a rounding rule could not be read.
public struct SaleError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The text as given.
    public var text: String
    /// What is wrong and what to write instead.
    public var reason: String

    /// Makes an error about `text`.
    public init(text: String, reason: String) {
        self.text = text
        self.reason = reason
    }

    /// The sentence a user reads.
    public var description: String { "\"\(text)\" is not a discount: \(reason)" }
}

extension SaleError: UserFacingError {
    public var exitStatus: ExitStatus {
        .dataError
    }
}
