import CatalogCore
import Foundation
import Store

/// What a typed or scanned code names, as one answer: `catalog show`, `catalog search`, the counter's scans
/// and every hub route that takes a code ask this, so a code held back by a sync or with a wrong check digit
/// is explained the same way everywhere.
public enum CodeResolution: Sendable {
    /// The one variation the code names (by barcode in any spelling, a scale code, a SKU or an id).
    case found(VariationSummary, scale: ScaleCode?)
    /// Several variations share the code; acting on one of them would be a guess.
    case ambiguous([VariationSummary], scale: ScaleCode?)
    /// A scale code whose PLU no variation has as its SKU.
    case scaleCodeWithoutItem(ScaleCode)
    /// Nothing stored, but the code is in Square: a sync held back the object that has it, for this reason.
    case heldBack(SyncProblem)
    /// A barcode whose check digit is wrong (a misread or a typo), and no SKU or id is spelled like it.
    case badCheckDigit(BarcodeError)
    /// Nothing has the code.
    case unknown

    /// What `code` names in `database`, reading scale codes by `scaleLayouts` (none: no code is a scale code).
    public static func resolve(_ code: String, scaleLayouts: [ScaleLayout] = [], in database: any CatalogStore)
        async throws -> CodeResolution
    {
        let trimmed = code.trimmingCharacters(in: .whitespacesAndNewlines)
        if let scale = ScaleCode(trimmed, layouts: scaleLayouts) {
            let found = try await scale.variations(in: database)
            return found.isEmpty ? .scaleCodeWithoutItem(scale) : matched(found, scale: scale)
        }
        let found = try await Lookup.matches(trimmed, in: database)
        if !found.isEmpty { return matched(found, scale: nil) }
        return try await missing(trimmed, in: database)
    }

    /// Why nothing is stored under `code`: a wrong check digit, an object a sync held back, or nothing.
    public static func missing(_ code: String, in database: any CatalogStore) async throws -> CodeResolution {
        if let error = badCheckDigit(code) { return .badCheckDigit(error) }
        if let held = try await database.heldBack(mentioning: code) { return .heldBack(held) }
        return .unknown
    }

    /// The variations the code names (empty unless found or ambiguous).
    public var matches: [VariationSummary] {
        switch self {
        case .found(let variation, _): return [variation]
        case .ambiguous(let variations, _): return variations
        default: return []
        }
    }

    /// The scale code the variations were found by, when they were.
    public var scale: ScaleCode? {
        switch self {
        case .found(_, let scale), .ambiguous(_, let scale): return scale
        case .scaleCodeWithoutItem(let scale): return scale
        default: return nil
        }
    }

    /// The error for a lookup of `code` that needed something and found nothing (nil when something was
    /// found): what is wrong and what to do as `frontEnd` offers it, with the exit status that says which.
    public func failure(for code: String, frontEnd: FrontEnd) -> AppError? {
        let shown = Terminal.echo(code)
        switch self {
        case .found, .ambiguous:
            return nil
        case .scaleCodeWithoutItem(let scale):
            return AppError(
                "“\(shown)” is a scale code for PLU \(scale.reading.plu), but no variation has that PLU as its SKU. "
                    + "Give the item the SKU \(scale.reading.pluNumber) in Square, then \(frontEnd.sync).",
                exitCode: .notFound)
        case .heldBack(let held):
            return held.notStoredError(code: code, frontEnd: frontEnd)
        case .badCheckDigit(let error):
            return AppError(error.description + " No SKU or id matches it either.", exitCode: .dataError)
        case .unknown:
            return AppError(
                "Nothing matches “\(shown)” as a barcode, SKU or id. If it is new in Square, \(frontEnd.sync).",
                exitCode: .notFound)
        }
    }

    private static func matched(_ found: [VariationSummary], scale: ScaleCode?) -> CodeResolution {
        if found.count == 1, let only = found.first { return .found(only, scale: scale) }
        return .ambiguous(found, scale: scale)
    }

    /// The check-digit error of `code` when it is spelled as a barcode whose check digit is wrong.
    static func badCheckDigit(_ code: String) -> BarcodeError? {
        guard Barcode.interpretations(of: code).isEmpty else { return nil }
        do {
            _ = try Barcode(code)
        } catch {
            if case .badCheckDigit = error { return error }
        }
        return nil
    }
}
