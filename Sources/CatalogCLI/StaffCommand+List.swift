import ArgumentParser
import CatalogApp
import CatalogCore
import CommandSupport

extension StaffCommand {
    struct List: ContextCommand, GlobalOptionsCommand {
        static let configuration = CommandConfiguration(
            commandName: "list", abstract: "List the staff, their roles and any locked PIN.")

        @OptionGroup var options: GlobalOptions

        @Flag(help: "One JSON array.")
        var json = false

        func run(_ context: AppContext, _ output: CommandOutput) async throws {
            let members = try await StaffRoster(context: context).members()
            if json {
                output.out(JSONValue.array(members.map(\.json)))
                return
            }
            if members.isEmpty {
                output.out("Nobody is on the staff yet. Add somebody with catalog staff add NAME --role manager.")
                return
            }
            let now = context.clock.now()
            for member in members {
                var line = "\(Terminal.visible(member.name))  \(member.role.rawValue)  added \(member.addedAt)"
                if let until = member.lockedUntil, let end = Timestamp(rfc3339: until), now < end {
                    line += "  PIN LOCKED until \(until)"
                }
                output.out(line)
            }
        }
    }
}
