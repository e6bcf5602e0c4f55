import CatalogCore
import Foundation
import Synchronization

/// Where a command writes: its answer (stdout) and what it tells the person running it (stderr).
///
/// The command line writes to the process's own streams (`standard`); a test runs a command in its own
/// process with a `capturing()` output and reads what it would have printed. Text is written as
/// `Terminal.visible` shows it (control characters escaped, line breaks kept); JSON exactly as the
/// serializer escapes it.
public final class CommandOutput: Sendable {
    /// True when what is written is kept (`capturing()`), false when it goes to the process's streams.
    private let captures: Bool
    private let buffers = Mutex<(out: [UInt8], error: [UInt8])>(([], []))
    /// Whether stdout is a terminal (a person reads it, so a table may fit its width).
    public let isTerminal: Bool
    /// Whether stderr is a terminal (progress lines are drawn only there).
    public let errorIsTerminal: Bool

    private init(captures: Bool, isTerminal: Bool, errorIsTerminal: Bool) {
        self.captures = captures
        self.isTerminal = isTerminal
        self.errorIsTerminal = errorIsTerminal
    }

    /// The process's stdout and stderr.
    public static let standard = CommandOutput(
        captures: false, isTerminal: isatty(STDOUT_FILENO) == 1, errorIsTerminal: Terminal.stderrIsTTY)

    /// The width of the terminal stdout is, or nil when it is not one.
    public var columns: Int? { isTerminal ? Terminal.stdoutColumns : nil }

    /// An output that keeps what is written, for `captured`; neither stream is a terminal.
    public static func capturing() -> CommandOutput {
        CommandOutput(captures: true, isTerminal: false, errorIsTerminal: false)
    }

    /// What was written to each stream so far (empty for `standard`).
    public var captured: (stdout: String, stderr: String) {
        buffers.withLock {
            (String(decoding: $0.out, as: UTF8.self), String(decoding: $0.error, as: UTF8.self))
        }
    }

    /// `text` and a line end on stdout, control characters shown.
    public func out(_ text: String) { write(Array((Terminal.shown(text) + "\n").utf8), toError: false) }

    /// `value` as one line of JSON on stdout.
    public func out(_ value: JSONValue) { write(Array((value.jsonString + "\n").utf8), toError: false) }

    /// `bytes` on stdout as they are (a PDF or a picture written to `-`).
    public func write(_ bytes: [UInt8]) { write(bytes, toError: false) }

    /// `text` and a line end on stderr, control characters shown.
    public func error(_ text: String) { write(Array((Terminal.shown(text) + "\n").utf8), toError: true) }

    /// A note for the person: `catalog: note: ...` on stderr.
    public func note(_ text: String) { error("catalog: note: " + text) }

    /// Progress for this output: a rewritten status line when stderr is a terminal, notes on stderr.
    public var progress: any ProgressSink { OutputProgress(output: self) }

    private func write(_ bytes: [UInt8], toError: Bool) {
        guard captures else {
            (toError ? FileHandle.standardError : FileHandle.standardOutput).write(Data(bytes))
            return
        }
        buffers.withLock { toError ? $0.error.append(contentsOf: bytes) : $0.out.append(contentsOf: bytes) }
    }
}

/// Progress written to a command's output (see `CommandOutput.progress`).
private struct OutputProgress: ProgressSink {
    let output: CommandOutput

    func status(_ line: String) {
        guard output.errorIsTerminal else { return }
        Terminal.status(line)
    }

    func clearStatus() {
        guard output.errorIsTerminal else { return }
        Terminal.clearStatus()
    }

    func note(_ text: String) { output.note(text) }
}
