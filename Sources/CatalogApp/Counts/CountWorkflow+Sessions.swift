import Store

extension CountWorkflow {
    /// The workflow over the context's database.
    public init(context: AppContext) throws {
        self.init(context: context, database: try context.openDatabase())
    }

    /// What `session` holds so far, line by line, each with the variation it counts (nil when the catalog
    /// no longer has it), as `catalog count show` lists them.
    public func lines(of session: CountSession) async throws -> [(line: CountLine, variation: VariationSummary?)] {
        var lines: [(line: CountLine, variation: VariationSummary?)] = []
        for line in try await database.countLines(sessionID: session.id) {
            lines.append((line, try await database.variations(objectID: line.variationID).first))
        }
        return lines
    }
}
