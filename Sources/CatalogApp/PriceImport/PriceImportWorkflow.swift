import CatalogCore
import Foundation
import Store
import Sync

/// Setting prices from a supplier's file, for every front end: the file read (a clear error when it
/// cannot be), its columns found and each row planned against the local catalog, then (when asked)
/// the changes sent to Square with progress, and the per-row report written whole or not at all.
public struct PriceImportWorkflow: Sendable {
    public let context: AppContext
    public let database: CatalogDatabase

    public init(context: AppContext) throws {
        self.context = context
        self.database = try context.openDatabase()
    }

    /// The plan for the file at `path`: which columns hold codes and prices, and what each row would do.
    public func plan(file path: String, options: PriceImportOptions) async throws -> PricePlan {
        try await plan(try Self.read(path), named: path, options: options)
    }

    /// The bytes of the price file at `path`, or an error naming it (exit 66).
    static func read(_ path: String) throws -> [UInt8] {
        do {
            return [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        } catch {
            throw AppError("Cannot read \(path): \(error.localizedDescription). Check the path.", exitCode: .noInput)
        }
    }

    /// The plan for a file's `bytes`, named `name` in what is said about it.
    public func plan(_ bytes: [UInt8], named name: String, options: PriceImportOptions) async throws -> PricePlan {
        do {
            return try await PriceImport(database: database).plan(bytes, options: options)
        } catch let error as PriceImportError {
            throw AppError("\(name): \(error.description)", exitCode: .dataError)
        }
    }

    /// Sends the plan's changes to Square, the context's progress hearing how far it got; `source` is the
    /// file's name in the history.
    public func apply(_ plan: PricePlan, source path: String) async throws -> PriceImportResult {
        let progress = context.progress
        defer { progress.clearStatus() }
        return try await PriceImport(database: database).apply(
            plan, client: try context.makeClient(), counter: context.counter,
            source: URL(fileURLWithPath: path).lastPathComponent
        ) { state in
            progress.status(
                "importing: \(Terminal.count(state.done))/\(Terminal.count(state.total)) sent, "
                    + "\(Terminal.count(state.updated)) updated")
        }
    }

    /// The per-row report as CSV with the file's own separator (formula-safe for Excel when asked).
    public static func report(_ rows: [PriceImportRow], separator: Character, excel: Bool) -> [UInt8] {
        CSVWriter.write(
            [PriceImportRow.reportHeader] + rows.map(\.reportFields), separator: separator, formulaSafe: excel)
    }

    /// How an import ends: 75 when Square stopped answering part way (run it again), 65 when some rows are
    /// unknown, ambiguous or wrong (the good ones were still applied), else success.
    public static func exitStatus(_ rows: [PriceImportRow], stopped: Bool) -> ExitStatus? {
        if stopped { return .tryLater }
        let bad = rows.contains { [.unknown, .ambiguous, .error].contains($0.status) }
        return bad ? .dataError : nil
    }
}
