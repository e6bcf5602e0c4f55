import CatalogCore
import Foundation

/// One thing that happened at the hub that open pages should see at once: a scan and its answer, a sync,
/// a print job's end.
public struct HubEvent: Sendable, Equatable {
    /// `<boot>-<n>`: increasing within one run of the hub; a page that reconnects sends the last it saw.
    public var id: String
    /// The event's name (`scan`, `sync`, ...).
    public var name: String
    /// The event's JSON.
    public var data: JSONValue

    /// The event as Server-Sent Events text: `id`, `event` and one `data` line.
    public var sse: String { "id: \(id)\nevent: \(name)\ndata: \(data.jsonString)\n\n" }
}

/// The hub's event stream: every subscriber gets every event published after it subscribed, in order, and
/// one that reconnects with the last id it saw gets what it missed (the last `kept` events).
public actor HubEvents {
    private let boot: String
    private var next = 1
    private var recent: [HubEvent] = []
    private let kept: Int
    private var subscribers: [UUID: AsyncStream<HubEvent>.Continuation] = [:]
    /// Whether the hub is stopping: every stream has ended and a new one ends at once.
    private var closed = false

    public init(kept: Int = 2000) {
        self.kept = kept
        var generator = SystemRandomNumberGenerator()
        boot = String(generator.next() % 0xFFFF_FFFF, radix: 36)
    }

    /// Sends `data` as event `name` to every subscriber; the event sent.
    @discardableResult
    public func publish(_ name: String, _ data: JSONValue) -> HubEvent {
        let event = HubEvent(id: "\(boot)-\(next)", name: name, data: data)
        next += 1
        recent.append(event)
        if recent.count > kept { recent.removeFirst(recent.count - kept) }
        for continuation in subscribers.values { continuation.yield(event) }
        return event
    }

    /// A stream of the events published from now on, after those since `lastID` (when it is one of this
    /// run's and still kept). It ends when the subscriber stops reading it.
    public func subscribe(after lastID: String? = nil) -> AsyncStream<HubEvent> {
        let key = UUID()
        let (stream, continuation) = AsyncStream<HubEvent>.makeStream(bufferingPolicy: .bufferingNewest(10_000))
        if closed {
            continuation.finish()
            return stream
        }
        if let lastID, let index = recent.firstIndex(where: { $0.id == lastID }) {
            for event in recent[(index + 1)...] { continuation.yield(event) }
        }
        subscribers[key] = continuation
        continuation.onTermination = { _ in Task { await self.unsubscribe(key) } }
        return stream
    }

    /// Ends every stream, and any opened later, for a hub that is stopping: an open page's stream never ends
    /// by itself, so the server's graceful shutdown would otherwise wait its whole grace period for it (2 s
    /// for every stop with a page open). The pages reconnect by themselves when the hub is back.
    public func close() {
        closed = true
        for continuation in subscribers.values { continuation.finish() }
        subscribers = [:]
    }

    /// How many pages and programs are subscribed.
    public var subscriberCount: Int { subscribers.count }

    private func unsubscribe(_ key: UUID) {
        subscribers[key] = nil
    }
}
