import ArgumentParser
import CatalogApp
import CommandSupport

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
        var request = label.request
        let variations = try await selection.variations(context: context, request: &request)
        let labels = try await request.labelData(for: variations, context: context)
        let bytes = try LabelOutput.render(template, labels: labels, format: LabelOutput.Format(path: outputFile))
        try OutputFile.replace(context.path(outputFile), with: bytes)
        output.out("\(outputFile): \(labels.count) label\(labels.count == 1 ? "" : "s") with \(template.name)")
    }
}
