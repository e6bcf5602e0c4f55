import CatalogTestSupport
import Foundation
import Testing

/// The scanner's device code against a real Linux kernel: QEMU boots Debian's kernel with an emulated USB
/// keyboard; scripts/qemu-scanner/main.swift (built from Sources/Scanner/Device) reads it in the guest while
/// the host types barcodes at scanner speed, unplugs and replugs the keyboard.
///
/// Without qemu-system-x86_64, a /boot/vmlinuz-* kernel or busybox-static it fails in CI and is skipped (saying
/// why) elsewhere (`RequiredTool`).
@Suite("QEMU scanner")
struct QEMUScannerTests {
    static let root = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static let qemu = "/usr/bin/qemu-system-x86_64"

    /// A kernel in /boot with its modules in /lib/modules, for the guest.
    static let kernel = RequiredTool(
        "a kernel /boot/vmlinuz-* with its /lib/modules", package: "Debian's linux-image-amd64"
    ) {
        let files = FileManager.default
        let kernels = ((try? files.contentsOfDirectory(atPath: "/boot")) ?? []).filter { $0.hasPrefix("vmlinuz-") }
        guard let kernel = kernels.sorted().last else { return false }
        return files.fileExists(atPath: "/lib/modules/\(kernel.dropFirst("vmlinuz-".count))")
    }

    @Test(
        "reads scans, survives unplug and replug, and releases the grab on stop",
        .requires(
            .program("qemu-system-x86_64", debian: "qemu-system-x86", at: [qemu]), kernel,
            .program("busybox", debian: "busybox-static", at: ["/bin/busybox", "/usr/bin/busybox"])))
    func realKernel() async throws {
        let qemu = Self.qemu
        let work = NSTemporaryDirectory() + "catalog-qemu-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: work) }
        // The kernel and probe are kept in .build between runs while nothing they are made from changes.
        var environment = ProcessInfo.processInfo.environment
        environment["CATALOG_QEMU_CACHE"] = Self.root.appending(path: ".build/qemu-scanner").path
        let build = try await ChildProcess.run(
            "/bin/bash", [Self.root.appending(path: "scripts/qemu-scanner/build.sh").path, work],
            environment: environment)
        try #require(build.status == 0, "build.sh failed:\n\(build.output)")

        let started = Date()
        let machine = try await QEMUVirtualMachine(
            qemu: qemu, kernel: work + "/vmlinuz", initrd: work + "/initrd.gz", socketPath: work + "/qmp.sock",
            consolePath: work + "/console.log")
        defer { print("QEMUScannerTests: guest log:\n" + machine.log.joined(separator: "\n")) }

        let opened = try #require(await machine.waitForLine(containing: "PROBE OPEN", seconds: 120))
        #expect(opened.contains("grabbed=true"))
        #expect(opened.contains("second=Device or resource busy"), "a second grab is refused while we hold it")
        #expect(opened.contains("id=0627:0001"))
        try #require(await machine.waitForLine(containing: "PROBE READY", seconds: 30) != nil)

        let first = try await Self.scan("4006381333931", on: machine)
        #expect(first != nil)

        #expect(try machine.command("device_del", ["id": "scanner"])["error"] == nil)
        #expect(await machine.waitForLine(containing: "PROBE DISCONNECTED", seconds: 30) != nil)
        try await Task.sleep(for: .milliseconds(500))
        let add = try machine.command("device_add", ["driver": "usb-kbd", "id": "scanner2", "bus": "xhci.0"])
        #expect(add["error"] == nil)
        #expect(await machine.waitForLine(containing: "PROBE RECONNECTED", seconds: 30) != nil)

        #expect(try await Self.scan("Abc-123", on: machine) != nil)
        let stopped = await machine.waitForLine(containing: "PROBE STOPPED", seconds: 30)
        #expect(stopped?.contains("finished=true grab_after_stop=ok") == true, "stop() released the grab")
        #expect(await machine.waitForLine(containing: "PROBE EXIT 0", seconds: 30) != nil)
        #expect(await machine.waitForExit(seconds: 30))
        print("QEMUScannerTests: guest run took \(Int(Date().timeIntervalSince(started))) s")
    }

    /// Types `text` and Enter, and waits for the guest's scan line. On a starved host QEMU's emulated
    /// keyboard has been seen to lose the final Enter (the guest then holds the digits and no Enter), so
    /// Enter is pressed once more after 15 s; the probe ignores an Enter with nothing before it. Every
    /// character must still arrive, in order.
    static func scan(_ text: String, on machine: QEMUVirtualMachine) async throws -> String? {
        let line = "PROBE SCAN \"\(text)\""
        // The guest's USB stack polls the emulated keyboard: on a host busy with other tests a key can go down
        // and up between two polls and be lost there, before the scanner's code sees anything. That code must
        // read exactly what reached it, so a scan that arrives with a key missing is typed again (twice at
        // most): a scanner that misreads every time still fails.
        for attempt in 1...3 {
            let before = machine.log.filter { $0.contains("PROBE SCAN") }.count
            try await machine.type(text)
            if let seen = await machine.waitForLine(containing: line, seconds: 15) { return seen }
            let scans = machine.log.filter { $0.contains("PROBE SCAN") }
            if scans.count > before {
                print("QEMUScannerTests: attempt \(attempt) read \(scans.last ?? ""); typing \(text) again")
                continue
            }
            print("QEMUScannerTests: no scan line 15 s after typing \(text); pressing Enter again")
            try await machine.type("")
            if let seen = await machine.waitForLine(containing: line, seconds: 30) { return seen }
        }
        return nil
    }
}
