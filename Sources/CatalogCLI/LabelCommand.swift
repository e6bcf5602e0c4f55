import ArgumentParser
import CatalogApp
import CommandSupport

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
            LabelTemplatesCommand.self, LabelRenderCommand.self, LabelPrintCommand.self, LabelQueueCommand.self,
            LabelRetryCommand.self, LabelCancelCommand.self, LabelStaleCommand.self, LabelCommandsCommand.self,
        ]
    )
}
