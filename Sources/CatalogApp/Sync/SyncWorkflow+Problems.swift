import Store

extension SyncWorkflow {
    /// The objects Square sent that a sync held back, with why and since when; reads the context's
    /// database only (no Square client is needed).
    public static func problems(context: AppContext) async throws -> [SyncProblem] {
        try await context.openDatabase().syncProblems()
    }
}
