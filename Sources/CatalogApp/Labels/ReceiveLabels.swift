import CatalogCore
import Foundation
import Store

/// Tags for goods that arrived: one per unit, one per case (the case size the shop keeps in Square, else
/// one for what arrived), or none; queued like any label job, to the printer the receiving counter's route
/// chooses. `catalog reorder receive --labels` and the counter's receive mode offer them.
public enum ReceiveLabels: String, CaseIterable, Sendable {
    case none
    case unit
    case perCase = "case"

    /// How many tags `quantity` units need: one each, or one per case of `caseSize` (rounded up; one for the
    /// lot when the case size is not known).
    public func tags(quantity: Int, caseSize: Int?) -> Int {
        switch self {
        case .none: return 0
        case .unit: return max(quantity, 0)
        case .perCase:
            guard quantity > 0 else { return 0 }
            guard let caseSize, caseSize > 0 else { return 1 }
            return (quantity + caseSize - 1) / caseSize
        }
    }

    /// The most tags one receipt prints.
    public static let mostTags = 999

    /// How many units a case of `variation` holds, where the shop keeps it in Square.
    public static func caseSize(of variation: VariationSummary, context: AppContext) async throws -> Int? {
        try await context.openDatabase().caseSizes(variationIDs: [variation.variationID])[variation.variationID]
    }

    /// What printing a receipt's tags did: how many, and the job (sent, or kept in the queue when it could not
    /// be sent: the receipt stands either way).
    public struct Printed: Sendable {
        public var tags: Int
        public var caseSize: Int?
        public var outcome: LabelPrinting.Outcome?
        public var kept: LabelJobError?

        /// "6 tags queued to zebra (label job 12)", or why they wait in the queue.
        public func text(frontEnd: FrontEnd) -> String {
            let count = "\(tags) tag\(tags == 1 ? "" : "s")"
            if let outcome {
                return "\(count) sent to \(outcome.job.printer) (label job \(outcome.labelJob.id ?? 0))."
            }
            if let kept { return "\(count) not printed: \(frontEnd.explain(kept).description)" }
            return "No tags printed."
        }

        public var json: JSONValue {
            [
                "tags": .int(tags), "case_size": caseSize.map(JSONValue.int) ?? .null,
                "label_job": (outcome?.labelJob.id ?? kept?.jobID).map(JSONValue.int) ?? .null,
                "printer": outcome.map { JSONValue.string($0.job.printer) } ?? .null,
                "state": .string(outcome != nil ? "printing" : kept != nil ? "failed" : "none"),
            ]
        }
    }

    /// Prints the tags `self` asks for `quantity` units of `variation` (priced at its location) with the
    /// settings' template, on the route's printer for this counter; a job that cannot be sent is kept in the
    /// print queue and said, never thrown, since the stock has arrived whatever the printer does.
    public func print(_ variation: VariationSummary, quantity: Int, context: AppContext) async throws -> Printed {
        let size = self == .perCase ? try await Self.caseSize(of: variation, context: context) : nil
        // One job prints at most `mostTags` (999 copies, as label print takes).
        let count = min(tags(quantity: quantity, caseSize: size), Self.mostTags)
        guard count > 0 else { return Printed(tags: 0, caseSize: size) }
        do {
            let outcome = try await LabelPrinting.print(
                [variation], request: LabelRequest(), printer: nil, copies: count, context: context)
            return Printed(tags: count, caseSize: size, outcome: outcome)
        } catch let kept as LabelJobError {
            return Printed(tags: count, caseSize: size, kept: kept)
        }
    }
}
