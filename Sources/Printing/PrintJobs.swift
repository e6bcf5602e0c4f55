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
