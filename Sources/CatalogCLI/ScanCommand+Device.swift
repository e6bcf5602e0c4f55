import CatalogApp
import CatalogCore
import Foundation
import Scanner

extension ScanCommand {
    /// `--list-devices`: every event device, marking those that look like a scanner.
    static func printDevices(json: Bool, output: CommandOutput) {
        let devices = InputDevice.list()
        if devices.isEmpty {
            output.out("No input devices in /dev/input. Plug the scanner in; see docs/scanner.md.")
            return
        }
        for device in devices {
            if json {
                let value: JSONValue = [
                    "path": .string(device.path), "by_id": device.byIDPath.map(JSONValue.string) ?? .null,
                    "name": device.capabilities.map { .string($0.name) } ?? .null,
                    "vendor_product": device.capabilities.map {
                        .string(String(format: "%04x:%04x", $0.vendor, $0.product))
                    } ?? .null,
                    "looks_like_scanner": .bool(device.looksLikeScanner),
                    "reason": device.scannerReason.map(JSONValue.string) ?? .null,
                    "problem": device.problem.map(JSONValue.string) ?? .null,
                ]
                output.out(value)
            } else {
                var line = device.summary
                if let capabilities = device.capabilities {
                    line += String(format: "  %04x:%04x", capabilities.vendor, capabilities.product)
                }
                if let byID = device.byIDPath { line += "  \(byID)" }
                if let reason = device.scannerReason { line += "  looks like a scanner (\(reason))" }
                if let problem = device.problem { line += "  [\(problem)]" }
                output.out(line)
            }
        }
    }

    /// Reads the scanner device until SIGINT/SIGTERM: grabs it, reopens it after an unplug, and releases
    /// the grab on the way out, writing the raw events to `recordPath` if given. A failure to deliver a scan
    /// is said and the counter goes on.
    func readDevice(recordPath: String?, output: CommandOutput, deliver: (Scan) async throws -> Void) async throws {
        let path = try device ?? InputDevice.pickScanner(from: InputDevice.list()).path
        let opened = try await InputDevice.opening(path, grab: !noGrab)
        let reader = try DeviceReader(device: opened, grab: !noGrab)
        var recording: FileHandle?
        if let record, let recordPath {
            guard FileManager.default.createFile(atPath: recordPath, contents: nil),
                let handle = FileHandle(forWritingAtPath: recordPath)
            else {
                await reader.stop()
                throw AppError("Cannot write the recording \(record).", exitCode: .cannotCreate)
            }
            recording = handle
        }
        output.error(
            "catalog: reading \(opened.name.isEmpty ? path : "\(opened.name) at \(path)")"
                + (noGrab ? " (not grabbed: scans also reach other programs)" : "") + "; Ctrl-C stops.")
        // Ctrl-C or SIGTERM stops the reader (releasing the grab); its stream then ends and so does the loop.
        let stopper = Task {
            await Signals.waitForTermination()
            await reader.stop()
        }
        var keep: (@Sendable ([UInt8]) -> Void)?
        if let recording { keep = { bytes in recording.write(Data(bytes)) } }
        let scans = ScanStream.live(reader, pipeline: pipeline, record: keep)
        for await event in scans {
            do {
                try await act(on: event, output, deliver: deliver)
            } catch {
                output.error("catalog: \(AppError.from(error).description)")
                ring(2, output)
            }
        }
        stopper.cancel()
        try? recording?.close()
        output.error("catalog: scanner released.")
    }
}
