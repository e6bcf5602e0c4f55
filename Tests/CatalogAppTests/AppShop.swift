import CatalogApp
import CatalogCore
import CatalogTestSupport
import Foundation
import Sandbox
import SquareAPI
import Store
import Sync

/// The demo shop in the sandbox on 127.0.0.1, synced into a scratch SQLite file, and the context the
/// workflows run in: a clock the test sets, questions answered by a script, progress collected. No
/// process is launched: the workflows are called in this process, as the shop hub will call them.
struct AppShop {
    static let token = "app-test-token-5e21"
    let server: SandboxServer
    let folder: URL
    let clock: TestClock
    let progress = CollectedProgress()
    let database: CatalogDatabase
    var context: AppContext

    /// Starts the sandbox (from `dataFile` when given, else the demo shop), syncs it into a new database in
    /// `folder` (a new one when nil) and builds the context.
    static func start(prompter: (any Prompter)? = nil, dataFile: String? = nil, folder: URL? = nil) async throws
        -> AppShop
    {
        let folder =
            folder
            ?? FileManager.default.temporaryDirectory.appendingPathComponent("catalog-app-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let clock = TestClock()
        // Square's clock reads an hour past the test's, so what the test stamps, as it moves its clock on, is
        // within Square's 24 hours and never in Square's future.
        let server = try await SandboxServer.start(
            SandboxConfiguration(
                port: 0, token: token, seed: .demo, dataFile: dataFile,
                clockOffset: SandboxConfiguration.clockOffset(
                    makingNow: Timestamp(seconds: clock.now().seconds + 3600).rfc3339)))
        let path = folder.appendingPathComponent("catalog.sqlite").path
        let database = try CatalogDatabase(path: path, clock: clock)
        let settings = try Settings.resolve(
            SettingsOverrides(database: path, squareBaseURL: server.baseURL.absoluteString),
            environment: [
                "HOME": folder.path, "SQUARE_ACCESS_TOKEN": token, "CATALOG_COUNTER": "app-test-till",
            ])
        let progress = CollectedProgress()
        let context = AppContext(
            settings: settings, clock: clock, environment: [:], prompter: prompter, progress: progress,
            openDatabase: { _ in database })
        var shop = AppShop(
            server: server, folder: folder, clock: clock, database: database, context: context)
        shop.context.progress = shop.progress
        _ = try await SyncEngine(database: database, client: try context.makeClient()).run(full: true)
        return shop
    }

    /// The database file.
    var databasePath: String { folder.appendingPathComponent("catalog.sqlite").path }

    /// The same context with another prompter.
    func context(prompter: (any Prompter)?) -> AppContext {
        var context = self.context
        context.prompter = prompter
        return context
    }

    /// A client of the sandbox, to read what Square holds.
    func square() throws -> SquareClient { try context.makeClient() }

    /// The variation the sandbox holds under `id`.
    func variation(_ id: String) async throws -> JSONValue {
        try await square().retrieveCatalogObject(id: id).object
    }

    /// The sandbox's IN_STOCK count of a variation at a location, as a number (0 when it has none).
    func inStock(_ variationID: String, at locationID: String) async throws -> Int {
        let answer = try await square().batchRetrieveInventoryCounts(
            ["catalog_object_ids": [.string(variationID)], "location_ids": [.string(locationID)]])
        let count = answer.counts.first { $0["state"]?.stringValue == "IN_STOCK" }
        return Int(count?["quantity"]?.stringValue ?? "0") ?? -1
    }

    func stop() async {
        await server.stop()
        try? FileManager.default.removeItem(at: folder)
    }
}

/// Progress kept for the test to read.
final class CollectedProgress: ProgressSink, @unchecked Sendable {
    private let lock = NSLock()
    private var statusLines: [String] = []
    private var noteLines: [String] = []

    func status(_ line: String) { lock.withLock { statusLines.append(line) } }
    func clearStatus() {}
    func note(_ text: String) { lock.withLock { noteLines.append(text) } }

    var statuses: [String] { lock.withLock { statusLines } }
    var notes: [String] { lock.withLock { noteLines } }
}

/// A person who always picks the same answer, and remembers what they were asked.
final class ScriptedPrompter: Prompter, @unchecked Sendable {
    private let lock = NSLock()
    private let answer: Int?
    private var asked: [(question: String, choices: [String])] = []

    init(answer: Int?) { self.answer = answer }

    func choose(_ question: String, among choices: [String]) async -> Int? {
        lock.withLock { asked.append((question, choices)) }
        return answer
    }

    var questions: [(question: String, choices: [String])] { lock.withLock { asked } }
}

/// Three Workshop Cable Ties sizes in the demo shop: unique barcodes and SKUs, all from Acme Supply.
enum DemoCodes {
    static let small = "05012345003627"
    static let medium = "05012345003634"
    static let large = "05012345003641"
}
