/// Fetches the pages of one pass ahead of the writer, at most `depth` pages ahead, and hands over every
/// page that has arrived at once, so a writer that falls behind lands several pages in one transaction.
///
/// A cursor the server refuses ends the fetching with that error; the sync engine decides where the pass
/// resumes.
actor PagePrefetcher {
    private let depth: Int
    private var ready: [PreparedPage] = []
    private var failure: (any Error)?
    private var finished = false
    private var waitingConsumer: CheckedContinuation<Void, Never>?
    private var waitingProducer: CheckedContinuation<Void, Never>?
    private var task: Task<Void, Never>?

    init(depth: Int) { self.depth = max(1, depth) }

    /// Starts fetching from `cursor` (nil: the first page).
    func start(cursor: String?, fetch: @escaping @Sendable (String?) async throws -> PreparedPage) {
        task = Task { await self.fetchAll(from: cursor, fetch: fetch) }
    }

    /// Every page that has arrived (waiting for at least one), or nil when the pass has no more pages.
    /// A fetch that failed throws here, after the pages fetched before it.
    func next() async throws -> [PreparedPage]? {
        while ready.isEmpty && !finished {
            await withCheckedContinuation { waitingConsumer = $0 }
        }
        if !ready.isEmpty {
            let pages = ready
            ready = []
            waitingProducer?.resume()
            waitingProducer = nil
            return pages
        }
        if let failure { throw failure }
        return nil
    }

    /// Stops fetching; pages not handed over are dropped.
    func cancel() {
        task?.cancel()
        end(nil)
    }

    private func fetchAll(from cursor: String?, fetch: @Sendable (String?) async throws -> PreparedPage) async {
        var cursor = cursor
        while !finished {
            do {
                let page = try await fetch(cursor)
                while ready.count >= depth && !finished {
                    await withCheckedContinuation { waitingProducer = $0 }
                }
                guard !finished else { return }
                ready.append(page)
                waitingConsumer?.resume()
                waitingConsumer = nil
                guard let next = page.cursor else { return end(nil) }
                cursor = next
            } catch {
                return end(error)
            }
        }
    }

    private func end(_ error: (any Error)?) {
        guard !finished else { return }
        finished = true
        failure = error
        waitingConsumer?.resume()
        waitingConsumer = nil
        waitingProducer?.resume()
        waitingProducer = nil
    }
}
