import CatalogApp
import Store

/// `/`: the counter screen. A search box that has focus and finds as you type, the selected or scanned
/// item's card, and the scans as they happen at every counter.
enum CounterPage {
    static func render(
        device: PairedDevice, location: String?, shopName: String?,
        wedge: (minimumLength: Int, maximumGapMs: Int) = (6, 25), format: LocationFormat? = nil
    ) -> String {
        let header = PageHeader.render(
            current: "/", location: location, device: device,
            extra: "<span id=\"sync\" class=\"sync\" title=\"Sync with Square\">sync…</span>")
        // The counter's mode, from the hub (counter.js fills it in): a banner across the screen nobody can miss,
        // with what waits on this screen for the hub ("2 waiting") when there is any. The search box is a
        // combobox over its results, with its status (nothing matches, no hub) said politely; what a scan did is
        // said by the outcome line (#outcome) above the card, never the whole card again.
        let body = """
            \(header)<div id="mode-banner" class="mode-banner">\
            <strong id="mode-word">LOOKUP</strong> <span id="mode-detail">Scans show the item.</span> \
            <span id="mode-timer"></span><span id="waiting" class="waiting" hidden></span>\
            <label class="mode-choice">Scanner <select id="mode-select">\
            <option value="lookup">shows the item</option><option value="reorder">adds to reorder list</option>\
            <option value="label">prints its tag</option><option value="receive">receives stock</option>\
            <option value="count">counts stock</option><option value="shelf">puts it on a shelf</option>\
            <option value="audit">checks its tag</option>\
            </select></label></div>\
            <main class="counter"><h1 class="visually-hidden">Counter</h1>\
            <section class="find" aria-label="Find an item">\
            <input id="search" type="search" autofocus autocomplete="off" spellcheck="false" \
            placeholder="Name, SKU or barcode" aria-label="Search the catalog" role="combobox" \
            aria-autocomplete="list" aria-expanded="false" aria-controls="results" aria-describedby="search-note">\
            <ol id="results" role="listbox" aria-label="Results"></ol>\
            <p id="search-note" class="note" role="status"></p></section>\
            <div class="result"><p id="outcome" class="outcome" aria-live="polite"></p>\
            <section id="card" class="card empty" aria-label="Item">\
            <p>Scan a barcode or search for an item.</p></section></div>\
            <aside class="scans" aria-label="Scans"><div class="scans-head"><h2>Scans</h2>\
            <label>Card shows <select id="follow">\
            <option value="">this screen's scans</option><option value="*">every counter's scans</option>\
            </select></label>\
            <button type="button" id="sound" class="secondary" aria-pressed="true">Sound on</button></div>\
            <ol id="scans"></ol></aside></main>\
            <p id="offline" class="offline-banner" role="alert">The connection to the hub is lost; reconnecting…</p>
            """
        return HTML.page(
            title: "Counter · catalog", body: body, script: "counter.js",
            meta: [
                ("csrf-token", device.csrfToken), ("device-name", device.name), ("location", location ?? ""),
                ("scan-min-length", String(wedge.minimumLength)), ("scan-max-gap-ms", String(wedge.maximumGapMs)),
                ("counter-panels", HubAssets.url("counter-panels.js")),
            ] + (format?.meta ?? []), bodyClass: "counter-page")
    }
}
