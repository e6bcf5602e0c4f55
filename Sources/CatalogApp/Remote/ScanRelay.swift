import CatalogCore
import Foundation
import Store

/// A remote counter's scans on their way to the hub: each is kept on disk (the `hub_queue` table) before it
/// is posted, and posted one at a time in the order it was made, under its own id, so a scan made while
/// the hub is unreachable, or before the counter restarts, reaches the hub later, in order, exactly once.
public actor ScanRelay {
    /// What the relay tells the person at the counter.
    public enum Report: Sendable {
        /// The hub answered a scan.
        case answered(QueuedScan, JSONValue)
        /// The hub refused a scan for good; it is kept in the queue with the reason.
        case refused(QueuedScan, String)
        /// A scan was kept while the hub cannot be reached; `waiting` scans wait in all.
        case kept(QueuedScan, waiting: Int)
        /// The hub cannot be reached (reported once each time it goes away).
        case unreachable(String, waiting: Int)
        /// The hub is reachable again.
        case back(waiting: Int)
        /// The hub does not know this counter any more; scans are kept until it is paired again.
        case notPaired(String, waiting: Int)
    }

    let database: any HubStateStore
    let client: HubClient
    let link: HubLink
    let report: @Sendable (Report) -> Void
    /// The longest wait between tries while the hub is away.
    let longestWait: Duration
    private var sender: Task<Void, Never>?
    private var wake: CheckedContinuation<Void, Never>?
    private var pokes = 0
    private var away: String?
    private var stopped = false
    private var interrupted = false

    public init(
        database: any HubStateStore, client: HubClient, link: HubLink, longestWait: Duration = .seconds(5),
        report: @escaping @Sendable (Report) -> Void
    ) {
        self.database = database
        self.client = client
        self.link = link
        self.longestWait = longestWait
        self.report = report
    }

    /// A relay keeping its scans in the context's database.
    public init(
        context: AppContext, client: HubClient, link: HubLink, longestWait: Duration = .seconds(5),
        report: @escaping @Sendable (Report) -> Void
    ) throws {
        self.init(
            database: try context.openDatabase(), client: client, link: link, longestWait: longestWait, report: report)
    }

    /// How many scans are kept and not yet at the hub.
    public func waiting() async throws -> Int { try await database.scansWaitingForHub() }

    /// Starts posting what is kept (scans left from an earlier run first).
    public func start() {
        guard sender == nil else { return }
        sender = Task { await self.run() }
    }

    /// Keeps a scan for the hub and has it posted after every scan kept before it.
    public func submit(code: String, device: String?) async throws {
        let scan = try await database.queueScanForHub(
            scanID: UUID().uuidString.lowercased(), code: code, device: device, counter: link.deviceName,
            at: database.clock.now())
        if away != nil { report(.kept(scan, waiting: try await database.scansWaitingForHub())) }
        poke()
    }

    /// How waiting for the hub to have every scan ended.
    public enum DrainEnd: Sendable {
        /// The hub has answered or refused every kept scan.
        case done
        /// The hub stopped knowing this counter; the rest stay kept.
        case notPaired
        /// `interrupt()` was called; the rest stay kept.
        case interrupted
    }

    /// Waits until every kept scan has been answered or refused, the hub refuses this counter, or
    /// `interrupt()` is called.
    public func drain() async throws -> DrainEnd {
        while try await database.scansWaitingForHub() > 0 {
            if stopped { return .notPaired }
            if interrupted { return .interrupted }
            try await Task.sleep(for: .milliseconds(50))
        }
        return .done
    }

    /// Ends a `drain()` that is waiting.
    public func interrupt() { interrupted = true }

    /// Stops posting; what is not posted stays kept for the next run.
    public func stop() {
        sender?.cancel()
        poke()
    }

    private func poke() {
        pokes += 1
        wake?.resume()
        wake = nil
    }

    /// Sleeps for `limit` or until the next poke after the `seen`th (by default, after now).
    private func sleep(upTo limit: Duration, pokedSince seen: Int? = nil) async {
        let seen = seen ?? pokes
        let timer = Task {
            try? await Task.sleep(for: limit)
            self.poke()
        }
        if pokes == seen {
            await withCheckedContinuation { continuation in wake = continuation }
        }
        timer.cancel()
    }

    private func run() async {
        var wait = Duration.milliseconds(250)
        while !Task.isCancelled {
            // Counted before the queue is read: a scan submitted while it is read pokes after this, so the
            // sleep below, when the read found nothing, ends at once instead of missing it for an hour.
            let seen = pokes
            let next: QueuedScan?
            do {
                next = try await database.nextScanForHub()
            } catch {
                report(.unreachable("the queue cannot be read: \(AppError.from(error).description)", waiting: 0))
                await sleep(upTo: longestWait)
                continue
            }
            guard let scan = next else {
                await sleep(upTo: .seconds(3600), pokedSince: seen)
                continue
            }
            let delivery = await client.post(
                (
                    id: scan.scanID, code: scan.code, counter: scan.counter, device: scan.device,
                    scannedAt: scan.scannedAt
                ),
                link: link)
            do {
                switch delivery {
                case .answered(let answer):
                    try await database.scanPostedToHub(scan.seq, answer: answer.jsonString, at: database.clock.now())
                    if away != nil {
                        away = nil
                        report(.back(waiting: try await database.scansWaitingForHub()))
                    }
                    wait = .milliseconds(250)
                    report(.answered(scan, answer))
                case .refused(let reason):
                    try await database.scanRefusedByHub(scan.seq, reason: reason, at: database.clock.now())
                    report(.refused(scan, reason))
                case .unreachable(let reason):
                    if away == nil {
                        away = reason
                        report(.unreachable(reason, waiting: try await database.scansWaitingForHub()))
                    }
                    await sleep(upTo: wait)
                    wait = min(wait * 2, longestWait)
                case .notPaired(let reason):
                    stopped = true
                    report(.notPaired(reason, waiting: try await database.scansWaitingForHub()))
                    return
                }
            } catch {
                report(.unreachable("the queue cannot be written: \(AppError.from(error).description)", waiting: 0))
                await sleep(upTo: longestWait)
            }
        }
    }
}
