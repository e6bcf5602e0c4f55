/// How a command ends, as sysexits numbers (the README's "Exit codes" table lists each one).
public enum ExitStatus: Int32, CaseIterable, Sendable {
    /// Nothing matched (like grep).
    case notFound = 1
    case usage = 64
    case dataError = 65
    /// An input file that does not exist or cannot be read.
    case noInput = 66
    case unavailable = 69
    /// A failure inside the tool itself (a document that could not be drawn).
    case internalError = 70
    /// An output file, or the database, that cannot be created or written.
    case cannotCreate = 73
    case tryLater = 75
    case configuration = 78
}

/// An error a person reads: its `description` says what went wrong and what to do, and `exitStatus` is
/// how a command that fails with it ends. Every error type a workflow can throw adopts it, so no failure
/// falls through to an exit code chosen by accident.
public protocol UserFacingError: Error, CustomStringConvertible {
    var exitStatus: ExitStatus { get }
}
