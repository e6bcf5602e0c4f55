import CatalogCore
import Foundation
import Store

extension CounterSession {
    /// Lets label mode print each scanned item's label: `request`'s template (loaded now, so a broken one is
    /// reported before the first scan), on `printer` (nil: labels.printer, else the CUPS default).
    public mutating func printLabels(_ request: LabelRequest, printer: String?, context: AppContext) throws {
        let template = try request.loadTemplate(settings: context.settings)
        printLabel = { variation, copies in
            let outcome = try await LabelPrinting.print(
                [variation], request: request, template: template, printer: printer, copies: copies, context: context)
            return "label job \(outcome.job.id) on \(outcome.job.printer)"
        }
    }

    /// Lets count mode count each scan into the stock count open at `place` when it is scanned (one
    /// started after the scanner is found too).
    public mutating func countStock(at place: CounterLocation, context: AppContext) {
        let workflow = CountWorkflow(context: context, database: database)
        countItem = { variation, quantity in
            let session = try await workflow.openSession(nil, location: place.id)
            let counted = try await workflow.count(variation.variationID, quantity: Decimal(quantity), in: session)
            return "count +\(quantity) = \(Terminal.quantity(counted.line.counted)) (this count: "
                + "\(counted.totals.lines) lines, \(Terminal.quantity(counted.totals.units)) units)"
        }
    }

    /// Lets receive mode add the scanned stock at `place` in Square (queued when Square cannot be reached)
    /// and book it against the reorder list.
    public mutating func receiveStock(at place: CounterLocation, context: AppContext) {
        let workflow = ReorderWorkflow(context: context, database: database)
        receive = { variation, count in
            let result = try await workflow.receive(variation, quantity: count, at: place).result
            switch result.status {
            case .posted:
                return ("received \(count) at \(place.name)" + (result.inStock.map { ", \($0) in stock" } ?? ""), false)
            case .queued:
                return (
                    "received \(count) at \(place.name), queued for Square (outbox #\(result.receipt.outboxID))", true
                )
            }
        }
    }
}
