import Store

/// The bar at the top of every page: the shop's hub and location, the nav between the counter and the back
/// office (the current page marked with aria-current), and the device's name.
enum PageHeader {
    /// The pages in the nav, in order: path and name.
    static let pages = [
        ("/", "Counter"), ("/office/reorder", "Reorder"), ("/office/tags", "Tags"), ("/office/outbox", "Outbox"),
        ("/office/history", "History"), ("/office/printers", "Printers"), ("/office/plans", "Plans"),
        ("/office/counts", "Counts"), ("/office/sync", "Sync"),
    ]

    /// The header for the page at `current`; `extra` goes before the device's name (the counter's sync badge).
    static func render(current: String, location: String?, device: PairedDevice, extra: String = "") -> String {
        let place = location.map { " · " + HTML.escape($0) } ?? ""
        let overview = current == "/office" ? " aria-current=\"page\"" : ""
        let links = pages.map { path, name in
            "<a href=\"\(path)\"\(path == current ? " aria-current=\"page\"" : "")>\(name)</a>"
        }.joined()
        return HubTrust.insecureNotice + """
            <header class="bar"><a class="brand" href="/office" title="Back office overview"\(overview)>catalog\(place)</a>\
            <nav aria-label="Pages">\(links)</nav>\(extra)\
            <span class="device" title="This device">\(HTML.escape(device.name))</span></header>
            """
    }
}
