import CatalogCore
import Foundation
import Labels
import Printing
import Store

/// The print workflow: make the labels, keep them as a job in the print queue (`LabelQueue`), send it to the
/// printer its route chooses (ZPL for a raw queue, else PDF), log every tag with the price and version it
/// showed, and optionally follow the job to its end.
public enum LabelPrinting {
    /// What a print did.
    public struct Outcome: Sendable {
        /// The job in the print queue.
        public var labelJob: LabelJob
        /// The job at CUPS.
        public var job: PrintJob
        public var labels: Int
        /// The items the labels are for, in order (one name per label).
        public var items: [String] = []
        public var format: DocumentFormat
        public var finished: JobOutcome?

        public var failure: PrintingError? { finished?.error }

        public var text: String {
            var line = "label job \(labelJob.id ?? 0) on \(job.printer) (CUPS job \(job.id)): "
            line += "\(labels) label\(labels == 1 ? "" : "s")"
            line += format == .raw ? " as ZPL" : " as PDF"
            if let finished { line += ": " + finished.description } else { line += ", submitted" }
            return line
        }

        public var json: JSONValue {
            [
                "label_job": labelJob.id.map(JSONValue.int) ?? .null, "job_id": .int(job.id),
                "printer": .string(job.printer), "labels": .int(labels),
                "format": .string(format == .raw ? "zpl" : "pdf"),
                "state": .string(finished?.result.rawValue ?? "submitted"),
                "reason": finished.flatMap { $0.succeeded ? nil : JSONValue.string($0.explanation) } ?? .null,
            ]
        }
    }

    /// Why a label of `template` priced at `location` could not print now on the printer a job would go to
    /// (`printer` when asked, else its route, `labels.printer` or the CUPS default, as `LabelQueue` chooses),
    /// in words for staff: no such printer, no default one, the printer stopped or refusing jobs, or the
    /// printers out of reach; nil when it can. What label mode checks before it is offered.
    public static func printerProblem(
        _ printer: String?, template: String, at location: CounterLocation?, context: AppContext
    ) async -> String? {
        let destination: PrintDestination
        let name: String?
        do {
            let queue = try LabelQueue(context: context)
            name = try await queue.route(template: template, asked: printer, locationID: location?.id).printer
            destination = try await queue.destination(name)
        } catch let error as PrintingError {
            if case .noDefaultPrinter = error { return "no label printer is chosen on the hub" }
            if case .unknownPrinter(let missing, _) = error { return "the printer \(missing) is not set up on the hub" }
            return "the hub cannot reach its printers"
        } catch {
            return "the hub cannot read its printer routes"
        }
        if destination.state == .stopped { return "the printer \(destination.name) is stopped" }
        if !destination.isAcceptingJobs { return "the printer \(destination.name) is not taking jobs" }
        return nil
    }

    /// Prints a label for each of `variations` (priced where each was priced): `request`'s template, or
    /// `template` when already loaded, on `printer` (nil: the route for the template, counter or location,
    /// else labels.printer, else the CUPS default), `copies` of each, one job kept in the print queue; every
    /// tag is logged, and with `wait` the job is followed to its end. The one print call of the command line,
    /// the counter's label mode and the hub. A job that cannot be sent stays in the queue, failed, and
    /// `LabelJobError` says why.
    public static func print(
        _ variations: [VariationSummary], request: LabelRequest, template: LabelTemplate? = nil, printer: String?,
        copies: Int = 1, wait: Bool = false, title: String? = nil, context: AppContext
    ) async throws -> Outcome {
        // A printer asked for that CUPS does not have is a mistake to fix, not a job to keep; with CUPS out of
        // reach the job is kept, to be sent when it is back.
        if let printer {
            do {
                _ = try await context.printing.destination(named: printer)
            } catch let error as PrintingError {
                if case .unknownPrinter = error { throw error }
            }
        }
        let file = try request.templateFile(settings: context.settings)
        let template = try template ?? request.loadTemplate(file: file)
        let labels = try await request.labelData(for: variations, context: context)
        let queue = try LabelQueue(context: context)
        let queued = try await queue.enqueue(
            labels, template: template, templateFile: file, printer: printer, copies: copies, title: title)
        guard let id = queued.id else {
            throw AppError("The print queue did not number the job.", exitCode: .internalError)
        }
        return try await send(id, labels: labels.count, wait: wait, queue: queue) { try await queue.send($0) }
    }

    /// Sends job `id` again, on `printer` when given (`LabelQueue.retry`), and optionally follows it.
    public static func retry(_ id: Int64, printer: String?, wait: Bool = false, context: AppContext) async throws
        -> Outcome
    {
        let queue = try LabelQueue(context: context)
        let labels = try await queue.existing(id).labels
        return try await send(id, labels: labels, wait: wait, queue: queue) {
            try await queue.retry($0, printer: printer)
        }
    }

    private static func send(
        _ id: Int64, labels: Int, wait: Bool, queue: LabelQueue,
        _ sending: (Int64) async throws -> (job: LabelJob, format: DocumentFormat)
    ) async throws -> Outcome {
        let (sent, format) = try await sending(id)
        let tags = (try? JSONDecoder().decode([LabelData].self, from: Data(sent.content.utf8))) ?? []
        var outcome = Outcome(
            labelJob: sent, job: PrintJob(id: sent.cupsJobID ?? 0, printer: sent.printer ?? "", title: sent.title),
            labels: labels, items: tags.filter { !$0.isHeading }.map(\.itemName), format: format, finished: nil)
        if wait {
            let followed = try await queue.follow(id)
            outcome.labelJob = followed.job
            outcome.finished = followed.outcome
        }
        return outcome
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
