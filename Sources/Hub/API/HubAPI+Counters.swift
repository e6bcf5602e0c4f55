import CatalogApp
import CatalogCore
import Hummingbird
import Store

extension HubAPI {
    /// `POST /api/v1/variations/{code}/price` (`{"price", "where": "here" | "everywhere", "seen"}`): the
    /// price change `catalog edit --price` makes, fetch-before-update; `seen` is the price the person saw
    /// (money JSON, or null for none), and when Square's has moved away from it since, the answer is 409 with
    /// Square's value under `remote` and nothing is written. `GET /api/v1/counters`, `GET
    /// /api/v1/counters/{name}` and `POST /api/v1/counters/{name}/mode` (`{"mode"}`): the counters' states
    /// (`ScanDesk.state(of:)`: mode, quantity, when it goes back to lookup, which modes can work and why not).
    static func addCounters(to router: Router<HubRequestContext>, services: HubServices) {
        router.post("/api/v1/variations/:code/price") { request, context in
            await answer {
                let code = pathPart(context, "code")
                let body = try await Self.body(PriceChangeBody.self, request, context: context)
                var location: String?
                if body.where == .here {
                    guard let here = try await services.shop().here else {
                        throw AppError(
                            "The hub has no location, so “here” means nothing: change the price everywhere, or "
                                + "\(services.context.frontEnd.chooseLocation).", exitCode: .usage)
                    }
                    location = here.id
                }
                return try await edit(
                    code, EditRequest(price: body.price, location: location), seen: body.seen?.json,
                    services: services, device: context.device)
            }
        }
        router.get("/api/v1/counters") { _, _ in
            await answer {
                var counters = try await services.desk.counters()
                if counters.contains(where: { $0["mode"] == "count" }) {
                    let warning = try await countWarning(services)
                    for index in counters.indices where counters[index]["mode"] == "count" {
                        counters[index]["count_warning"] = warning
                    }
                }
                return HubResponse.json(.array(counters))
            }
        }
        router.get("/api/v1/counters/:name") { _, context in
            await answer {
                var state = try await services.desk.state(of: pathPart(context, "name"))
                if state["mode"] == "count" { state["count_warning"] = try await countWarning(services) }
                return HubResponse.json(state)
            }
        }
        router.post("/api/v1/counters/:name/mode") { request, context in
            await answer {
                let body = try await Self.body(ModeBody.self, request, context: context)
                let name = pathPart(context, "name")
                try HubRoles.actFor(name, context)
                if body.mode == "receive" { try HubRoles.check(HubRoles.receiving, context) }
                var state = try await services.desk.switchMode(counter: name, to: body.mode)
                if state["mode"] == "count" { state["count_warning"] = try await countWarning(services) }
                return HubResponse.json(state)
            }
        }
    }
}

extension HubAPI {
    /// The warning for the lines of the counts open at the hub's location getting old (`CountAgeWarning`'s
    /// JSON), or null: what a counter in count mode is told with its state and each scan's answer.
    static func countWarning(_ services: HubServices) async throws -> JSONValue {
        guard let here = try await services.shop().here else { return .null }
        return try await CountWorkflow(context: services.context, database: services.database)
            .ageWarning(at: here)?.json ?? .null
    }
}

/// The body of `POST /api/v1/variations/{code}/price`: the new price as a person typed it, where it applies
/// (`everywhere` unless said), and the price the person saw.
struct PriceChangeBody: HubRequestBody {
    /// Where a price change applies.
    enum Place: String, Decodable, Sendable {
        case here, everywhere
    }

    /// The price the person saw: Square's money JSON, "variable", or none (null).
    enum Seen: Decodable, Sendable {
        case none, variable, money(Money)

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if container.decodeNil() {
                self = .none
            } else if let text = try? container.decode(String.self), text == "variable" {
                self = .variable
            } else {
                let money = try container.decode(MoneyJSON.self)
                self = .money(Money(amount: money.amount, currency: money.currency))
            }
        }

        /// As the edit workflow takes it: null for none.
        var json: JSONValue {
            switch self {
            case .none: .null
            case .variable: .string("variable")
            case .money(let money): money.json
            }
        }

        private struct MoneyJSON: Decodable {
            var amount: Int64
            var currency: String
        }
    }

    var price: String
    var `where`: Place
    /// Nil when the body does not say (no check), `.none` for null.
    var seen: Seen?

    enum CodingKeys: String, CodingKey {
        case price, `where`, seen
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        price = try container.decode(String.self, forKey: .price)
        `where` = try container.decodeIfPresent(Place.self, forKey: .where) ?? .everywhere
        seen = container.contains(.seen) ? try container.decode(Seen.self, forKey: .seen) : nil
    }

    static func problem(with field: String, missing: Bool) -> String? {
        switch field {
        case "where" where !missing: "\"where\" must be \"here\" or \"everywhere\"."
        case "seen": "\"seen\" must be the price shown, such as {\"amount\": 499, \"currency\": \"GBP\"}, or null."
        default: nil
        }
    }
}

/// The body of `POST /api/v1/counters/{name}/mode`.
struct ModeBody: HubRequestBody {
    /// The scanner mode to switch to (`lookup`, `reorder`, …; the counter checks it).
    var mode: String
}
