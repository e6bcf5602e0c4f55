#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A failed system call: which call, and the errno it set.
public struct Errno: Error, Equatable, Sendable, CustomStringConvertible {
    /// The errno value, as in `<errno.h>`.
    public let code: Int32
    /// The call that failed, for messages (`open`, `EVIOCGRAB`, ...).
    public let call: String

    /// Wraps an errno value reported by `call`.
    public init(_ code: Int32, call: String) {
        self.code = code
        self.call = call
    }

    /// The C library's text for the errno, for example "No such device".
    public var text: String { String(cString: strerror(code)) }

    /// `call` failed: `text` (errno `code`).
    public var description: String { "\(call) failed: \(text) (errno \(code))" }
}

/// Runs a system call, retrying while it fails with EINTR, and throws its errno on any other failure.
///
/// `body` returns the call's result; a negative result means failure with `errno` set.
@discardableResult
func systemCall<Result: BinaryInteger>(_ call: String, _ body: () -> Result) throws(Errno) -> Result {
    while true {
        let result = body()
        if result >= 0 { return result }
        let code = errno
        if code == EINTR { continue }
        throw Errno(code, call: call)
    }
}
