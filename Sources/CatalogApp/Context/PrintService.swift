import CatalogCore
import Printing

/// The printers a workflow prints on and how it follows a job.
public protocol PrintService: Sendable {
    /// Every destination, with its state and media.
    func destinations() async throws -> [PrintDestination]
    /// The default destination, if one is set.
    func defaultDestination() async throws -> PrintDestination?
    /// The destination called `name`; throws naming the ones there are when none is.
    func destination(named name: String) async throws -> PrintDestination
    /// Sends one document and answers the job the server created.
    func submit(
        document: [UInt8], format: DocumentFormat, to printer: String?, title: String, copies: Int,
        mediaSize: (width: Double, height: Double)?, media: String?
    ) async throws -> PrintJob
    /// Follows `job` until it ends, stops on a stopped printer, or `timeout` seconds pass on `clock`.
    func wait(_ job: PrintJob, timeout: Double, clock: any CatalogClock) async throws -> JobOutcome
    /// Cancels `job`; one that has ended already is left as it is.
    func cancel(_ job: PrintJob) async throws
}

/// One CUPS server: the one a context's environment names with `CUPS_SERVER`, else libcups's default
/// (client.conf, then the local scheduler).
public struct CUPSPrintService: PrintService {
    /// The server every call goes to.
    public var server: PrintServer

    public init(server: PrintServer = .processDefault) { self.server = server }

    public func destinations() async throws -> [PrintDestination] { try await PrintDestinations.list(on: server) }

    public func defaultDestination() async throws -> PrintDestination? {
        try await PrintDestinations.default(on: server)
    }

    public func destination(named name: String) async throws -> PrintDestination {
        try await PrintDestinations.named(name, on: server)
    }

    public func submit(
        document: [UInt8], format: DocumentFormat, to printer: String?, title: String, copies: Int,
        mediaSize: (width: Double, height: Double)?, media: String?
    ) async throws -> PrintJob {
        try await PrintJobs.submit(
            document: document, format: format, to: printer, title: title, copies: copies, mediaSize: mediaSize,
            media: media, on: server)
    }

    public func wait(_ job: PrintJob, timeout: Double, clock: any CatalogClock) async throws -> JobOutcome {
        try await PrintJobs.wait(job, timeout: timeout, clock: clock, on: server)
    }

    public func cancel(_ job: PrintJob) async throws { try await PrintJobs.cancel(job, on: server) }
}
