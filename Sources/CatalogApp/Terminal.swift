import CatalogCore
import Foundation

/// Where the CLI writes: results to stdout, messages and progress to stderr.
public enum Terminal {
    /// True when stderr is a terminal a person watches (progress bars go only there).
    public static var stderrIsTTY: Bool { isatty(STDERR_FILENO) == 1 }

    /// Writes `text` and a line end to stdout, with control characters shown (see `visible`); the line
    /// breaks `text` holds between its lines stay.
    public static func out(_ text: String) {
        FileHandle.standardOutput.write(Data((shown(text) + "\n").utf8))
    }

    /// Writes `value` as one line of JSON to stdout, exactly as the serializer escapes it.
    public static func out(_ value: JSONValue) {
        FileHandle.standardOutput.write(Data((value.jsonString + "\n").utf8))
    }

    /// A note for the person running the command: `catalog: note: ...` on stderr.
    public static func note(_ text: String) {
        error("catalog: note: " + text)
    }

    /// Writes `text` and a line end to stderr, with control characters shown as `out` does.
    public static func error(_ text: String) {
        FileHandle.standardError.write(Data((shown(text) + "\n").utf8))
    }

    /// `text` with every control character (C0, DEL, C1) written as a visible `\u{1B}` escape, so a name
    /// holding an escape sequence prints as text instead of driving the terminal. Every text renderer
    /// passes catalog data and echoed input through it (line breaks inside a value included); JSON output
    /// does not, the serializer escapes it.
    /// Bidirectional controls (U+202A-202E embeddings and overrides, U+2066-2069 isolates, the marks
    /// U+200E, U+200F and U+061C) are escaped too: an override makes "gpj.exe" read as "exe.jpg".
    public static func visible(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { isControl($0) || isBidiControl($0) }) else { return text }
        var shown = ""
        for scalar in text.unicodeScalars {
            if isControl(scalar) || isBidiControl(scalar) {
                shown += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                shown.unicodeScalars.append(scalar)
            }
        }
        return shown
    }

    /// True for the characters `visible` escapes: C0 controls, DEL and C1 controls.
    public static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }

    /// True for the invisible characters that reorder the text around them (see `visible`).
    public static func isBidiControl(_ scalar: Unicode.Scalar) -> Bool {
        (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value)
            || [0x200E, 0x200F, 0x061C].contains(scalar.value)
    }

    /// `text` as `visible` shows it, keeping the line breaks between the lines a renderer joined.
    static func shown(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { visible(String($0)) }
            .joined(separator: "\n")
    }

    /// User input as a message echoes it: control characters shown, and cut to its first 60 characters
    /// with its length when longer, so a pasted 100 kB string does not fill the screen.
    public static func echo(_ input: String) -> String {
        let shown = visible(input)
        guard shown.count > 60 else { return shown }
        return String(shown.prefix(60)) + "… (\(count(input.count)) characters)"
    }

    /// Rewrites the current stderr line (a progress bar); does nothing when stderr is not a TTY.
    public static func status(_ line: String) {
        guard stderrIsTTY else { return }
        FileHandle.standardError.write(Data(("\r\u{1B}[2K" + visible(line)).utf8))
    }

    /// Clears a progress line left by `status`.
    public static func clearStatus() {
        guard stderrIsTTY else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[2K".utf8))
    }

    /// The width of the terminal stdout writes to, or nil when stdout is not a terminal.
    public static var stdoutColumns: Int? {
        guard isatty(STDOUT_FILENO) == 1 else { return nil }
        var size = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
        return Int(size.ws_col)
    }

    /// `text` followed by spaces to `width` characters, for a column in a table: never cut, however long.
    public static func column(_ text: String, _ width: Int) -> String {
        text + String(repeating: " ", count: max(0, width - text.count))
    }

    /// A stock quantity for people: `2,000,000`, `1.25`, `1,250.5` (the whole part grouped, the decimals as
    /// counted).
    public static func quantity(_ value: Decimal) -> String {
        let text = Quantity.text(value)
        let negative = text.hasPrefix("-")
        let digits = negative ? String(text.dropFirst()) : text
        let parts = digits.split(separator: ".", maxSplits: 1)
        guard let whole = Int(parts.first ?? "0") else { return text }
        return (negative ? "-" : "") + count(whole) + (parts.count > 1 ? "." + parts[1] : "")
    }

    /// `1234567` as `1,234,567`.
    public static func count(_ value: Int) -> String {
        let digits = String(value.magnitude)
        var grouped = ""
        for (offset, character) in digits.enumerated() {
            if offset > 0, (digits.count - offset) % 3 == 0 { grouped.append(",") }
            grouped.append(character)
        }
        return value < 0 ? "-" + grouped : grouped
    }
}
