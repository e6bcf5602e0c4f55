import Store

/// Rebuilding the search index from the local catalog, as `catalog reindex` does.
public enum SearchIndexRebuild {
    /// Checks the whole database file (a new index over a damaged file would hide the damage), then
    /// rebuilds the index in one transaction, the context's progress hearing how far it is.
    public static func run(context: AppContext) async throws -> ReindexSummary {
        let database = try context.openDatabase()
        try await database.quickCheck()
        let progress = context.progress
        let summary = try await database.reindex { done, total in
            progress.status("reindexing: \(Terminal.count(done)) of \(Terminal.count(total)) items")
        }
        progress.clearStatus()
        return summary
    }
}
