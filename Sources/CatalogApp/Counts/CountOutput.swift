import CatalogCore
import Foundation
import Labels
import Store

/// How counts are shown: a line for people, one JSON object for scripts.
public enum CountOutput {
    /// `{session_id, variation_id, item_name, variation_name, sku, gtin, counted, expected, expected_at,
    /// first_counted_at, last_counted_at, last_counter, post_status, post_reason, posted_at, zero_filled,
    /// area_id}`; with `hidingExpected` (a blind count being counted), `expected` is null.
    public static func json(_ line: CountLine, variation: VariationSummary?, hidingExpected: Bool = false) -> JSONValue
    {
        func text(_ value: String?) -> JSONValue { value.map(JSONValue.string) ?? .null }
        var object: JSONValue = [
            "session_id": .int(Int(line.sessionID)), "variation_id": .string(line.variationID),
            "item_name": text(variation?.itemName), "variation_name": text(variation?.variationName),
            "sku": text(variation?.sku), "gtin": text(variation?.gtin), "counted": number(line.counted),
            "expected": line.expected.map { .number($0) } ?? .null, "expected_at": text(line.expectedAt),
            "first_counted_at": .string(line.firstCountedAt), "last_counted_at": .string(line.lastCountedAt),
            "last_counter": .string(line.lastCounter),
            "post_status": text(line.postStatus?.rawValue), "post_reason": text(line.postReason),
            "posted_at": text(line.postedAt), "zero_filled": .bool(line.zeroFilled),
            "area_id": line.areaID.map(JSONValue.int) ?? .null,
        ]
        if hidingExpected { (object["expected"], object["expected_at"]) = (.null, .null) }
        return object
    }

    /// `{variation_id, item_name, variation_name, sku, gtin}`: a variation a count names (one proposed as zero).
    public static func variationJSON(_ variation: VariationSummary) -> JSONValue {
        func text(_ value: String?) -> JSONValue { value.map(JSONValue.string) ?? .null }
        return [
            "variation_id": .string(variation.variationID), "item_name": .string(variation.itemName),
            "variation_name": text(variation.variationName), "sku": text(variation.sku), "gtin": text(variation.gtin),
        ]
    }

    /// `count +1 = 5  Acme Blue Widget — Large  (session: 12 lines, 37 units)`.
    public static func text(_ counted: CountWorkflow.Counted) -> String {
        "count = \(Terminal.quantity(counted.line.counted))  \(Terminal.visible(counted.variation.label))  "
            + "(this count: \(counted.totals.lines) lines, \(Terminal.quantity(counted.totals.units)) units)"
    }
}

extension CountOutput {
    static func number(_ value: Decimal?) -> JSONValue {
        value.map { .number(NSDecimalNumber(decimal: $0).stringValue) } ?? .null
    }

    static func json(_ line: CountReview.Line) -> JSONValue {
        func text(_ value: String?) -> JSONValue { value.map(JSONValue.string) ?? .null }
        return [
            "variation_id": .string(line.variation.variationID), "item_name": .string(line.variation.itemName),
            "variation_name": text(line.variation.variationName), "sku": text(line.variation.sku),
            "category": text(line.variation.category), "vendor": text(line.vendorName),
            "counted": number(line.counted), "expected": number(line.expected),
            "variance": number(line.variance), "unit_cost": line.supply?.unitCost?.json ?? .null,
            "variance_cost": line.varianceCost?.json ?? .null, "sold_here": .bool(line.soldHere),
            "tracked": line.tracked.map(JSONValue.bool) ?? .null, "area": text(line.area),
            "value": line.value?.json ?? .null,
            "counted_by": .array(
                line.countedBy.map { ["counter": .string($0.counter), "quantity": number($0.quantity)] }),
            "earlier_counts": .array(line.earlier.map { number($0) }),
        ]
    }

    static func json(_ totals: CountReview.Totals) -> JSONValue {
        [
            "name": .string(totals.name), "lines": .int(totals.lines), "counted": number(totals.counted),
            "expected": number(totals.expected), "variance": number(totals.variance),
            "variance_cost": .array(
                totals.varianceCost.sorted { $0.key < $1.key }.map { Money(amount: $0.value, currency: $0.key).json }),
            "uncosted_lines": .int(totals.uncosted),
            "value": .array(
                totals.value.sorted { $0.key < $1.key }.map { Money(amount: $0.value, currency: $0.key).json }),
        ]
    }

    /// What `catalog count review --json` prints: the whole review as one object.
    public static func json(_ review: CountReview) -> JSONValue {
        [
            "session": review.session.json, "location": review.location.json,
            "expected_read_now": .bool(review.expectedReadNow),
            "lines": .array(
                review.counted.map { line in
                    var value = json(line)
                    for (key, field) in ageingJSON(line, now: review.at) { value[key] = field }
                    return value
                }),
            "ageing_problem": review.ageingProblem.map(JSONValue.string) ?? .null,
            "age_warning": review.ageWarning?.json ?? .null,
            "not_counted": .array(review.notCounted.map(json)), "totals": json(review.total),
            "by_category": .array(review.byCategory.map(json)), "by_vendor": .array(review.byVendor.map(json)),
            "by_area": .array(review.byArea.map(json)), "blind": .bool(review.session.blind),
        ]
    }

    /// The review as a person reads it: each line counted against expected, then what was not counted,
    /// then the totals.
    public static func text(_ review: CountReview) -> String {
        func show(_ value: Decimal?) -> String { value.map(Terminal.quantity) ?? "?" }
        func signed(_ value: Decimal?) -> String {
            guard let value else { return "?" }
            return (value > 0 ? "+" : "") + show(value)
        }
        func money(_ totals: CountReview.Totals) -> String {
            let costs = totals.varianceCost.filter { $0.value != 0 }.sorted { $0.key < $1.key }
            var text = costs.map { Money(amount: $0.value, currency: $0.key).formatted }.joined(separator: " + ")
            if !text.isEmpty { text = ", " + text + " at cost" }
            if totals.uncosted > 0 {
                text += " (\(totals.uncosted) line\(totals.uncosted == 1 ? "" : "s") with no unit cost left out)"
            }
            return text
        }
        var lines = [
            "Count \(review.session.id) at \(review.location.name): \(Terminal.visible(review.session.name)) "
                + "(\(review.session.status.rawValue))",
            review.expectedReadNow
                ? "Expected: Square's counts read now."
                : "Expected: as read at each first count (Square could not be asked now).",
            "  counted  expected  variance  item",
        ]
        for line in review.counted {
            var row =
                show(line.counted ?? 0).leftPadded(7) + "  " + show(line.expected).leftPadded(8) + "  "
                + signed(line.variance).leftPadded(8) + "  " + Terminal.visible(line.variation.label)
            if let cost = line.varianceCost, line.variance != 0 { row += "  (\(cost.formatted) at cost)" }
            if !line.soldHere { row += "  NOT SOLD HERE" }
            if line.tracked == false { row += "  NOT TRACKED IN SQUARE (posted only with --track)" }
            if let ageing = ageing(line, now: review.at) { row += "  (" + ageing + ")" }
            if !line.earlier.isEmpty {
                row += "  (recounted; before: \(line.earlier.map(show).joined(separator: ", ")))"
            }
            if let area = line.area { row += "  [\(Terminal.visible(area))]" }
            if line.countedBy.count > 1 {
                row +=
                    "  ("
                    + line.countedBy.map { "\(Terminal.visible($0.counter)) \(show($0.quantity))" }
                    .joined(separator: ", ") + ")"
            }
            lines.append("  " + row)
        }
        if review.counted.isEmpty { lines.append("  nothing counted yet") }
        if let problem = review.ageingProblem {
            let waiting = review.counted.filter(\.waits).map { Terminal.visible($0.variation.label) }
            lines.append("Waiting: " + waiting.joined(separator: "; ") + ". " + problem)
        }
        if let warning = review.ageWarning?.gettingOldSentence { lines.append("Warning: " + warning) }
        if !review.notCounted.isEmpty {
            lines.append(
                "Not counted (\(review.notCounted.count) in scope; never posted as zero unless you ask): "
                    + review.notCounted.prefix(10).map { Terminal.visible($0.variation.label) }.joined(separator: "; ")
                    + (review.notCounted.count > 10 ? "; …" : ""))
        }
        let total = review.total
        lines.append(
            "Total: \(total.lines) lines, \(show(total.counted)) counted against \(show(total.expected)) expected, "
                + "variance \(signed(total.variance))\(money(total))")
        for group in review.byCategory where review.byCategory.count > 1 {
            lines.append(
                "  \(Terminal.visible(group.name)): variance \(signed(group.variance))\(money(group))")
        }
        return lines.joined(separator: "\n")
    }
}

extension String {
    fileprivate func leftPadded(_ width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }
}

extension CountOutput {
    /// The columns of `catalog count export --format csv`.
    public static let exportColumns = [
        "status", "variation_id", "item_name", "variation_name", "sku", "category", "vendor", "counted", "expected",
        "variance", "unit_cost", "variance_cost", "currency", "sold_here", "area", "value",
    ]

    /// The review as `format` (`csv`, `json` or `pdf` on `paper`, letter or a4, letter when nil): what `catalog
    /// count export` writes and the hub's back office downloads. `excel`: CSV for Excel; `formulaSafe`: cells
    /// that start like a formula written as text (as `excel` does).
    public static func export(
        _ review: CountReview, format: String, paper: String?, excel: Bool, formulaSafe: Bool = false,
        at now: Timestamp
    ) throws -> [UInt8] {
        switch format.lowercased() {
        case "json": return Array((json(review).jsonString + "\n").utf8)
        case "pdf":
            let name = (paper ?? "letter").lowercased()
            guard let sheet = PurchaseList.Paper(rawValue: name) else {
                throw AppError("--paper \(name) is not known: use letter or a4.", exitCode: .usage)
            }
            do {
                return try PurchaseListRenderer.pdf(report(review, paper: sheet, at: now))
            } catch {
                throw AppError("Cannot draw the count report: \(error)", exitCode: .internalError)
            }
        case "csv": return csv(review, excel: excel, formulaSafe: formulaSafe)
        default: throw AppError("--format \(format) is not known: use csv, json or pdf.", exitCode: .usage)
        }
    }

    /// The review as CSV: a row per line counted, then one per variation in scope not counted (status
    /// "not counted", counted and variance empty). `excel`: a byte-order mark, `;`, formula-safe cells.
    public static func csv(_ review: CountReview, excel: Bool, formulaSafe: Bool = false) -> [UInt8] {
        func show(_ value: Decimal?) -> String { value.map { NSDecimalNumber(decimal: $0).stringValue } ?? "" }
        let rows = (review.counted + review.notCounted).map { line -> [String] in
            let cost = line.supply?.unitCost
            return [
                line.counted == nil ? "not counted" : "counted", line.variation.variationID, line.variation.itemName,
                line.variation.variationName ?? "", line.variation.sku ?? "", line.variation.category ?? "",
                line.vendorName ?? "", show(line.counted), show(line.expected), show(line.variance),
                cost?.decimalString ?? "", line.varianceCost?.decimalString ?? "", cost?.currency ?? "",
                line.soldHere ? "yes" : "no", line.area ?? "", line.value?.decimalString ?? "",
            ]
        }
        return CSVWriter.write(
            [exportColumns] + rows, separator: excel ? ";" : ",", byteOrderMark: excel,
            formulaSafe: excel || formulaSafe)
    }
}

extension CountOutput {
    /// `{session, location_id, complete, posted_now, posted, refused, untracked, waiting, waiting_reason,
    /// tracking_turned_on, not_counted, already_posted, posted_elsewhere, lines: [...]}`.
    public static func json(_ posting: CountPosting) -> JSONValue {
        [
            "session": posting.session.json, "location_id": .string(posting.location.id),
            "complete": .bool(posting.complete), "already_posted": .bool(posting.alreadyPosted),
            "posted_elsewhere": .bool(posting.postedElsewhere), "posted_now": .int(posting.postedNow),
            "posted": .int(posting.lines(.posted).count),
            "refused": .int(posting.lines(.refused).count), "untracked": .int(posting.lines(.untracked).count),
            "not_sold": .int(posting.lines(.notSold).count),
            "waiting": .int(posting.lines(.queued).count),
            "waiting_reason": posting.waitingReason.map(JSONValue.string) ?? .null,
            "tracking_turned_on": .array(posting.trackingTurnedOn.map(JSONValue.string)),
            "not_counted": .int(posting.notCounted),
            "lines": .array(posting.lines.map { json($0.line, variation: $0.variation) }),
        ]
    }

    /// What a person reads after `catalog count post`: what Square took, what it refused and why, what was
    /// left out, and what waits.
    public static func text(_ posting: CountPosting) -> String {
        func name(_ entry: (line: CountLine, variation: VariationSummary?)) -> String {
            Terminal.visible(entry.variation?.label ?? entry.line.variationID)
        }
        let session = posting.session
        var out: [String] = []
        if posting.alreadyPosted {
            out.append("Count \(session.id) was already posted; nothing was sent again.")
        } else if posting.postedElsewhere {
            out.append(
                "Another catalog process was posting count \(session.id) at the same time; it sent the count, "
                    + "this one sent nothing twice. As it stands:")
        }
        out += [
            "Count \(session.id) (\(Terminal.visible(session.name))) at \(Terminal.visible(posting.location.name)): "
                + "\(posting.lines(.posted).count) of \(posting.lines.count) lines posted to Square"
                + (posting.postedNow == posting.lines(.posted).count ? "" : " (\(posting.postedNow) now)")
                + ", reference \(session.reference)."
        ]
        if !posting.trackingTurnedOn.isEmpty {
            out.append("Stock tracking turned on in Square for \(posting.trackingTurnedOn.count) variation(s).")
        }
        let refused = posting.lines(.refused)
        if !refused.isEmpty {
            out.append("Square refused \(refused.count) line(s); the others are posted:")
            out += refused.map { "  \(name($0)): \(Terminal.visible($0.line.postReason ?? "refused"))" }
        }
        let untracked = posting.lines(.untracked)
        let notSold = posting.lines(.notSold)
        for (lines, why, flag) in [
            (untracked, "as Square does not track their stock here", "--track turns tracking on and posts them"),
            (notSold, "as they are not sold at \(posting.location.name)", "--include-not-sold posts them"),
        ] where !lines.isEmpty {
            out.append("Left out, \(why) (\(lines.count)); catalog count post --session \(session.id) \(flag):")
            out += lines.map { "  \(name($0))" }
        }
        let zeroed = posting.lines(.posted).filter(\.line.zeroFilled).count
        if zeroed > 0 { out.append("\(zeroed) line(s) in scope never counted were posted as 0.") }
        if posting.notCounted > 0 {
            out.append(
                "\(posting.notCounted) variation(s) in scope were not counted and not posted "
                    + "(catalog count post --zero-uncounted posts them as 0).")
        }
        let waiting = posting.lines(.queued)
        if !waiting.isEmpty {
            out.append(
                "\(waiting.count) line(s) wait in the outbox: \(posting.waitingReason ?? "not sent yet") "
                    + "The next catalog sync sends them, once.")
        } else if posting.complete {
            out.append("The count is posted.")
        } else if !untracked.isEmpty || !notSold.isEmpty {
            out.append(
                "The count is not finished: \(untracked.count + notSold.count) line(s) are not in Square yet, and the "
                    + "count stays open for them.")
        } else if !refused.isEmpty {
            out.append("The count is closed; the \(refused.count) refused line(s) are not in Square.")
        }
        return out.joined(separator: "\n")
    }
}

extension CountOutput {
    /// The review as a printed report, drawn by the purchase list's renderer: a section per category with
    /// each line counted (the count large, the variance at cost, what Square expected and the variance
    /// in a note) after the whole count's totals, then a section listing what was not counted.
    public static func report(_ review: CountReview, paper: PurchaseList.Paper, at now: Timestamp) -> PurchaseList {
        func show(_ value: Decimal?) -> String { value.map { NSDecimalNumber(decimal: $0).stringValue } ?? "?" }
        func signed(_ value: Decimal?) -> String {
            guard let value else { return "?" }
            return (value > 0 ? "+" : "") + show(value)
        }
        func worth(_ totals: CountReview.Totals) -> String {
            let values = totals.value.sorted { $0.key < $1.key }
            guard !values.isEmpty else { return "" }
            return "; worth "
                + values.map { Money(amount: $0.value, currency: $0.key).formatted }.joined(separator: " + ")
                + " at cost"
        }
        func money(_ totals: CountReview.Totals) -> String? {
            guard totals.uncosted == 0 else { return nil }
            let costs = totals.varianceCost.sorted { $0.key < $1.key }
            guard !costs.isEmpty else { return totals.variance == 0 ? "" : nil }
            return costs.map { Money(amount: $0.value, currency: $0.key).formatted }.joined(separator: " + ")
        }
        func line(_ line: CountReview.Line) -> PurchaseListLine {
            var notes: [String] = []
            if line.counted != nil {
                notes.append(
                    line.expected == nil
                        ? "Square's count is not known"
                        : "Expected \(show(line.expected)), variance \(signed(line.variance))")
            } else {
                notes.append("Not counted" + (line.expected.map { "; Square expects \(show($0))" } ?? ""))
            }
            if !line.soldHere { notes.append("not sold here") }
            if line.tracked == false { notes.append("not tracked in Square (posted only with --track)") }
            if let ageing = ageing(line, now: review.at) { notes.append(ageing) }
            return PurchaseListLine(
                item: line.variation.itemName, variation: line.variation.variationName, sku: line.variation.sku,
                vendorCode: line.supply?.vendorCode, gtin: ReorderOutput.barcode(line.variation),
                quantity: line.counted.map(Terminal.quantity) ?? "–", unitCost: line.supply?.unitCost?.formatted,
                lineCost: line.counted == nil ? nil : line.varianceCost?.formatted, note: notes.joined(separator: "; "))
        }
        let total = review.total
        var sections = [
            PurchaseListVendor(
                name: "Whole count", total: money(total),
                summary:
                    "\(total.lines) lines, \(show(total.counted)) counted against \(show(total.expected)) expected: "
                    + "variance \(signed(total.variance))" + (money(total) == nil ? ", some costs not known" : "")
                    + worth(total))
        ]
        // In a count of areas, one section with a line per area (its lines are in their categories' sections).
        if !review.byArea.isEmpty {
            sections.append(
                PurchaseListVendor(
                    name: "By area",
                    lines: review.byArea.map { group in
                        PurchaseListLine(
                            item: group.name, variation: nil, sku: nil, vendorCode: nil, gtin: nil,
                            quantity: show(group.counted), unitCost: nil, lineCost: money(group),
                            note: "\(group.lines) line\(group.lines == 1 ? "" : "s") counted against "
                                + "\(show(group.expected)) expected: variance \(signed(group.variance))"
                                + worth(group))
                    }, total: money(review.total),
                    summary: "\(review.byArea.count) area\(review.byArea.count == 1 ? "" : "s")"))
        }
        for group in review.byCategory {
            let lines = review.counted.filter { ($0.variation.category ?? "No category") == group.name }
            sections.append(
                PurchaseListVendor(
                    name: group.name, lines: lines.map(line), total: money(group),
                    summary: "Variance for \(group.name): \(signed(group.variance)) units over \(group.lines) "
                        + "line\(group.lines == 1 ? "" : "s")" + (money(group) == nil ? ", some costs not known" : "")
                        + worth(group)))
        }
        if !review.notCounted.isEmpty {
            sections.append(
                PurchaseListVendor(
                    name: "Not counted", lines: review.notCounted.map(line), total: "",
                    summary: "\(review.notCounted.count) in scope not counted: never posted as zero unless asked"))
        }
        let time = now.rfc3339
        return PurchaseList(
            title: "Stock count: " + review.session.name, shop: review.location.name,
            reference: review.session.reference,
            createdAt: String(time.prefix(10)) + " " + String(time.dropFirst(11).prefix(5)) + " UTC"
                + (review.expectedReadNow ? "" : " (Square's counts as read at each first count)"),
            paper: paper, vendors: sections,
            wording: PurchaseList.Wording(
                quantity: "Counted", cost: "Variance", totalFor: "Variance for", empty: "Nothing was counted.",
                emptySection: nil))
    }
}
