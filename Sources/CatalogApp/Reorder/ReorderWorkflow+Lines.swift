import CatalogCore
import Store

extension ReorderWorkflow {
    /// The line numbered `id` (the `id` of `catalog reorder list --json`) when it is in `statuses`; not
    /// found (exit 66) otherwise, saying where the line ids are shown (on the hub, where the list is).
    public func line(id: Int64, statuses: Set<ReorderLine.Status>) async throws -> ReorderLine {
        guard let line = try await database.reorderLine(id: id), statuses.contains(line.status) else {
            let which = statuses.map(\.rawValue).sorted().joined(separator: " or ")
            switch context.frontEnd {
            case .commandLine:
                throw AppError(
                    "There is no \(which) reorder line \(id). The reorder list (catalog reorder list --json) shows "
                        + "each line's id.", exitCode: .notFound)
            case .hub:
                throw AppError(
                    "That line is no longer \(which) on the reorder list (it may have changed meanwhile); the "
                        + "Reorder page shows the list as it is now.", exitCode: .notFound)
            }
        }
        return line
    }

    /// The variation a line is for, as the catalog has it now; an error when it is no longer in the catalog.
    public func variation(of line: ReorderLine) throws -> VariationSummary {
        guard let variation = line.variation else {
            throw AppError(
                "Reorder line \(line.id) is for \(line.variationID), which is no longer in the catalog; run catalog "
                    + "sync, or remove the line.", exitCode: .notFound)
        }
        return variation
    }
}
