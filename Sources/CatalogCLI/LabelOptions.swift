import ArgumentParser
import CatalogApp
import CatalogCore
import Foundation
import Labels

/// The template and sale-price flags `catalog label render|print` share.
struct LabelOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "A template name (see catalog label templates) or a path to a .yaml file; default from "
                + "labels.template in the config, else shelf-2x1.", valueName: "name"))
    var template: String?

    @Option(
        help: ArgumentHelp(
            "Print sale tags: the price less this discount (20% or an amount like 1.50), with the regular price "
                + "struck through. Without it, labels.discounts in the config applies per category.",
            valueName: "discount"))
    var discount: String?

    @Option(
        help: ArgumentHelp(
            "How sale prices are rounded: cent (default), 99 or 95 (to a .99 or .95 ending); default from "
                + "labels.rounding in the config.", valueName: "rule"))
    var rounding: String?

    @Option(
        help: ArgumentHelp(
            "as_entered (prices as Square holds them) or with_taxes (adding the additive taxes Square adds at the "
                + "till at the location); default from labels.price_display in the config, else as_entered.",
            valueName: "display"))
    var priceDisplay: String?

    /// What the flags ask for.
    var request: LabelRequest {
        LabelRequest(template: template, discount: discount, rounding: rounding, priceDisplay: priceDisplay)
    }
}
