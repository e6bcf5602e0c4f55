/// A job CUPS accepted.
public struct PrintJob: Sendable, Equatable, CustomStringConvertible {
    /// The job id on the server.
    public var id: Int
    /// The destination it was sent to.
    public var printer: String
    /// The job title.
    public var title: String

    /// Creates a job reference.
    public init(id: Int, printer: String, title: String) {
        self.id = id
        self.printer = printer
        self.title = title
    }

    /// The name CUPS tools show, `zebra-42`.
    public var description: String { "\(printer)-\(id)" }
}

/// What a document is, as CUPS needs to know to pick filters.
public enum DocumentFormat: String, Sendable, Equatable {
    /// A PDF: CUPS converts it for the printer through its driver.
    case pdf = "application/pdf"
    /// Printer commands (ZPL, EPL, ...) passed to the device untouched.
    case raw = "application/vnd.cups-raw"
}

/// The IPP job state.
public enum JobState: String, Sendable, Equatable {
    /// Waiting in the queue.
    case pending
    /// Held until released.
    case held
    /// Printing now.
    case processing
    /// Stopped part way.
    case stopped
    /// Canceled before it finished.
    case canceled
    /// Ended by an error.
    case aborted
    /// Printed.
    case completed
    /// The server did not say.
    case unknown

    /// The state for the IPP `job-state` enum value (3 to 9).
    init(ippValue: Int?) {
        switch ippValue {
        case 3: self = .pending
        case 4: self = .held
        case 5: self = .processing
        case 6: self = .stopped
        case 7: self = .canceled
        case 8: self = .aborted
        case 9: self = .completed
        default: self = .unknown
        }
    }
}
