import CatalogApp
import CatalogCore
import Hummingbird
import Labels
import Printing
import Store

extension HubAPI {
    /// `GET /api/v1/labels/templates`, `GET /api/v1/printers`, `GET /api/v1/labels/preview?code=&template=`
    /// (a PNG of the label as it would print here) and `POST /api/v1/labels/print` (`{"code", "template",
    /// "printer", "copies"}`: 202 once CUPS has the job; the job is then followed and each change of its
    /// state is an event `print`).
    static func addLabels(to router: Router<HubRequestContext>, services: HubServices) {
        router.get("/api/v1/labels/templates") { _, _ in
            await answer {
                let usable = TemplateLibrary().list().filter { $0.shadowedBy == nil }
                return HubResponse.json(.array(usable.map(\.json)))
            }
        }
        router.get("/api/v1/printers") { _, _ in
            await answer {
                let printers = try await services.context.printing.destinations()
                return HubResponse.json(.array(printers.map(\.json)))
            }
        }
        router.get("/api/v1/labels/preview") { request, context in
            await answer {
                let parameters = request.uri.queryParameters
                let made = try await labels(
                    code: parameters.get("code") ?? "", template: parameters.get("template").map { String($0) },
                    services: services, device: context.device)
                let png = try LabelOutput.render(made.template, labels: made.labels, format: .png)
                var headers = HTTPFields()
                headers[.contentType] = "image/png"
                headers[.cacheControl] = "no-store"
                return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: png)))
            }
        }
        router.post("/api/v1/labels/print") { request, context in
            await answer {
                let body = try await Self.body(LabelPrintBody.self, request, context: context)
                let made = try template(named: body.template, services: services, device: context.device)
                let variation = try await Lookup.single(
                    body.code, in: services.database, frontEnd: services.context.frontEnd
                )
                .at(try await services.shop().here)
                return try await followed(context: made.context, services: services, item: { $0.items.first ?? "" }) {
                    try await LabelPrinting.print(
                        [variation], request: made.request, template: made.template, printer: body.printer,
                        copies: body.copies, context: made.context)
                }
            }
        }
    }

    /// Prints through `print` and answers 202 with the label job, published as an event `print`. Once CUPS has
    /// it the job is followed here, not by the page, so it reaches its end even if the page is closed, and its
    /// end is another `print` (after the first minute, `HubPrintQueue` follows it). A job that could not be
    /// sent is kept in the print queue, failed, so it is still 202: the job, its reason in staff words.
    static func followed(
        context: AppContext, services: HubServices, item: (LabelPrinting.Outcome) -> String,
        _ print: () async throws -> LabelPrinting.Outcome
    ) async throws -> Response {
        let outcome: LabelPrinting.Outcome
        do {
            outcome = try await print()
        } catch let error as LabelJobError {
            var json = try await LabelQueue(context: context).existing(error.jobID).json
            json["item"] = json["title"]
            json["reason"] = .string(staffError(error).description)
            await services.events.publish("print", json)
            return HubResponse.json(json, status: .accepted)
        }
        var json = outcome.labelJob.json
        json["item"] = .string(item(outcome))
        json["format"] = .string(outcome.format == .raw ? "zpl" : "pdf")
        await services.events.publish("print", json)
        let (id, started) = (outcome.labelJob.id ?? 0, json)
        Task {
            var ended = started
            do {
                let followed = try await LabelQueue(context: context).follow(id)
                for (key, value) in followed.job.json.objectValue ?? [:] { ended[key] = value }
            } catch {
                ended["reason"] = .string(staffError(error).description)
            }
            if ended != started { await services.events.publish("print", ended) }
        }
        return HubResponse.json(json, status: .accepted)
    }

    /// The named template (the hub's labels.template, else shelf-2x1) when the library lists it, and the
    /// context under the device's name.
    static func template(named name: String?, services: HubServices, device: PairedDevice?) throws
        -> (request: LabelRequest, template: LabelTemplate, context: AppContext)
    {
        // Only a template the library lists: a path from a browser must not reach the hub's files.
        if let name, !TemplateLibrary().list().contains(where: { $0.name == name }) {
            throw AppError(
                "No label template is named “\(Terminal.echo(name))”; GET /api/v1/labels/templates lists them.",
                exitCode: .notFound)
        }
        let context = services.context(for: device)
        let request = LabelRequest(template: name)
        return (request, try request.loadTemplate(settings: context.settings), context)
    }

    /// The label for `code` with the named template (the hub's labels.template, else shelf-2x1), priced
    /// at the hub's location, made under the device's name.
    static func labels(code: String, template name: String?, services: HubServices, device: PairedDevice?)
        async throws -> (labels: [LabelData], template: LabelTemplate, context: AppContext)
    {
        let chosen = try template(named: name, services: services, device: device)
        let variation = try await Lookup.single(code, in: services.database, frontEnd: services.context.frontEnd).at(
            try await services.shop().here)
        return (
            try await chosen.request.labelData(for: [variation], context: chosen.context), chosen.template,
            chosen.context
        )
    }
}

/// The body of `POST /api/v1/labels/print`: the code to print, and the template, printer and copies when
/// not the hub's own (one copy).
struct LabelPrintBody: HubRequestBody {
    /// At most 100 copies a job: more is refused (422), not printed.
    static let copiesAllowed = 1...100

    var code: String
    var template: String?
    var printer: String?
    var copies: Int

    enum CodingKeys: String, CodingKey {
        case code, template, printer, copies
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        code = try container.decode(String.self, forKey: .code)
        template = try container.decodeIfPresent(String.self, forKey: .template)
        printer = try container.decodeIfPresent(String.self, forKey: .printer)
        copies = try container.decodeIfPresent(WholeNumber.self, forKey: .copies)?.value ?? 1
    }

    static let badCopies =
        "\"copies\" must be a whole number from \(copiesAllowed.lowerBound) to \(copiesAllowed.upperBound)."

    static func problem(with field: String, missing: Bool) -> String? { field == "copies" ? badCopies : nil }

    func validate() throws {
        guard Self.copiesAllowed.contains(copies) else {
            throw AppError(Self.badCopies, exitCode: copies > Self.copiesAllowed.upperBound ? .dataError : .usage)
        }
    }
}
