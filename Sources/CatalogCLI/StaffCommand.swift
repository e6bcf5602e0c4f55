import ArgumentParser
import CatalogApp
import CatalogCore
import Foundation

/// `catalog staff add|list|remove|pin`: the shop's staff and their PINs, kept by the hub.
struct StaffCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "staff",
        abstract: "Add, list and remove the staff whose PIN a counter screen takes, and change their PINs.",
        discussion: """
            A manager's PIN typed on a counter screen lets that screen do what only a manager may (change a price, \
            receive stock, decide a conflict with Square); every change records the staff member whose PIN came \
            with it. Run these on the hub's computer, with the hub's database.
            """,
        subcommands: [Add.self, List.self, Remove.self, Pin.self]
    )

    /// A new PIN: one line from standard input with `fromStandardInput` (for scripts), else typed twice on the
    /// terminal without being shown.
    static func newPIN(for name: String, fromStandardInput: Bool) throws -> String {
        if fromStandardInput {
            guard let line = readLine(strippingNewline: true) else {
                throw AppError("--pin-stdin: standard input ended before a PIN.", exitCode: .usage)
            }
            return line.trimmingCharacters(in: .whitespaces)
        }
        guard isatty(STDIN_FILENO) == 1 else {
            throw AppError(
                "No terminal to type \(Terminal.echo(name))’s PIN on: run this in a terminal, or give the PIN on "
                    + "standard input with --pin-stdin.", exitCode: .usage)
        }
        let first = hidden("PIN for \(name) (4 to 8 digits): ")
        if let problem = StaffPINs.problem(with: first) { throw AppError(problem, exitCode: .dataError) }
        guard hidden("The same PIN again: ") == first else {
            throw AppError("The two PINs were not the same; nothing was changed.", exitCode: .dataError)
        }
        return first
    }

    /// A line typed on the terminal without echo.
    private static func hidden(_ prompt: String) -> String {
        guard let typed = getpass(prompt) else { return "" }
        return String(cString: typed)
    }
}
