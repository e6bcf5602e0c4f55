import CatalogApp
import Dispatch
import Foundation

/// Waiting for Ctrl-C or a polite kill.
enum Signals {
    /// Returns when the process receives SIGINT or SIGTERM.
    static func waitForTermination() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let once = Once(continuation)
            for signalNumber in [SIGINT, SIGTERM] {
                signal(signalNumber, SIG_IGN)
                let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
                source.setEventHandler { once.resume() }
                source.resume()
                Retained.sources.append(source)
            }
        }
    }

    private final class Once: @unchecked Sendable {
        private var continuation: CheckedContinuation<Void, Never>?
        private let lock = NSLock()
        init(_ continuation: CheckedContinuation<Void, Never>) { self.continuation = continuation }
        func resume() {
            lock.lock()
            let pending = continuation
            continuation = nil
            lock.unlock()
            pending?.resume()
        }
    }

    private enum Retained {
        nonisolated(unsafe) static var sources: [any DispatchSourceSignal] = []
    }
}
