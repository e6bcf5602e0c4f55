import CatalogCore
import Foundation
import Labels
import Printing
import Store

/// The print workflow: find the printer, render for it (ZPL for a raw queue, else PDF), submit one job,
/// log every label with the price and version it showed, and optionally follow the job to its end.
public enum LabelPrinting {
    /// What a print did.
    public struct Outcome: Sendable {
        public var job: PrintJob
        public var labels: Int
        /// The items the labels are for, in order (one name per label).
        public var items: [String] = []
        public var format: DocumentFormat
        public var finished: JobOutcome?

        public var failure: PrintingError? { finished?.error }

        public var text: String {
            var line = "job \(job.id) on \(job.printer): \(labels) label\(labels == 1 ? "" : "s")"
            line += format == .raw ? " as ZPL" : " as PDF"
            if let finished { line += ": " + finished.description } else { line += ", submitted" }
            return line
        }

        public var json: JSONValue {
            [
                "job_id": .int(job.id), "printer": .string(job.printer), "labels": .int(labels),
                "format": .string(format == .raw ? "zpl" : "pdf"),
                "state": .string(finished?.result.rawValue ?? "submitted"),
                "reason": finished.flatMap { $0.succeeded ? nil : JSONValue.string($0.explanation) } ?? .null,
            ]
        }
    }

    /// Prints a label for each of `variations` (priced where each was priced): `request`'s template, or
    /// The printer called `name`, else the default one (nil when none is set).
    static func destination(_ name: String?, on printing: any PrintService) async throws -> PrintDestination? {
        if let name { return try await printing.destination(named: name) }
        return try await printing.defaultDestination()
    }

    /// Why a label sent to `printer` (nil: labels.printer in the settings, else the CUPS default) could not
    /// print now, in words for staff: no such printer, no default one, the printer stopped or refusing jobs,
    /// or the printers out of reach; nil when it can. What label mode checks before it is offered.
    public static func printerProblem(_ printer: String?, context: AppContext) async -> String? {
        let name = printer ?? context.settings.labels.printer
        let chosen: PrintDestination?
        do {
            chosen = try await destination(name, on: context.printing)
        } catch {
            if let name { return "the printer \(name) is not set up on the hub" }
            return "the hub cannot reach its printers"
        }
        guard let destination = chosen else { return "no label printer is chosen on the hub" }
        if destination.state == .stopped { return "the printer \(destination.name) is stopped" }
        if !destination.isAcceptingJobs { return "the printer \(destination.name) is not taking jobs" }
        return nil
    }

    /// `template` when already loaded, on `printer` (nil: labels.printer in the settings, else the CUPS
    /// default), `copies` of each, one job; every label is logged, and with `wait` the job is followed to its
    /// end. The one print call of the command line, the counter's label mode and the hub.
    public static func print(
        _ variations: [VariationSummary], request: LabelRequest, template: LabelTemplate? = nil, printer: String?,
        copies: Int = 1, wait: Bool = false, context: AppContext
    ) async throws -> Outcome {
        let template = try template ?? request.loadTemplate(settings: context.settings)
        let labels = try await request.labelData(for: variations, context: context)
        return try await print(
            labels, template: template, printer: printer ?? context.settings.labels.printer, copies: copies,
            wait: wait, database: try context.openDatabase(), context: context)
    }

    /// Renders `labels` for the destination, submits one job, logs every label, and optionally waits.
    private static func print(
        _ labels: [LabelData], template: LabelTemplate, printer: String?, copies: Int, wait: Bool,
        database: any LabelStore & CatalogStore, context: AppContext
    ) async throws -> Outcome {
        let printing = context.printing
        guard let destination = try await destination(printer, on: printing) else {
            throw PrintingError.noDefaultPrinter(available: try await printing.destinations().map(\.name))
        }
        let format: DocumentFormat = destination.isRaw ? .raw : .pdf
        let document = try LabelOutput.render(template, labels: labels, format: destination.isRaw ? .zpl : .pdf)
        let job = try await printing.submit(
            document: document, format: format, to: destination.name,
            title: "catalog: \(labels.count) label\(labels.count == 1 ? "" : "s") (\(template.name))", copies: copies,
            mediaSize: template.media == nil ? (template.pageWidth.points, template.pageHeight.points) : nil,
            media: template.media)
        // A heading names no variation: only tags are kept in the print log.
        let tags = labels.filter { !$0.isHeading }
        _ = try await database.recordPrints(
            tags.map {
                $0.printRecord(
                    at: context.clock.now(), counter: context.counter, template: template.name,
                    printer: destination.name, jobID: job.id, copies: copies)
            })
        var outcome = Outcome(
            job: job, labels: labels.count, items: tags.map(\.itemName), format: format, finished: nil)
        if wait { outcome.finished = try await follow(job, database: database, context: context) }
        return outcome
    }

    /// Waits (up to a minute) until `job` is printed or fails, and notes how it ended in the print log; a
    /// job still waiting (a stopped printer, a long queue) stays as submitted.
    public static func follow(_ job: PrintJob, database: any LabelStore & CatalogStore, context: AppContext)
        async throws
        -> JobOutcome
    {
        let finished = try await context.printing.wait(job, timeout: 60, clock: context.clock)
        if finished.succeeded {
            try await database.updatePrintJob(job.id, printer: job.printer, status: .completed, reason: nil)
        } else if ![JobOutcome.Result.timedOut, .printerStopped].contains(finished.result) {
            try await database.updatePrintJob(
                job.id, printer: job.printer, status: .failed, reason: finished.explanation)
        }
        return finished
    }
}

extension LabelData {
    /// What the print log keeps of this label once it is sent: the price shown (the sale price on a sale
    /// tag), the regular price beside it, the Square sale and whether taxes were added, the version and
    /// the location it was priced for.
    public func printRecord(
        at time: Timestamp, counter: String, template: String, printer: String?, jobID: Int?, copies: Int = 1,
        status: PrintRecord.Status = .submitted
    ) -> PrintRecord {
        PrintRecord(
            at: time.rfc3339, counter: counter, variationID: variationID, itemID: itemID, template: template,
            printer: printer, jobID: jobID, copies: copies, status: status, price: price,
            regularAmount: regularPrice?.amount, version: version, locationID: locationID, saleRuleID: saleRuleID,
            withTaxes: pricesIncludeTaxes)
    }
}
