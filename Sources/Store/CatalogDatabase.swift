import CatalogCore
import Foundation
import GRDB
import Synchronization

/// The local SQLite copy of the shop's Square catalog.
///
/// The file is opened in WAL mode with a busy timeout, so a scanner process and a CLI command
/// can share it: readers never block the writer and a second writer waits instead of failing.
public final class CatalogDatabase: Sendable {
    /// The path of the SQLite file.
    public let path: String
    /// Whether the file (or its folder) cannot be written: reads work, every write fails with
    /// `StoreError.readOnly`.
    public let isReadOnly: Bool
    /// The time every row this database stamps (outbox, reorder list, receipts) is stamped with.
    public let clock: any CatalogClock
    /// The connection pool, or the one connection (see `Connections`).
    let sqlite: any DatabaseWriter
    /// What copies a pool's WAL back into the file beside its writer; nil for one connection, which leaves that
    /// to SQLite's automatic checkpoint (`wal_autocheckpoint`), and for a file opened read-only.
    let checkpointer: WALCheckpointer?
    /// Vocabulary words this process knows are stored (see `VocabularyCache`).
    let vocabularyCache = VocabularyCache()
    /// The typo alternatives of words searched for, while the vocabulary is unchanged.
    let typoCache = TypoCache()
    /// The candidates of broad prefix searches, while the index is unchanged.
    let broadCache = BroadPrefixCache()
    /// The pricing objects last read, while they are unchanged (see `PricingCache`).
    let pricingCache = PricingCache()

    /// How long a writer waits for another process's write to finish before giving up.
    public static let busyTimeout: TimeInterval = 10

    /// SQLite's page cache per connection, in KiB.
    static let cacheKilobytes = 16 * 1024
    /// How a connection that writes stores pages: a sync writes a few hundred MB of them, so the hot b-tree
    /// pages stay in memory (16 MB did as well as 32 in catalog-bench sync, with 20 MB less peak memory) and
    /// the WAL grows a little before it is copied back, so pages are not read and written twice. Public for
    /// catalog-bench's floor, which writes the same rows the same way.
    public static let writerPragmas = [
        "PRAGMA synchronous = NORMAL", "PRAGMA cache_size = -\(cacheKilobytes)", "PRAGMA wal_autocheckpoint = 16384",
    ]
    /// How much of the file a reading connection maps (SQLite caps it at its own limit, 2 GB on Linux).
    static let mapBytes = 2 << 30

    /// How a process holds the file.
    public enum Connections: Sendable {
        /// A connection that writes and reading connections beside it, for a process that serves many at once
        /// (the hub, a scanner): a read never waits for a write. Opening one writes a transaction when
        /// the file has no WAL yet (GRDB makes one so that readers can open the file), and the last process
        /// to close the file copies that back and syncs it to disk.
        case pool
        /// One connection that reads and writes in turn, for a command that does one thing and ends (a search,
        /// a look-up): one schema to read instead of two, and nothing written just to open the file.
        case one
    }

    /// Opens (creating if needed) the database at `path` and brings its schema up to date.
    public init(path: String, clock: any CatalogClock = SystemClock(), connections: Connections = .pool)
        throws(StoreError)
    {
        self.path = path
        self.clock = clock
        let folder = (path as NSString).deletingLastPathComponent
        // An existing file that cannot be written (or whose folder cannot hold the WAL beside it) is opened
        // read-only: looking things up still works.
        isReadOnly =
            FileManager.default.fileExists(atPath: path)
            && (access(path, W_OK) != 0 || access(folder.isEmpty ? "." : folder, W_OK) != 0)
        if !folder.isEmpty {
            do {
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            } catch {
                throw .cannotOpen(path: path, reason: "cannot create the folder \(folder)")
            }
        }
        var configuration = Configuration()
        // SQLite's own busy timeout sleeps longer and longer between tries (up to 100 ms), so a scan's write
        // waiting for another process's sync transaction went on waiting up to 100 ms after it had ended:
        // trying again every millisecond takes the lock as soon as it is free, for as long in all.
        let tries = Int(Self.busyTimeout * 1000)
        configuration.busyMode = .callback { tried in
            guard tried < tries else { return false }
            usleep(1000)
            return true
        }
        configuration.readonly = isReadOnly
        let readOnly = isReadOnly
        let checkpointer = connections == .pool && !isReadOnly ? WALCheckpointer(path: path) : nil
        self.checkpointer = checkpointer
        configuration.prepareDatabase { db in
            // A search reads index pages from all over the file: mapped, they are read in place rather than
            // copied through the page cache (7% of a catalog-word typo search at 500,000 variations). Only
            // connections that never write map the file, so a sync's memory stays its own.
            if db.configuration.readonly { try db.execute(sql: "PRAGMA mmap_size = \(Self.mapBytes)") }
            if readOnly { return }
            for pragma in Self.writerPragmas { try db.execute(sql: pragma) }
            if !db.configuration.readonly { checkpointer?.install(on: db) }
            try db.execute(sql: "PRAGMA foreign_keys = ON")
            // A pool puts the file in WAL mode itself; one connection does it here, so that a file it creates
            // is one other processes can read while it is written (a file already in WAL mode stays as it is).
            if connections == .one { _ = try String.fetchOne(db, sql: "PRAGMA journal_mode = WAL") }
        }
        do {
            // Read-only, SQLite needs the WAL index (-shm) beside the file; when it cannot be made and there
            // is no WAL to read, the main file holds everything and is read as immutable.
            let folderWritable = access(folder.isEmpty ? "." : folder, W_OK) == 0
            let immutable = isReadOnly && !folderWritable && !FileManager.default.fileExists(atPath: path + "-wal")
            let opened = immutable ? "file:\(Self.uriEscaped(path))?immutable=1" : path
            switch connections {
            case .pool: sqlite = try DatabasePool(path: opened, configuration: configuration)
            case .one: sqlite = try DatabaseQueue(path: opened, configuration: configuration)
            }
            Self.openings.withLock { $0[path, default: 0] += 1 }
            if isReadOnly {
                guard try sqlite.read({ try Self.migrator.hasCompletedMigrations($0) }) else {
                    throw StoreError.readOnly(
                        path: path, doing: "bring it up to date for this version of catalog (nothing can be read)")
                }
            } else {
                try Self.migrator.migrate(sqlite)
            }
        } catch let error as StoreError {
            throw error
        } catch let error as DatabaseError {
            if Self.meansDamage(error) { throw .damaged(path: path, detail: error.message ?? "\(error)") }
            if error.resultCode == .SQLITE_FULL { throw .diskFull(path: path) }
            throw .cannotOpen(path: path, reason: error.message ?? "SQLite error \(error.resultCode.rawValue)")
        } catch {
            throw .cannotOpen(path: path, reason: "\(error)")
        }
    }

    /// How many connection pools this process has opened on each file.
    private static let openings = Mutex<[String: Int]>([:])

    /// How many connection pools this process has opened on the file at `path` (a long-running process, the
    /// hub, opens one for its life).
    public static func timesOpened(_ path: String) -> Int { openings.withLock { $0[path] ?? 0 } }

    /// `path` for a `file:` URI: the characters URIs reserve are percent-encoded.
    static func uriEscaped(_ path: String) -> String {
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: "?#%")
        return path.addingPercentEncoding(withAllowedCharacters: allowed) ?? path
    }

    /// Runs `body` in one write transaction; everything it does lands, or nothing does.
    /// Timed into the work's `DatabaseTiming`, when it has one.
    func write<T: Sendable>(_ body: @Sendable @escaping (Database) throws -> T) async throws -> T {
        try await reportingSQLiteErrors {
            guard let meter = DatabaseTiming.current else { return try await sqlite.write(body) }
            return try await meter.measure(body) { try await sqlite.write($0) }
        }
    }

    /// Runs `body` on the writing connection outside any transaction (it opens its own), with the pool when
    /// the file is held by one, so that `body` can read on another connection beside it.
    func writeOutsideTransaction<T: Sendable>(
        _ body: @Sendable @escaping (Database, DatabasePool?) throws -> T
    ) async throws -> T {
        let pool = sqlite as? DatabasePool
        return try await reportingSQLiteErrors { try await sqlite.writeWithoutTransaction { db in try body(db, pool) } }
    }

    /// Runs `body` against a consistent snapshot of the database; timed into the work's `DatabaseTiming`,
    /// when it has one.
    func read<T: Sendable>(_ body: @Sendable @escaping (Database) throws -> T) async throws -> T {
        try await reportingSQLiteErrors {
            guard let meter = DatabaseTiming.current else { return try await sqlite.read(body) }
            return try await meter.measure(body) { try await sqlite.read($0) }
        }
    }

    /// Runs `body` with the file neither mapped nor held in a large page cache on this connection, for a read
    /// that passes over much of the file once (a quick check, an index rebuild): mapped, every page it reads
    /// stays counted as the process's own memory (a first sync's peak went from 144 to 265 MB, `catalog
    /// reindex`'s at 500,000 variations from 46 to 840 MB), and a reading connection's 16 MB cache filled
    /// too (+17 MB); read once, neither saves anything. SQLite's default 2 MB cache is kept.
    static func readingOnce<T>(_ db: Database, _ body: () throws -> T) throws -> T {
        let mapped = try Int.fetchOne(db, sql: "PRAGMA mmap_size") ?? 0
        let cache = try Int.fetchOne(db, sql: "PRAGMA cache_size") ?? 0
        try db.execute(sql: "PRAGMA mmap_size = 0")
        try db.execute(sql: "PRAGMA cache_size = -2000")
        defer {
            try? db.execute(sql: "PRAGMA mmap_size = \(mapped)")
            try? db.execute(sql: "PRAGMA cache_size = \(cache)")
        }
        return try body()
    }

    /// SQLite's quick structural check of the whole file (it reads every page: about a second per few
    /// hundred MB); throws `StoreError.damaged` with what it found.
    public func quickCheck() async throws {
        let problems = try await read { db in
            try Self.readingOnce(db) { try String.fetchAll(db, sql: "PRAGMA quick_check(3)") }
        }
        .flatMap { $0.split(separator: "\n").map(String.init) }.filter { !$0.hasPrefix("***") }
        guard problems == ["ok"] else {
            throw StoreError.damaged(path: path, detail: problems.joined(separator: "; "))
        }
    }

    /// The file's size in bytes (0 when it cannot be read).
    public var fileSize: Int {
        ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber)?.intValue ?? 0
    }

    /// A stored object's JSON; text that no longer parses means the file is damaged.
    static func storedJSON(_ text: String, id: String) throws -> JSONValue {
        do {
            return try JSONValue.parse(text)
        } catch {
            throw DamagedRow(detail: "the stored object \(id) is not valid JSON")
        }
    }

    /// Thrown inside a transaction when a row is unreadable; reported as `StoreError.damaged`.
    struct DamagedRow: Error {
        let detail: String
    }

    /// Runs `work`, turning SQLite's errors into `StoreError.database` (`readOnly` for a file that cannot
    /// be written).
    private func reportingSQLiteErrors<T>(_ work: () async throws -> T) async throws -> T {
        do {
            return try await work()
        } catch let error as DatabaseError {
            throw storeError(error)
        } catch let error as DamagedRow {
            throw StoreError.damaged(path: path, detail: error.detail)
        }
    }

    /// What an SQLite error means for the person: a read-only file, a damaged file, or another failure.
    func storeError(_ error: DatabaseError) -> StoreError {
        let message = error.message ?? "\(error)"
        if error.resultCode == .SQLITE_READONLY || isReadOnly && error.resultCode == .SQLITE_CANTOPEN {
            return .readOnly(path: path, doing: "save the change")
        }
        if Self.meansDamage(error) { return .damaged(path: path, detail: message) }
        if error.resultCode == .SQLITE_FULL { return .diskFull(path: path) }
        return .database(reason: message)
    }

    /// Whether an SQLite error means the file's contents are damaged: SQLite's own corruption codes, and
    /// the errors a damaged full-text index or JSON column gives.
    static func meansDamage(_ error: DatabaseError) -> Bool {
        if error.resultCode == .SQLITE_CORRUPT || error.resultCode == .SQLITE_NOTADB { return true }
        let message = (error.message ?? "").lowercased()
        return ["malformed", "vtable constructor failed", "database corrupt"].contains { message.contains($0) }
    }
}
