import CatalogApp
import CatalogCore
import Foundation
import Store
import Webhooks

/// The hub keeps its replica current: a sync when it starts, on each of Square's webhooks, and every few
/// minutes in case a webhook was missed, each followed by a read of the stock counts Square changed since
/// the last (`StockRefresh`). Requests that come while a sync runs share the next one.
public actor HubSync {
    /// What the last sync did and when, for the sync status page.
    public struct Status: Sendable {
        public var running = false
        public var startedAt: Timestamp?
        public var finishedAt: Timestamp?
        public var lastSummary: JSONValue?
        public var lastLine: String?
        public var lastError: String?
        public var syncs = 0
        public var failures = 0
        /// When Square's stock counts were last read (after a sync).
        public var stockReadAt: Timestamp?
    }

    private let workflow: SyncWorkflow?
    /// Reads Square's stock counts after each sync (nil without a token).
    private let stock: StockRefresh?
    /// Why the hub cannot sync (no Square token), when it cannot.
    public let unavailable: String?
    private let events: HubEvents
    private let clock: any CatalogClock
    /// Whose words the sync's status is in (the hub's staff).
    private let frontEnd: FrontEnd
    private var coalescer: SyncCoalescer?
    /// Searches ahead after each sync (`SearchWarmer`).
    let warmer: SearchWarmer
    public private(set) var status = Status()

    /// A hub sync over `context`'s database and Square client; without a token it never syncs and says why.
    public init(context: AppContext, events: HubEvents, database: CatalogDatabase) {
        self.events = events
        self.warmer = SearchWarmer(database: database)
        self.clock = context.clock
        self.frontEnd = context.frontEnd
        do {
            workflow = try SyncWorkflow(context: context)
            unavailable = nil
        } catch {
            workflow = nil
            unavailable = SyncWorkflow.unavailable(error, context: context)
            HubLog.logger.warning("no sync: \(AppError.from(error).description)")
        }
        stock = workflow == nil ? nil : try? StockRefresh(context: context)
    }

    /// Asks for a sync (`reason` is logged): one starts now, or runs after the one under way.
    public func request(_ reason: String) async {
        guard let workflow else { return }
        if coalescer == nil {
            coalescer = SyncCoalescer(logger: HubLog.logger) { [weak self] in
                guard let self else { return }
                try await self.run(workflow)
            }
        }
        HubLog.logger.info("sync requested: \(reason)")
        // The device that asked for a sync made none of the changes it sends: they keep who made them (the
        // outbox entry's), so the sync's task does not carry the request's WrittenBy.
        await WrittenBy.$current.withValue(nil) { await coalescer?.request() }
    }

    /// Returns once no sync is running or waiting.
    public func waitUntilIdle() async {
        await coalescer?.waitUntilIdle()
    }

    /// A sync every `interval` until the task is cancelled.
    public nonisolated func every(_ interval: Duration) -> Task<Void, Never> {
        Task {
            while !Task.isCancelled {
                try? await Task.sleep(for: interval)
                if Task.isCancelled { break }
                await request("every \(interval.components.seconds / 60) minutes")
            }
        }
    }

    private func run(_ workflow: SyncWorkflow) async throws {
        status.running = true
        status.startedAt = clock.now()
        await events.publish("sync", statusJSON)
        do {
            let summary = try await workflow.run(report: { HubLog.logger.info("\($0)") })
            status.lastSummary = SyncWorkflow.json(summary)
            status.lastLine = SyncWorkflow.line(summary)
            status.lastError = nil
            status.syncs += 1
            HubLog.logger.info("\(SyncWorkflow.line(summary))")
            // A stock read that fails leaves the figures as they were; the sync itself worked.
            do {
                try await refreshStock()
            } catch {
                HubLog.logger.warning("stock counts not read from Square: \(AppError.from(error).description)")
            }
        } catch {
            // Staff read it on the Sync page; the whole sentence (Square's address, the settings) goes to the log.
            status.lastError = frontEnd.explain(error).description
            HubLog.logger.warning("sync failed: \(AppError.from(error).description)")
            status.failures += 1
        }
        status.running = false
        status.finishedAt = clock.now()
        await events.publish("sync", statusJSON)
        await warmer.warm()
        if let error = status.lastError { throw AppError(error, exitCode: .unavailable) }
    }

    /// The most counts a `stock` event carries.
    static let countsInEvent = 200

    /// Reads the stock counts Square changed since the last read, and tells open pages of those it stored
    /// (a `stock` event, as an inventory webhook's).
    private func refreshStock() async throws {
        guard let stock else { return }
        let stored = try await stock.run()
        status.stockReadAt = clock.now()
        if !stored.isEmpty {
            HubLog.logger.info("stock: \(stored.count) count(s) read from Square")
            // Every open page gets the event: past a few hundred counts (a first read, a shop-wide recount) it
            // says how many changed rather than carrying them all, and pages read the card they show again.
            await events.publish(
                "stock",
                stored.count > Self.countsInEvent
                    ? ["changed": .int(Int64(stored.count))] : ["counts": .array(stored.map(\.json))])
        }
    }

    /// The status as `GET /api/v1/sync` gives it.
    public var statusJSON: JSONValue {
        func time(_ value: Timestamp?) -> JSONValue { value.map { .string($0.rfc3339) } ?? .null }
        return [
            "available": .bool(workflow != nil), "unavailable_reason": unavailable.map(JSONValue.string) ?? .null,
            "running": .bool(status.running), "started_at": time(status.startedAt),
            "finished_at": time(status.finishedAt), "last": status.lastSummary ?? .null,
            "last_line": status.lastLine.map(JSONValue.string) ?? .null,
            "last_error": status.lastError.map(JSONValue.string) ?? .null, "syncs": .int(status.syncs),
            "failures": .int(status.failures), "stock_read_at": time(status.stockReadAt),
        ]
    }
}
