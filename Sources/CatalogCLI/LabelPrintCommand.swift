import ArgumentParser
import CatalogApp
import CatalogCore
import Foundation
import Labels
import Printing
import Store

/// `catalog label print`: render labels and send them to a CUPS printer, logging what was printed.
struct LabelPrintCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "print",
        abstract: "Print labels through CUPS and remember what each one showed.",
        discussion: """
            The printer is --printer, else labels.printer in the config, else the CUPS default \
            (CUPS_SERVER is honoured). A raw queue (a Zebra on port 9100) gets native ZPL; every other \
            queue gets the PDF, on the media that matches the template's size. Every label is kept in \
            the print log with the price and version it showed, so catalog label stale can find the \
            tags whose price changed. --wait follows the job until it is printed or says why not.
            Examples:
              catalog label print AC-WDG-0042-L --template shelf-2x1 --printer zebra --copies 3 --wait
              catalog label print --category Snacks --template sheet-avery-5160 --printer office
              catalog label print --stale --template shelf-2x1 --printer zebra
            """
    )

    @OptionGroup var options: GlobalOptions
    @OptionGroup var selection: LabelSelection
    @OptionGroup var label: LabelOptions

    @Option(help: ArgumentHelp("The CUPS printer (see catalog printers).", valueName: "name"))
    var printer: String?

    @Option(help: "Copies of each label.")
    var copies = 1

    @Flag(help: "Wait until the job is printed (or fails) and say how it ended.")
    var wait = false

    @Flag(help: "Print the result as one JSON object.")
    var json = false

    func validate() throws {
        guard (1...999).contains(copies) else { throw ValidationError("--copies must be 1 to 999, not \(copies).") }
    }

    func run() async throws {
        try await reportingErrors {
            let settings = try Settings.resolve(options)
            let database = try settings.openDatabase()
            let template = try label.loadTemplate(settings: settings)
            let labels = try label.labelData(for: try await selection.variations(in: database), settings: settings)
            let outcome = try await Self.print(
                labels, template: template, printer: printer ?? settings.labels.printer, copies: copies, wait: wait,
                database: database, counter: settings.counter)
            if json { Terminal.out(outcome.json) } else { Terminal.out(outcome.text) }
            if let failure = outcome.failure { throw AppError(failure.description, exitCode: .unavailable) }
        }
    }

    /// What a print did.
    struct Outcome {
        var job: PrintJob
        var labels: Int
        var format: DocumentFormat
        var finished: JobOutcome?

        var failure: PrintingError? { finished?.error }

        var text: String {
            var line = "job \(job.id) on \(job.printer): \(labels) label\(labels == 1 ? "" : "s")"
            line += format == .raw ? " as ZPL" : " as PDF"
            if let finished { line += ": " + finished.description } else { line += ", submitted" }
            return line
        }

        var json: JSONValue {
            [
                "job_id": .int(job.id), "printer": .string(job.printer), "labels": .int(labels),
                "format": .string(format == .raw ? "zpl" : "pdf"),
                "state": .string(finished?.result.rawValue ?? "submitted"),
                "reason": finished.flatMap { $0.succeeded ? nil : JSONValue.string($0.explanation) } ?? .null,
            ]
        }
    }

    /// Renders `labels` for the destination, submits one job, logs every label, and optionally waits.
    static func print(
        _ labels: [LabelData], template: LabelTemplate, printer: String?, copies: Int, wait: Bool,
        database: CatalogDatabase, counter: String
    ) async throws -> Outcome {
        let chosen: PrintDestination?
        if let printer {
            chosen = try await PrintDestinations.named(printer)
        } else {
            chosen = try await PrintDestinations.default()
        }
        guard let destination = chosen else {
            throw PrintingError.noDefaultPrinter(available: try await PrintDestinations.list().map(\.name))
        }
        let format: DocumentFormat = destination.isRaw ? .raw : .pdf
        let document = try LabelOutput.render(template, labels: labels, format: destination.isRaw ? .zpl : .pdf)
        let job = try await PrintJobs.submit(
            document: document, format: format, to: destination.name,
            title: "catalog: \(labels.count) label\(labels.count == 1 ? "" : "s") (\(template.name))", copies: copies,
            mediaSize: template.media == nil ? (template.pageWidth.points, template.pageHeight.points) : nil,
            media: template.media)
        _ = try await database.recordPrints(
            labels.map { data in
                PrintRecord(
                    counter: counter, variationID: data.variationID, itemID: data.itemID, template: template.name,
                    printer: destination.name, jobID: job.id, copies: copies, status: .submitted, price: data.price,
                    regularAmount: data.regularPrice?.amount, version: data.version)
            })
        var outcome = Outcome(job: job, labels: labels.count, format: format, finished: nil)
        if wait {
            let finished = try await PrintJobs.wait(job)
            outcome.finished = finished
            if finished.succeeded {
                try await database.updatePrintJob(job.id, printer: job.printer, status: .completed, reason: nil)
            } else if ![JobOutcome.Result.timedOut, .printerStopped].contains(finished.result) {
                try await database.updatePrintJob(
                    job.id, printer: job.printer, status: .failed, reason: finished.explanation)
            }
        }
        return outcome
    }
}
