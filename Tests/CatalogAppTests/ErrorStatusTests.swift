import CatalogApp
import CatalogCore
import Foundation
import Labels
import Printing
import Sandbox
import Scanner
import SquareAPI
import Store
import Sync
import Testing
import Webhooks

/// Every failure says its own exit status and message (`UserFacingError`), every status is in the
/// README's table, and no public error type is left out: a new one, or a new case, fails here until it
/// says how a command ends.
@Suite struct ErrorStatusTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static let offline = SquareError(kind: .unreachable, url: "http://127.0.0.1:9/v2/catalog/list")
    static let variation = VariationSummary(
        itemID: "ITEM", variationID: "VAR", itemName: "Blue Widget", variationName: "Large", sku: "BW-L",
        gtin: nil, upc: nil, price: nil, category: nil, isArchived: false, version: 1)

    /// One instance of every case of every error type the workflows can throw, by type and case name.
    static func samples() throws -> [String: [String: any Error]] {
        var money: MoneyParseError?
        do { _ = try Money.parse("twelve", currency: "GBP") } catch { money = error }
        var json: JSONParseError?
        do { _ = try JSONValue.parse("{") } catch { json = error }
        var field: FieldExpressionError?
        do { _ = try LabelField.validate("{{nope}}") } catch { field = error }
        return [
            "SquareError": [
                "api 400": SquareError(kind: .api(status: 400), url: "u"),
                "api 401": SquareError(kind: .api(status: 401), url: "u"),
                "api 429": SquareError(kind: .api(status: 429), url: "u", attempts: 6),
                "api 503": SquareError(kind: .api(status: 503), url: "u"),
                "unreachable": offline, "timedOut": SquareError(kind: .timedOut, url: "u"),
                "badResponse": SquareError(kind: .badResponse, url: "u"),
                "cancelled": SquareError(kind: .cancelled, url: "u"),
            ],
            "StoreError": [
                "cannotOpen": StoreError.cannotOpen(path: "/x.sqlite", reason: "no folder"),
                "badObject": StoreError.badObject(id: "X", type: "ITEM", reason: "no name"),
                "database": StoreError.database(reason: "SQLite error 1"),
                "damaged": StoreError.damaged(path: "/x.sqlite", detail: "page 4"),
                "unknownValue": StoreError.unknownValue(table: "outbox", column: "kind", value: "teleport"),
                "diskFull": StoreError.diskFull(path: "/x.sqlite"),
                "readOnly": StoreError.readOnly(path: "/x.sqlite", doing: "sync"),
                "outboxEntryTaken": StoreError.outboxEntryTaken(id: 4),
                "syncRunning": StoreError.syncRunning(path: "/x.sqlite", process: 4242, waited: .seconds(600)),
            ],
            "EditError": [
                "gone": EditError.gone(id: "X", label: "Blue Widget"),
                "keptChanging": EditError.keptChanging(label: "Blue Widget", attempts: 3),
                "refused": EditError.refused(
                    label: "Blue Widget", error: SquareError(kind: .api(status: 400), url: "u")),
                "tooLong": EditError.tooLong(field: .name, length: 300, limit: 255),
            ],
            "OutboxError": [
                "stillOffline": OutboxError.stillOffline(waiting: 2, cause: offline),
                "noSuchEntry": OutboxError.noSuchEntry(9),
                "alreadyDone": OutboxError.alreadyDone(id: 1, status: .applied),
                "beingSent": OutboxError.beingSent(id: 1),
            ],
            "SyncError": [
                "otherAccount": SyncError.otherAccount(
                    database: "/x.sqlite", stored: "M1", storedAddress: nil, found: "M2", address: "http://h")
            ],
            "CategoryError": [
                "unknown": CategoryError.unknown(name: "Snaks", closeNames: ["Snacks"]),
                "ambiguous": CategoryError.ambiguous(name: "Tea", categories: [.init("A", "Tea"), .init("B", "tea")]),
                "emptyName": CategoryError.emptyName,
            ],
            "CountAgeingError": [
                "changesUnreadable": CountAgeingError.changesUnreadable(lines: ["V1"], cause: "HTTP 400")
            ],
            "ReorderError": [
                "receiptRefused": ReorderError.receiptRefused(label: "Blue Widget", cause: offline, outboxID: 7),
                "notAReceipt": ReorderError.notAReceipt(outboxID: 7),
            ],
            "ItemCreationError": [
                "emptyName": ItemCreationError.emptyName, "noVariations": ItemCreationError.noVariations,
                "badVariation": ItemCreationError.badVariation(spec: "Large,", reason: "no price."),
                "codeInCatalog": ItemCreationError.codeInCatalog(code: .sku, value: "BW-L", holder: variation),
                "codeRepeated": ItemCreationError.codeRepeated(code: .gtin, value: "1", first: "S", second: "M"),
                "incompleteAnswer": ItemCreationError.incompleteAnswer(detail: "no id"),
            ],
            "PriceImportError": [
                "empty": PriceImportError.empty, "unreadable": PriceImportError.unreadable("not UTF-8"),
                "noCodeColumn": PriceImportError.noCodeColumn(headers: ["a"]),
                "noPriceColumn": PriceImportError.noPriceColumn(headers: ["a"]),
                "severalPriceColumns": PriceImportError.severalPriceColumns(candidates: ["a", "b"]),
                "noSuchColumn": PriceImportError.noSuchColumn(option: "--price-column", value: "x", headers: ["a"]),
            ],
            "WebhookListenerError": [
                "notListening": WebhookListenerError.notListening(host: "127.0.0.1", port: 80, reason: "in use")
            ],
            "PrintingError": [
                "cupsUnreachable": PrintingError.cupsUnreachable(server: "/run/cups/cups.sock"),
                "noDefaultPrinter": PrintingError.noDefaultPrinter(available: []),
                "unknownPrinter": PrintingError.unknownPrinter(name: "zebar", available: ["zebra"]),
                "notAcceptingJobs": PrintingError.notAcceptingJobs(printer: "zebra", message: nil),
                "printerStopped": PrintingError.printerStopped(printer: "zebra", message: "paper out"),
                "mediaNotSupported": PrintingError.mediaNotSupported(printer: "zebra", requested: "2x1", available: []),
                "jobFailed": PrintingError.jobFailed(printer: "zebra", jobID: 3, reason: "aborted"),
                "requestFailed": PrintingError.requestFailed(action: "submit", message: "refused"),
            ],
            "LabelRenderError": [
                "invalidBarcodeData": LabelRenderError.invalidBarcodeData(symbology: "ean13", data: "x", reason: "r"),
                "nothingToEncode": LabelRenderError.nothingToEncode(item: "Blue Widget"),
                "emptyBarcodeData": LabelRenderError.emptyBarcodeData(template: "t", element: 1, symbology: "code128"),
                "barcodeTooWide": LabelRenderError.barcodeTooWide(
                    template: "t", element: 1, data: "d", neededDots: 462, frameDots: 398, dpi: 203, moduleDots: 2),
                "barcodeTooTall": LabelRenderError.barcodeTooTall(
                    template: "t", element: 1, data: "d", neededDots: 90, frameDots: 40, dpi: 203),
                "priceTooWide": LabelRenderError.priceTooWide(
                    template: "t", element: 2, fields: ["price"], text: "£999,999.99", neededPoints: 60,
                    framePoints: 53.3, size: 6),
                "noBarcodeFits": LabelRenderError.noBarcodeFits(
                    template: "t", element: 1, item: "Tea", data: "TR-1", tried: ["QR it needs 90 dots of height"]),
                "badModuleWidth": LabelRenderError.badModuleWidth(template: "t", element: 1, moduleDots: 0),
                "sheetNotSupported": LabelRenderError.sheetNotSupported(template: "t", renderer: "ZPL"),
                "badTemplateSize": LabelRenderError.badTemplateSize(template: "t"),
                "cairo": LabelRenderError.cairo("out of memory"),
            ],
            "TemplateError": ["-": TemplateError(file: "t.yaml", line: 3, field: "width", message: "not a length")],
            "SaleError": ["-": SaleError(text: "lots", reason: "write 20% or 1.50.")],
            "FieldExpressionError": ["-": try #require(field)],
            "ScannerError": [
                "permissionDenied": ScannerError.permissionDenied(path: "/dev/input/event3"),
                "busy": ScannerError.busy(path: "/dev/input/event3"),
                "notFound": ScannerError.notFound(path: "/dev/input/event9", available: []),
                "notAnInputDevice": ScannerError.notAnInputDevice(path: "/dev/null"),
                "keyHeld": ScannerError.keyHeld(path: "/dev/input/event3", seconds: 3),
                "noScannerFound": ScannerError.noScannerFound(available: []),
                "system": ScannerError.system(path: "/dev/input/event3", Errno(EIO, call: "read")),
                "streamReadFailed": ScannerError.streamReadFailed(Errno(EIO, call: "read")),
                "streamWriteFailed": ScannerError.streamWriteFailed(Errno(ENOSPC, call: "write")),
                "streamTruncated": ScannerError.streamTruncated(byteCount: 12),
            ],
            "Errno": ["-": Errno(ENODEV, call: "open")],
            "LabelJobError": [
                "-": LabelJobError(
                    jobID: 12, underlying: PrintingError.notAcceptingJobs(printer: "zebra", message: nil))
            ],
            "BarcodeError": [
                "notABarcode": BarcodeError.notABarcode("12ab"),
                "badCheckDigit": BarcodeError.badCheckDigit(
                    input: "4006381333932", kind: .ean13, expected: "1", found: "2"),
            ],
            "MoneyParseError": ["-": try #require(money)],
            "ShelfPlaceError": [
                "controlCharacter": ShelfPlaceError.controlCharacter("A3\u{7}"),
                "tooLong": ShelfPlaceError.tooLong(String(repeating: "x", count: 41), length: 41),
            ],
            "CSVError": [
                "invalidUTF8": CSVError.invalidUTF8(line: 2), "unterminatedQuote": CSVError.unterminatedQuote(line: 3),
            ],
            "JSONParseError": ["-": try #require(json)],
            "SandboxError": [
                "unreadableDataFile": SandboxError.unreadableDataFile(path: "/x.json", reason: "not JSON"),
                "unwritableDataFile": SandboxError.unwritableDataFile(path: "/x.json", reason: "read-only"),
                "notListening": SandboxError.notListening(reason: "port in use"),
                "badWebhook": SandboxError.badWebhook("no URL"),
            ],
        ]
    }

    /// How each sample must end, by the README's table of exit codes: its rows, with the cases (`Type.case`,
    /// `Type.-` for a struct) that end there. A case that moves to another row is a change a user sees, made
    /// here on purpose.
    static let statuses: [CatalogCore.ExitStatus: [String]] = [
        .notFound: ["EditError.gone", "OutboxError.noSuchEntry"],
        .usage: [
            "PriceImportError.noSuchColumn", "PrintingError.mediaNotSupported", "PrintingError.noDefaultPrinter",
            "PrintingError.unknownPrinter", "SandboxError.badWebhook",
        ],
        .dataError: [
            "BarcodeError.badCheckDigit", "BarcodeError.notABarcode", "CSVError.invalidUTF8",
            "CSVError.unterminatedQuote", "CategoryError.ambiguous", "CategoryError.emptyName", "CategoryError.unknown",
            "EditError.refused", "EditError.tooLong", "FieldExpressionError.-", "ItemCreationError.badVariation",
            "ItemCreationError.codeInCatalog", "ItemCreationError.codeRepeated", "ItemCreationError.emptyName",
            "ItemCreationError.noVariations", "JSONParseError.-", "LabelRenderError.badModuleWidth",
            "LabelRenderError.badTemplateSize", "LabelRenderError.barcodeTooTall", "LabelRenderError.barcodeTooWide",
            "LabelRenderError.cairo", "LabelRenderError.emptyBarcodeData", "LabelRenderError.invalidBarcodeData",
            "LabelRenderError.noBarcodeFits", "LabelRenderError.nothingToEncode", "LabelRenderError.priceTooWide",
            "LabelRenderError.sheetNotSupported", "MoneyParseError.-", "OutboxError.alreadyDone",
            "PriceImportError.empty", "PriceImportError.noCodeColumn", "PriceImportError.noPriceColumn",
            "PriceImportError.severalPriceColumns", "PriceImportError.unreadable", "ReorderError.notAReceipt",
            "ReorderError.receiptRefused",
            "SaleError.-", "SandboxError.unreadableDataFile", "ShelfPlaceError.controlCharacter",
            "ShelfPlaceError.tooLong", "SquareError.api 400", "SquareError.badResponse",
            "StoreError.badObject", "StoreError.damaged", "StoreError.unknownValue", "TemplateError.-",
        ],
        .noInput: ["ScannerError.streamReadFailed", "ScannerError.streamTruncated"],
        .unavailable: [
            "Errno.-", "LabelJobError.-", "PrintingError.cupsUnreachable", "PrintingError.jobFailed",
            "PrintingError.notAcceptingJobs",
            "PrintingError.printerStopped", "PrintingError.requestFailed", "SandboxError.notListening",
            "ScannerError.busy", "ScannerError.keyHeld", "ScannerError.noScannerFound", "ScannerError.notAnInputDevice",
            "ScannerError.notFound", "ScannerError.permissionDenied", "ScannerError.system", "SquareError.api 401",
            "SquareError.api 503", "SquareError.timedOut", "SquareError.unreachable",
            "WebhookListenerError.notListening",
        ],
        .internalError: ["StoreError.database"],
        .cannotCreate: [
            "SandboxError.unwritableDataFile", "ScannerError.streamWriteFailed", "StoreError.cannotOpen",
            "StoreError.diskFull", "StoreError.readOnly",
        ],
        .tryLater: [
            "CountAgeingError.changesUnreadable", "EditError.keptChanging", "ItemCreationError.incompleteAnswer",
            "OutboxError.beingSent",
            "OutboxError.stillOffline", "SquareError.api 429", "SquareError.cancelled", "StoreError.outboxEntryTaken",
            "StoreError.syncRunning",
        ],
        .configuration: ["SyncError.otherAccount"],
    ]

    /// The exit codes the README's table lists.
    static func readmeCodes() throws -> Set<Int32> {
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let section =
            try #require(readme.components(separatedBy: "### Exit codes").dropFirst().first)
            .components(separatedBy: "\n## ").first ?? ""
        return Set(section.matches(of: /\| (\d+) \|/).compactMap { Int32($0.output.1) })
    }

    /// Public error types declared in Sources, with the case names of the enums, read from the source.
    static func declaredErrorTypes() throws -> [String: Set<String>] {
        var found: [String: Set<String>] = [:]
        let sources = root.appendingPathComponent("Sources")
        let files = FileManager.default.enumerator(atPath: sources.path)?.compactMap { $0 as? String } ?? []
        for file in files where file.hasSuffix(".swift") {
            let lines = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
                .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            for (index, line) in lines.enumerated() where line.hasPrefix("public ") && line.contains("Error") {
                guard let match = line.wholeMatch(of: /public (enum|struct) (\w+): (Error|UserFacingError)\b.*\{/)
                else { continue }
                var cases: Set<String> = []
                if match.output.1 == "enum" {
                    for body in lines[(index + 1)...].prefix(while: { $0 != "}" }) where body.hasPrefix("    case ") {
                        guard let item = body.firstMatch(of: /^    case ([a-zA-Z0-9, ]+)/) else { continue }
                        for name in item.output.1.split(separator: ",") {
                            cases.insert(name.trimmingCharacters(in: .whitespaces))
                        }
                    }
                }
                // AppError is the workflows' own message, built with its status.
                if match.output.2 != "AppError" { found[String(match.output.2)] = cases }
            }
        }
        return found
    }

    @Test func everyErrorCaseEndsWithAStatusTheReadmeLists() throws {
        let listed = try Self.readmeCodes()
        let expected = Dictionary(
            Self.statuses.flatMap { status, names in names.map { ($0, status) } },
            uniquingKeysWith: { first, _ in first })
        #expect(expected.count == Self.statuses.values.map(\.count).reduce(0, +), "a case is in two rows")
        let samples = try Self.samples()
        #expect(
            Set(expected.keys) == Set(samples.flatMap { type, cases in cases.keys.map { "\(type).\($0)" } }),
            "the table and the samples name different cases")
        for (type, cases) in samples {
            for (name, error) in cases {
                let failure = AppError.from(error)
                _ = try #require(error as? any UserFacingError, "\(type) does not say its exit status")
                // What the command ends with (AppError.from, as reportingErrors and the hub use it) is the row the
                // README gives this failure.
                #expect(failure.exitStatus == expected["\(type).\(name)"], "\(type).\(name)")
                #expect(listed.contains(failure.exitStatus.rawValue), "\(type).\(name) ends with \(failure.exitStatus)")
                #expect(!failure.description.isEmpty && !failure.description.contains("Optional("), "\(type).\(name)")
                // Only a database error nothing else explains is a fault inside catalog.
                #expect(failure.exitStatus != .internalError || (type, name) == ("StoreError", "database"))
            }
        }
    }

    @Test func everyPublicErrorTypeAndCaseIsWalked() throws {
        let declared = try Self.declaredErrorTypes()
        let samples = try Self.samples()
        #expect(declared.count >= 20, "the source scan found \(declared.keys.sorted())")
        #expect(
            Set(declared.keys) == Set(samples.keys),
            "declared \(declared.keys.sorted()), walked \(samples.keys.sorted())")
        for (type, cases) in declared where !cases.isEmpty && type != "SquareError" {
            #expect(Set(samples[type]?.keys.map { $0 } ?? []) == cases, "\(type): declared \(cases.sorted())")
        }
    }

    @Test func theReadmeTableIsExactlyTheStatusesThereAre() throws {
        let listed = try Self.readmeCodes()
        #expect(listed == Set([0] + ExitStatus.allCases.map(\.rawValue)), "README lists \(listed.sorted())")
    }

    @Test func anErrorNothingDescribesIsAFaultNotAnExitOne() {
        struct Surprise: Error {}
        let failure = AppError.from(Surprise())
        #expect(failure.exitStatus == .internalError)
        #expect(failure.description.contains("report it"))
        let missing = AppError.from(CocoaError(.fileReadNoSuchFile, userInfo: [NSFilePathErrorKey: "/nope.csv"]))
        #expect(missing.exitStatus == .noInput && missing.description.contains("/nope.csv"))
        let unwritable = AppError.from(CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: "/x.pdf"]))
        #expect(unwritable.exitStatus == .cannotCreate)
    }
}
