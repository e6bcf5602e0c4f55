import ArgumentParser

/// Variations named by code and by category: the arguments and --category that `catalog label render|print`
/// and `catalog codes assign` share, each resolved as `LabelSelection` does (a code as catalog show finds it,
/// a category's every variation).
struct VariationCodeOptions: ParsableArguments {
    @Argument(help: "Barcodes, SKUs or variation ids (as for catalog show).")
    var codes: [String] = []

    @Option(
        name: .customLong("category"),
        help: ArgumentHelp("Every variation of the items in this category (repeat for several).", valueName: "name"))
    var categories: [String] = []

    /// Whether neither codes nor a category were given.
    var isEmpty: Bool { codes.isEmpty && categories.isEmpty }
}
