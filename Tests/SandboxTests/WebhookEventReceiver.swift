import CatalogCore
import Foundation
import Hummingbird
import Logging

/// One webhook delivery as a tiny receiver saw it.
struct ReceivedEvent: Sendable {
    let path: String
    let signature: String?
    let contentType: String?
    let body: [UInt8]
    var json: JSONValue { (try? JSONValue.parse(body)) ?? .null }
}

/// A minimal HTTP receiver on 127.0.0.1 port 0 that records every POST and answers 200.
final class EventReceiver: Sendable {
    actor Store {
        var events: [ReceivedEvent] = []
        func add(_ event: ReceivedEvent) { events.append(event) }
    }

    let port: Int
    let store: Store
    private let task: Task<Void, Never>

    private init(port: Int, store: Store, task: Task<Void, Never>) {
        self.port = port
        self.store = store
        self.task = task
    }

    /// Starts a receiver that waits `delay` before answering each POST.
    static func start(delay: Duration = .zero) async throws -> EventReceiver {
        let store = Store()
        let responder = CallbackResponder<BasicRequestContext> { request, _ in
            let body = try await request.body.collect(upTo: 1 << 20)
            await store.add(
                ReceivedEvent(
                    path: request.uri.path, signature: request.headers[.init("x-square-hmacsha256-signature")!],
                    contentType: request.headers[.contentType], body: Array(body.readableBytesView)))
            if delay > .zero { try await Task.sleep(for: delay) }
            return Response(status: .ok)
        }
        var logger = Logger(label: "webhook-receiver")
        logger.logLevel = .critical
        let (ports, continuation) = AsyncStream<Int>.makeStream()
        let app = Application(
            responder: responder, configuration: .init(address: .hostname("127.0.0.1", port: 0)),
            onServerRunning: { continuation.yield($0.localAddress?.port ?? 0) }, logger: logger)
        let task = Task {
            try? await app.run()
            continuation.finish()
        }
        for await port in ports { return EventReceiver(port: port, store: store, task: task) }
        throw CancellationError()
    }

    /// The events received so far, once there are at least `count` (or after five seconds).
    func waitForEvents(_ count: Int) async throws -> [ReceivedEvent] {
        // Returns as soon as they are in; the long limit only matters on a machine too busy to deliver fast.
        let deadline = ContinuousClock.now + .seconds(30)
        while ContinuousClock.now < deadline {
            let events = await store.events
            if events.count >= count {
                // Give a stray extra event the chance to show up before the caller counts.
                try await Task.sleep(for: .milliseconds(150))
                return await store.events
            }
            try await Task.sleep(for: .milliseconds(20))
        }
        return await store.events
    }

    func stop() async {
        task.cancel()
        await task.value
    }
}
