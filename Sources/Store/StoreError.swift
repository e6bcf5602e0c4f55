import CatalogCore
import Foundation

/// What went wrong in the local catalog database, phrased for the person at the counter.
public enum StoreError: Error, CustomStringConvertible, Sendable {
    /// The database file could not be opened or created.
    case cannotOpen(path: String, reason: String)
    /// A Square object could not be read into the catalog tables.
    case badObject(id: String, type: String, reason: String)
    /// A query or write failed inside SQLite.
    case database(reason: String)
    /// The file's contents are damaged (a disk or copy error, a crash of the machine, an edit by hand).
    case damaged(path: String, detail: String)
    /// A row holds a value of an enum column this version does not know (a newer version wrote it).
    case unknownValue(table: String, column: String, value: String)
    /// The disk holding the file is full; the write was rolled back.
    case diskFull(path: String)
    /// The file (or its folder) cannot be written; `doing` is what needed the write.
    case readOnly(path: String, doing: String)
    /// Another process took over an outbox entry this one was sending (this one's claim ran out); what
    /// this one would have recorded was not.
    case outboxEntryTaken(id: Int64)
    /// Another sync of the same database (in `process`, when known) was still running after `waited`.
    case syncRunning(path: String, process: Int32?, waited: Duration)

    public var description: String {
        switch self {
        case .cannotOpen(let path, let reason):
            return "Cannot open the catalog database \(path): \(reason). "
                + "Check that the folder exists and is writable, or choose another file with --db or CATALOG_DB."
        case .badObject(let id, let type, let reason):
            return "Square sent a \(type) object \(id) that cannot be stored: \(reason). "
                + "The database still holds the last good state; fix the object in Square and sync again."
        case .database(let reason):
            return "The catalog database failed: \(reason)."
        case .damaged(let path, let detail):
            return "The catalog database \(path) is damaged (\(detail)). Move it aside (mv \(path) \(path).damaged) "
                + "and run catalog sync --full to build a new one from Square. Keep the old file: edits still in "
                + "its outbox, the reorder list and the history are only there."
        case .unknownValue(let table, let column, let value):
            return "The catalog database holds a \(table) row whose \(column) is “\(value)”, which this version of "
                + "catalog does not know: a newer catalog wrote it. Update catalog before using this database; "
                + "nothing was done with that row."
        case .diskFull(let path):
            let folder = (path as NSString).deletingLastPathComponent
            return "The disk holding the catalog database \(path) is full, so nothing was saved. Free space in "
                + "\(folder.isEmpty ? "." : folder) (df -h \(folder.isEmpty ? "." : folder) shows how much is left) "
                + "and run the command again."
        case .readOnly(let path, let doing):
            let folder = (path as NSString).deletingLastPathComponent
            return "The catalog database \(path) is read-only, so catalog could not \(doing); nothing was "
                + "changed. Make the file and its folder writable for this user (ls -l \(path) \(folder.isEmpty ? "." : folder)), "
                + "or choose another file with --db or CATALOG_DB."
        case .outboxEntryTaken(let id):
            return "Outbox entry \(id) was taken over by another catalog process while this one was sending it; "
                + "that process records the outcome. See catalog outbox."
        case .syncRunning(let path, let process, let waited):
            return "Another sync of the catalog database \(path) "
                + (process.map { "(process \($0)) " } ?? "")
                + "was still running after \(Self.minutes(waited)), so this one did not start: "
                + "two at once would share one pass and lose objects. Try again once it has ended; if it never "
                + "ends, it is stuck: stop it and sync again."
        }
    }
}

extension StoreError {
    /// `waited` in whole minutes, in words (`10 minutes`, `1 minute`).
    public static func minutes(_ waited: Duration) -> String {
        let minutes = max(1, Int(waited.components.seconds / 60))
        return "\(minutes) minute\(minutes == 1 ? "" : "s")"
    }
}

extension StoreError: UserFacingError {
    public var exitStatus: ExitStatus {
        switch self {
        case .badObject, .damaged, .unknownValue: return .dataError
        case .outboxEntryTaken, .syncRunning: return .tryLater
        case .readOnly, .diskFull, .cannotOpen: return .cannotCreate
        case .database: return .internalError
        }
    }
}
