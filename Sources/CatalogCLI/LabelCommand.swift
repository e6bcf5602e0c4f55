import ArgumentParser
import CatalogApp
import CatalogCore
import CommandSupport
import Foundation
import Labels
import Store

/// `catalog label ...`: shelf and price labels from templates.
struct LabelCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "label",
        abstract: "Render and print shelf and price labels, and find the tags whose price is out of date.",
        discussion: """
            Templates are YAML files: the stock ones in Labels/ (see Labels/README.md), your own in \
            ~/.config/catalog/labels/ or CATALOG_LABELS_DIR, or any file given with --template PATH. \
            Cairo draws the PDF that is printed and the PNG preview alike, so the preview is what prints.
            """,
        subcommands: [
            LabelTemplatesCommand.self, LabelRenderCommand.self, LabelPrintCommand.self, LabelStaleCommand.self,
            LabelCommandsCommand.self,
        ]
    )
}

/// `catalog label templates`.
struct LabelTemplatesCommand: ContextCommand {
    static let configuration = CommandConfiguration(
        commandName: "templates", abstract: "List the label templates, where they come from and their size.")

    @Flag(help: "Print one JSON object per template.")
    var json = false

    func run(_ context: AppContext, _ output: CommandOutput) async throws {
        let entries = TemplateLibrary().list()
        guard !entries.isEmpty else {
            throw AppError(
                "No label templates found. Put .yaml files in ~/.config/catalog/labels or set CATALOG_LABELS_DIR.",
                exitCode: .notFound)
        }
        for entry in entries {
            if json { output.out(entry.json) } else { output.out(Self.text(entry)) }
        }
    }

    static func size(_ template: LabelTemplate) -> String {
        func show(_ length: Length) -> String {
            let inches = (length.inches * 1000).rounded() / 1000
            let mm = (length.millimetres * 10).rounded() / 10
            return "\(mm)mm (\(inches)in)"
        }
        var text = "\(show(template.width)) x \(show(template.height)), \(template.dpi) dpi"
        if let sheet = template.sheet { text += ", \(sheet.labelsPerPage) per page" }
        return text
    }

    static func text(_ entry: TemplateLibrary.Entry) -> String {
        var line = Terminal.column(entry.name, 20) + " "
        if let template = entry.template {
            line += size(template) + (template.summary.isEmpty ? "" : " — \(template.summary)")
        } else if let error = entry.error {
            line += "ERROR: \(error.description)"
        }
        line += "\n" + String(repeating: " ", count: 21) + "\(entry.origin.rawValue): \(entry.path)"
        if let hidden = entry.shadowedBy { line += " (hidden by \(hidden))" }
        return line
    }
}

/// `catalog label render CODE --output FILE`: a preview (PNG), a PDF, or ZPL, without printing.
struct LabelRenderCommand: ContextCommand, GlobalOptionsCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Draw labels to a file: .png (a preview of one label at the printer's resolution), .pdf or .zpl.",
        discussion: """
            Examples:
              catalog label render 4006381333931 --template shelf-2x1 --output tag.png
              catalog label render --category Snacks --template sheet-avery-5160 --output snacks.pdf
            """
    )

    @OptionGroup var options: GlobalOptions
    @OptionGroup var selection: LabelSelectionOptions
    @OptionGroup var label: LabelOptions

    @Option(
        name: [.customShort("o"), .customLong("output")],
        help: ArgumentHelp("The file to write: .png, .pdf or .zpl.", valueName: "file"))
    var outputFile: String

    func validate() throws {
        guard [".png", ".pdf", ".zpl"].contains(where: { outputFile.lowercased().hasSuffix($0) }) else {
            throw ValidationError("--output must end in .png, .pdf or .zpl, not “\(Terminal.echo(outputFile))”.")
        }
    }

    func run(_ context: AppContext, _ output: CommandOutput) async throws {
        let settings = context.settings
        let templateFile = try label.request.templateFile(settings: settings)
        try OutputFile.refuseOverwriting(
            context.path(outputFile), option: "--output",
            inputs: [OutputFile.Input(path: templateFile, what: "the label template")] + settings.keptFiles)
        let template = try label.request.loadTemplate(file: templateFile)
        let variations = try await selection.variations(context: context, database: try context.openDatabase())
        let labels = try await label.request.labelData(for: variations, context: context)
        let bytes = try LabelOutput.render(template, labels: labels, format: LabelOutput.Format(path: outputFile))
        try OutputFile.replace(context.path(outputFile), with: bytes)
        output.out("\(outputFile): \(labels.count) label\(labels.count == 1 ? "" : "s") with \(template.name)")
    }
}

/// `catalog label stale`: shelf tags whose price changed since they were printed.
struct LabelStaleCommand: ContextCommand, GlobalOptionsCommand {
    static let configuration = CommandConfiguration(
        commandName: "stale",
        abstract: "List the tags on the shelves whose price has changed since they were printed.",
        discussion: "Reprint them with: catalog label print --stale --template NAME --printer NAME")

    @OptionGroup var options: GlobalOptions

    @Flag(help: "Print one JSON object per stale tag.")
    var json = false

    func run(_ context: AppContext, _ output: CommandOutput) async throws {
        let stale = try await StaleTags.list(context: context)
        if json {
            for tag in stale { output.out(StaleTags.json(tag)) }
            return
        }
        guard !stale.isEmpty else {
            output.out("No stale tags: every printed price is still the catalog's.")
            return
        }
        for tag in stale { output.out(StaleTags.text(tag)) }
        output.out("\(stale.count) stale: catalog label print --stale --template NAME reprints them.")
    }
}
