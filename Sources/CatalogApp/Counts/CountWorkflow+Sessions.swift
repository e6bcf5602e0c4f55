import CatalogCore
import Foundation
import Store

extension CountWorkflow {
    /// The workflow over the context's database.
    public init(context: AppContext) throws {
        self.init(context: context, database: try context.openDatabase())
    }

    /// The counts, newest first (the open ones only unless `all`), each with how many lines and units it
    /// holds so far, as `catalog count list` lists them.
    public func sessions(all: Bool) async throws -> [(session: CountSession, totals: (lines: Int, units: Decimal))] {
        var sessions: [(session: CountSession, totals: (lines: Int, units: Decimal))] = []
        for session in try await database.countSessions(statuses: all ? nil : [.open]) {
            sessions.append((session, try await database.countTotals(sessionID: session.id)))
        }
        return sessions
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

    /// Cancels the open count `session` without posting anything; a data error when it was closed meanwhile.
    public func cancel(_ session: CountSession) async throws {
        guard try await database.cancelCountSession(session.id) else {
            throw AppError("Count \(session.id) was closed meanwhile.", exitCode: .dataError)
        }
    }
}
