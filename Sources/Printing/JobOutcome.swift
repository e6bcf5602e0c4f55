/// How a print job ended (or why it has not), in plain words.
public struct JobOutcome: Sendable, Equatable, CustomStringConvertible {
    /// The kinds of ending `PrintJobs.wait` reports.
    public enum Result: String, Sendable, Equatable {
        /// The printer took the whole job.
        case completed
        /// Someone or something canceled it.
        case canceled
        /// CUPS or the printer gave up on it (a filter or backend failed, the document was unreadable).
        case aborted
        /// The job stopped part way.
        case stopped
        /// The job waits because the printer is stopped; it prints once the printer is enabled.
        case printerStopped
        /// Still queued or printing when the time ran out.
        case timedOut
    }

    /// The job this is about.
    public var job: PrintJob
    /// How it ended.
    public var result: Result
    /// The IPP job state when we stopped looking.
    public var state: JobState
    /// The IPP `job-state-reasons` keywords.
    public var reasons: [String]
    /// The printer's message about the job or itself (`Filter failed`, `paper jam`), if any.
    public var message: String?

    /// Creates an outcome.
    public init(job: PrintJob, result: Result, state: JobState, reasons: [String] = [], message: String? = nil) {
        self.job = job
        self.result = result
        self.state = state
        self.reasons = reasons
        self.message = message
    }

    /// Whether the job printed.
    public var succeeded: Bool { result == .completed }

    /// What happened, as a sentence: `Job zebra-3 failed: filter failed (printer says: Filter failed).`
    public var description: String {
        switch result {
        case .completed: return "Job \(job) printed."
        case .timedOut: return "Job \(job) is still \(state.rawValue) (\(explanation))."
        case .printerStopped: return "Job \(job) is waiting: \(explanation)."
        default: return "Job \(job) did not print: \(explanation)."
        }
    }

    /// Why, in plain words, from the reasons and the printer's message.
    public var explanation: String {
        var parts = reasons.compactMap(Self.plainWords)
        if result == .printerStopped, !parts.contains(Self.stoppedWords) { parts.insert(Self.stoppedWords, at: 0) }
        if parts.isEmpty { parts.append(Self.fallback(result)) }
        var text = parts.joined(separator: "; ")
        if let message, !message.isEmpty { text += " (printer says: \(message))" }
        return text
    }

    /// The error to throw for an outcome that is not a success, nil for a completed job.
    public var error: PrintingError? {
        switch result {
        case .completed: return nil
        case .printerStopped: return .printerStopped(printer: job.printer, message: message)
        default: return .jobFailed(printer: job.printer, jobID: job.id, reason: explanation)
        }
    }

    private static let stoppedWords = "the printer is stopped"

    private static func plainWords(_ reason: String) -> String? {
        switch reason {
        case "none", "job-incoming", "job-data-insufficient", "job-queued", "job-printing",
            "job-completed-successfully",
            "processing-to-stop-point":
            return nil
        case "printer-stopped", "printer-stopped-partly": return stoppedWords
        case "job-canceled-by-user": return "the job was canceled by a user"
        case "job-canceled-by-operator": return "the job was canceled by an operator"
        case "job-canceled-at-device": return "the job was canceled at the printer"
        case "aborted-by-system", "job-aborted-by-system": return "CUPS aborted the job"
        case "document-format-error": return "the printer could not read the document"
        case "document-unprintable-error": return "the document cannot be printed on this printer"
        case "document-format-not-supported": return "the printer does not take this kind of document"
        case "job-completed-with-errors": return "the printer reported errors"
        case "job-hold-until-specified": return "the job is held"
        case "resources-are-not-ready": return "the printer's media or other resources are not ready"
        case "compression-error": return "the document could not be decompressed"
        default: return reason.replacingOccurrences(of: "-", with: " ")
        }
    }

    private static func fallback(_ result: Result) -> String {
        switch result {
        case .completed: return "printed"
        case .canceled: return "the job was canceled"
        case .aborted: return "the job was aborted (a filter or the printer's backend failed)"
        case .stopped: return "the job was stopped"
        case .printerStopped: return stoppedWords
        case .timedOut: return "no answer from the printer yet"
        }
    }
}
