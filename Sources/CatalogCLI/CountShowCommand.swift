import ArgumentParser
import CatalogApp
import CommandSupport
import Store

/// `catalog count show`.
struct CountShowCommand: ContextCommand, GlobalOptionsCommand {
    static let configuration = CommandConfiguration(
        commandName: "show", abstract: "Show what a count holds so far, line by line.")

    @OptionGroup var options: GlobalOptions
    @OptionGroup var which: CountSessionOptions

    @Flag(help: "One JSON object per line.")
    var json = false

    func run(_ context: AppContext, _ output: CommandOutput) async throws {
        let database = try context.openDatabase()
        let session = try await CountWorkflow(context: context, database: database).session(
            which.session, location: which.location)
        let lines = try await database.countLines(sessionID: session.id)
        if !json {
            output.out("Count \(session.id), \(session.status.rawValue): \(Terminal.visible(session.name))")
        }
        for line in lines {
            let variation = try await database.variations(objectID: line.variationID).first
            if json {
                output.out(CountOutput.json(line, variation: variation))
            } else {
                output.out(
                    "  \(Terminal.column(Terminal.quantity(line.counted), 9)) "
                        + Terminal.visible(variation?.label ?? line.variationID)
                        + (line.expected.map { "  (Square expected \($0))" } ?? "")
                        + Self.posting(line))
            }
        }
        if lines.isEmpty, !json { output.out("  nothing counted yet") }
    }
}

extension CountShowCommand {
    /// How a line's posting went, for the line as shown.
    static func posting(_ line: CountLine) -> String {
        switch line.postStatus {
        case nil: return line.zeroFilled ? "  (not counted: 0)" : ""
        case .queued: return "  waiting in the outbox"
        case .posted: return line.zeroFilled ? "  posted as 0 (not counted)" : "  posted"
        case .refused: return "  REFUSED by Square: " + Terminal.visible(line.postReason ?? "")
        case .untracked: return "  left out: not tracked in Square here"
        }
    }
}
