import Foundation

/// Plain TCP to a server on 127.0.0.1, for the bench's clients that Foundation's HTTP client cannot be
/// (an event stream read by a thread of its own, chromedriver's answers).
enum LoopbackSocket {
    /// A socket connected to 127.0.0.1:`port`, or nil when nothing listens there.
    static func connect(port: Int) -> Int32? {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { return nil }
        guard atLoopback(port: port, { Glibc.connect(descriptor, $0, $1) }) == 0 else {
            close(descriptor)
            return nil
        }
        return descriptor
    }

    /// A port on 127.0.0.1 nothing listens on now, for a server started a little later, drawn below the
    /// kernel's ephemeral range as Tests/python/catalog_process.py's `free_port` does: a port from bind(0)
    /// is one the next outgoing connection may take before the server binds it.
    static func unusedPort() -> Int? {
        let range = (try? String(contentsOfFile: "/proc/sys/net/ipv4/ip_local_port_range", encoding: .utf8)) ?? ""
        let firstEphemeral = range.split(whereSeparator: \.isWhitespace).first.flatMap { Int($0) } ?? 32_768
        let low = firstEphemeral > 12_000 ? 10_000 : 1_024
        guard firstEphemeral > low else { return nil }
        for _ in 0..<100 {
            let port = Int.random(in: low..<firstEphemeral)
            let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            guard descriptor >= 0 else { return nil }
            defer { close(descriptor) }
            if atLoopback(port: port, { bind(descriptor, $0, $1) }) == 0 { return port }
        }
        return nil
    }

    /// Calls `body` (connect, bind) with the address 127.0.0.1:`port` and its length.
    private static func atLoopback(
        port: Int, _ body: (UnsafePointer<sockaddr>, socklen_t) -> Int32
    ) -> Int32 {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
    }

    /// Sends all of `bytes`; false when the connection closed first.
    static func send(_ bytes: [UInt8], on descriptor: Int32) -> Bool {
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { return false }
            sent += count
        }
        return true
    }

    /// Where `needle` first starts in `haystack`.
    static func find(_ needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard haystack.count >= needle.count else { return nil }
        for start in 0...(haystack.count - needle.count) where haystack[start] == needle[0] {
            if Array(haystack[start..<(start + needle.count)]) == needle { return start }
        }
        return nil
    }
}
