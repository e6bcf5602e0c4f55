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
                mediaSize: (width: 144, height: 72))
            let outcome = try await PrintJobs.wait(job, timeout: 10)
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
                    document: TestDocuments.zpl, format: .raw, to: "zebra", title: "rejected")
            }
        }
    }

    @Test func unknownPrinterListsTheRealOnes() async throws {
        try await Self.withServer { _ in
            let error = await #expect(throws: PrintingError.self) {
                _ = try await PrintJobs.submit(document: TestDocuments.zpl, format: .raw, to: "zebar", title: "x")
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
                _ = try await PrintJobs.submit(document: TestDocuments.zpl, format: .raw, to: nil, title: "x")
            }
            #expect(error?.description.contains("--printer") == true)
            #expect(error?.description.contains("zebra") == true)

            try await cups.setDefault(name: "raw")
            let job = try await PrintJobs.submit(document: TestDocuments.zpl, format: .raw, to: nil, title: "default")
            #expect(job.printer == "raw")
            #expect(try await PrintJobs.wait(job, timeout: 30).succeeded)
        }
    }

    @Test func mediaThePrinterLacksIsNamedWithWhatItHas() async throws {
        try await Self.withServer { _ in
            let error = await #expect(throws: PrintingError.self) {
                _ = try await PrintJobs.submit(
                    document: TestDocuments.pdf(width: 500, height: 500), format: .pdf, to: "zebra", title: "big",
                    mediaSize: (width: 500, height: 500))
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
                    media: "no_such_media")
            }
            let named = try await PrintJobs.submit(
                document: TestDocuments.pdf(width: 144, height: 72), format: .pdf, to: "zebra", title: "named",
                media: "custom_2x1in_2x1in")
            #expect(try await PrintJobs.wait(named, timeout: 30).succeeded)
        }
    }

    @Test func cupsNotRunningNamesTheServer() async throws {
        let closed = try RawSocketListener()
        let port = closed.port
        closed.stop()
        PrintServer.use("127.0.0.1:\(port)")
        defer { PrintServer.use(nil) }
        await #expect(throws: PrintingError.cupsUnreachable(server: "127.0.0.1:\(port)")) {
            _ = try await PrintDestinations.list()
        }
        let error = await #expect(throws: PrintingError.self) {
            _ = try await PrintJobs.submit(document: TestDocuments.zpl, format: .raw, to: "zebra", title: "x")
        }
        #expect(error?.description.contains("127.0.0.1:\(port)") == true)
        #expect(error?.description.contains("CUPS_SERVER") == true)
    }

    @Test(.requires(.cupsd, .cupsClient)) func cupsServerEnvironmentIsHonoured() async throws {
        let cups = try await PrivateCUPS.start()
        try await cleaningUp({ await cups.stop() }) {
            try await cups.addZebraQueue(name: "envzebra")
            let previous = ProcessInfo.processInfo.environment["CUPS_SERVER"]
            setenv("CUPS_SERVER", cups.server, 1)
            defer {
                if let previous { setenv("CUPS_SERVER", previous, 1) } else { unsetenv("CUPS_SERVER") }
            }
            PrintServer.use(nil)
            #expect(await PrintServer.current() == cups.server)
            #expect(try await PrintDestinations.list().map(\.name) == ["envzebra"])
        }
    }
}
