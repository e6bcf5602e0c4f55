import CatalogCore
import Foundation
import Labels
import Printing

extension PrintDestination {
    /// What `catalog printers --json` prints for it, and the hub's `GET /api/v1/printers`.
    public var json: JSONValue {
        let printer = self
        return [
            "name": .string(printer.name), "default": .bool(printer.isDefault),
            "state": .string(printer.state.rawValue),
            "accepting_jobs": .bool(printer.isAcceptingJobs),
            "state_reasons": .array(printer.stateReasons.map(JSONValue.string)),
            "state_message": printer.stateMessage.map(JSONValue.string) ?? .null,
            "make_and_model": printer.makeAndModel.map(JSONValue.string) ?? .null,
            "device_uri": printer.deviceURI.map(JSONValue.string) ?? .null, "raw": .bool(printer.isRaw),
            "media": .array(
                printer.media.map {
                    [
                        "name": .string($0.name), "width_points": .number(String(format: "%.2f", $0.width)),
                        "height_points": .number(String(format: "%.2f", $0.height)),
                    ]
                }),
        ]
    }
}

extension TemplateLibrary.Entry {
    /// What `catalog label templates --json` prints for it, and the hub's `GET /api/v1/labels/templates`.
    public var json: JSONValue {
        let entry = self
        var object: JSONValue = [
            "name": .string(entry.name), "path": .string(entry.path), "origin": .string(entry.origin.rawValue),
            "shadowed_by": entry.shadowedBy.map(JSONValue.string) ?? .null,
            "error": entry.error.map { .string($0.description) } ?? .null,
        ]
        if let template = entry.template {
            object["summary"] = .string(template.summary)
            object["width_mm"] = .number(String(format: "%.2f", template.width.millimetres))
            object["height_mm"] = .number(String(format: "%.2f", template.height.millimetres))
            object["dpi"] = .int(template.dpi)
            object["labels_per_page"] = .int(template.sheet?.labelsPerPage ?? 1)
        }
        return object
    }
}

extension LabelJob {
    /// What `catalog label queue --json` prints for it, the hub's `GET /api/v1/label-jobs` lists, and its
    /// `print` event carries.
    public var json: JSONValue {
        [
            "id": id.map(JSONValue.int) ?? .null, "created_at": .string(createdAt), "updated_at": .string(updatedAt),
            "counter": .string(counter), "location_id": locationID.map(JSONValue.string) ?? .null,
            "template": .string(template), "labels": .int(labels), "tags": .int(tags), "copies": .int(copies),
            "title": .string(title), "printer": printer.map(JSONValue.string) ?? .null,
            "route": .string(route.rawValue),
            "state": .string(state.rawValue), "job_id": cupsJobID.map(JSONValue.int) ?? .null,
            "reason": reason.map(JSONValue.string) ?? .null, "attempts": .int(attempts),
            "can_retry": .bool(state.canRetry), "can_cancel": .bool(state.canCancel),
        ]
    }
}

extension PrinterRoute {
    /// What `catalog printers routes --json` prints for it and `GET /api/v1/printers/routes` lists.
    public var json: JSONValue {
        [
            "template": template.map(JSONValue.string) ?? .null, "counter": counter.map(JSONValue.string) ?? .null,
            "location_id": locationID.map(JSONValue.string) ?? .null, "printer": .string(printer),
        ]
    }
}
