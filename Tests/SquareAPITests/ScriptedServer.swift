import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A tiny HTTP/1.1 server on 127.0.0.1 that answers each connection with the next scripted
/// response (raw bytes, headers included) and closes it; the last response repeats.
/// It exists for answers the sandbox never gives, such as a 200 whose body is not JSON.
final class ScriptedServer: @unchecked Sendable {
    private let listener: SilentListener
    private let responses: [String]
    private let lock = NSLock()
    private var served = 0
    private var requestHeads: [String] = []

    init(responses: [String]) throws {
        listener = try SilentListener()
        self.responses = responses
        let thread = Thread { [self] in serve() }
        thread.start()
    }

    var url: URL { listener.url }

    /// How many requests were answered so far.
    var requestCount: Int { lock.withLock { served } }

    /// The request line and headers of every request, in order.
    var heads: [String] { lock.withLock { requestHeads } }

    /// Stops accepting; shutting the socket down first wakes the thread blocked in `accept`.
    func stop() {
        shutdown(listener.rawDescriptor, Int32(SHUT_RDWR))
        listener.close()
    }

    private func serve() {
        while true {
            let connection = accept(listener.rawDescriptor, nil, nil)
            guard connection >= 0 else { return }
            let head = readRequest(connection)
            let response = lock.withLock { () -> String in
                requestHeads.append(head)
                defer { served += 1 }
                return responses[min(served, responses.count - 1)]
            }
            let bytes = Array(response.utf8)
            _ = bytes.withUnsafeBufferPointer { send(connection, $0.baseAddress, $0.count, 0) }
            shutdown(connection, Int32(SHUT_WR))
            #if canImport(Glibc)
                _ = Glibc.close(connection)
            #else
                _ = Darwin.close(connection)
            #endif
        }
    }

    /// Reads the head and the body announced by Content-Length; returns the head.
    private func readRequest(_ connection: Int32) -> String {
        var data: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBufferPointer { recv(connection, $0.baseAddress, $0.count, 0) }
            if count <= 0 { break }
            data += buffer[0..<count]
            let text = String(decoding: data, as: UTF8.self)
            guard let end = text.range(of: "\r\n\r\n") else { continue }
            let head = String(text[..<end.lowerBound])
            let length =
                head.split(separator: "\r\n").compactMap { line -> Int? in
                    let parts = line.split(separator: ":", maxSplits: 1)
                    guard parts.count == 2, parts[0].lowercased() == "content-length" else { return nil }
                    return Int(parts[1].trimmingCharacters(in: .whitespaces))
                }.first ?? 0
            if data.count - (text.utf8.distance(from: text.startIndex, to: end.upperBound)) >= length { return head }
        }
        return String(decoding: data, as: UTF8.self)
    }

    /// A complete HTTP response with the given status line, extra headers and body.
    /// An answer as Square gives it: with the `Square-Version` echo unless `fromSquare` is false (a proxy's
    /// or another server's answer).
    static func response(_ status: String, headers: [String] = [], body: String, fromSquare: Bool = true) -> String {
        var lines = ["HTTP/1.1 \(status)", "Content-Length: \(body.utf8.count)", "Connection: close"] + headers
        if fromSquare { lines.append("Square-Version: 2025-08-20") }
        return lines.joined(separator: "\r\n") + "\r\n\r\n" + body
    }
}
