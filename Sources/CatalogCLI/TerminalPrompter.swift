import CatalogApp
import Foundation

/// Asks on the terminal: the choices numbered on stderr, the answer read from stdin (Enter takes the
/// first, a number another, n declines).
struct TerminalPrompter: Prompter {
    /// A prompter when a person is there to answer (stdin and stderr are terminals), else nil.
    static var ifInteractive: TerminalPrompter? {
        isatty(STDIN_FILENO) == 1 && Terminal.stderrIsTTY ? TerminalPrompter() : nil
    }

    func choose(_ question: String, among choices: [String]) async -> Int? {
        let list = choices.enumerated().map { "  \($0.offset + 1). \($0.element)" }.joined(separator: "\n")
        Terminal.error("\(question)\n\(list)")
        FileHandle.standardError.write(Data("Take 1? [Enter = 1, a number, or n] ".utf8))
        let answer = (readLine() ?? "n").trimmingCharacters(in: .whitespaces).lowercased()
        if answer.isEmpty || answer == "y" || answer == "yes" { return 0 }
        if let number = Int(answer), number >= 1, number <= choices.count { return number - 1 }
        return nil
    }
}
