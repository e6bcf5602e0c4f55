/// A failure reading or writing a recorded `input_event` stream (`--events`, `--record`).
public enum InputEventStreamError: Error, Equatable, Sendable, CustomStringConvertible {
    /// `read` failed with this errno.
    case readFailed(errno: Int32)
    /// `write` failed with this errno.
    case writeFailed(errno: Int32)
    /// The stream ended in the middle of a 24-byte record.
    case truncated(byteCount: Int)

    /// The sentence a user reads.
    public var description: String {
        switch self {
        case .readFailed(let code):
            return "Cannot read the event stream (errno \(code)). Check the file exists and is readable."
        case .writeFailed(let code):
            return "Cannot write the event recording (errno \(code)). Check the disk has space and the folder "
                + "is writable."
        case .truncated(let count):
            return "The event stream ends with \(count) bytes of an incomplete 24-byte record; the events "
                + "before it were read. Record it again if the last scan is missing."
        }
    }
}
