/// Fetches the pages of one pass ahead of the writer and prepares each beside the fetching: the next
/// request goes out as soon as a page has arrived, while the page before it is still being prepared, so
/// preparing never holds up the wire. At most `depth` prepared pages wait for the writer, and at most
/// `fetchedDepth` fetched pages wait to be prepared. `next` hands over every prepared page at once, so a
/// writer that falls behind lands several pages in one transaction.
///
/// A cursor the server refuses ends the fetching with that error; the sync engine decides where the pass
/// resumes.
actor PagePrefetcher<Fetched: Sendable, Prepared: Sendable> {
    private let depth: Int
    private let fetchedDepth: Int
    /// Pages that have arrived, oldest first, not yet taken to be prepared.
    private var fetched: [Fetched] = []
    /// Whether the last page has arrived, the fetching failed, or the prefetcher was cancelled.
    private var fetchingEnded = false
    private var ready: [Prepared] = []
    private var failure: (any Error)?
    /// Whether every page that will come is in `ready` (or the prefetcher was cancelled).
    private var finished = false
    private var waitingConsumer: CheckedContinuation<Void, Never>?
    private var waitingFetcher: CheckedContinuation<Void, Never>?
    private var waitingPreparer: CheckedContinuation<Void, Never>?
    private var tasks: [Task<Void, Never>] = []

    init(depth: Int, fetchedDepth: Int = 2) {
        self.depth = max(1, depth)
        self.fetchedDepth = max(1, fetchedDepth)
    }

    /// Starts fetching from `cursor` (nil: the first page). `cursorAfter` reads the cursor of the page after
    /// a fetched one (nil on the last page).
    func start(
        cursor: String?, fetch: @escaping @Sendable (String?) async throws -> Fetched,
        cursorAfter: @escaping @Sendable (Fetched) -> String?,
        prepare: @escaping @Sendable (Fetched) -> Prepared
    ) {
        tasks = [
            Task { await self.fetchAll(from: cursor, fetch: fetch, cursorAfter: cursorAfter) },
            Task.detached { await self.prepareAll(prepare) },
        ]
    }

    /// Every page prepared so far (waiting for at least one), or nil when the pass has no more pages.
    /// A fetch that failed throws here, after the pages fetched before it.
    func next() async throws -> [Prepared]? {
        while ready.isEmpty && !finished {
            await withCheckedContinuation { waitingConsumer = $0 }
        }
        if !ready.isEmpty {
            let pages = ready
            ready = []
            resume(&waitingPreparer)
            return pages
        }
        if let failure { throw failure }
        return nil
    }

    /// Stops fetching and preparing; pages not handed over are dropped.
    func cancel() {
        for task in tasks { task.cancel() }
        endFetching(nil)
        fetched = []
        finished = true
        wakeEveryone()
    }

    private func fetchAll(
        from cursor: String?, fetch: @Sendable (String?) async throws -> Fetched,
        cursorAfter: @Sendable (Fetched) -> String?
    ) async {
        var cursor = cursor
        while !fetchingEnded {
            do {
                let page = try await fetch(cursor)
                while fetched.count >= fetchedDepth && !fetchingEnded {
                    await withCheckedContinuation { waitingFetcher = $0 }
                }
                guard !fetchingEnded else { return }
                fetched.append(page)
                resume(&waitingPreparer)
                guard let next = cursorAfter(page) else { return endFetching(nil) }
                cursor = next
            } catch {
                return endFetching(error)
            }
        }
    }

    /// Prepares fetched pages one after another, off the actor, so fetching goes on meanwhile.
    private nonisolated func prepareAll(_ prepare: @Sendable (Fetched) -> Prepared) async {
        while let page = await takeFetched() {
            let prepared = prepare(page)
            guard await deliver(prepared) else { return }
        }
    }

    /// The oldest fetched page, once there is one; nil when no more will come.
    private func takeFetched() async -> Fetched? {
        while fetched.isEmpty && !fetchingEnded && !finished {
            await withCheckedContinuation { waitingPreparer = $0 }
        }
        guard !finished, !fetched.isEmpty else {
            // Everything fetched is prepared: the pass's pages (and its failure, if any) are all handed over.
            finished = true
            resume(&waitingConsumer)
            return nil
        }
        let page = fetched.removeFirst()
        resume(&waitingFetcher)
        return page
    }

    /// Queues a prepared page for the writer, waiting while `depth` pages wait already; false once cancelled.
    private func deliver(_ page: Prepared) async -> Bool {
        while ready.count >= depth && !finished {
            await withCheckedContinuation { waitingPreparer = $0 }
        }
        guard !finished else { return false }
        ready.append(page)
        resume(&waitingConsumer)
        return true
    }

    private func endFetching(_ error: (any Error)?) {
        guard !fetchingEnded else { return }
        fetchingEnded = true
        failure = error
        wakeEveryone()
    }

    private func wakeEveryone() {
        resume(&waitingConsumer)
        resume(&waitingFetcher)
        resume(&waitingPreparer)
    }

    private func resume(_ waiting: inout CheckedContinuation<Void, Never>?) {
        waiting?.resume()
        waiting = nil
    }
}
