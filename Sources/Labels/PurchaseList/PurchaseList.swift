/// A purchase list a shop sends or hands to its suppliers: one section per vendor, each starting on a
/// new page, drawn by `PurchaseListRenderer` as a multi-page PDF.
///
/// Every value is already formatted for people (money, dates, quantities), so the renderer only lays
/// text out and draws it.
public struct PurchaseList: Sendable, Hashable {
    /// The paper the list is printed on.
    public enum Paper: String, Sendable, Hashable, CaseIterable {
        /// US Letter, 8.5 x 11 in.
        case letter
        /// ISO A4, 210 x 297 mm.
        case a4

        /// The page width in points.
        public var width: Length {
            switch self {
            case .letter: return .inches(8.5)
            case .a4: return .millimetres(210)
            }
        }

        /// The page height in points.
        public var height: Length {
            switch self {
            case .letter: return .inches(11)
            case .a4: return .millimetres(297)
            }
        }
    }

    /// The words the document uses where a purchase list and other lists of lines (a stock count's
    /// report) differ: the column headings and what an empty list or section says.
    public struct Wording: Sendable, Hashable {
        /// The heading of the large number column ("Qty").
        public var quantity: String
        /// The heading of the money column ("Cost").
        public var cost: String
        /// What starts a section's closing line ("Total for").
        public var totalFor: String
        /// The one line of a list with no sections.
        public var empty: String
        /// The line of a section without lines; nil for none.
        public var emptySection: String?

        public init(
            quantity: String = "Qty", cost: String = "Cost", totalFor: String = "Total for",
            empty: String = "Nothing to order.", emptySection: String? = "Nothing to order from this vendor."
        ) {
            self.quantity = quantity
            self.cost = cost
            self.totalFor = totalFor
            self.empty = empty
            self.emptySection = emptySection
        }

        /// A purchase list's words.
        public static let purchase = Wording()
    }

    /// The heading on every page, e.g. "Purchase list".
    public var title: String
    /// The shop or business name, printed in the header when present.
    public var shop: String?
    /// An order reference, printed in the header when present.
    public var reference: String?
    /// When the list was made, already formatted for people, e.g. "2026-11-23 14:05".
    public var createdAt: String
    /// US Letter or A4.
    public var paper: Paper
    /// The sections, in the order they are printed.
    public var vendors: [PurchaseListVendor]
    public var wording: Wording

    /// A purchase list; only `createdAt` and the vendors have no useful default.
    public init(
        title: String = "Purchase list", shop: String? = nil, reference: String? = nil, createdAt: String,
        paper: Paper = .letter, vendors: [PurchaseListVendor] = [], wording: Wording = .purchase
    ) {
        self.title = title
        self.shop = shop
        self.reference = reference
        self.createdAt = createdAt
        self.paper = paper
        self.vendors = vendors
        self.wording = wording
    }
}
