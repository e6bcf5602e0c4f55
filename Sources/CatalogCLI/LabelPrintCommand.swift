import ArgumentParser
import CatalogApp
import CatalogCore
import CommandSupport
import Foundation
import Labels
import Printing

/// `catalog label print`: render labels and send them to a CUPS printer, logging what was printed.
struct LabelPrintCommand: ContextCommand, GlobalOptionsCommand {
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
    @OptionGroup var selection: LabelSelectionOptions
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

    func run(_ context: AppContext, _ output: CommandOutput) async throws {
        // The template first: a broken one is said before anything is looked up.
        let template = try label.request.loadTemplate(settings: context.settings)
        var request = label.request
        let variations = try await selection.variations(context: context, request: &request)
        let outcome = try await LabelPrinting.print(
            variations, request: request, template: template, printer: printer, copies: copies, wait: wait,
            context: context)
        if json { output.out(outcome.json) } else { output.out(outcome.text) }
        if let failure = outcome.failure { throw AppError(failure.description, exitCode: .unavailable) }
    }
}
