import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// A stand-in for a network label printer's raw port (JetDirect, port 9100 style): it accepts
/// connections on 127.0.0.1 and keeps the bytes of each one, so tests can see exactly what CUPS sent.
public final class RawSocketListener: Sendable {
    /// The TCP port the listener accepts connections on.
    public let port: Int
    private let listenDescriptor: Int32
    private let state = Mutex(State())

    private struct State {
        var connections: [[UInt8]] = []
        var stopped = false
    }

    /// Opens a listening socket on 127.0.0.1 with a free port and starts accepting on its own thread.
    public init() throws {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw PrivateCUPSError.socket("socket", errno) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0, listen(descriptor, 8) == 0 else {
            let code = errno
            close(descriptor)
            throw PrivateCUPSError.socket("bind/listen", code)
        }
        listenDescriptor = descriptor
        port = Self.localPort(of: descriptor)
        let thread = Thread { [self] in acceptLoop() }
        thread.name = "raw-socket-listener-\(port)"
        thread.start()
    }

    /// The bytes of every connection that has ended, oldest first (one connection per CUPS job).
    public var jobs: [[UInt8]] {
        state.withLock { $0.connections }
    }

    /// Everything received so far, all connections joined in order.
    public var received: [UInt8] {
        state.withLock { $0.connections.flatMap { $0 } }
    }

    /// Waits until at least `count` connections have ended, or `timeout` seconds pass; returns the jobs seen.
    public func waitForJobs(count: Int, timeout: Double = 10) async -> [[UInt8]] {
        let deadline = Date().addingTimeInterval(timeout)
        while jobs.count < count, Date() < deadline {
            try? await Task.sleep(for: .milliseconds(50))
        }
        return jobs
    }

    /// Stops accepting connections.
    public func stop() {
        let wasStopped = state.withLock { state in
            defer { state.stopped = true }
            return state.stopped
        }
        guard !wasStopped else { return }
        shutdown(listenDescriptor, Int32(SHUT_RDWR))
        close(listenDescriptor)
    }

    deinit {
        stop()
    }

    private func acceptLoop() {
        while !state.withLock({ $0.stopped }) {
            let connection = accept(listenDescriptor, nil, nil)
            if connection < 0 {
                if errno == EINTR { continue }
                return
            }
            let bytes = Self.readAll(connection)
            close(connection)
            state.withLock { $0.connections.append(bytes) }
        }
    }

    private static func readAll(_ connection: Int32) -> [UInt8] {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(connection, $0.baseAddress, $0.count) }
            if count > 0 {
                bytes.append(contentsOf: buffer[0..<count])
            } else if count < 0, errno == EINTR {
                continue
            } else {
                return bytes
            }
        }
    }

    private static func localPort(of descriptor: Int32) -> Int {
        var address = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}
