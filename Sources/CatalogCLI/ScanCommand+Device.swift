import CatalogApp
import CatalogCore
import Foundation
import Scanner

extension ScanCommand {
    /// `--list-devices`: every event device, marking those that look like a scanner.
    static func printDevices(json: Bool) {
        let devices = InputDevice.list()
        if devices.isEmpty {
            Terminal.out("No input devices in /dev/input. Plug the scanner in; see docs/scanner.md.")
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
                Terminal.out(value)
            } else {
                var line = device.summary
                if let capabilities = device.capabilities {
                    line += String(format: "  %04x:%04x", capabilities.vendor, capabilities.product)
                }
                if let byID = device.byIDPath { line += "  \(byID)" }
                if let reason = device.scannerReason { line += "  looks like a scanner (\(reason))" }
                if let problem = device.problem { line += "  [\(problem)]" }
                Terminal.out(line)
            }
        }
    }

    /// Reads the scanner device until SIGINT/SIGTERM: grabs it, reopens it after an unplug, and releases
    /// the grab on the way out.
    func readDevice(pipeline start: ScanPipeline, deliver: (Scan) async throws -> Void) async throws {
        let path = try device ?? InputDevice.pickScanner(from: InputDevice.list()).path
        let opened = try await InputDevice.opening(path, grab: !noGrab)
        let reader = try DeviceReader(device: opened, grab: !noGrab)
        var recording: FileHandle?
        if let record {
            guard FileManager.default.createFile(atPath: record, contents: nil),
                let handle = FileHandle(forWritingAtPath: record)
            else {
                await reader.stop()
                throw AppError("Cannot write the recording \(record).", exitCode: .cannotCreate)
            }
            recording = handle
        }
        Terminal.error(
            "catalog: reading \(opened.name.isEmpty ? path : "\(opened.name) at \(path)")"
                + (noGrab ? " (not grabbed: scans also reach other programs)" : "") + "; Ctrl-C stops.")
        // Reports and ticks queue up in arrival order while an action runs, so no scan is dropped. A tick
        // carries the time it was made: it can only close a scan whose last key came before it, even when
        // it is handled much later than that.
        let stream = AsyncStream<CounterInput> { continuation in
            let forward = Task {
                for await report in reader.reports { continuation.yield(.report(report)) }
                continuation.finish()
            }
            // A tick every 50 ms closes scans that ended without a terminator.
            let ticks = Task {
                while !Task.isCancelled {
                    try? await Task.sleep(for: .milliseconds(50))
                    continuation.yield(.tick(EventTime.monotonicNow()))
                }
            }
            continuation.onTermination = { _ in
                forward.cancel()
                ticks.cancel()
            }
        }
        // Ctrl-C or SIGTERM stops the reader (releasing the grab); its stream then ends and so does the loop.
        let stopper = Task {
            await Signals.waitForTermination()
            await reader.stop()
        }
        var pipeline = start
        var parser = InputEventReader()
        for await input in stream {
            var output: [ScanDetector.Event] = []
            switch input {
            case .report(.events(let bytes)):
                recording?.write(Data(bytes))
                for event in parser.parse(bytes) { pipeline.feed(event, into: &output) }
            case .report(.disconnected(let reason)):
                Terminal.error("catalog: the scanner went away (\(reason)); waiting for it to come back.")
                ring(2)
            case .report(.reconnected(let name)):
                Terminal.error("catalog: the scanner is back (\(name)).")
            case .report(.reopenFailed(let error)):
                Terminal.error("catalog: \(error.description)")
            case .tick(let now):
                if let deadline = pipeline.detector.deadline, deadline <= now {
                    pipeline.detector.flush(at: now, into: &output)
                }
            }
            for event in output {
                do {
                    try await act(on: event, deliver: deliver)
                } catch {
                    Terminal.error("catalog: \(AppError.from(error).description)")
                    ring(2)
                }
            }
        }
        stopper.cancel()
        try? recording?.close()
        Terminal.error("catalog: scanner released.")
    }
}

/// What the live counter loop handles, in arrival order: the reader's reports and the clock's ticks.
enum CounterInput {
    case report(DeviceReport)
    /// The monotonic time the tick was made.
    case tick(EventTime)
}

extension EventTime {
    /// Now on the monotonic clock, the clock the device's event timestamps use.
    static func monotonicNow() -> EventTime {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return EventTime(seconds: Int64(now.tv_sec), microseconds: Int64(now.tv_nsec / 1000))
    }
}
