import ArgumentParser
import CatalogApp
import CatalogCore
import CommandSupport
import Foundation
import Labels
import Scanner

/// `catalog label commands`: a sheet of command barcodes that switch `catalog scan`'s mode at the counter.
struct LabelCommandsCommand: ContextCommand {
    static let configuration = CommandConfiguration(
        commandName: "commands",
        abstract: "Draw a US Letter sheet of the command barcodes catalog scan understands (mode and quantity).",
        discussion: """
            Scanning CATALOG:MODE:LOOKUP, REORDER, LABEL, RECEIVE, COUNT or SHELF switches what catalog scan \
            does with the next scans; CATALOG:QTY:n sets the quantity for the next reorder, label, receive or \
            count scan. Print the sheet and keep it at the counter. The codes are Code 128, which every \
            keyboard-mode scanner reads.
            With --shelf, the sheet also holds a label for each shelf place (CATALOG:SHELF:A3-2): stick it on \
            the shelf; in shelf mode, scan it and then the items that stand there.
            Example: catalog label commands --output shelves.pdf --shelf A3-1 --shelf A3-2
            """
    )

    @Option(
        name: [.customShort("o"), .customLong("output")], help: ArgumentHelp("The PDF to write.", valueName: "file"))
    var outputFile: String

    @Option(help: ArgumentHelp("Add a label for this shelf place, such as A3-2 (repeat for more).", valueName: "place"))
    var shelf: [String] = []

    /// The commands on the sheet, with the words printed above each barcode.
    static let commands: [(code: String, title: String)] =
        [
            ("CATALOG:MODE:LOOKUP", "Mode: look up"), ("CATALOG:MODE:REORDER", "Mode: reorder"),
            ("CATALOG:MODE:LABEL", "Mode: print label"), ("CATALOG:MODE:RECEIVE", "Mode: receive stock"),
            ("CATALOG:MODE:COUNT", "Mode: count stock"), ("CATALOG:MODE:SHELF", "Mode: put on a shelf"),
            ("CATALOG:MODE:AUDIT", "Mode: check tags"),
        ] + [1, 2, 3, 4, 5, 6, 10, 12, 24].map { ("CATALOG:QTY:\($0)", "Quantity \($0)") }

    /// Two columns of 4 x 1.3 in cells on US Letter, 16 to a page (every command on one), each with its title
    /// and a Code 128 barcode.
    static var template: LabelTemplate {
        let inch = Length.inches(1)
        return LabelTemplate(
            name: "commands", summary: "catalog scan command barcodes", width: inch * 4, height: inch * 1.3, dpi: 300,
            safeArea: .all(.millimetres(2)),
            elements: [
                .text(
                    TextElement(
                        frame: LabelRect(
                            x: .millimetres(3), y: .millimetres(2), width: inch * 4 - .millimetres(6),
                            height: .millimetres(6)),
                        content: "{{item.name}}", size: 13, weight: .bold, alignment: .center)),
                .barcode(
                    BarcodeElement(
                        frame: LabelRect(
                            x: .millimetres(3), y: .millimetres(9), width: inch * 4 - .millimetres(6),
                            height: .millimetres(22)),
                        symbology: .code128, content: "{{sku}}", moduleDots: 3, humanReadable: true)),
            ],
            sheet: SheetLayout(
                pageWidth: inch * 8.5, pageHeight: inch * 11, rows: 8, columns: 2, top: inch * 0.45, left: inch * 0.25,
                horizontalPitch: inch * 4, verticalPitch: inch * 1.3),
            media: "na_letter_8.5x11in")
    }

    func validate() throws {
        guard outputFile.lowercased().hasSuffix(".pdf") else { throw ValidationError("--output must be a .pdf file.") }
    }

    func run(_ context: AppContext, _ output: CommandOutput) async throws {
        var shelves: [(code: String, title: String)] = []
        for place in shelf {
            guard let tidy = try ShelfPlace.tidied(place) else {
                throw AppError("--shelf needs a place, such as A3-2.", exitCode: .usage)
            }
            shelves.append((CounterCommand.shelf(tidy).barcodeText, "Shelf \(tidy)"))
        }
        let labels = (Self.commands + shelves).map { command in
            LabelData(
                itemID: command.code, variationID: command.code, itemName: command.title, price: nil,
                sku: command.code, date: LabelRequest.today(at: context.clock.now()))
        }
        let pdf = try LabelOutput.render(Self.template, labels: labels, format: .pdf)
        try OutputFile.replace(context.path(outputFile), with: pdf)
        let shelfLabels = shelves.isEmpty ? "" : " and \(shelves.count) shelf label\(shelves.count == 1 ? "" : "s")"
        output.out("\(outputFile): \(Self.commands.count) command barcodes\(shelfLabels) for catalog scan")
    }
}
