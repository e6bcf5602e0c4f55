import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A QEMU guest for the scanner test: Debian's kernel, our initramfs, an emulated USB keyboard, its serial
/// console collected line by line, and a QMP connection to type keys and unplug or replug the keyboard.
final class QEMUVirtualMachine: @unchecked Sendable {
    private let process = Process()
    private let consolePath: String
    private var qmp: Int32 = -1
    private var qmpBuffer: [UInt8] = []

    /// Boots `kernel` with `initrd`; the keyboard is `usb-kbd` with id `scanner` on an xhci bus.
    /// The guest's serial console is written to `consolePath`; QEMU's own messages go to `consolePath + ".qemu"`.
    init(qemu: String, kernel: String, initrd: String, socketPath: String, consolePath: String) async throws {
        unlink(socketPath)
        self.consolePath = consolePath
        process.executableURL = URL(filePath: qemu)
        process.arguments = [
            "-accel", "tcg", "-m", "512", "-nodefaults", "-display", "none", "-serial", "file:\(consolePath)",
            "-no-reboot",
            "-kernel", kernel, "-initrd", initrd, "-append", "console=ttyS0 quiet panic=-1",
            "-device", "qemu-xhci,id=xhci", "-device", "usb-kbd,id=scanner,bus=xhci.0",
            "-qmp", "unix:\(socketPath),server=on,wait=off",
        ]
        FileManager.default.createFile(atPath: consolePath + ".qemu", contents: nil)
        let messages = FileHandle(forWritingAtPath: consolePath + ".qemu")
        process.standardOutput = messages
        process.standardError = messages
        process.standardInput = FileHandle.nullDevice
        try process.run()
        try await connect(socketPath)
        _ = try command("qmp_capabilities")
    }

    deinit { shutDown() }

    /// Every whole line the guest printed so far (a line still being written is left for the next look).
    var log: [String] {
        [consolePath, consolePath + ".qemu"].flatMap { path in
            let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
            // By scalars: "\r\n" is one Character, which a split on "\n" would not see.
            return text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
                .map { String(String.UnicodeScalarView($0)).trimmingCharacters(in: .init(charactersIn: "\r")) }
        }
    }

    /// The first console line containing `text`, waiting up to `seconds`; nil on time-out or exit.
    func waitForLine(containing text: String, seconds: Double) async -> String? {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if let line = log.first(where: { $0.contains(text) }) { return line }
            if !process.isRunning, log.first(where: { $0.contains(text) }) == nil { return nil }
            try? await Task.sleep(for: .milliseconds(50))
        }
        return nil
    }

    /// Types `text` and Enter through QMP `input-send-event`, one key every `perKey` seconds.
    func type(_ text: String, perKey: Double = 0.004) async throws {
        let names: [Character: String] = ["-": "minus", ".": "dot", "/": "slash", "\n": "ret"]
        for character in text + "\n" {
            let key = names[character] ?? String(character).lowercased()
            let keys = (character.isUppercase ? ["shift"] : []) + [key]
            for down in [true, false] {
                let events: [[String: Any]] = keys.map { key in
                    ["type": "key", "data": ["down": down, "key": ["type": "qcode", "data": key]]]
                }
                let reply: [String: Any]
                do {
                    reply = try command("input-send-event", ["events": events])
                } catch {
                    // The guest powers off as soon as it has its last Enter: a key-up still to send may find
                    // QEMU gone. That is no failure; what the guest read is in its log.
                    if await exits(within: 2) { return }
                    throw error
                }
                if let error = reply["error"] { throw QEMUError("input-send-event: \(error)") }
                try await Task.sleep(for: .seconds(perKey))
            }
        }
    }

    /// Sends one QMP command and returns its reply (skipping asynchronous events).
    @discardableResult
    func command(_ name: String, _ arguments: [String: Any]? = nil) throws -> [String: Any] {
        var message: [String: Any] = ["execute": name]
        if let arguments { message["arguments"] = arguments }
        var data = try JSONSerialization.data(withJSONObject: message)
        data.append(UInt8(ascii: "\n"))
        let written = data.withUnsafeBytes { Glibc.write(qmp, $0.baseAddress, $0.count) }
        guard written == data.count else { throw QEMUError("QMP write failed") }
        while true {
            let line = try readQMPLine()
            guard let reply = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else {
                continue
            }
            if reply["return"] != nil || reply["error"] != nil { return reply }
        }
    }

    /// Whether QEMU has exited, or does within `seconds`.
    private func exits(within seconds: Double) async -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while process.isRunning && Date() < deadline { try? await Task.sleep(for: .milliseconds(50)) }
        return !process.isRunning
    }

    /// Waits up to `seconds` for the guest to power off; kills it if it does not.
    func waitForExit(seconds: Double) async -> Bool {
        let exited = await exits(within: seconds)
        shutDown()
        return exited
    }

    private func shutDown() {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        if qmp >= 0 { Glibc.close(qmp) }
        qmp = -1
    }

    private func connect(_ path: String) async throws {
        for _ in 0..<100 where access(path, F_OK) != 0 { try await Task.sleep(for: .milliseconds(100)) }
        qmp = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { buffer in
            buffer.copyBytes(from: path.utf8.prefix(buffer.count - 1))
        }
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(qmp, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard result == 0 else { throw QEMUError("cannot connect to QMP at \(path): errno \(errno)") }
        _ = try readQMPLine()  // the greeting
    }

    private func readQMPLine() throws -> String {
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            if let newline = qmpBuffer.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: qmpBuffer[..<newline], as: UTF8.self)
                qmpBuffer.removeFirst(newline + 1)
                return line
            }
            let count = chunk.withUnsafeMutableBytes { Glibc.read(qmp, $0.baseAddress, $0.count) }
            guard count > 0 else { throw QEMUError("QMP connection closed") }
            qmpBuffer += chunk[0..<count]
        }
    }
}

/// A failure driving QEMU.
struct QEMUError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
