import CatalogCore
import Foundation
import Store
import Sync

extension CountOutput {
    /// When a line was counted, in the machine's time zone, as staff say it: "Fri 17:02" within the last six
    /// days, else "Fri 14 Nov 17:02".
    public static func when(_ at: Timestamp, now: Timestamp) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_GB_POSIX")
        formatter.timeZone = TimeZone.current
        formatter.dateFormat = now.seconds - at.seconds < 6 * 86400 ? "EEE HH:mm" : "EEE d MMM HH:mm"
        return formatter.string(from: Date(timeIntervalSince1970: TimeInterval(at.seconds)))
    }

    /// What posting does with an aged line, in staff words: "counted 10 on Fri 17:02; 3 sold since; posts 7 as
    /// of now"; nil for a line posted as counted.
    public static func ageing(_ line: CountReview.Line, now: Timestamp) -> String? {
        guard line.aged, let counted = line.counted else { return nil }
        let start =
            "counted \(Terminal.quantity(counted))"
            + (line.countedAt.map { " on " + when($0, now: now) } ?? "")
        switch line.ageing {
        case .asOfNow(let posts, let since)?:
            return start + "; " + since.words + "; posts \(Terminal.quantity(posts)) as of now"
        case .newerCountInSquare(let quantity, let at, _)?:
            let then = Timestamp(rfc3339: at).map { when($0, now: now) } ?? at
            return start + "; Square has a newer count (\(quantity) on \(then)): this line is refused when posted"
        case .asCounted?, nil:
            return start + "; waits: what Square recorded since could not be read"
        }
    }

    /// The fields of a review line about its age: `{counted_at, aged, posts, moved_since: {received, sold,
    /// moved_out, net} | null, posting: "as_counted" | "as_of_now" | "refused" | "waits" | null, posting_note}`.
    static func ageingJSON(_ line: CountReview.Line, now: Timestamp) -> JSONObject {
        var moved: JSONValue = .null
        var posting: JSONValue = line.counted == nil ? .null : "as_counted"
        switch line.ageing {
        case .asOfNow(_, let since)?:
            moved = [
                "received": number(since.received), "sold": number(since.sold), "moved_out": number(since.movedOut),
                "net": number(since.net),
            ]
            posting = "as_of_now"
        case .newerCountInSquare?: posting = "refused"
        case .asCounted?: break
        case nil: if line.waits { posting = "waits" }
        }
        return [
            "counted_at": line.countedAt.map { .string($0.rfc3339) } ?? .null, "aged": .bool(line.aged),
            "posts": number(line.posts), "moved_since": moved, "posting": posting,
            "posting_note": ageing(line, now: now).map(JSONValue.string) ?? .null,
        ]
    }
}
