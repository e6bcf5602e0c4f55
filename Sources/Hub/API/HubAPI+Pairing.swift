import CatalogApp
import CatalogCore
import Hummingbird
import Store

extension HubAPI {
    /// `seconds` as whole minutes a person reads ("1 minute", "4 minutes"), rounded up.
    static func minutes(_ seconds: Int) -> String {
        let minutes = max(1, (seconds + 59) / 60)
        return minutes == 1 ? "1 minute" : "\(minutes) minutes"
    }

    /// 429 to a pairing code refused by the rate limit (`PairingGate`), with Retry-After `wait` seconds.
    static func tooManyGuesses(wait: Int64, services: HubServices) -> Response {
        var headers = HTTPFields()
        headers[.retryAfter] = String(max(1, wait))
        return HubResponse.error(
            "Too many wrong pairing codes were tried; try again in \(Self.minutes(Int(wait))), with "
                + "\(services.context.frontEnd.pairingCode).",
            status: .tooManyRequests, headers: headers)
    }

    /// `POST /api/v1/pair` (open, rate-limited), `GET /api/v1/me`, `GET /api/v1/devices`, `GET /api/v1/health`.
    static func addPairing(to router: Router<HubRequestContext>, services: HubServices) {
        router.get("/api/v1/health") { _, _ in HubResponse.json(["ok": true]) }
        router.post("/api/v1/pair") { request, context in
            await answer {
                let body = try await Self.body(PairBody.self, request, context: context)
                let address = context.remoteAddress ?? "unknown"
                let ticket: PairingGate.Ticket
                switch await services.gate.admit(address, now: services.now) {
                case .wait(let wait): return Self.tooManyGuesses(wait: wait, services: services)
                case .check(let admitted): ticket = admitted
                }
                let paired: (token: String, device: PairedDevice)
                do {
                    paired = try await DeviceKeys.pair(
                        code: body.code, name: body.deviceName, from: context.remoteAddress, in: services.database,
                        now: services.now)
                } catch let error as AppError where error.exitStatus == .dataError {
                    // A wrong code: it stays counted. Past the overall limit it is answered as one guess too many.
                    if ticket.overLimit { return Self.tooManyGuesses(wait: ticket.retryAfter, services: services) }
                    throw error
                } catch {
                    await services.gate.release(ticket)
                    throw error
                }
                await services.gate.release(ticket)
                HubLog.logger.info("paired device \(paired.device.id) “\(paired.device.name)” from \(address)")
                await services.events.publish("device", paired.device.json)
                // A browser (it says where its fetch comes from: Sec-Fetch-*) gets the token only as the HttpOnly
                // cookie, never where a page's script could read it; a program gets it in the answer.
                let browser = request.headers[named: "Sec-Fetch-Mode"] != nil || request.headers[named: "Origin"] != nil
                var answer: JSONValue = ["csrf_token": .string(paired.device.csrfToken), "device": paired.device.json]
                if !browser { answer["token"] = .string(paired.token) }
                var response = HubResponse.json(answer, status: .created)
                response.setCookie(
                    Cookie(
                        name: DeviceAuthentication.cookieName, value: paired.token, maxAge: 10 * 366 * 86_400,
                        path: "/", secure: services.secure, httpOnly: true, sameSite: .strict))
                return response
            }
        }
        router.get("/api/v1/me") { _, context in
            await answer {
                guard let device = context.device else { throw AppError("Not paired.", exitCode: .usage) }
                var me = device.json
                me["csrf_token"] = .string(device.csrfToken)
                return HubResponse.json(me)
            }
        }
        router.get("/api/v1/devices") { _, _ in
            await answer { HubResponse.json(.array(try await services.database.devices().map(\.json))) }
        }
    }
}

/// The body of `POST /api/v1/pair`: the pairing code `catalog devices pair` showed, and the device's name.
struct PairBody: HubRequestBody {
    var code: String
    var deviceName: String

    enum CodingKeys: String, CodingKey {
        case code
        case deviceName = "device_name"
    }
}
