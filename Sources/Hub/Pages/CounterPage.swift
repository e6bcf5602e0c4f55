import Store

/// `/`: the counter screen. A search box that has focus and finds as you type, the selected or scanned
/// item's card, and the scans as they happen at every counter.
enum CounterPage {
    static func render(device: PairedDevice, location: String?, shopName: String?) -> String {
        let place = location.map { " · " + HTML.escape($0) } ?? ""
        let body = """
            <header class="bar"><span class="brand">catalog\(place)</span>\
            <nav><a href="/" aria-current="page">Counter</a></nav>\
            <span id="sync" class="sync" title="Sync with Square">sync…</span>\
            <span class="device" title="This device">\(HTML.escape(device.name))</span></header>\
            <main class="counter">\
            <section class="find" aria-label="Find an item">\
            <input id="search" type="search" autofocus autocomplete="off" spellcheck="false" \
            placeholder="Name, SKU or barcode" aria-label="Search the catalog" aria-controls="results">\
            <ol id="results" role="listbox" aria-label="Results"></ol>\
            <p id="search-note" class="note" aria-live="polite"></p></section>\
            <section id="card" class="card empty" aria-live="polite">\
            <p>Scan a barcode or search for an item.</p></section>\
            <aside class="scans" aria-label="Scans"><h2>Scans <span id="mode" class="mode"></span></h2>\
            <ol id="scans"></ol></aside></main>
            """
        return HTML.page(
            title: "Counter · catalog", body: body, script: "counter.js",
            meta: [("csrf-token", device.csrfToken), ("device-name", device.name), ("location", location ?? "")])
    }
}
