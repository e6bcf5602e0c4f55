import CCups
import Foundation

/// The libcups call sequence that submits one job. Runs on the `CupsWorker` thread.
enum JobSubmitter {
    static func submit(_ request: JobRequest) throws -> PrintJob {
        let dest = try destination(request.printer)
        defer { cupsFreeDests(1, dest) }
        let name = DestinationReader.displayName(dest)
        if DestinationReader.option(dest, "printer-is-accepting-jobs") == "false" {
            throw PrintingError.notAcceptingJobs(printer: name, message: PrinterStatus.fetch(name)?.message)
        }
        guard let info = cupsCopyDestInfo(nil, dest) else {
            throw CupsCall.failure { .requestFailed(action: "read the settings of printer \"\(name)\"", message: $0) }
        }
        defer { cupsFreeDestInfo(info) }

        var options = JobOptions()
        options.set("copies", String(request.copies))
        if request.format == .pdf, let media = try media(for: request, dest, info, printer: name) {
            options.set("media", media.name)
        }
        if request.format == .pdf {
            // A label is drawn at its exact size with bars on whole printer dots: never let the filters
            // shrink it into the printer's imageable area, which puts bars between dots.
            options.set("print-scaling", "none")
        }

        var jobID: Int32 = 0
        let status = options.withOptions { count, list in
            cupsCreateDestJob(nil, dest, info, &jobID, request.title, count, list)
        }
        guard status == IPP_STATUS_OK, jobID > 0 else {
            throw createFailure(status, printer: name)
        }
        do {
            try send(request, dest, info, jobID: jobID)
        } catch {
            _ = cupsCancelDestJob(nil, dest, jobID)
            throw error
        }
        return PrintJob(id: Int(jobID), printer: name, title: request.title)
    }

    /// The named destination, or the default one; throws when there is none.
    private static func destination(_ printer: String?) throws -> UnsafeMutablePointer<cups_dest_t> {
        var name: String?
        var instance: String?
        if let printer {
            let parts = printer.split(separator: "/", maxSplits: 1).map(String.init)
            name = parts.first
            instance = parts.count > 1 ? parts[1] : nil
        }
        if let dest = cupsGetNamedDest(nil, name, instance) { return dest }
        if !CupsCall.isReachable() { throw PrintingError.cupsUnreachable(server: CupsCall.serverDescription()) }
        let available = DestinationReader.names()
        guard let printer else { throw PrintingError.noDefaultPrinter(available: available) }
        throw PrintingError.unknownPrinter(name: printer, available: available)
    }

    /// The media to ask for: exact size first, then the explicit name, else nil (the printer's default).
    private static func media(
        for request: JobRequest, _ dest: UnsafeMutablePointer<cups_dest_t>, _ info: OpaquePointer, printer: String
    ) throws -> PrintMedia? {
        if let width = request.mediaWidth, let height = request.mediaHeight,
            let found = MediaCatalog.bySize(dest, info, width: width, height: height)
        {
            return found
        }
        if let name = request.media {
            if let found = MediaCatalog.byName(dest, info, name) { return found }
            throw PrintingError.mediaNotSupported(
                printer: printer, requested: "\"\(name)\"", available: MediaCatalog.all(dest, info))
        }
        if let width = request.mediaWidth, let height = request.mediaHeight {
            throw PrintingError.mediaNotSupported(
                printer: printer, requested: "of \(PrintMedia.sizeText(width: width, height: height))",
                available: MediaCatalog.all(dest, info))
        }
        return nil
    }

    private static func send(
        _ request: JobRequest, _ dest: UnsafeMutablePointer<cups_dest_t>, _ info: OpaquePointer, jobID: Int32
    ) throws {
        let name = DestinationReader.displayName(dest)
        let started = cupsStartDestDocument(nil, dest, info, jobID, request.title, request.format.rawValue, 0, nil, 1)
        guard started == HTTP_STATUS_CONTINUE else {
            throw CupsCall.failure { .requestFailed(action: "start the document on \"\(name)\"", message: $0) }
        }
        let written = request.document.withUnsafeBytes { raw in
            cupsWriteRequestData(nil, raw.bindMemory(to: CChar.self).baseAddress, raw.count)
        }
        guard written == HTTP_STATUS_CONTINUE else {
            _ = cupsFinishDestDocument(nil, dest, info)
            throw CupsCall.failure { .requestFailed(action: "send the document to \"\(name)\"", message: $0) }
        }
        guard cupsFinishDestDocument(nil, dest, info) == IPP_STATUS_OK else {
            throw createFailure(cupsLastError(), printer: name)
        }
    }

    private static func createFailure(_ status: ipp_status_t, printer: String) -> PrintingError {
        if status == IPP_STATUS_ERROR_NOT_ACCEPTING_JOBS {
            return .notAcceptingJobs(printer: printer, message: PrinterStatus.fetch(printer)?.message)
        }
        return CupsCall.failure { .requestFailed(action: "create a job on \"\(printer)\"", message: $0) }
    }
}
