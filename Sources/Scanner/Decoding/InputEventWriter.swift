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
    public func write(_ events: some Sequence<InputEvent>) throws(ScannerError) {
        let bytes = Self.encode(events)
        var written = 0
        while written < bytes.count {
            let outcome = bytes.withUnsafeBytes { raw in
                Result { () throws(Errno) -> Int in
                    try systemCall("write") {
                        // Not empty here (written < count), so the buffer has an address.
                        guard let base = raw.baseAddress else { return 0 }
                        return Glibc.write(fileDescriptor, base + written, raw.count - written)
                    }
                }
            }
            switch outcome {
            case .success(let count): written += count
            case .failure(let failure): throw .streamWriteFailed(failure)
            }
        }
    }
}
