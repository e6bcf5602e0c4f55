import CatalogCore
import Foundation

/// A moment a Square sale starts or ends at a location: when the tags of what it covers change.
public struct SaleMoment: Sendable, Equatable {
    public var ruleID: String
    /// The pricing rule's name ("Winter Sale").
    public var name: String
    /// True at its first moment, false at the moment it stops.
    public var starts: Bool
    public var moment: Timestamp
    /// The ids its product set names (variations, items, categories, through nested sets); nil when it is
    /// every product.
    public var productIDs: Set<String>?
}

extension PricingCatalog {
    /// The moments after `now` at which a dated sale starts or ends at `location`, earliest first: a rule that
    /// is at the location with its discount, whose dates and objects can be read, and that has a start or an
    /// end date. A rule with time periods (a happy hour) runs in repeats rather than from a date, so its tags
    /// never change for it; it has no moments here. Whether a moment changes a variation's tag is
    /// `shelfPrice`'s to say, just before and at the moment.
    public func saleMoments(at location: String, after now: Timestamp) -> [SaleMoment] {
        let zone = timeZone(at: location)
        var moments: [SaleMoment] = []
        for rule in rules where rule.periodIDs.isEmpty && isHere(rule.presence, location) {
            guard unreadableReason(rule) == nil, let match = rule.matchID.flatMap({ productSets[$0] }),
                let discount = rule.discountID.flatMap({ discounts[$0] }), isHere(discount.presence, location)
            else { continue }
            if case .variable = discount.kind { continue }
            let named = names(match)
            for (edge, starts) in [(rule.validFrom, true), (rule.validUntil, false)] {
                guard let edge else { continue }
                let moment = edge.moment(in: zone)
                guard now < moment else { continue }
                moments.append(
                    SaleMoment(ruleID: rule.id, name: rule.name, starts: starts, moment: moment, productIDs: named))
            }
        }
        return moments.sorted { ($0.moment, $0.ruleID) < ($1.moment, $1.ruleID) }
    }

    /// Every id `set` names, through the product sets it lists (as deep as `holds` looks); nil when it or
    /// one of them is every product.
    func names(_ set: ProductSet, depth: Int = 0) -> Set<String>? {
        if set.allProducts { return nil }
        var ids = Set<String>()
        for id in set.any + set.all {
            if let nested = productSets[id], depth < 4 {
                guard let inner = names(nested, depth: depth + 1) else { return nil }
                ids.formUnion(inner)
            } else {
                ids.insert(id)
            }
        }
        return ids
    }
}

extension LocalTime {
    /// The moment this wall-clock time names in `zone`; around a change of clocks, by the offset in force at
    /// the moment found.
    public func moment(in zone: TimeZone) -> Timestamp {
        let guess = Date(timeIntervalSince1970: TimeInterval(seconds))
        let first = Int64(zone.secondsFromGMT(for: guess))
        let settled = Int64(zone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(seconds - first))))
        return Timestamp(seconds: seconds - settled)
    }
}
