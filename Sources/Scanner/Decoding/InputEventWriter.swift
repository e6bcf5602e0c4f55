#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes `input_event` records (24 bytes each) to a file descriptor, for `--record`.
public struct InputEventWriter: Sendable {
    /// The descriptor written to; the caller opens and closes it.
    public let fileDescriptor: Int32

    /// Makes a writer over an open descriptor.
    public init(fileDescriptor: Int32) {
        self.fileDescriptor = fileDescriptor
    }

    /// The bytes of `events`, 24 per event, as the kernel lays them out.
    public static func encode(_ events: some Sequence<InputEvent>) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(events.underestimatedCount * InputEvent.byteCount)
        for event in events { event.append(to: &bytes) }
        return bytes
    }

    /// Writes `events` completely, retrying EINTR and short writes.
    public func write(_ events: some Sequence<InputEvent>) throws(InputEventStreamError) {
        let bytes = Self.encode(events)
        var written = 0
        while written < bytes.count {
            let result = bytes.withUnsafeBytes { raw in
                Glibc.write(fileDescriptor, raw.baseAddress! + written, raw.count - written)
            }
            if result < 0 {
                if errno == EINTR { continue }
                throw .writeFailed(errno: errno)
            }
            written += result
        }
    }
}
