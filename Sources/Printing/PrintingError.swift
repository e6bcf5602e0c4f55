import CatalogCore

/// Everything that can go wrong while talking to CUPS; `description` is what the user reads.
public enum PrintingError: Error, Sendable, Equatable, CustomStringConvertible {
    /// No CUPS server answers at `server`.
    case cupsUnreachable(server: String)
    /// No printer was named and CUPS has no default; `available` lists the queues that exist.
    case noDefaultPrinter(available: [String])
    /// `name` is not a queue on the server; `available` lists the queues that exist.
    case unknownPrinter(name: String, available: [String])
    /// The queue refuses new jobs (`cupsreject`), with the printer's message if it has one.
    case notAcceptingJobs(printer: String, message: String?)
    /// The queue is stopped, so the job waits; with the printer's message if it has one.
    case printerStopped(printer: String, message: String?)
    /// The printer has no media of the requested size or name; `available` is what it has.
    case mediaNotSupported(printer: String, requested: String, available: [PrintMedia])
    /// The job ended without printing.
    case jobFailed(printer: String, jobID: Int, reason: String)
    /// CUPS refused or failed a request for another reason, in libcups's words.
    case requestFailed(action: String, message: String)

    /// The sentence the user reads, with what to do next.
    public var description: String {
        switch self {
        case .cupsUnreachable(let server):
            return "Cannot reach the CUPS server at \(server). Start CUPS (sudo systemctl start cups) "
                + "or set CUPS_SERVER to the host:port of a running server."
        case .noDefaultPrinter(let available):
            return "No printer given and CUPS has no default printer. Pass --printer NAME"
                + Self.choices(available) + ", or set a default with lpoptions -d NAME."
        case .unknownPrinter(let name, let available):
            return "There is no printer named \"\(name)\" on this CUPS server. "
                + (available.isEmpty
                    ? "It has no printers; add one with lpadmin (see docs/printing.md)."
                    : "Printers: \(available.joined(separator: ", ")).")
        case .notAcceptingJobs(let printer, let message):
            return "Printer \"\(printer)\" is not accepting jobs\(Self.because(message)). "
                + "Run cupsaccept \(printer) once it is ready."
        case .printerStopped(let printer, let message):
            return "Printer \"\(printer)\" is stopped\(Self.because(message)). The job waits in the queue; "
                + "fix the printer and run cupsenable \(printer) to print it."
        case .mediaNotSupported(let printer, let requested, let available):
            let list = available.isEmpty ? "none listed" : available.map(\.description).joined(separator: ", ")
            return "Printer \"\(printer)\" has no media \(requested). Its media: \(list). "
                + "Choose a template of one of these sizes, or pass --media with one of these names."
        case .jobFailed(let printer, let jobID, let reason):
            return "Print job \(printer)-\(jobID) failed: \(reason). See lpstat -l -p \(printer) "
                + "and the CUPS error log for details."
        case .requestFailed(let action, let message):
            return "CUPS could not \(action): \(message)."
        }
    }

    private static func choices(_ names: [String]) -> String {
        names.isEmpty ? " (this server has no printers yet)" : " (one of: \(names.joined(separator: ", ")))"
    }

    private static func because(_ message: String?) -> String {
        guard let message, !message.isEmpty else { return "" }
        return ": \(message)"
    }
}

extension PrintingError: UserFacingError {
    public var exitStatus: ExitStatus {
        switch self {
        case .unknownPrinter, .noDefaultPrinter, .mediaNotSupported: return .usage
        case .cupsUnreachable, .notAcceptingJobs, .printerStopped, .jobFailed, .requestFailed: return .unavailable
        }
    }
}
