import CatalogTestSupport
import Foundation
import Printing
import PrintingTestSupport
import Testing

extension PrintingTests {
    @Test func stoppedQueueHoldsTheJobAndSaysWhy() async throws {
        try await Self.withServer { cups in
            try await cups.stopQueue(name: "zebra", reason: "Out of labels")
            let job = try await PrintJobs.submit(
                document: TestDocuments.pdf(width: 144, height: 72), format: .pdf, to: "zebra", title: "stopped",
                mediaSize: (width: 144, height: 72), on: cups.printServer)
            let outcome = try await PrintJobs.wait(job, timeout: 10, on: cups.printServer)
            #expect(outcome.result == .printerStopped)
            #expect(outcome.state == .pending)
            #expect(outcome.message == "Out of labels")
            #expect(outcome.description.contains("the printer is stopped"))
            let error = try #require(outcome.error)
            #expect(error == .printerStopped(printer: "zebra", message: "Out of labels"))
            #expect(error.description.contains("cupsenable zebra"))
            #expect(cups.deviceOutput("zebra").isEmpty)
        }
    }

    @Test func queueThatRejectsJobsRefusesTheSubmission() async throws {
        try await Self.withServer { cups in
            try await cups.rejectJobs(name: "zebra", reason: "Closed for cleaning")
            await #expect(throws: PrintingError.notAcceptingJobs(printer: "zebra", message: "Closed for cleaning")) {
                _ = try await PrintJobs.submit(
                    document: TestDocuments.zpl, format: .raw, to: "zebra", title: "rejected", on: cups.printServer)
            }
        }
    }

    @Test func unknownPrinterListsTheRealOnes() async throws {
        try await Self.withServer { cups in
            let error = await #expect(throws: PrintingError.self) {
                _ = try await PrintJobs.submit(
                    document: TestDocuments.zpl, format: .raw, to: "zebar", title: "x", on: cups.printServer)
            }
            guard case .unknownPrinter(let name, let available) = error else {
                Issue.record("expected unknownPrinter, got \(String(describing: error))")
                return
            }
            #expect(name == "zebar")
            #expect(available.sorted() == ["dymo", "raw", "zebra"])
            #expect(error?.description.contains("dymo, ") == true)
        }
    }

    @Test func noPrinterAndNoDefaultAsksForPrinter() async throws {
        try await Self.withServer { cups in
            let error = await #expect(throws: PrintingError.self) {
                _ = try await PrintJobs.submit(
                    document: TestDocuments.zpl, format: .raw, to: nil, title: "x", on: cups.printServer)
            }
            #expect(error?.description.contains("--printer") == true)
            #expect(error?.description.contains("zebra") == true)

            try await cups.setDefault(name: "raw")
            let job = try await PrintJobs.submit(
                document: TestDocuments.zpl, format: .raw, to: nil, title: "default", on: cups.printServer)
            #expect(job.printer == "raw")
            #expect(try await PrintJobs.wait(job, timeout: 30, on: cups.printServer).succeeded)
        }
    }

    @Test func mediaThePrinterLacksIsNamedWithWhatItHas() async throws {
        try await Self.withServer { cups in
            let error = await #expect(throws: PrintingError.self) {
                _ = try await PrintJobs.submit(
                    document: TestDocuments.pdf(width: 500, height: 500), format: .pdf, to: "zebra", title: "big",
                    mediaSize: (width: 500, height: 500), on: cups.printServer)
            }
            guard case .mediaNotSupported(let printer, let requested, let available) = error else {
                Issue.record("expected mediaNotSupported, got \(String(describing: error))")
                return
            }
            #expect(printer == "zebra" && requested == "of 500x500 pt")
            #expect(available.contains { $0.name == "custom_2x1in_2x1in" })
            #expect(error?.description.contains("custom_2x1in_2x1in (144x72 pt)") == true)

            await #expect(throws: PrintingError.self) {
                _ = try await PrintJobs.submit(
                    document: TestDocuments.pdf(width: 144, height: 72), format: .pdf, to: "zebra", title: "named",
                    media: "no_such_media", on: cups.printServer)
            }
            let named = try await PrintJobs.submit(
                document: TestDocuments.pdf(width: 144, height: 72), format: .pdf, to: "zebra", title: "named",
                media: "custom_2x1in_2x1in", on: cups.printServer)
            #expect(try await PrintJobs.wait(named, timeout: 30, on: cups.printServer).succeeded)
        }
    }

    @Test func cupsNotRunningNamesTheServer() async throws {
        let closed = try RawSocketListener()
        let port = closed.port
        closed.stop()
        let closedServer = PrintServer(address: "127.0.0.1:\(port)")
        await #expect(throws: PrintingError.cupsUnreachable(server: "127.0.0.1:\(port)")) {
            _ = try await PrintDestinations.list(on: closedServer)
        }
        let error = await #expect(throws: PrintingError.self) {
            _ = try await PrintJobs.submit(
                document: TestDocuments.zpl, format: .raw, to: "zebra", title: "x", on: closedServer)
        }
        #expect(error?.description.contains("127.0.0.1:\(port)") == true)
        #expect(error?.description.contains("CUPS_SERVER") == true)
    }

    @Test(.requires(.cupsd, .cupsClient)) func cupsServerInAnEnvironmentIsHonoured() async throws {
        let cups = try await PrivateCUPS.start()
        try await cleaningUp({ await cups.stop() }) {
            try await cups.addZebraQueue(name: "envzebra")
            // The server an environment names, without changing this process's environment (other tests
            // run beside this one).
            let named = PrintServer(environment: ["CUPS_SERVER": cups.server])
            #expect(await named.describe() == cups.server)
            #expect(try await PrintDestinations.list(on: named).map(\.name) == ["envzebra"])
            #expect(PrintServer(environment: ["CUPS_SERVER": ""]) == .processDefault)
        }
    }
}
