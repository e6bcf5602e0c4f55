import ArgumentParser
import CatalogApp
import CommandSupport

/// `catalog count show`.
struct CountShowCommand: ContextCommand, GlobalOptionsCommand {
    static let configuration = CommandConfiguration(
        commandName: "show", abstract: "Show what a count holds so far, line by line.")

    @OptionGroup var options: GlobalOptions
    @OptionGroup var which: CountSessionOptions

    @Flag(help: "One JSON object per line.")
    var json = false

    func run(_ context: AppContext, _ output: CommandOutput) async throws {
        let counts = try CountWorkflow(context: context)
        let session = try await counts.session(which.session, location: which.location)
        let lines = try await counts.lines(of: session)
        let warning = try await counts.ageWarning(session)
        if !json {
            output.out("Count \(session.id), \(session.status.rawValue): \(Terminal.visible(session.name))")
            if let warning { output.out("Warning: " + warning.message) }
        } else if let warning {
            output.note(warning.message)
        }
        // A blind count shows nobody what Square expects while it is counted; catalog count review does.
        let blind = session.blind && session.status == .open
        for (line, variation) in lines {
            if json {
                output.out(CountOutput.json(line, variation: variation, hidingExpected: blind))
            } else {
                output.out(
                    "  \(Terminal.column(Terminal.quantity(line.counted), 9)) "
                        + Terminal.visible(variation?.label ?? line.variationID)
                        + (blind ? "" : line.expected.map { "  (Square expected \($0))" } ?? "")
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
        case .notSold: return "  left out: not sold here"
        }
    }
}
