/// `/pair`: where a screen, tablet or phone pairs with the hub, with a code a manager's screen makes
/// (`/pair/new`), `catalog devices pair` prints, or the sign-in address `catalog serve` prints carries.
enum PairPage {
    static func render(code: String?, problem: String?) -> String {
        let body = """
            <main class="pair"><h1>Pair this device with the shop's hub</h1>\
            <p>Ask a manager for a pairing code: their screen makes one under <strong>Pair a device</strong> in \
            the back office, with a QR code to scan instead of typing. A code works once, for ten minutes.</p>\
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
            </form>\(trustNote)</main>
            """
        return HTML.page(
            title: "Pair · catalog", body: HubTrust.insecureNotice + body, script: "pair.js", styles: ["pair.css"])
    }

    /// Under TLS: where to get the hub's certificate authority, and its fingerprint to compare.
    static var trustNote: String {
        guard let fingerprint = HubTrust.current?.trust.caSHA256 else { return "" }
        return """
            <p>So that this device trusts the hub without warnings, install the hub's certificate from             <a href="/ca.pem" download>ca.pem</a> (the hub's guide says how on each system). Its fingerprint             is <code class="fingerprint">\(grouped(fingerprint))</code>.</p>
            """
    }

    /// A fingerprint in groups of eight, to compare by eye and to wrap on a phone's screen.
    static func grouped(_ fingerprint: String) -> String {
        stride(from: 0, to: fingerprint.count, by: 8).map { start in
            String(fingerprint.dropFirst(start).prefix(8))
        }.joined(separator: " ")
    }

    /// `/pair/new`, for a manager's screen (the hub's own): a new code as a QR code a phone or tablet scans,
    /// with the hub's address, the code and the fingerprint written out; or why there is none.
    static func renderInvitation(code: String?, problem: String?) -> String {
        let trust = HubTrust.current?.trust
        let shown: String
        if let code {
            let url = trust?.pairingURL(code: code) ?? "/pair?code=" + code
            shown = """
                <p>Scan this with the new device's camera. The code works once, for ten minutes.</p>\
                \(PairingQR.svg(url, label: "Pairing address with the code"))\
                <p>Or open <strong>\(HTML.escape(trust?.url ?? ""))/pair</strong> on the device and type the code \
                <strong>\(HTML.escape(code))</strong>.</p>\(trustNote)
                """
        } else {
            shown = "<p class=\"problem\" role=\"alert\">\(HTML.escape(problem ?? ""))</p>"
        }
        let body = "<main class=\"pair\"><h1>Pair a phone or tablet</h1>\(shown)</main>"
        return HTML.page(
            title: "Pair a device · catalog", body: HubTrust.insecureNotice + body, script: nil, styles: ["pair.css"])
    }
}
