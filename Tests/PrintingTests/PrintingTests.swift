import CatalogTestSupport
import Foundation
import Printing
import PrintingTestSupport
import Testing

/// Printing through a private cupsd started per test; the tests run side by side, each call naming its
/// server. A test that needs CUPS or the DYMO driver fails without it in CI and is skipped elsewhere
/// (`RequiredTool`); the ones that need no cupsd (an unreachable server) always run.
struct PrintingTests {
    /// Starts a private cupsd with a Zebra, a DYMO and a raw socket queue, runs `body`, then stops it.
    static func withServer(_ body: (PrivateCUPS) async throws -> Void) async throws {
        try await RequiredTool.require(.cupsd, .cupsClient, .dymoDriver)
        try await PrivateCUPS.with { cups in
            try await cups.addZebraQueue(name: "zebra")
            try await cups.addDymoQueue(name: "dymo")
            try await cups.addRawSocketQueue(name: "raw")
            try await body(cups)
        }
    }

    @Test func listsDestinationsWithStateAndMedia() async throws {
        try await Self.withServer { cups in
            try await cups.stopQueue(name: "dymo", reason: "Out of labels")
            let destinations = try await PrintDestinations.list(on: cups.printServer)
            #expect(destinations.map(\.name).sorted() == ["dymo", "raw", "zebra"])

            let zebra = try #require(destinations.first { $0.name == "zebra" })
            #expect(zebra.state == .idle)
            #expect(zebra.isAcceptingJobs)
            #expect(!zebra.isRaw)
            #expect(zebra.makeAndModel == "Zebra ZPL Label Printer")
            #expect(zebra.deviceURI?.hasPrefix("file://") == true)
            let twoByOne = try #require(zebra.media.first { $0.name == "custom_2x1in_2x1in" })
            #expect(abs(twoByOne.width - 144) < 0.5 && abs(twoByOne.height - 72) < 0.5)
            #expect(zebra.defaultMedia == "custom_2x1in_2x1in")

            let dymo = try #require(destinations.first { $0.name == "dymo" })
            #expect(dymo.state == .stopped)
            #expect(dymo.stateMessage == "Out of labels")
            #expect(dymo.stateReasons.contains("paused"))
            #expect(dymo.media.contains { $0.name == "custom_2.25x1.25in_2.25x1.25in" })

            let raw = try #require(destinations.first { $0.name == "raw" })
            #expect(raw.isRaw)
            #expect(raw.media.isEmpty)
            #expect(raw.deviceURI == "socket://127.0.0.1:\(cups.listener(for: "raw")!.port)")

            #expect(try await PrintDestinations.default(on: cups.printServer) == nil)
            try await cups.setDefault(name: "zebra")
            #expect(try await PrintDestinations.default(on: cups.printServer)?.name == "zebra")
        }
    }

    @Test func zebraQueueTurnsPDFIntoZPLGraphic() async throws {
        try await Self.withServer { cups in
            let job = try await PrintJobs.submit(
                document: TestDocuments.pdf(width: 144, height: 72), format: .pdf, to: "zebra", title: "zebra test",
                mediaSize: (width: 144, height: 72), on: cups.printServer)
            #expect(job.printer == "zebra" && job.id > 0)
            let outcome = try await PrintJobs.wait(job, timeout: 30, on: cups.printServer)
            #expect(outcome.result == .completed, "\(outcome) \(cups.log())")
            #expect(outcome.succeeded && outcome.error == nil)

            let output = cups.deviceOutput("zebra")
            let text = String(decoding: output, as: UTF8.self)
            #expect(text.contains("^XA") && text.contains("^XZ"))
            #expect(text.contains("~DG") || text.contains("^GF"))

            let folder = cups.base.appendingPathComponent("decoded")
            let pictures = try await ZebraOutput.decode(output, into: folder)
            let picture = try #require(pictures.first)
            #expect(picture.width >= 400 && picture.height >= 200, "2x1 in at 203 dpi is 406x203 dots")
            #expect(picture.blackFraction > 0.2 && picture.blackFraction < 0.5, "\(picture.blackFraction)")
        }
    }

    @Test func copiesReachTheDevice() async throws {
        try await Self.withServer { cups in
            let zebraJob = try await PrintJobs.submit(
                document: TestDocuments.pdf(width: 144, height: 72), format: .pdf, to: "zebra", title: "copies",
                copies: 3, mediaSize: (width: 144, height: 72), on: cups.printServer)
            #expect(try await PrintJobs.wait(zebraJob, timeout: 30, on: cups.printServer).succeeded)
            // The Zebra driver sends one graphic and asks the printer for 3 labels with ^PQ3.
            #expect(String(decoding: cups.deviceOutput("zebra"), as: UTF8.self).contains("^PQ3"))

            let rawJob = try await PrintJobs.submit(
                document: TestDocuments.zpl, format: .raw, to: "raw", title: "raw copies", copies: 3,
                on: cups.printServer)
            #expect(try await PrintJobs.wait(rawJob, timeout: 30, on: cups.printServer).succeeded)
            // A raw queue repeats the bytes once per copy.
            let jobs = await cups.listener(for: "raw")!.waitForJobs(count: 1)
            #expect(jobs.count == 1)
            #expect(jobs.first == TestDocuments.zpl + TestDocuments.zpl + TestDocuments.zpl)
        }
    }

    @Test func dymoQueueWritesRaster() async throws {
        try await Self.withServer { cups in
            let job = try await PrintJobs.submit(
                document: TestDocuments.pdf(width: 162, height: 90), format: .pdf, to: "dymo", title: "dymo",
                mediaSize: (width: 162, height: 90), on: cups.printServer)
            let outcome = try await PrintJobs.wait(job, timeout: 30, on: cups.printServer)
            #expect(outcome.result == .completed, "\(outcome) \(cups.log())")
            let output = cups.deviceOutput("dymo")
            #expect(output.count > 100)
            #expect(output.first == 0x1B, "DYMO LabelWriter raster starts with ESC commands")
            #expect(output.contains(0x16) || output.contains(0x17), "and carries raster lines (SYN or ETB)")
        }
    }

    @Test func rawJobArrivesByteForByte() async throws {
        try await Self.withServer { cups in
            let job = try await PrintJobs.submit(
                document: TestDocuments.zpl, format: .raw, to: "raw", title: "raw", on: cups.printServer)
            let outcome = try await PrintJobs.wait(job, timeout: 30, on: cups.printServer)
            #expect(outcome.result == .completed)
            #expect(outcome.description == "Job raw-\(job.id) printed.")
            let jobs = await cups.listener(for: "raw")!.waitForJobs(count: 1)
            #expect(jobs == [TestDocuments.zpl])
        }
    }
}

extension PrivateCUPS {
    /// This cupsd, as the calls of the Printing module take it.
    var printServer: PrintServer { PrintServer(address: server) }
}
