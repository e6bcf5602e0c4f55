import CatalogCore
import Foundation
import Printing
import SquareAPI
import Store
import Synchronization

/// Everything a workflow works with, handed in by the front end: the settings, how to open the
/// database and reach Square, the clock, the printers, someone to ask, and where progress goes.
///
/// The command line builds the live one (`AppContext.live`); a test builds one over a temporary
/// database, the sandbox, a `TestClock` and a private cupsd; the shop hub will build one per request.
/// Workflows never read the process environment, the terminal or the system clock themselves.
public struct AppContext: Sendable {
    /// The configuration: flags, environment, config file, defaults.
    public var settings: Settings
    /// Where time is read and waited on.
    public var clock: any CatalogClock
    /// The environment the front end runs in (for anything that still reads a variable).
    public var environment: [String: String]
    /// Who answers when a typed name fits several variations; nil refuses instead of guessing.
    public var prompter: (any Prompter)?
    /// Where progress lines and notes go.
    public var progress: any ProgressSink
    /// The folder relative paths a person gives (an --output file, a CSV to import) are relative to.
    public var directory: String
    /// The printers and their jobs (by default the CUPS server the environment's `CUPS_SERVER` names).
    public var printing: any PrintService

    /// Whose claim the outbox entries this context sends carry: one per context (and its copies, unless a
    /// copy is given its own), so two runs in one process hold their entries apart as two processes would.
    public var sender = OutboxSender.inThisProcess()
    /// Who the words are for: a person at a shell (the default) or staff on the hub's pages.
    public var frontEnd = FrontEnd.commandLine

    private let databaseOpener: @Sendable (AppContext) throws -> CatalogDatabase
    private let clientMaker: @Sendable (AppContext) throws -> SquareClient
    /// The databases this context and its copies have opened, by path: one connection pool per file for the
    /// whole process, however many requests, sessions and workflows use it.
    private let opened = OpenedDatabases()

    /// A context; the database and client default to what `settings` names, opened with `clock`.
    public init(
        settings: Settings, clock: any CatalogClock = SystemClock(),
        environment: [String: String] = ProcessInfo.processInfo.environment, prompter: (any Prompter)? = nil,
        progress: any ProgressSink = SilentProgress(), printing: (any PrintService)? = nil,
        directory: String = FileManager.default.currentDirectoryPath,
        openDatabase: (@Sendable (AppContext) throws -> CatalogDatabase)? = nil,
        makeClient: (@Sendable (AppContext) throws -> SquareClient)? = nil, connections: DatabaseConnections = .pool
    ) {
        self.settings = settings
        self.clock = clock
        self.environment = environment
        self.prompter = prompter
        self.progress = progress
        self.directory = directory
        self.printing = printing ?? CUPSPrintService(server: PrintServer(environment: environment))
        self.databaseOpener =
            openDatabase ?? { context in
                try CatalogDatabase(path: context.settings.databasePath, clock: context.clock, connections: connections)
            }
        self.clientMaker = makeClient ?? { context in try context.settings.makeClient(clock: context.clock) }
    }

    /// This computer's name in the history, the outbox and the logs.
    public var counter: String { settings.counter }

    /// The catalog database: opened on first use, then the same one for this context and every copy of it
    /// (a hub's requests, a counter's sessions), so the process holds one pool of connections per file.
    public func openDatabase() throws -> CatalogDatabase {
        try opened.database(at: settings.databasePath) { try databaseOpener(self) }
    }

    /// `given` as a path to open: an absolute path (and `-`, stdin or stdout) as it is, a relative one
    /// inside `directory`.
    public func path(_ given: String) -> String {
        guard !given.hasPrefix("/"), given != "-", !given.isEmpty else { return given }
        return URL(fileURLWithPath: directory).appendingPathComponent(given).path
    }

    /// A Square client; fails with exit 69 when there is no token.
    public func makeClient() throws -> SquareClient { try clientMaker(self) }

    /// The location `wanted` names, else the configured one, else the shop's only one (see
    /// `CounterLocation.resolve`).
    public func location(_ wanted: String?, required: Bool = true) async throws -> CounterLocation? {
        try await location(wanted, in: try openDatabase(), required: required)
    }

    /// `location(_:required:)` in `database`.
    public func location(_ wanted: String?, in database: any CatalogStore, required: Bool = true) async throws
        -> CounterLocation?
    {
        try await CounterLocation.resolve(
            wanted, configured: settings.location, in: database, required: required, frontEnd: frontEnd)
    }
}

/// The databases a context has opened, shared by its copies.
private final class OpenedDatabases: Sendable {
    private let byPath = Mutex<[String: CatalogDatabase]>([:])

    /// The database at `path`, opened by `open` the first time. The lock is held while it opens, so two
    /// callers at once get the same database (opening happens once per process, before any request).
    func database(at path: String, open: () throws -> CatalogDatabase) throws -> CatalogDatabase {
        try byPath.withLock { opened in
            if let database = opened[path] { return database }
            let database = try open()
            opened[path] = database
            return database
        }
    }
}

/// Where a workflow reports what it is doing: a status line that is rewritten while work goes on, and
/// notes the person should read. The command line writes them to stderr; a test collects them.
public protocol ProgressSink: Sendable {
    /// Replaces the status line (such as "Reading stock counts: 40 of 120 variations").
    func status(_ line: String)
    /// Removes the status line.
    func clearStatus()
    /// Something the person should read (the front end marks it as a note).
    func note(_ text: String)
}

/// Progress nobody watches.
public struct SilentProgress: ProgressSink {
    public init() {}
    public func status(_ line: String) {}
    public func clearStatus() {}
    public func note(_ text: String) {}
}

/// Progress for a person at a terminal: the status line on stderr when it is a terminal, notes on stderr
/// as `catalog: note: ...`.
public struct TerminalProgress: ProgressSink {
    public init() {}
    public func status(_ line: String) { Terminal.status(line) }
    public func clearStatus() { Terminal.clearStatus() }
    public func note(_ text: String) { Terminal.note(text) }
}
