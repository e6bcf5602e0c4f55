import CatalogApp
import CatalogCore
import Foundation
import HTTPServing
import Hummingbird

extension HubAPI {
    /// `POST /api/v1/scans` (`{"id", "code", "counter"}`: the answer, the same again for a repeated id) and
    /// `GET /api/v1/events` (Server-Sent Events: each scan with its answer, each sync).
    static func addScans(to router: Router<HubRequestContext>, services: HubServices) {
        router.post("/api/v1/scans") { request, context in
            await answer {
                let body = try await Self.body(ScanBody.self, request, context: context)
                let counter = body.counter ?? context.device?.name ?? "hub"
                var answer = try await services.desk.post(
                    id: body.id, code: body.code, counter: counter, device: body.device)
                // A counter counting stock is told when the open count's lines are getting old.
                if answer["mode"] == "count" { answer["count_warning"] = try await countWarning(services) }
                return HubResponse.json(answer, status: answer["repeated"] == .bool(true) ? .ok : .created)
            }
        }
        router.get("/api/v1/events") { request, context in
            let deviceID = context.device?.id
            let header = request.headers[named: "Last-Event-ID"]
            let lastID: String? = header ?? request.uri.queryParameters.get("last").map { String($0) }
            let stream = await services.events.subscribe(after: lastID)
            var headers = HTTPFields()
            headers[.contentType] = "text/event-stream"
            headers[.cacheControl] = "no-store"
            headers[named: "X-Accel-Buffering"] = "no"
            return Response(
                status: .ok, headers: headers,
                body: ResponseBody { writer in
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

/// The body of `POST /api/v1/scans`: the scan's own id (a repeat is answered again, not counted), the code
/// read, and the counter and device it came from when not the paired device's name.
struct ScanBody: HubRequestBody {
    var id: String
    var code: String
    var counter: String?
    var device: String?
}
