import CatalogApp
import CatalogCore
import Hummingbird
import Store

/// What each change the API makes needs: any paired device, the device of the counter it is for, or a
/// manager (a manager device, or a manager's PIN sent with the request: `DeviceAuthentication.pinHeader`).
/// Read before any route runs (`DeviceAuthentication`); a change no rule names needs a manager, so a new
/// route is never open by mistake (HubRolesTests reads every changing route from the router).
enum HubRoles {
    /// What a change needs.
    enum Need: Equatable {
        /// Any paired device.
        case device
        /// The counter it names (in its path or body) must be the device's own, unless a manager asks
        /// (`actFor`).
        case ownCounter
        /// A manager; the words say what, for the refusal ("change a price").
        case manager(String)
    }

    /// The changing routes (`METHOD /path` as the router names them) and what each needs.
    static let changes: [String: Need] = [
        "POST /api/v1/variations/{code}/price": .manager("change a price"),
        "POST /api/v1/reorder/{id}/receive": receiving,
        "POST /api/v1/outbox/{id}/resolve": .manager("decide a change that disagrees with Square"),
        "POST /api/v1/plans/{id}/cancel": .manager("cancel a staged price change"),
        "POST /api/v1/plans/{id}/print": .device,
        "POST /api/v1/plans": .manager("stage a price change"),
        "POST /api/v1/counts": .manager("start a stock count"),
        "POST /api/v1/counts/{id}/areas/{area}/counted": .device,
        "POST /api/v1/counts/{id}/areas/{area}/done": .manager("accept a counted area"),
        "POST /api/v1/counts/{id}/areas/{area}/recount": .manager("send an area back for a recount"),
        "POST /api/v1/counts/{id}/recount": .manager("send lines back for a recount"),
        "POST /api/v1/counts/{id}/post": .manager("post a count to Square"),
        "POST /api/v1/counts/{id}/cancel": .manager("cancel a stock count"),
        "POST /api/v1/scans": .ownCounter,
        "POST /api/v1/scans/{id}/undo": .ownCounter,
        "POST /api/v1/counters/{name}/mode": .ownCounter,
        "POST /api/v1/sync": .device,
        "POST /api/v1/reorder": .device,
        "POST /api/v1/reorder/{id}/quantity": .device,
        "DELETE /api/v1/reorder/{id}": .device,
        "POST /api/v1/reorder/suggest": .device,
        "POST /api/v1/reorder/order": .device,
        "POST /api/v1/variations/{code}/barcode": .device,
        "POST /api/v1/items": .device,
        "POST /api/v1/labels/print": .device,
        "POST /api/v1/labels/print-stale": .device,
        "POST /api/v1/label-jobs/{id}/retry": .device,
        "POST /api/v1/label-jobs/{id}/cancel": .device,
    ]

    /// Receiving stock into Square: the receive route, and a counter put in receive mode.
    static let receiving = Need.manager("receive stock into Square")

    /// What the change `route` (`METHOD /path`) needs: its rule, or a manager when it has none.
    static func need(_ route: String) -> Need {
        changes[route] ?? .manager("make this change")
    }

    /// Whether the request comes from a manager: a manager device, or with a manager's PIN.
    static func isManager(_ context: HubRequestContext) -> Bool {
        context.device?.role == .manager || context.staff?.role == .manager
    }

    /// A refusal unless the request may do what `need` says.
    static func check(_ need: Need, _ context: HubRequestContext) throws {
        if case .manager(let what) = need, !isManager(context) { throw Refusal.managerOnly(what, context) }
    }

    /// A refusal unless the request may act for `counter`: a manager for any, another device for its own
    /// (the counter named as the device, as the counter page and `catalog scan --hub` name theirs).
    static func actFor(_ counter: String, _ context: HubRequestContext) throws {
        guard let device = context.device, !isManager(context), counter != device.name else { return }
        throw Refusal(
            "This device is paired as “\(device.name)”, so it scans and switches modes only for that counter, not "
                + "“\(Terminal.echo(counter))”. A manager can act for any counter; nothing was changed.")
    }

    /// 403 with the words staff read; `needs: "manager"` tells the page to ask for a manager's PIN and try
    /// again.
    struct Refusal: Error {
        var message: String
        init(_ message: String) { self.message = message }

        /// Only a manager may `what`.
        static func managerOnly(_ what: String, _ context: HubRequestContext) -> Refusal {
            let who = context.staff.map { "\($0.name) is not a manager" } ?? "This is not a manager’s device"
            return Refusal("Only a manager can \(what). \(who): enter a manager’s name and PIN. Nothing was changed.")
        }

        var response: Response {
            HubResponse.json(
                ["error": .string(message), "status": 403, "needs": "manager"], status: .forbidden)
        }
    }
}
