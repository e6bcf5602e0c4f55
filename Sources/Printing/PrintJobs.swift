import CCups

/// Sends documents to CUPS and follows the jobs.
public enum PrintJobs {
    /// Sends `document` to `printer` (nil: the CUPS default) and returns the job CUPS created.
    ///
    /// For PDF, the media is the printer's media of exactly `mediaSize` points when given, else
    /// the PWG name `media`, else the printer's default; a size or name the printer does not
    /// have throws `mediaNotSupported` listing what it has. Raw documents skip media.
    public static func submit(
        document: [UInt8], format: DocumentFormat, to printer: String?, title: String, copies: Int = 1,
        mediaSize: (width: Double, height: Double)? = nil, media: String? = nil,
        on server: PrintServer = .processDefault
    ) async throws -> PrintJob {
        let request = JobRequest(
            document: document, format: format, printer: printer, title: title, copies: max(copies, 1),
            mediaWidth: mediaSize?.width, mediaHeight: mediaSize?.height, media: media)
        return try await CupsWorker.shared.perform(on: server) { try JobSubmitter.submit(request) }
    }
}

/// The values of one submission, so they can cross to the libcups thread.
struct JobRequest: Sendable {
    var document: [UInt8]
    var format: DocumentFormat
    var printer: String?
    var title: String
    var copies: Int
    var mediaWidth: Double?
    var mediaHeight: Double?
    var media: String?
}

extension PrintJobs {
    /// Cancels `job` at the server; a job that has ended already (printed, cancelled, aborted) is left as it is.
    public static func cancel(_ job: PrintJob, on server: PrintServer = .processDefault) async throws {
        try await CupsWorker.shared.perform(on: server) {
            let response = CupsCall.request(IPP_OP_CANCEL_JOB) { request in
                ippAddString(request, IPP_TAG_OPERATION, IPP_TAG_URI, "job-uri", nil, CupsCall.uri("/jobs/\(job.id)"))
            }
            // "Not possible" is CUPS's answer for a job that has already ended: nothing is left to cancel.
            guard response == nil, CupsCall.lastError().status != IPP_STATUS_ERROR_NOT_POSSIBLE else { return }
            throw CupsCall.failure { .requestFailed(action: "cancel job \(job)", message: $0) }
        }
    }
}
