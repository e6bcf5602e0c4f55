import CatalogCore
import Foundation
import Labels
import Printing
import Store

/// The print queue: every label job of the command line, a counter's label mode and the hub is kept here
/// first, sent to the printer its route chooses, followed in CUPS to its end, and kept when it fails, for a
/// person to retry on the same printer or another, or to cancel. One queue per shop database, so the hub
/// shows (and follows) the jobs the command line sent too.
public struct LabelQueue: Sendable {
    public let context: AppContext
    let database: CatalogDatabase

    public init(context: AppContext) throws {
        self.context = context
        self.database = try context.openDatabase()
    }

    /// Keeps `labels` (made with `template`, read from `templateFile`) as a new job for `asked` (nil: the
    /// route for the template, the counter or the location, else labels.printer, else the CUPS default).
    public func enqueue(
        _ labels: [LabelData], template: LabelTemplate, templateFile: String?, printer asked: String?,
        copies: Int, title: String? = nil
    ) async throws -> LabelJob {
        let tags = labels.filter { !$0.isHeading }
        let locationID = tags.first?.locationID
        let chosen = try await route(template: template.name, asked: asked, locationID: locationID)
        let content = String(decoding: try JSONEncoder().encode(labels), as: UTF8.self)
        let words = "\(tags.count) tag\(tags.count == 1 ? "" : "s")"
        let job = LabelJob(
            createdAt: context.clock.now().rfc3339, counter: context.counter, locationID: locationID,
            template: template.name, templatePath: templateFile, labels: labels.count, tags: tags.count,
            copies: copies, title: title.map { "\(words): \($0)" } ?? Self.title(words, tags), printer: chosen.printer,
            route: chosen.route, content: content)
        return try await database.enqueue(job)
    }

    /// The printer a job of `template`'s labels priced at `locationID`, from this context's counter, goes to
    /// (`PrinterRouting.choose` over the stored routes); nil: the CUPS default.
    public func route(template: String, asked: String?, locationID: String?) async throws
        -> (printer: String?, route: LabelJob.Route)
    {
        PrinterRouting.choose(
            asked: asked, template: template, counter: context.counter, locationID: locationID,
            routes: try await database.printerRoutes(), settings: context.settings.labels.printer)
    }

    /// "3 tags: Oat Milk, Rye Bread, …" — what a job holds, in a few words.
    static func title(_ words: String, _ tags: [LabelData]) -> String {
        let names = tags.prefix(3).map(\.itemName)
        guard !names.isEmpty else { return words }
        return words + ": " + names.joined(separator: ", ") + (tags.count > 3 ? ", …" : "")
    }

    /// Sends job `id` if it is still queued (claimed first, so two senders never send it twice): renders its
    /// labels for its printer (ZPL for a raw queue, else PDF), submits one CUPS job, and keeps every tag in the
    /// print log. When it cannot be sent the job is kept as failed and `LabelJobError` says why.
    public func send(_ id: Int64) async throws -> (job: LabelJob, format: DocumentFormat) {
        guard let job = try await database.claimLabelJob(id: id, at: context.clock.now()) else {
            let current = try await existing(id)
            throw AppError(
                "Label job \(id) is \(current.state.rawValue), not waiting to be sent; nothing was sent.",
                exitCode: .dataError)
        }
        let labels: [LabelData]
        let template: LabelTemplate
        let destination: PrintDestination
        let cups: PrintJob
        do {
            labels = try JSONDecoder().decode([LabelData].self, from: Data(job.content.utf8))
            template = try Self.template(of: job)
            destination = try await self.destination(job.printer)
            let document = try LabelOutput.render(template, labels: labels, format: destination.isRaw ? .zpl : .pdf)
            cups = try await context.printing.submit(
                document: document, format: destination.isRaw ? .raw : .pdf, to: destination.name,
                title: "catalog: \(job.title) (\(template.name))", copies: job.copies,
                mediaSize: template.media == nil ? (template.pageWidth.points, template.pageHeight.points) : nil,
                media: template.media)
        } catch {
            let reason = FrontEnd.hub.explain(error).description
            try await database.settleLabelJob(id: id, state: .failed, reason: reason, at: context.clock.now())
            throw LabelJobError(jobID: id, underlying: error)
        }
        // CUPS has it: a failure from here on leaves the job sending, and `failInterrupted` says so.
        let now = context.clock.now()
        let prints = labels.filter { !$0.isHeading }.map {
            $0.printRecord(
                at: now, counter: job.counter, template: template.name, printer: destination.name, jobID: cups.id,
                copies: job.copies)
        }
        let sent = try await database.labelJobSent(
            id: id, printer: destination.name, cupsJobID: cups.id, prints: prints, at: now)
        return (sent ?? job, destination.isRaw ? .raw : .pdf)
    }

    /// The printer called `name`, else the CUPS default; says which there are when there is no default.
    func destination(_ name: String?) async throws -> PrintDestination {
        let printing = context.printing
        if let name { return try await printing.destination(named: name) }
        if let found = try await printing.defaultDestination() { return found }
        throw PrintingError.noDefaultPrinter(available: try await printing.destinations().map(\.name))
    }

    /// Follows job `id` in CUPS for up to `timeout` seconds (0: one look) and notes how it ended; a job still
    /// waiting (a stopped printer, a long queue) stays printing, with the reason it waits. The job as it is
    /// now, and CUPS's outcome when it was asked.
    @discardableResult
    public func follow(_ id: Int64, timeout: Double = 60) async throws -> (job: LabelJob, outcome: JobOutcome?) {
        let job = try await existing(id)
        guard job.state == .printing, let cupsID = job.cupsJobID, let printer = job.printer else { return (job, nil) }
        let outcome = try await context.printing.wait(
            PrintJob(id: cupsID, printer: printer, title: job.title), timeout: timeout, clock: context.clock)
        let now = context.clock.now()
        let settled: LabelJob?
        switch outcome.result {
        case .completed:
            settled = try await database.settleLabelJob(id: id, state: .completed, reason: nil, at: now)
        case .timedOut:
            settled = job
        case .printerStopped:
            settled = try await database.settleLabelJob(id: id, state: .printing, reason: outcome.explanation, at: now)
        case .canceled, .aborted, .stopped:
            settled = try await database.settleLabelJob(id: id, state: .failed, reason: outcome.explanation, at: now)
        }
        return (settled ?? job, outcome)
    }

    /// Sends job `id` again: on `printer` when given (else where it was going), after cancelling it at CUPS
    /// when it still waits there. A completed or queued job is refused with the reason.
    public func retry(_ id: Int64, printer: String?) async throws -> (job: LabelJob, format: DocumentFormat) {
        let job = try await existing(id)
        guard job.state.canRetry else {
            throw AppError(
                "Label job \(id) is \(job.state.rawValue), so there is nothing to retry; nothing was sent.",
                exitCode: .dataError)
        }
        if job.state == .printing, let cupsID = job.cupsJobID, let old = job.printer {
            try await context.printing.cancel(PrintJob(id: cupsID, printer: old, title: job.title))
        }
        let route: LabelJob.Route = printer == nil ? job.route : .asked
        guard
            let requeued = try await database.requeueLabelJob(
                id: id, printer: printer ?? job.printer, route: route, at: context.clock.now()),
            requeued.state == .queued
        else {
            throw AppError(
                "Label job \(id) changed while it was being retried; look at the queue again.", exitCode: .tryLater)
        }
        return try await send(id)
    }

    /// Takes job `id` back: cancelled at CUPS too when it waits there. A job that ended is left as it is.
    public func cancel(_ id: Int64) async throws -> LabelJob {
        let job = try await existing(id)
        guard job.state.canCancel else {
            throw AppError(
                "Label job \(id) is \(job.state.rawValue); there is nothing to cancel.", exitCode: .dataError)
        }
        if job.state == .printing, let cupsID = job.cupsJobID, let printer = job.printer {
            try await context.printing.cancel(PrintJob(id: cupsID, printer: printer, title: job.title))
        }
        return try await database.settleLabelJob(id: id, state: .cancelled, reason: nil, at: context.clock.now())
            ?? job
    }

    /// The queue, newest first: with `all`, every job kept (the newest `limit`); else the jobs not printed
    /// yet (queued, sending, printing, failed) and those of the last day.
    public func list(all: Bool = false, limit: Int = 200) async throws -> [LabelJob] {
        let jobs = try await database.labelJobs(states: nil, limit: limit)
        guard !all else { return jobs }
        let dayAgo = Timestamp(seconds: context.clock.now().seconds - 86_400).rfc3339
        return jobs.filter { !$0.state.isSettled || $0.updatedAt >= dayAgo }
    }

    /// Every printer route.
    public func routes() async throws -> [PrinterRoute] { try await database.printerRoutes() }

    /// Sends the labels `route` is for to its printer, which CUPS must have (`PrintingError.unknownPrinter`
    /// when it does not); replaces the route for the same template, counter and location.
    public func route(_ route: PrinterRoute) async throws -> PrinterRoute {
        var made = route
        made.printer = try await context.printing.destination(named: route.printer).name
        try await database.setPrinterRoute(made)
        return made
    }

    /// Removes the route for exactly this template, counter and location; whether there was one.
    public func unroute(template: String?, counter: String?, locationID: String?) async throws -> Bool {
        try await database.removePrinterRoute(template: template, counter: counter, locationID: locationID)
    }

    /// The job number in `text`, or a usage error naming it.
    public static func number(_ text: String) throws -> Int64 {
        guard let id = Int64(text.trimmingCharacters(in: .whitespaces)), id > 0 else {
            throw AppError(
                "“\(Terminal.echo(text))” is not a label job number; the print queue numbers its jobs 1, 2, 3….",
                exitCode: .usage)
        }
        return id
    }

    /// Job `id`, or a not-found error naming it.
    public func existing(_ id: Int64) async throws -> LabelJob {
        guard let job = try await database.labelJob(id: id) else {
            throw AppError("There is no label job \(id) in the print queue.", exitCode: .notFound)
        }
        return job
    }

    /// Jobs a process left part way through sending: failed, for a person to look at the printer and retry.
    public func failInterrupted() async throws -> [LabelJob] {
        try await database.failInterruptedLabelJobs(
            reason: "it was being sent when the program stopped: check the printer before retrying it",
            at: context.clock.now())
    }

    /// Every job CUPS still has (printing), each looked at once: the ones whose state changed.
    public func checkPrinting() async throws -> [LabelJob] {
        var changed: [LabelJob] = []
        for job in try await database.labelJobs(states: [.printing], limit: 500) {
            guard let id = job.id else { continue }
            let now = try await follow(id, timeout: 0).job
            if now.state != job.state || now.reason != job.reason { changed.append(now) }
        }
        return changed
    }

    /// The template a job was made with: its file when it still reads, else the library's of its name.
    static func template(of job: LabelJob) throws -> LabelTemplate {
        if let path = job.templatePath, FileManager.default.fileExists(atPath: path) {
            return try LabelRequest(template: path).loadTemplate(file: path)
        }
        return try LabelRequest(template: job.template).loadTemplate(
            file: try TemplateLibrary().path(for: job.template))
    }
}

extension LabelJob.State {
    /// Whether the job has ended (printed or cancelled) and needs nothing more.
    public var isSettled: Bool { self == .completed || self == .cancelled }
}

/// A label job that could not be sent: why (the printer's or CUPS's error), and that it is kept in the queue
/// to be retried.
public struct LabelJobError: UserFacingError {
    public var jobID: Int64
    public var underlying: any Error

    public init(jobID: Int64, underlying: any Error) {
        self.jobID = jobID
        self.underlying = underlying
    }

    public var exitStatus: ExitStatus { (underlying as? any UserFacingError)?.exitStatus ?? .unavailable }

    public var description: String {
        AppError.from(underlying).description + " " + FrontEnd.commandLine.keptLabelJob(jobID)
    }
}

extension FrontEnd {
    /// That label job `id` is kept and how to send it again.
    public func keptLabelJob(_ id: Int64) -> String {
        switch self {
        case .commandLine:
            return "Label job \(id) is kept in the print queue: catalog label retry \(id) sends it again "
                + "(--printer NAME for another printer)."
        case .hub:
            return "The tags are kept in the print queue: retry them, or send them to another printer, on the "
                + "Printers page."
        }
    }
}

/// Which printer a job goes to, one rule for every front end: the printer the job names; else the most
/// specific route (`catalog printers route`) that fits its template, counter and location — a route naming
/// more of them beats one naming fewer, and among single ones a template's beats a counter's, which beats
/// a location's, since a template's labels fit only some printers; else labels.printer in the settings;
/// else the CUPS default (nil).
public enum PrinterRouting {
    public static func choose(
        asked: String?, template: String, counter: String, locationID: String?, routes: [PrinterRoute],
        settings: String?
    ) -> (printer: String?, route: LabelJob.Route) {
        if let asked, !asked.isEmpty { return (asked, .asked) }
        let fitting = routes.compactMap { route -> (route: PrinterRoute, weight: Int)? in
            var weight = 0
            if let wanted = route.template {
                guard wanted == template else { return nil }
                weight += 4
            }
            if let wanted = route.counter {
                guard wanted == counter else { return nil }
                weight += 2
            }
            if let wanted = route.locationID {
                guard wanted == locationID else { return nil }
                weight += 1
            }
            return (route, weight)
        }
        if let best = fitting.max(by: { $0.weight < $1.weight }) { return (best.route.printer, .route) }
        if let configured = settings, !configured.isEmpty { return (configured, .settings) }
        return (nil, .cupsDefault)
    }
}
