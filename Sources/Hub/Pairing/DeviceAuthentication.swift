import CatalogApp
import CatalogCore
import HTTPServing
import Hummingbird
import Store

/// Lets a request through only with a paired device's credential, and a state-changing one sent with the
/// device's cookie only with its CSRF token too (a browser sends the cookie by itself, even for another site's
/// form; a bearer token it never sends by itself, so a program's bearer request needs no CSRF token). The few open routes (the pairing page and API, the page's assets, Square's
/// webhook, the health check) pass without one.
///
/// A request may carry a staff member's name and PIN (`staffHeader`, `pinHeader`): a wrong PIN is refused
/// (403) and counted, a right one is who the request is from. Then each change must be one the device (or the
/// manager whose PIN came with it) may make (`HubRoles`), and whatever it writes records the device and the
/// staff member (`WrittenBy`). The PIN is never logged or kept.
struct DeviceAuthentication: RouterMiddleware {
    typealias Context = HubRequestContext

    /// The cookie a paired browser carries (HttpOnly, SameSite=Strict).
    static let cookieName = "catalog_device"
    /// The header a state-changing request carries the device's CSRF token in.
    static let csrfHeader = "X-CSRF-Token"
    /// The header a staff member's name comes in, with their PIN in `pinHeader`.
    static let staffHeader = "X-Staff-Name"
    /// The header a staff member's PIN comes in.
    static let pinHeader = "X-Staff-PIN"

    let database: CatalogDatabase
    /// How fast each device may ask.
    let rates: RequestRates

    /// Routes anybody may reach: pairing, the assets the pairing page needs, Square's signed webhook.
    static func isOpen(_ request: Request) -> Bool {
        let path = request.uri.path
        // HEAD is GET without the body: open wherever GET is.
        switch (request.method == .head ? .get : request.method, path) {
        case (.get, "/pair"), (.post, "/api/v1/pair"), (.get, "/api/v1/health"), (.post, "/webhooks/square"):
            return true
        case (.get, _):
            return path.hasPrefix("/assets/")
        default:
            return false
        }
    }

    func handle(
        _ request: Request, context: HubRequestContext,
        next: (Request, HubRequestContext) async throws -> Response
    ) async throws -> Response {
        if Self.isOpen(request) { return try await next(request, context) }
        var context = context
        var presented: String?
        if let header = request.headers[.authorization], header.lowercased().hasPrefix("bearer ") {
            presented = String(header.dropFirst(7)).trimmingCharacters(in: .whitespaces)
            context.credential = .bearer
        } else if let cookie = request.cookies[Self.cookieName]?.value {
            presented = cookie
            context.credential = .cookie
        }
        guard let presented, !presented.isEmpty,
            let device = try await database.device(tokenDigest: DeviceKeys.digest(presented))
        else {
            return Self.refuse(
                request,
                presented == nil
                    ? "This device is not paired with the hub. Pair it at /pair with \(FrontEnd.hub.pairingCode)."
                    : "This device's pairing is not valid (revoked, or from another hub). Pair it again at /pair with "
                        + "\(FrontEnd.hub.pairingCode).")
        }
        guard rates.allow(device.id) else {
            var headers = HTTPFields()
            headers[.retryAfter] = "1"
            return HubResponse.error(
                "This device is asking faster than \(Int(rates.perSecond)) times a second; wait a moment and try "
                    + "again. Nothing was changed.", status: .tooManyRequests, headers: headers)
        }
        if context.credential == .cookie && ![.get, .head, .options].contains(request.method) {
            guard let token = request.headers[named: Self.csrfHeader], DeviceKeys.same(token, device.csrfToken) else {
                return HubResponse.error(
                    "This request changes something and needs the device's CSRF token in the X-CSRF-Token header "
                        + "(the page sends it; a program may send its token as a bearer instead). Nothing was changed.",
                    status: .forbidden)
            }
        }
        context.device = device
        let now = database.clock.now()
        if Timestamp(rfc3339: device.lastSeenAt ?? "").map({ now.seconds - $0.seconds >= 60 }) ?? true {
            try? await database.deviceSeen(device.id, now: now)
        }
        if let name = request.headers[named: Self.staffHeader], let pin = request.headers[named: Self.pinHeader] {
            do {
                context.staff = try await StaffPINs.check(name: name, pin: pin, database: database, now: now)
            } catch {
                return HubRoles.Refusal(AppError.from(error).description + " Nothing was changed.").response
            }
        }
        if ChangesOnce.isChange(request) {
            do {
                try HubRoles.check(
                    HubRoles.need("\(request.method) \(context.endpointPath ?? request.uri.path)"), context)
            } catch let refusal as HubRoles.Refusal {
                return refusal.response
            }
        }
        return try await WrittenBy.$current.withValue(WrittenBy(deviceID: device.id, staff: context.staff?.name)) {
            try await next(request, context)
        }
    }

    /// 401: JSON for the API and events, the pairing page for a browser asking for a page.
    static func refuse(_ request: Request, _ message: String) -> Response {
        var headers = HTTPFields()
        headers[.wwwAuthenticate] = "Bearer realm=\"catalog hub\""
        let wantsPage =
            request.method == .get && !request.uri.path.hasPrefix("/api/")
            && (request.headers[.accept] ?? "").contains("text/html")
        if wantsPage {
            var response = HubPages.page(PairPage.render(code: nil, problem: nil))
            response.status = .unauthorized
            response.headers[.wwwAuthenticate] = headers[.wwwAuthenticate]
            return response
        }
        return HubResponse.error(message, status: .unauthorized, headers: headers)
    }
}
