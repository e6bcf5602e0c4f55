import CCups
import Foundation

/// The one thread that calls libcups.
///
/// libcups blocks on the network and keeps its settings (server, last error, the default
/// connection) in thread-local storage, so every call runs here, in order, on one long-lived
/// thread, and never on the Swift concurrency pool. Async callers suspend until their turn is done.
final class CupsWorker: @unchecked Sendable {
    /// The worker every libcups call in this module goes through.
    static let shared = CupsWorker()

    private let condition = NSCondition()
    private var pending: [() -> Void] = []
    /// The server last handed to `cupsSetServer` on the worker thread; only touched there.
    private var appliedServer: String??

    private init() {
        let thread = Thread { [self] in runLoop() }
        thread.name = "catalog.cups"
        thread.start()
    }

    /// Runs `body` on the libcups thread, after pointing libcups at `server`.
    func perform<T: Sendable>(on server: PrintServer, _ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            enqueue { [self] in
                apply(server)
                continuation.resume(with: Result { try body() })
            }
        }
    }

    private func enqueue(_ work: @escaping () -> Void) {
        condition.lock()
        pending.append(work)
        condition.signal()
        condition.unlock()
    }

    private func runLoop() {
        while true {
            condition.lock()
            while pending.isEmpty { condition.wait() }
            let work = pending.removeFirst()
            condition.unlock()
            work()
        }
    }

    /// Hands libcups the server to use when it changed since the last call: the call's address, else
    /// `CUPS_SERVER` exactly as the environment says now, else nothing, which lets libcups fall back to
    /// client.conf and the local scheduler. Changing it drops libcups's cached connection, so calls for
    /// different servers can take turns.
    private func apply(_ server: PrintServer) {
        let wanted = server.address ?? ProcessInfo.processInfo.environment["CUPS_SERVER"]
        guard appliedServer != .some(wanted) else { return }
        cupsSetServer(wanted)
        appliedServer = .some(wanted)
    }
}
