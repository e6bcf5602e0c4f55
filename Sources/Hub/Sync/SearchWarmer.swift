import Foundation
import Store

/// Searches, in the background, the starts of words staff type on the way to a word (`co`, `han`, `medi`)
/// that begin words in hundreds of items: the first search for one of them chooses the best few hundred of
/// thousands, which is slow, and what it found is kept only while the search index is unchanged. The hub
/// warms once it has synced at start, and again after a sync that changed the index, so the first customer
/// of the morning, and the first after a catalog change, gets results as fast as the hundredth.
///
/// It takes at most half of one core: after each search it waits as long as the search took. A warm still
/// running when the index changes again gives way to the next.
actor SearchWarmer {
    /// Word starts searched at the most (the broadest first): what the kept searches hold.
    static let most = 1500
    /// Whole words in thousands of items searched at the most, for a second word typed after one (`red k`).
    static let mostWords = 300

    private let database: CatalogDatabase
    private var warmedVersion: [UInt8]?
    private var running: Task<Void, Never>?
    /// The index version the warm under way is for.
    private var runningVersion: [UInt8]?

    init(database: CatalogDatabase) {
        self.database = database
    }

    /// Warms the search for the index as it is now, unless that was done already or is under way; returns
    /// once the warm has started.
    func warm() async {
        guard let version = try? await database.searchIndexVersion(),
            version != warmedVersion, version != runningVersion
        else { return }
        running?.cancel()
        runningVersion = version
        running = Task { [database] in
            do {
                let began = ContinuousClock.now
                let starts = try await database.broadWordStarts(most: Self.most)
                try await Self.paced(starts) { _ = try await database.search(SearchQuery($0)) }
                let words = try await database.broadWords(most: Self.mostWords)
                try await Self.paced(words) { try await database.searchAhead(word: $0) }
                if try await database.searchIndexVersion() == version { self.warmed(version) }
                let elapsed = ContinuousClock.now - began
                let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
                let said =
                    starts.isEmpty
                    ? "search: no start of a word begins words in more than \(CatalogDatabase.broadCap) items; "
                        + "nothing to search ahead"
                    : "search: \(starts.count) broad word starts and \(words.count) broad words searched ahead in "
                        + "\(String(format: "%.1f", seconds)) s"
                HubLog.logger.info("\(said)")
            } catch is CancellationError {
            } catch {
                HubLog.logger.warning("search not warmed: \(error)")
            }
            self.ended(version)
        }
    }

    /// `search` for each of `texts`, waiting after each as long as it took (half a core at most).
    private static func paced(_ texts: [String], _ search: (String) async throws -> Void) async throws {
        for text in texts {
            try Task.checkCancellation()
            let searched = ContinuousClock.now
            try await search(text)
            try await Task.sleep(for: ContinuousClock.now - searched)
        }
    }

    /// Stops the warm under way, if any (the hub is stopping).
    func cancel() {
        running?.cancel()
    }

    /// Waits for the warm under way, if any (for tests).
    func waitUntilWarm() async {
        await running?.value
    }

    private func warmed(_ version: [UInt8]) {
        warmedVersion = version
    }

    /// The warm for `version` has ended, whole or not: a later one for it may start.
    private func ended(_ version: [UInt8]) {
        if runningVersion == version { runningVersion = nil }
    }
}
