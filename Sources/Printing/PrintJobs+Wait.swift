import CCups
import CatalogCore
import Foundation

extension PrintJobs {
    /// Follows `job` until it completes, is canceled or aborted, or waits on a stopped printer,
    /// or until `timeout` seconds pass on `clock`; says which, and why.
    public static func wait(
        _ job: PrintJob, timeout: Double = 60, clock: any CatalogClock = SystemClock(),
        on server: PrintServer = .processDefault
    ) async throws -> JobOutcome {
        let deadline = clock.deadline(after: .milliseconds(Int(timeout * 1000)))
        while true {
            let snapshot = try await CupsWorker.shared.perform(on: server) { try JobSnapshot.fetch(job) }
            if let result = snapshot.finalResult {
                return JobOutcome(
                    job: job, result: result, state: snapshot.state, reasons: snapshot.reasons,
                    message: snapshot.message)
            }
            if clock.hasPassed(deadline) {
                return JobOutcome(
                    job: job, result: .timedOut, state: snapshot.state, reasons: snapshot.reasons,
                    message: snapshot.message)
            }
            try await clock.sleep(for: .milliseconds(100))
        }
    }
}

/// A job's state read once from the server, with its printer's state while it is not finished.
struct JobSnapshot: Sendable {
    var state: JobState
    var reasons: [String]
    var message: String?
    var printerStopped: Bool

    /// The outcome if the job has finished or cannot move on by itself.
    var finalResult: JobOutcome.Result? {
        switch state {
        case .completed: return .completed
        case .canceled: return .canceled
        case .aborted: return .aborted
        case .stopped: return .stopped
        case .pending, .held, .processing, .unknown: return printerStopped ? .printerStopped : nil
        }
    }

    /// Reads the job's attributes, and its printer's when the job is still waiting. Runs on the libcups thread.
    static func fetch(_ job: PrintJob) throws -> JobSnapshot {
        let response = CupsCall.request(IPP_OP_GET_JOB_ATTRIBUTES) { request in
            ippAddString(request, IPP_TAG_OPERATION, IPP_TAG_URI, "job-uri", nil, CupsCall.uri("/jobs/\(job.id)"))
            CupsCall.requestAttributes(request, ["job-state", "job-state-reasons", "job-printer-state-message"])
        }
        guard let response else {
            throw CupsCall.failure { .requestFailed(action: "read the state of job \(job)", message: $0) }
        }
        var snapshot = JobSnapshot(
            state: JobState(ippValue: response.integer("job-state")),
            reasons: response.strings("job-state-reasons").filter { $0 != "none" },
            message: response.string("job-printer-state-message"),
            printerStopped: false)
        if snapshot.finalResult == nil, let printer = PrinterStatus.fetch(job.printer) {
            snapshot.printerStopped = printer.state == .stopped
            if snapshot.printerStopped, let message = printer.message { snapshot.message = message }
        }
        return snapshot
    }
}
