import CatalogCore
import Foundation
import Store

/// A person at the counter, asked to choose when a typed name fits several things. Front ends that
/// cannot ask (a script, a pipe) pass no prompter, and the workflow refuses instead of guessing.
public protocol Prompter: Sendable {
    /// Shows `question` and the numbered `choices`; the index chosen, or nil when the person declined.
    func choose(_ question: String, among choices: [String]) async -> Int?
}

/// Which variations a barcode, SKU, id or name names: the one rule every command, the counter and the
/// scanner use, in one order of precedence (barcode in any spelling, then SKU, then id, then a search).
public enum Lookup {
    /// The variations `code` names: by barcode (any spelling), else by SKU, else by id; empty when none.
    public static func matches(_ code: String, in database: any CatalogStore) async throws -> [VariationSummary] {
        let keys = Barcode.interpretations(of: code).map(\.gtin14)
        if !keys.isEmpty {
            let found = try await database.variations(gtins: keys)
            if !found.isEmpty { return found }
        }
        let bySKU = try await database.variations(sku: code)
        if !bySKU.isEmpty { return bySKU }
        return try await database.variations(objectID: code)
    }

    /// The variations `code` names, trying a scale code (by `scaleLayouts`), barcode, SKU, then id; throws
    /// why nothing is found (`CodeResolution.failure`), in `frontEnd`'s words (the command line's unless
    /// said: a hub route says `.hub`).
    public static func lookUp(
        _ code: String, scaleLayouts: [ScaleLayout] = [], in database: any CatalogStore,
        frontEnd: FrontEnd = .commandLine
    ) async throws -> [VariationSummary] {
        try await resolution(of: code, scaleLayouts: scaleLayouts, in: database, frontEnd: frontEnd).matches
    }

    /// What `code` names, when it names something; throws why it does not (`CodeResolution.failure`, in
    /// `frontEnd`'s words), and a usage error for an empty code.
    public static func resolution(
        of code: String, scaleLayouts: [ScaleLayout] = [], in database: any CatalogStore,
        frontEnd: FrontEnd = .commandLine
    ) async throws -> CodeResolution {
        let trimmed = code.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { throw AppError("Give a barcode, SKU or id to show.", exitCode: .usage) }
        let resolution = try await CodeResolution.resolve(trimmed, scaleLayouts: scaleLayouts, in: database)
        if let failure = resolution.failure(for: trimmed, frontEnd: frontEnd) { throw failure }
        return resolution
    }

    /// The one variation `code` names, for a write; a code several variations share is refused with the
    /// list (unless `itemFieldsOnly` and they are all of one item, whose first is taken).
    public static func single(
        _ code: String, in database: any CatalogStore, frontEnd: FrontEnd = .commandLine, itemFieldsOnly: Bool = false
    ) async throws -> VariationSummary {
        let matches = try await lookUp(code, in: database, frontEnd: frontEnd)
        if itemFieldsOnly, let first = matches.first, matches.allSatisfy({ $0.itemID == first.itemID }) { return first }
        guard matches.count == 1, let match = matches.first else {
            // Staff on the hub pick by name and barcode; ids are for a person at a shell.
            let shell = frontEnd == .commandLine
            let list = matches.prefix(10).map {
                "  \(shell ? $0.variationID + "  " : "")\($0.label)  SKU \($0.sku ?? "-")"
            }
            throw AppError(
                "“\(Terminal.echo(code))” matches \(matches.count) variations; give "
                    + (shell ? "a barcode or variation id" : "the item's own barcode") + " instead:\n"
                    + list.joined(separator: "\n"), exitCode: .dataError)
        }
        return match
    }

    /// The one variation `text` names: a barcode, SKU or id as for `matches`, else the top search hit.
    ///
    /// A search with several hits asks the `prompter` (the first is the suggestion); without one it is
    /// refused with the candidates, unless `takeFirst`.
    public static func resolve(
        _ text: String, in database: any CatalogStore, frontEnd: FrontEnd, takeFirst: Bool = false,
        prompter: (any Prompter)? = nil
    ) async throws -> VariationSummary {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { throw AppError("Give a barcode, SKU, id or name.", exitCode: .usage) }
        let matches = try await matches(trimmed, in: database)
        if matches.count == 1 { return matches[0] }
        if !matches.isEmpty { return try await single(trimmed, in: database, frontEnd: frontEnd) }
        let hits = try await database.search(SearchQuery(trimmed), limit: 5).hits.map(\.variation)
        guard let top = hits.first else {
            let misread = CodeResolution.badCheckDigit(trimmed).map(CodeResolution.badCheckDigit)
            if let failure = misread?.failure(for: trimmed, frontEnd: frontEnd) { throw failure }
            throw AppError(
                "Nothing matches “\(Terminal.echo(trimmed))” as a barcode, SKU, id or name. If it is new in Square, "
                    + "\(frontEnd.sync).",
                exitCode: .notFound)
        }
        if takeFirst || (hits.count == 1 && prompter == nil) { return top }
        guard let prompter else {
            let list = hits.enumerated().map { "  \($0.offset + 1). \(describe($0.element))" }.joined(separator: "\n")
            throw AppError(
                "“\(Terminal.echo(trimmed))” matches several variations; give a barcode or SKU"
                    + (frontEnd == .commandLine ? ", or --first to take the top one" : "") + ":\n" + list,
                exitCode: .dataError)
        }
        guard let chosen = await prompter.choose("“\(Terminal.echo(trimmed))” found:", among: hits.map(describe)),
            hits.indices.contains(chosen)
        else { throw AppError("Nothing added.", exitCode: .notFound) }
        return hits[chosen]
    }

    /// One variation as a person reads it: name, variation, SKU and barcode.
    public static func describe(_ variation: VariationSummary) -> String {
        var text = variation.label
        if let sku = variation.sku { text += "  SKU \(sku)" }
        if let upc = variation.upc { text += "  \(upc)" }
        return text
    }
}
