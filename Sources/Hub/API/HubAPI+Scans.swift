import CatalogApp
import CatalogCore
import Foundation
import HTTPServing
import Hummingbird
import Scanner
import Store

extension HubAPI {
    /// `POST /api/v1/scans` (`{"id", "code", "counter", "mode", "scanned_at"}`: the answer, the same again for
    /// a repeated id), `GET /api/v1/scans?since=N&limit=M` (the scan log after number N, newest first, at most
    /// M, 50 unless said, up to 500) and `GET /api/v1/events` (Server-Sent Events: each scan with its answer,
    /// each sync).
    static func addScans(to router: Router<HubRequestContext>, services: HubServices) {
        let streams = OpenStreams()
        router.post("/api/v1/scans") { request, context in
            await answer {
                let body = try await Self.body(ScanBody.self, request, context: context)
                let counter = body.counter ?? context.device?.name ?? "hub"
                try HubRoles.actFor(counter, context)
                // A scan made in receive mode adds stock in Square: only at a counter a manager put in that mode.
                if try body.scannedMode == .receive, try await services.desk.state(of: counter)["mode"] != "receive" {
                    try HubRoles.check(HubRoles.receiving, context)
                }
                var answer = try await services.desk.post(
                    id: body.id, code: body.code, counter: counter, device: body.device, mode: try body.scannedMode,
                    scannedAt: try body.scannedTime, card: body.card ?? false)
                // A counter counting stock is told when the open count's lines are getting old.
                if answer["mode"] == "count" { answer["count_warning"] = try await countWarning(services) }
                return HubResponse.json(answer, status: answer["repeated"] == .bool(true) ? .ok : .created)
            }
        }
        // Undoes a receive scan's receipt within seconds of it (the counter's Undo button), from the counter
        // that made it: safe to retry (the same answer again).
        router.post("/api/v1/scans/{id}/undo") { request, context in
            await answer {
                let body = try await Self.body(UndoBody.self, request, context: context)
                let id = context.parameters.get("id") ?? ""
                let counter = body.counter ?? context.device?.name ?? "hub"
                try HubRoles.actFor(counter, context)
                return HubResponse.json(try await services.desk.undo(scanID: id, counter: counter))
            }
        }
        router.get("/api/v1/scans") { request, _ in
            await answer {
                let query = request.uri.queryParameters
                func number(_ name: String) throws -> Int64? {
                    guard let text = query.get(name) else { return nil }
                    guard let value = Int64(text), value >= 0 else {
                        throw AppError(
                            "\(name) must be a whole number of 0 or more, not “\(Terminal.echo(text))”.",
                            exitCode: .usage)
                    }
                    return value
                }
                let limit = Int(min(try number("limit") ?? 50, Int64(pageSizeMost)))
                let scans = try await services.database.scans(since: try number("since"), limit: limit)
                return HubResponse.json(.array(scans.map(Self.scanJSON)))
            }
        }
        router.get("/api/v1/events") { request, context in
            let deviceID = context.device?.id
            var headers = HTTPFields()
            headers[.contentType] = "text/event-stream"
            headers[.cacheControl] = "no-store"
            headers[named: "X-Accel-Buffering"] = "no"
            // HEAD opens no stream.
            if request.method == .head { return Response(status: .ok, headers: headers) }
            let slot = await streams.open(for: deviceID)
            let header = request.headers[named: "Last-Event-ID"]
            let lastID: String? = header ?? request.uri.queryParameters.get("last").map { String($0) }
            let stream = await services.events.subscribe(after: lastID)
            return Response(
                status: .ok, headers: headers,
                body: ResponseBody { writer in
                    defer { Task { await streams.close(slot) } }
                    // A comment first, so the page knows at once that it is connected, then each event; a
                    // comment every 15 s keeps proxies from closing a quiet stream and finds dead clients.
                    try await writer.write(ByteBuffer(string: ": connected\nretry: 2000\n\n"))
                    let beats = AsyncStream<HubEvent?> { continuation in
                        let forward = Task {
                            for await event in stream { continuation.yield(event) }
                            continuation.finish()
                        }
                        let ticks = Task {
                            while !Task.isCancelled {
                                try? await Task.sleep(for: .seconds(15))
                                continuation.yield(nil)
                            }
                        }
                        continuation.onTermination = { _ in
                            forward.cancel()
                            ticks.cancel()
                        }
                        Task { await streams.started(slot) { continuation.finish() } }
                    }
                    for await event in beats {
                        // A device revoked while its stream is open loses it at the next keep-alive.
                        if event == nil, let deviceID, try await !services.database.deviceIsActive(deviceID) { break }
                        try await writer.write(ByteBuffer(string: event?.sse ?? ": keep-alive\n\n"))
                    }
                    try await writer.finish(nil)
                })
        }
    }
}

/// The event streams each device has open: at most `most` at once, so one device cannot hold the hub's
/// connections; opening one more closes that device's oldest (a page reloaded or a tab lost whose connection
/// was never seen to close is the likeliest to be the oldest, and a page whose stream is closed opens it
/// again).
actor OpenStreams {
    static let most = 8
    /// Each device's streams, oldest first, with what ends each (nil until its body starts).
    private var open: [Int64?: [(number: Int, end: (@Sendable () -> Void)?)]] = [:]
    private var next = 0

    /// A slot for one more stream of `device`'s, closing its oldest beyond `most`.
    func open(for device: Int64?) -> Slot {
        next += 1
        open[device, default: []].append((next, nil))
        while let streams = open[device], streams.count > Self.most {
            open[device]?.removeFirst()
            streams.first?.end?()
        }
        return Slot(device: device, number: next)
    }

    /// `end` ends the stream in `slot`; called at once when it was closed already.
    func started(_ slot: Slot, end: @escaping @Sendable () -> Void) {
        guard let index = open[slot.device]?.firstIndex(where: { $0.number == slot.number }) else { return end() }
        open[slot.device]?[index].end = end
    }

    func close(_ slot: Slot) {
        open[slot.device]?.removeAll { $0.number == slot.number }
    }

    struct Slot: Sendable {
        var device: Int64?
        var number: Int
    }
}

extension HubAPI {
    /// One row of the scan log as `GET /api/v1/scans` gives it: its number (`id`, for `since`), the counter's
    /// id for it (`scan_id`), the code, counter, mode and action, when it was scanned and when it arrived,
    /// the answer the counter was given (null for none yet), and the paired device that posted it and the staff
    /// member whose PIN came with it (`device_id`, `staff`; null for none).
    static func scanJSON(_ scan: ScanRecord) -> JSONValue {
        [
            "id": scan.id.map(JSONValue.int) ?? .null, "scan_id": scan.scanID.map(JSONValue.string) ?? .null,
            "code": .string(scan.code), "counter": scan.counter.map(JSONValue.string) ?? .null,
            "mode": scan.mode.map(JSONValue.string) ?? .null, "action": scan.action.map(JSONValue.string) ?? .null,
            "variation_id": scan.variationID.map(JSONValue.string) ?? .null,
            "scanned_at": .string(scan.scannedAt ?? scan.at), "received_at": .string(scan.at),
            "answer": scan.answer.flatMap { try? JSONValue.parse($0) } ?? .null,
            // A row kept without an answer (a scan `catalog scan` made on this computer): its result, from its action.
            "result": scan.answer == nil ? ScanResult.logged(action: scan.action ?? "").json : .null,
            "device_id": scan.deviceID.map(JSONValue.int) ?? .null, "staff": scan.staff.map(JSONValue.string) ?? .null,
        ]
    }
}

/// The body of `POST /api/v1/scans/{id}/undo`: the counter the scan was made at, when not the paired
/// device's name.
struct UndoBody: HubRequestBody {
    var counter: String?
}

/// The body of `POST /api/v1/scans`: the scan's own id (a repeat is answered again, not counted), the code
/// read, the counter and device it came from when not the paired device's name, and the mode it was made in
/// and when (RFC 3339), when the counter says.
struct ScanBody: HubRequestBody {
    var id: String
    var code: String
    var counter: String?
    var device: String?
    var mode: String?
    var scannedAt: String?
    /// Whether the answer should carry the item's card (the counter page asks; a remote counter does not).
    var card: Bool?

    enum CodingKeys: String, CodingKey {
        case id, code, counter, device, mode, card
        case scannedAt = "scanned_at"
    }

    /// The mode the scan was made in, if said; a name that is no mode is refused (400).
    var scannedMode: CounterMode? {
        get throws {
            guard let mode else { return nil }
            guard let known = CounterMode(rawValue: mode) else {
                throw AppError(
                    "\"mode\" must be \(CounterMode.names), not “\(Terminal.echo(mode))”.", exitCode: .usage)
            }
            return known
        }
    }

    /// When the scan was made, if said; text that is no RFC 3339 time is refused (400).
    var scannedTime: Timestamp? {
        get throws {
            guard let scannedAt else { return nil }
            guard let time = Timestamp(rfc3339: scannedAt) else {
                throw AppError(
                    "\"scanned_at\" must be an RFC 3339 time such as 2026-11-26T14:05:00Z, not "
                        + "“\(Terminal.echo(scannedAt))”.", exitCode: .usage)
            }
            return time
        }
    }
}
