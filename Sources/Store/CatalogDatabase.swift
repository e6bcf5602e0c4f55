import CatalogCore
import Foundation
import GRDB

/// The local SQLite copy of the shop's Square catalog.
///
/// The file is opened in WAL mode with a busy timeout, so a scanner process and a CLI command
/// can share it: readers never block the writer and a second writer waits instead of failing.
public final class CatalogDatabase: Sendable {
    /// The path of the SQLite file.
    public let path: String
    let pool: DatabasePool
    /// Vocabulary words this process knows are stored (see `VocabularyCache`).
    let vocabularyCache = VocabularyCache()

    /// How long a writer waits for another process's write to finish before giving up.
    public static let busyTimeout: TimeInterval = 10

    /// SQLite's page cache per connection, in KiB.
    static let cacheKilobytes = 32 * 1024

    /// Opens (creating if needed) the database at `path` and brings its schema up to date.
    public init(path: String) throws(StoreError) {
        self.path = path
        let folder = (path as NSString).deletingLastPathComponent
        if !folder.isEmpty {
            do {
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            } catch {
                throw .cannotOpen(path: path, reason: "cannot create the folder \(folder)")
            }
        }
        var configuration = Configuration()
        configuration.busyMode = .timeout(Self.busyTimeout)
        configuration.prepareDatabase { db in
            try db.execute(sql: "PRAGMA synchronous = NORMAL")
            // A sync writes a few hundred MB of pages: keep the hot b-tree pages in memory and let
            // the WAL grow a little before it is copied back, so pages are not read and written twice.
            try db.execute(sql: "PRAGMA cache_size = -\(Self.cacheKilobytes)")
            try db.execute(sql: "PRAGMA wal_autocheckpoint = 16384")
            try db.execute(sql: "PRAGMA foreign_keys = ON")
        }
        do {
            pool = try DatabasePool(path: path, configuration: configuration)
            try Self.migrator.migrate(pool)
        } catch let error as DatabaseError {
            throw .cannotOpen(path: path, reason: error.message ?? "SQLite error \(error.resultCode.rawValue)")
        } catch {
            throw .cannotOpen(path: path, reason: "\(error)")
        }
    }

    /// Runs `body` in one write transaction; everything it does lands, or nothing does.
    func write<T: Sendable>(_ body: @Sendable @escaping (Database) throws -> T) async throws -> T {
        try await Self.reportingSQLiteErrors { try await pool.write(body) }
    }

    /// Runs `body` against a consistent snapshot of the database.
    func read<T: Sendable>(_ body: @Sendable @escaping (Database) throws -> T) async throws -> T {
        try await Self.reportingSQLiteErrors { try await pool.read(body) }
    }

    /// Runs `body` against a consistent snapshot on the calling thread. For work that takes well under a
    /// millisecond (a search), the two thread hops of an async read would cost as much as the work itself.
    func readNow<T>(_ body: (Database) throws -> T) throws -> T {
        do {
            return try pool.read(body)
        } catch let error as DatabaseError {
            throw StoreError.database(reason: error.message ?? "\(error)")
        }
    }

    /// Runs `work`, turning SQLite's errors into `StoreError.database`.
    private static func reportingSQLiteErrors<T>(_ work: () async throws -> T) async throws -> T {
        do {
            return try await work()
        } catch let error as DatabaseError {
            throw StoreError.database(reason: error.message ?? "\(error)")
        }
    }
}
