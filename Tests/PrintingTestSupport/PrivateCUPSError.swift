import Foundation

/// Why the private cupsd for tests could not be set up.
public enum PrivateCUPSError: Error, CustomStringConvertible {
    /// A socket call failed with an errno.
    case socket(String, Int32)
    /// cupsd did not start or did not answer; carries its log.
    case cupsdDidNotStart(log: String)
    /// A CUPS tool (lpadmin, cupsdisable, ...) failed; carries its output.
    case toolFailed(command: String, status: Int32, output: String)

    /// The sentence a test failure shows.
    public var description: String {
        switch self {
        case .socket(let call, let code):
            return "\(call) failed: \(String(cString: strerror(code))) (errno \(code))."
        case .cupsdDidNotStart(let log):
            return "The private cupsd did not start (is the Debian package cups installed?). Its log:\n\(log)"
        case .toolFailed(let command, let status, let output):
            return "\(command) exited with status \(status): \(output)"
        }
    }
}
