import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A TCP server on 127.0.0.1 that reads what each connection sends and never answers: a hung receiver as a
/// client sees it. Each connection is read on a thread of its own, and what happens (a connection's first
/// bytes, its end) is told through `events` as it happens, so a test waits for exactly that.
public final class HangingListener: @unchecked Sendable {
    /// What a connection did; connections are numbered from 0 in the order they were accepted.
    public enum Event: Sendable, Equatable {
        /// The connection's first bytes arrived (for an HTTP client: its request).
        case received(connection: Int)
        /// The client closed the connection (or reset it); `bytes` is everything it sent.
        case closed(connection: Int, bytes: [UInt8])
    }

    /// The port it accepts on.
    public let port: Int
    /// Every event, in the order they happened.
    public let events: AsyncStream<Event>
    private let continuation: AsyncStream<Event>.Continuation
    private let descriptor: Int32
    private let lock = NSLock()
    private var accepted = 0
    private var stopped = false

    /// Listens on a free port and starts accepting on its own thread.
    public init() throws {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw POSIXError(.EIO) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0, listen(descriptor, 16) == 0 else {
            close(descriptor)
            throw POSIXError(.EADDRINUSE)
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        port = Int(UInt16(bigEndian: address.sin_port))
        self.descriptor = descriptor
        (events, continuation) = AsyncStream<Event>.makeStream()
        let thread = Thread { [self] in acceptLoop() }
        thread.name = "hanging-listener-\(port)"
        thread.start()
    }

    /// `http://127.0.0.1:PORT`.
    public var url: String { "http://127.0.0.1:\(port)" }

    /// How many connections it has accepted so far.
    public var connections: Int { lock.withLock { accepted } }

    /// Stops accepting; connections already open stay open until their clients close them.
    public func stop() {
        let first = lock.withLock {
            defer { stopped = true }
            return !stopped
        }
        guard first else { return }
        shutdown(descriptor, Int32(SHUT_RDWR))
        close(descriptor)
    }

    deinit { stop() }

    private func acceptLoop() {
        while true {
            let connection = accept(descriptor, nil, nil)
            if connection < 0 {
                if errno == EINTR { continue }
                return
            }
            let index = lock.withLock {
                defer { accepted += 1 }
                return accepted
            }
            let thread = Thread { [self] in read(connection, index: index) }
            thread.name = "hanging-listener-\(port)-\(index)"
            thread.start()
        }
    }

    private func read(_ connection: Int32, index: Int) {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(connection, $0.baseAddress, $0.count) }
            if count > 0 {
                if bytes.isEmpty { continuation.yield(.received(connection: index)) }
                bytes.append(contentsOf: buffer[0..<count])
            } else if count < 0, errno == EINTR {
                continue
            } else {
                break
            }
        }
        close(connection)
        continuation.yield(.closed(connection: index, bytes: bytes))
    }
}
