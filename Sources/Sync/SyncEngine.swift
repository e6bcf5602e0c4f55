import CatalogCore
import Foundation
import SquareAPI
import Store

/// Brings the local catalog database up to date with Square.
///
/// The first run (or `full`) searches everything; later runs search from the stored
/// `latest_time` with deletions included. Pages are fetched ahead of the writer, and whatever has
/// arrived (up to four pages) lands in one transaction together with the cursor of the page after
/// it, so a run that is killed or loses the network resumes where it stopped: no duplicates, no
/// lost deletions, and the watermark only moves when a pass ends.
public struct SyncEngine: Sendable {
    /// The catalog object types a sync asks for; nested types are named explicitly.
    public static let objectTypes =
        ["ITEM", "ITEM_VARIATION", "CATEGORY", "CUSTOM_ATTRIBUTE_DEFINITION"] + PricingCatalog.objectTypes
    /// Objects per search page (Square's maximum).
    public static let pageLimit = 1000
    /// Pages prepared ahead of the writer, and so at most landed in one transaction.
    static let pagesPerTransaction = 4
    /// Below this file size every sync first runs SQLite's quick check (tens of milliseconds); above it,
    /// only a full sync does.
    static let quickCheckBelowBytes = 64 << 20

    public let database: CatalogDatabase
    public let client: SquareClient

    public init(database: CatalogDatabase, client: SquareClient) {
        self.database = database
        self.client = client
    }

    /// How long a sync waits for another sync of the same database to end before it gives up
    /// (`StoreError.syncRunning`): a full sync of a large catalog over a slow line takes minutes.
    public static let lockPatience = Duration.seconds(600)

    /// Runs one sync; `progress` is called after every transaction of pages. Another sync of the same
    /// database (this process's or another's) is waited for (`SyncLock`); `waiting` hears once that it is,
    /// and which process holds it, when known.
    public func run(
        full: Bool = false, patience: Duration = Self.lockPatience,
        waiting: @escaping @Sendable (Int32?) -> Void = { _ in },
        progress: @escaping @Sendable (SyncProgress) -> Void = { _ in }
    ) async throws -> SyncSummary {
        let lock = try await SyncLock.acquire(databasePath: database.path, patience: patience, waiting: waiting)
        defer { lock.release() }
        let started = ContinuousClock.now
        // Never sync into a damaged file and report success: say so, and how to start again.
        if full || database.fileSize < Self.quickCheckBelowBytes { try await database.quickCheck() }
        let state = try await database.syncState()
        // The account first: a database holds one seller's catalog, and nothing of another's may land in it.
        let locations = try await client.listLocations()
        try await bindAccount(locations: locations, state: state)
        // The locations before the objects: a discount's amount is checked against the shop's currencies.
        try await database.replaceLocations(locations)
        var pass = try await startPass(state: state, full: full)
        var tally = SyncProgress(kind: pass.kind, pages: 0, fetched: 0, changed: 0, deleted: 0)
        // The newest `updated_at` fetched: the watermark when Square names none, and where the pass may
        // resume when Square refuses a cursor (they are short-lived), just before it, while the pages come
        // oldest first; else the pass resumes where it began.
        var newest: Timestamp?
        var vendorIDs: Set<String> = []
        var heldNow: Set<String> = []
        var cleared = 0

        var ordered = true
        var appliedSinceRestart = true
        var restarts = 0
        let client = client
        pages: while true {
            let prefetcher = PagePrefetcher<CatalogObjectsPage, PreparedPage>(depth: Self.pagesPerTransaction)
            let request = pass.request
            // A full pass into an empty database (no sweep) knows each variation's second copy (`PassCopies`),
            // noted afresh whenever the pages start again.
            let copies = pass.kind == .full && !pass.sweep ? PassCopies() : nil
            // Each page is prepared as it arrives, beside the writer and the next request (see `PreparedObject`).
            await prefetcher.start(
                cursor: pass.cursor,
                fetch: { cursor in try await client.searchCatalogObjects(request, cursor: cursor) },
                cursorAfter: \.cursor, prepare: { PreparedPage($0, copies: copies) })
            while true {
                let pages: [PreparedPage]
                do {
                    guard let arrived = try await prefetcher.next(), let last = arrived.last else { break pages }
                    pages = arrived
                    for page in pages {
                        if pass.latestTime == nil { pass.latestTime = page.latestTime }
                        if let oldest = page.oldest, let newestPage = page.newest {
                            if !page.ordered || newest.map({ oldest < $0 }) ?? false { ordered = false }
                            newest = max(newest ?? newestPage, newestPage)
                        }
                        vendorIDs.formUnion(page.vendorIDs)
                    }
                    let counts = try await database.apply(
                        prepared: pages.flatMap(\.objects), markSeen: pass.sweep, deferIndexing: pass.kind == .full,
                        expectNew: copies != nil,
                        syncState: [SyncStateKey.passCursor: last.cursor, SyncStateKey.passLatestTime: pass.latestTime])
                    pass.cursor = last.cursor
                    tally.changed += counts.changed
                    tally.deleted += counts.deleted
                    heldNow.formUnion(counts.problems.map(\.id))
                    cleared += counts.cleared
                    appliedSinceRestart = true
                } catch let error as SquareError where error.isInvalidCursor && (appliedSinceRestart || restarts < 2) {
                    await prefetcher.cancel()
                    restarts += 1
                    appliedSinceRestart = false
                    pass.request = Self.resuming(pass.request, after: ordered ? newest : nil)
                    pass.cursor = nil
                    try await database.updateSyncState([
                        SyncStateKey.passRequest: pass.request.jsonString, SyncStateKey.passCursor: nil,
                    ])
                    continue pages
                } catch {
                    await prefetcher.cancel()
                    throw error
                }
                tally.pages += pages.count
                tally.fetched += pages.reduce(0) { $0 + $1.objects.count }
                progress(tally)
                if pass.cursor == nil { break pages }
            }
        }

        if pass.kind == .full {
            tally.indexing = true
            progress(tally)
            try await database.indexDeferredItems()
        }
        // Objects held back by an earlier run are asked for again: one Square has fixed now stores.
        cleared += try await retryHeldBack(skipping: heldNow, markSeen: pass.sweep)
        let everyVendor = pass.kind == .full || state[SyncStateKey.vendorsCheckedAt] == nil
        let vendorsChecked = await refreshVendors(
            named: vendorIDs, everyVendor: everyVendor, seenAreEvery: pass.kind == .full && !pass.resumed)

        let watermark = pass.latestTime ?? newest?.rfc3339 ?? state[SyncStateKey.latestTime]
        var finish: [String: String?] = [
            SyncStateKey.latestTime: watermark, SyncStateKey.lastSyncAt: database.clock.now().rfc3339,
        ]
        finish[SyncStateKey.objectTypes] = Self.typesText(pass.request)
        if everyVendor && vendorsChecked { finish[SyncStateKey.vendorsCheckedAt] = database.clock.now().rfc3339 }
        for key in SyncStateKey.passKeys { finish[key] = .some(nil) }
        if pass.sweep {
            tally.deleted += try await database.sweepUnseen(syncState: finish)
        } else {
            try await database.updateSyncState(finish)
        }
        let elapsed = started.duration(to: .now)
        return SyncSummary(
            kind: pass.kind, resumed: pass.resumed, pages: tally.pages, fetched: tally.fetched,
            changed: tally.changed, deleted: tally.deleted, locations: locations.count,
            elapsed: elapsed.seconds,
            latestTime: watermark, problems: try await database.syncProblems(), cleared: cleared)
    }

    /// Records the seller (the merchant id Square's locations name) and the address of the first sync;
    /// on every later sync, refuses a different seller before anything is stored.
    func bindAccount(locations: [JSONValue], state: [String: String]) async throws {
        let merchants = Set(locations.compactMap { $0["merchant_id"]?.stringValue })
        guard let merchant = merchants.sorted().first else { return }
        let address = client.configuration.baseURL.absoluteString
        if let stored = state[SyncStateKey.merchantID] {
            guard stored == merchant else {
                throw SyncError.otherAccount(
                    database: database.path, stored: stored, storedAddress: state[SyncStateKey.squareAddress],
                    found: merchant, address: address)
            }
            return
        }
        try await database.updateSyncState([SyncStateKey.merchantID: merchant, SyncStateKey.squareAddress: address])
    }

    /// The unfinished pass to resume, or a new one recorded in the database.
    func startPass(state: [String: String], full: Bool) async throws -> SyncPass {
        if let unfinished = SyncPass(state: state), !full || unfinished.kind == .full {
            return unfinished
        }
        let pass: SyncPass
        let sameTypes = state[SyncStateKey.objectTypes] == Self.typesText(Self.request(beginTime: nil))
        if !full, sameTypes, let watermark = state[SyncStateKey.latestTime] {
            pass = SyncPass(kind: .incremental, request: Self.request(beginTime: watermark), sweep: false)
        } else {
            // A full pass cannot see deletions, so it ends by removing whatever it did not see,
            // unless the database starts empty.
            let stored = try await database.counts()["catalog_objects"] ?? 0
            pass = SyncPass(kind: .full, request: Self.request(beginTime: nil), sweep: stored > 0)
            try await database.clearSeen()
        }
        try await database.updateSyncState(pass.startState)
        return pass
    }

    /// A pass's request resumed after Square refused its cursor: from just before `after` (the newest
    /// object applied, when pages have come oldest first, so nothing after it was skipped), else
    /// unchanged (the pass runs again from where it began; what was applied stays).
    static func resuming(_ request: JSONValue, after: Timestamp?) -> JSONValue {
        guard let after else { return request }
        let from = Timestamp(epochMilliseconds: after.epochMilliseconds - 1)
        if let begin = request["begin_time"]?.stringValue.flatMap(Timestamp.init(rfc3339:)), begin >= from {
            return request
        }
        var resumed = request
        resumed["begin_time"] = .string(from.rfc3339)
        return resumed
    }

    /// The object types a pass's request asks for, as `sync_state` keeps them.
    static func typesText(_ request: JSONValue) -> String {
        (request["object_types"]?.arrayValue ?? []).compactMap(\.stringValue).joined(separator: ",")
    }

    /// The search body of a pass; every page of the pass resends it unchanged.
    public static func request(beginTime: String?) -> JSONValue {
        var body: JSONValue = [
            "object_types": .array(objectTypes.map(JSONValue.string)),
            "include_deleted_objects": .bool(beginTime != nil),
            "include_related_objects": false,
            "limit": .int(pageLimit),
        ]
        if let beginTime { body["begin_time"] = .string(beginTime) }
        return body
    }
}

extension SyncEngine {
    /// Stores the names of vendors the catalog's variations name, and says whether it could. With
    /// `everyVendor` (a full pass, or the first sync since vendors were kept) it looks up every vendor
    /// the stored catalog names; otherwise only vendors first seen in the objects this sync fetched
    /// (`seen`), so an ordinary sync scans nothing more and usually asks Square nothing more.
    /// `seenAreEvery` says `seen` already names them all (a full pass this run saw from its first page), so
    /// the stored catalog is not read again to find them.
    /// Vendor names are a convenience for the reorder list: a token without vendor access, or Square
    /// failing here, leaves the old names (or the vendor ids) in place rather than failing the sync.
    func refreshVendors(named seen: Set<String>, everyVendor: Bool, seenAreEvery: Bool = false) async -> Bool {
        var ids = seen
        if everyVendor {
            guard !seenAreEvery else { return await lookUpVendors(ids) }
            guard let referenced = try? await database.referencedVendorIDs() else { return false }
            ids = referenced
        } else if !ids.isEmpty {
            guard let known = try? await database.vendorNames() else { return false }
            ids.subtract(known.keys)
        }
        return await lookUpVendors(ids)
    }

    /// Stores the names Square has for `ids`, and says whether it could.
    func lookUpVendors(_ ids: Set<String>) async -> Bool {
        guard !ids.isEmpty else { return true }
        guard let vendors = try? await client.retrieveVendors(ids: ids.sorted()),
            (try? await database.saveVendors(Array(vendors.values))) != nil
        else { return false }
        return true
    }
}

extension SyncEngine {
    /// Asks Square again for every object held back before this run (those it held back itself were just
    /// fetched) and stores what now stores; returns how many left the list. An object Square no longer
    /// has is forgotten, with what waited for it.
    func retryHeldBack(skipping heldNow: Set<String>, markSeen: Bool) async throws -> Int {
        let held = try await database.syncProblems().filter { $0.waitsFor == nil && !heldNow.contains($0.id) }
        guard !held.isEmpty else { return 0 }
        var cleared = 0
        for start in stride(from: 0, to: held.count, by: 1000) {
            let ids = held[start..<min(start + 1000, held.count)].map(\.id)
            let fetched = try await client.batchRetrieveCatalogObjects(ids: ids).objects
            cleared += try await database.apply(fetched, markSeen: markSeen).cleared
            let returned = Set(fetched.compactMap { $0["id"]?.stringValue })
            let gone = ids.filter { !returned.contains($0) }
            if !gone.isEmpty {
                try await database.forgetProblems(ids: gone)
                cleared += gone.count
            }
        }
        return cleared
    }
}
