import ArgumentParser
import CatalogApp
import CommandSupport
import Labels

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
