/// `/pair`: where a screen, tablet or phone pairs with the hub, with a code from `catalog devices pair` or
/// the sign-in address `catalog serve` prints.
enum PairPage {
    static func render(code: String?, problem: String?) -> String {
        let body = """
            <main class="pair"><h1>Pair this device with the shop's hub</h1>\
            <p>On the hub's computer, run <kbd>catalog devices pair</kbd> and type the code it shows. \
            A code works once, for ten minutes.</p>\
            <form id="pair-form" autocomplete="off">\
            <label for="code">Pairing code</label>\
            <input id="code" name="code" required maxlength="12" autocapitalize="characters" spellcheck="false" \
            placeholder="ABCD-EFGH" aria-describedby="pair-problem" value="\(HTML.escape(code ?? ""))"\
            \(code == nil ? " autofocus" : "")>\
            <label for="device-name">Name for this device</label>\
            <input id="device-name" name="device_name" required maxlength="60" placeholder="Till 1" \
            value="Counter screen"\(code == nil ? "" : " autofocus")>\
            <button type="submit">Pair</button>\
            <p id="pair-problem" class="problem" role="alert">\(HTML.escape(problem ?? ""))</p>\
            </form></main>
            """
        return HTML.page(title: "Pair · catalog", body: body, script: "pair.js")
    }
}
