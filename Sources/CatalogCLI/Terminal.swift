import Foundation

/// Where the CLI writes: results to stdout, messages and progress to stderr.
enum Terminal {
    /// True when stderr is a terminal a person watches (progress bars go only there).
    static var stderrIsTTY: Bool { isatty(STDERR_FILENO) == 1 }

    static func out(_ line: String) {
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }

    static func error(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }

    /// Rewrites the current stderr line (a progress bar); does nothing when stderr is not a TTY.
    static func status(_ line: String) {
        guard stderrIsTTY else { return }
        FileHandle.standardError.write(Data(("\r\u{1B}[2K" + line).utf8))
    }

    /// Clears a progress line left by `status`.
    static func clearStatus() {
        guard stderrIsTTY else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[2K".utf8))
    }

    /// The width of the terminal stdout writes to, or nil when stdout is not a terminal.
    static var stdoutColumns: Int? {
        guard isatty(STDOUT_FILENO) == 1 else { return nil }
        var size = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
        return Int(size.ws_col)
    }

    /// `1234567` as `1,234,567`.
    static func count(_ value: Int) -> String {
        let digits = String(value.magnitude)
        var grouped = ""
        for (offset, character) in digits.enumerated() {
            if offset > 0, (digits.count - offset) % 3 == 0 { grouped.append(",") }
            grouped.append(character)
        }
        return value < 0 ? "-" + grouped : grouped
    }
}
