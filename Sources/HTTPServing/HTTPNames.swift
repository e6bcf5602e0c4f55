import Foundation
import Hummingbird

extension HTTPFields {
    /// The field called `name` (a name this program spells, such as `Last-Event-ID`): reading gives nil when
    /// it is absent, and setting it to nil removes it. A name that is not a valid field name is never sent
    /// and never found (the tests send and read every one the program uses).
    public subscript(named name: String) -> String? {
        get { HTTPFields.Element.Name(name).flatMap { self[$0] } }
        set {
            guard let field = HTTPFields.Element.Name(name) else { return }
            self[field] = newValue
        }
    }
}

extension RunningServer {
    /// `scheme://host:port`, an IPv6 host in brackets. A host no URL can hold (a listener could not have
    /// opened on it) gives `file:///`, on which every request fails with a message naming it.
    public static func address(scheme: String, host: String, port: Int) -> URL {
        let shown = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
        return URL(string: "\(scheme)://\(shown):\(port)") ?? URL(fileURLWithPath: "/")
    }
}
