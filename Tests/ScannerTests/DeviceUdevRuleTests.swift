import CatalogTestSupport
import Foundation
import Testing

/// contrib/99-catalog-scanner.rules: checked by `udevadm verify` where udev has it (systemd 254 and later),
/// and always by a structural check of every line.
@Suite("Device udev rule")
struct DeviceUdevRuleTests {
    static let rulesPath = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appending(path: "contrib/99-catalog-scanner.rules").path

    /// A udevadm that has `verify` (systemd 254 and later), or nil.
    static let udevadm: String? = {
        guard let path = ["/usr/bin/udevadm", "/bin/udevadm"].first(where: FileManager.default.fileExists) else {
            return nil
        }
        return DeviceUdevRuleTests().run(path, ["verify", "--help"]).status == 0 ? path : nil
    }()

    @Test(
        "udevadm verify accepts the rule",
        .enabled(if: udevadm != nil, "this udevadm has no 'verify' (needs systemd 254+); the structure test still runs")
    )
    func udevadmVerify() async throws {
        let udevadm = try #require(Self.udevadm)
        let result = try await ChildProcess.run(udevadm, ["verify", Self.rulesPath])
        #expect(result.status == 0, "udevadm verify: \(result.output)")
    }

    @Test("every line is comma-separated KEY op \"value\" pairs, and every GOTO has its LABEL")
    func structure() throws {
        let text = try String(contentsOfFile: Self.rulesPath, encoding: .utf8)
        let pair = /^\s*([A-Z_]+)(\{[A-Za-z0-9_]+\})?\s*(==|!=|\+=|-=|:=|=)\s*"([^"]*)"\s*$/
        let matchKeys: Set = ["ACTION", "SUBSYSTEM", "KERNEL", "ENV", "ATTRS", "ATTR", "SUBSYSTEMS", "KERNELS"]
        let assignKeys: Set = ["ENV", "GROUP", "MODE", "SYMLINK", "GOTO", "LABEL", "TAG", "OWNER"]
        var gotos: Set<String> = []
        var labels: Set<String> = []
        var assignments: [String] = []
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            for field in trimmed.split(separator: ",") {
                guard let match = String(field).wholeMatch(of: pair) else {
                    Issue.record("line \(number + 1): '\(field)' is not KEY op \"value\"")
                    continue
                }
                let key = String(match.1)
                let op = String(match.3)
                let isMatch = op == "==" || op == "!="
                #expect((isMatch ? matchKeys : assignKeys).contains(key), "line \(number + 1): \(key) \(op)")
                if key == "GOTO" { gotos.insert(String(match.4)) }
                if key == "LABEL" { labels.insert(String(match.4)) }
                if !isMatch { assignments.append("\(key)\(match.2 ?? "")\(op)\(match.4)") }
            }
        }
        #expect(gotos == labels)
        #expect(assignments.contains("SYMLINK+=input/catalog-scanner"))
        #expect(assignments.contains("GROUP=catalog"))
        #expect(assignments.contains("MODE=0660"))
    }

    /// Runs `tool` and waits, blocking: only for the trait check above, which runs before any test does.
    private func run(_ tool: String, _ arguments: [String]) -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(filePath: tool)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        do { try process.run() } catch { return (-1, "\(error)") }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
