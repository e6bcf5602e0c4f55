import CatalogCore
import Foundation

/// A field a template's text or barcode can show, written `{{item.name}}`, `{{price}}` and so on.
public enum LabelField: String, Sendable, Hashable, CaseIterable {
    case itemName = "item.name"
    case variationName = "variation.name"
    /// The price to print, formatted for its currency (the sale price on a sale tag, `FREE` when the sale
    /// takes the whole price off); empty for variable pricing.
    case price
    /// A sale tag's regular price, formatted for its currency; empty otherwise.
    case regularPrice = "regular_price"
    case sku
    case gtin
    case category
    case date
    case itemID = "item.id"
    case variationID = "variation.id"
    /// The price per unit of measure, such as `£12.99/kg`; empty when not known.
    case unitPrice = "unit_price"
    /// When Square's sale shown ends, such as `until 2026-12-01`; empty when it has no end or no sale.
    case saleEnds = "sale_ends"

    /// The field's text for one label; empty when the item has no such value.
    public func value(in data: LabelData) -> String {
        switch self {
        case .itemName: return data.itemName
        case .variationName: return data.variationName ?? ""
        case .price: return data.isFree ? LabelData.freeText : data.price?.labelText ?? ""
        case .regularPrice: return data.regularPrice?.labelText ?? ""
        case .sku: return data.sku ?? ""
        case .gtin: return data.gtin ?? ""
        case .category: return data.category ?? ""
        case .date: return data.date
        case .itemID: return data.itemID
        case .variationID: return data.variationID
        case .unitPrice:
            guard let amount = data.unitPrice, let per = data.unitPer else { return "" }
            return "\(amount.labelText)/\(per)"
        case .saleEnds: return data.saleEnds.map { "until \($0)" } ?? ""
        }
    }

    /// Every field name, as a template writes it, for messages: `item.name, variation.name, ...`.
    public static var allNames: String { allCases.map(\.rawValue).joined(separator: ", ") }

    /// Whether the field is a number a shopper relies on (a price, a regular price, a unit price): a label
    /// never cuts it or ends it in an ellipsis; it is shrunk to fit, and refused when it cannot fit.
    public var isFigure: Bool {
        switch self {
        case .price, .regularPrice, .unitPrice: return true
        default: return false
        }
    }

    /// `content` with every `{{field}}` replaced by its value for `data`.
    ///
    /// Spaces next to a field that came out empty collapse, so `{{item.name}} {{variation.name}}`
    /// is just the item's name when the variation has none. Text outside fields is kept as written;
    /// an unknown field is left as written (the template parser refuses those up front).
    public static func render(_ content: String, with data: LabelData) -> String {
        runs(content, with: data).map(\.text).joined()
    }

    /// `render(_:with:)` as runs of text, each field's value a run of its own, so text fitting knows which
    /// parts are figures it must not cut. Empty runs are left out.
    public static func runs(_ content: String, with data: LabelData) -> [TextRun] {
        var runs: [TextRun] = []
        var afterEmptyField = false
        func append(_ text: some StringProtocol, _ field: LabelField?) {
            if !text.isEmpty { runs.append(TextRun(text: String(text), field: field)) }
        }
        for piece in FieldExpression.pieces(of: content) {
            switch piece {
            case .literal(let text):
                var text = Substring(text)
                if afterEmptyField, runs.last?.text.last?.isWhitespace ?? true {
                    text = text.drop(while: { $0 == " " || $0 == "\t" })
                }
                append(text, nil)
                afterEmptyField = false
            case .field(let field, _):
                let value = field.value(in: data)
                append(value, field)
                afterEmptyField = value.isEmpty
            case .unknown(let raw):
                append(raw, nil)
                afterEmptyField = false
            }
        }
        while afterEmptyField, let end = runs.last?.text.last, end == " " || end == "\t" {
            runs[runs.count - 1].text.removeLast()
            if runs[runs.count - 1].text.isEmpty { runs.removeLast() }
        }
        return runs
    }

    /// The fields `content` uses, or an error naming the first unknown or unclosed one and listing the fields.
    public static func validate(_ content: String) throws(FieldExpressionError) -> [LabelField] {
        var fields: [LabelField] = []
        for piece in FieldExpression.pieces(of: content) {
            switch piece {
            case .literal: continue
            case .field(let field, _): fields.append(field)
            case .unknown(let raw): throw FieldExpressionError(expression: raw)
            }
        }
        return fields
    }
}

/// A stretch of a label's text: literal text from the template (`field` nil) or one field's value.
public struct TextRun: Sendable, Hashable {
    /// The text.
    public var text: String
    /// The field whose value this is; nil for the template's own text.
    public var field: LabelField?

    /// A run of `text`, the value of `field` (nil for literal text).
    public init(text: String, field: LabelField? = nil) {
        self.text = text
        self.field = field
    }
}

/// A `{{...}}` in a template that is not a known field, or a `{{` that is never closed.
public struct FieldExpressionError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The expression as written, such as `{{item.nmae}}`.
    public var expression: String

    /// Says what is wrong and lists the fields.
    public var description: String {
        if !expression.hasSuffix("}}") {
            return "\"\(expression)\" has no closing }}; write fields like {{item.name}}."
        }
        return "\(expression) is not a field; the fields are \(LabelField.allNames)."
    }
}

/// Splits template text into literal runs and `{{field}}` expressions.
enum FieldExpression {
    enum Piece: Equatable {
        case literal(String)
        case field(LabelField, raw: String)
        /// An unknown field, or an unclosed `{{` (then `raw` runs to the end of the text).
        case unknown(String)
    }

    static func pieces(of content: String) -> [Piece] {
        var pieces: [Piece] = []
        var rest = Substring(content)
        while let open = rest.range(of: "{{") {
            if open.lowerBound > rest.startIndex { pieces.append(.literal(String(rest[..<open.lowerBound]))) }
            guard let close = rest[open.upperBound...].range(of: "}}") else {
                pieces.append(.unknown(String(rest[open.lowerBound...])))
                return pieces
            }
            let raw = String(rest[open.lowerBound..<close.upperBound])
            let name = rest[open.upperBound..<close.lowerBound].trimmingCharacters(in: .whitespaces)
            if let field = LabelField(rawValue: name) {
                pieces.append(.field(field, raw: raw))
            } else {
                pieces.append(.unknown(raw))
            }
            rest = rest[close.upperBound...]
        }
        if !rest.isEmpty { pieces.append(.literal(String(rest))) }
        return pieces
    }
}

extension FieldExpressionError: UserFacingError {
    public var exitStatus: ExitStatus {
        .dataError
    }
}
