import CatalogCore
import Foundation
import SquareAPI
import Store
import Sync

/// Setting many shelf places at once from a spreadsheet (`catalog shelf import`): the file read, its code and
/// place columns found, each row planned against the local catalog at one location, then (when asked) each
/// change written to Square as `catalog shelf set` writes it, fetch before update.
public struct ShelfImport: Sendable {
    /// What became of one row.
    public enum Status: String, Sendable, CaseIterable {
        /// Dry run: the place would change.
        case change
        /// Written to Square.
        case updated
        /// The variation already stands there (here, or in Square when applying).
        case unchanged
        /// A code but no place: left as it is.
        case blank
        /// No variation has the code.
        case unknown
        /// The code names several variations.
        case ambiguous
        /// A place that cannot be one, a conflicting duplicate, or Square refused it.
        case error
        /// The same variation and place are on an earlier row: set once.
        case duplicate
        /// Square could not be reached: the change waits in the outbox and goes with the next sync.
        case queued
        /// Not sent because Square could not be reached for an earlier row: run the import again.
        case notSent = "not_sent"
    }

    /// One row of the file and what it does.
    public struct Row: Sendable {
        /// The row's 1-based line in the file.
        public var line: Int
        /// The code as written.
        public var code: String
        /// The place as written.
        public var text: String
        /// The variation the code names, when it names one.
        public var variation: VariationSummary?
        /// Where it stands at the location now, and where the row puts it (tidied).
        public var old: String?
        public var new: String?
        public var status: Status
        /// Why the row has its status, as a sentence; empty when there is nothing to add.
        public var message = ""

        public var json: JSONValue {
            func optional(_ value: String?) -> JSONValue { value.map(JSONValue.string) ?? .null }
            return [
                "line": .int(Int64(line)), "code": .string(code), "variation_id": optional(variation?.variationID),
                "item": optional(variation?.itemName), "variation": optional(variation?.variationName),
                "old_shelf": optional(old), "new_shelf": optional(new), "shelf_text": .string(text),
                "status": .string(status.rawValue), "message": .string(message),
            ]
        }
    }

    /// The headers a column of shelf places goes by (compared as `ColumnDetector` compares headers).
    static let placeHeaders = [
        "shelf", "shelf place", "shelf location", "shelf code", "place", "bin", "bin location", "aisle",
        "position", "regal", "regalplatz", "lagerplatz", "fach", "emplacement", "rayon", "ubicacion", "ubicación",
    ]

    /// The location whose places the file sets.
    public var location: CounterLocation
    /// The code column's and the place column's names, as a person reads them.
    public var codeColumn: String
    public var placeColumn: String
    /// Every row with a code or a place, in file order.
    public var rows: [Row]

    /// How many rows have each status.
    public var counts: [Status: Int] { rows.reduce(into: [:]) { $0[$1.status, default: 0] += 1 } }

    /// The plan for the file at `path` at the location `wanted` names (the counter's own when nil): its
    /// columns (by `codeColumn`/`placeColumn`, else by header; the code column also by content), and
    /// what each row would do. Nothing is written.
    public static func plan(
        file path: String, codeColumn: String?, placeColumn: String?, location wanted: String?, context: AppContext
    ) async throws -> ShelfImport {
        let bytes: [UInt8]
        do {
            bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        } catch {
            throw AppError("Cannot read \(path): \(error.localizedDescription). Check the path.", exitCode: .noInput)
        }
        let table: CSVTable
        let columns: (code: Int, text: Int?, hasHeader: Bool, headers: [String])
        do {
            do { table = try CSVReader.read(bytes) } catch { throw PriceImportError.unreadable(error.description) }
            columns = try ColumnDetector.detectText(
                table.rows, code: codeColumn.map(ColumnChoice.init), text: placeColumn.map(ColumnChoice.init),
                textHeaders: placeHeaders, textOptionName: "--shelf-column")
        } catch let error as PriceImportError {
            throw AppError("\(path): \(error.description)", exitCode: error.exitStatus)
        }
        guard let placeIndex = columns.text else {
            let first = columns.headers.map { "“\($0)”" }.joined(separator: ", ")
            throw AppError(
                "\(path): no column is headed as shelf places (such as Shelf, Place or Bin; the first row reads "
                    + "\(first)). Name it with --shelf-column NAME or --shelf-column NUMBER.", exitCode: .dataError)
        }
        let database = try context.openDatabase()
        guard let here = try await context.location(wanted, in: database) else {
            throw AppError("Say where the shelves are: give --location NAME.", exitCode: .usage)
        }
        func name(_ index: Int) -> String {
            columns.hasHeader && !columns.headers[index].isEmpty ? columns.headers[index] : "column \(index + 1)"
        }
        var rows: [Row] = []
        for record in columns.hasHeader ? Array(table.rows.dropFirst()) : table.rows {
            let code = record[field: columns.code].trimmingCharacters(in: .whitespacesAndNewlines)
            let text = record[field: placeIndex]
            if code.isEmpty, text.trimmingCharacters(in: .whitespaces).isEmpty { continue }
            rows.append(try await planned(record.line, code: code, text: text, at: here, context: context))
        }
        return ShelfImport(
            location: here, codeColumn: name(columns.code), placeColumn: name(placeIndex),
            rows: markDuplicates(rows))
    }

    /// What one row would do at `location`.
    static func planned(_ line: Int, code: String, text: String, at location: CounterLocation, context: AppContext)
        async throws -> Row
    {
        var row = Row(line: line, code: code, text: text, status: .error)
        guard !code.isEmpty else {
            row.message = "The row has a shelf place but no code."
            return row
        }
        let resolution = try await CodeResolution.resolve(code, in: try context.openDatabase())
        switch resolution {
        case .found(let variation, _):
            row.variation = variation
        case .ambiguous(let matches, _):
            row.status = .ambiguous
            let names = matches.prefix(3).map(\.label).joined(separator: "; ")
            row.message = "\(matches.count) variations have this code (\(names)): use the barcode or variation id."
            return row
        default:
            row.status = .unknown
            row.message = resolution.failure(for: code, frontEnd: context.frontEnd)?.description ?? ""
            return row
        }
        row.old = row.variation?.shelves.places[location.id]
        do {
            row.new = try ShelfPlace.tidied(text)
        } catch {
            row.message = error.description
            return row
        }
        guard row.new != nil else {
            row.status = .blank
            row.message = "No shelf place given: left as it is."
            return row
        }
        row.status = row.new == row.old ? .unchanged : .change
        return row
    }

    /// Marks repeats of a variation: the same place counts once, different places are errors on every such row.
    static func markDuplicates(_ rows: [Row]) -> [Row] {
        var rows = rows
        var byVariation: [String: [Int]] = [:]
        for (index, row) in rows.enumerated() where [.change, .unchanged].contains(row.status) {
            if let id = row.variation?.variationID { byVariation[id, default: []].append(index) }
        }
        for indices in byVariation.values.map({ $0.sorted() }) where indices.count > 1 {
            if Set(indices.map { rows[$0].new }).count == 1 {
                for index in indices.dropFirst() {
                    rows[index].status = .duplicate
                    rows[index].message = "The same variation and place are on line \(rows[indices[0]].line): set once."
                }
                continue
            }
            for index in indices {
                let others = indices.filter { $0 != index }.map { "line \(rows[$0].line) (\(rows[$0].new ?? ""))" }
                rows[index].status = .error
                rows[index].message =
                    "The same variation is put elsewhere on \(others.joined(separator: ", ")): keep one of the rows."
            }
        }
        return rows
    }

    /// Writes each `change` row to Square, fetch before update, as `catalog shelf set` does (the location's
    /// "Shelf at" definition made first when it is missing). When Square cannot be reached the row waits in the
    /// outbox and the rows after it are not sent (run the import again), so an import never waits out
    /// Square's retries row after row.
    public mutating func apply(context: AppContext) async throws {
        let database = try context.openDatabase()
        let editor = Editor(
            database: database, client: try context.makeClient(), counter: context.counter, sender: context.sender)
        let progress = context.progress
        defer { progress.clearStatus() }
        let pending = rows.indices.filter { rows[$0].status == .change }
        var stopped = false
        for (done, index) in pending.enumerated() {
            progress.status("setting shelf places: \(Terminal.count(done))/\(Terminal.count(pending.count)) sent")
            guard !stopped else {
                rows[index].status = .notSent
                rows[index].message = "Square could not be reached; run the import again to send it."
                continue
            }
            guard let variation = rows[index].variation, let place = rows[index].new else { continue }
            let result: EditResult
            do {
                result = try await editor.edit(
                    variationID: variation.variationID, itemID: variation.itemID, label: variation.label,
                    edits: [FieldEdit(.shelf(at: location.id), .string(place))])
            } catch let error as SquareError where !error.isAuthenticationFailure {
                rows[index].status = .error
                rows[index].message = error.description
                continue
            }
            switch result.status {
            case .applied:
                rows[index].status = .updated
            case .unchanged:
                rows[index].status = .unchanged
                rows[index].message = "Square already has this place."
            case .queued(_, let reason):
                rows[index].status = .queued
                rows[index].message = "Square could not be reached (\(reason)): it waits and goes with the next sync."
                stopped = true
            case .conflict:
                rows[index].status = .error
                rows[index].message = "Square's copy changed meanwhile: run the import again."
            }
        }
    }

    /// How the import ends: 75 when some rows wait for Square (run it again), 65 when some rows are unknown,
    /// ambiguous or wrong (the good ones were still set), else success.
    public var exitStatus: ExitStatus? {
        let counts = counts
        if counts[.queued, default: 0] + counts[.notSent, default: 0] > 0 { return .tryLater }
        if counts[.unknown, default: 0] + counts[.ambiguous, default: 0] + counts[.error, default: 0] > 0 {
            return .dataError
        }
        return nil
    }
}
