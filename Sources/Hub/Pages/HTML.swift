/// Text made safe for HTML: every character that could start markup or end an attribute is escaped.
enum HTML {
    static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.append(character)
            }
        }
        return out
    }

    /// A whole page: the shared head (the stylesheet, the shared `hub.js` and the page's script, meta values
    /// for the script) and `body`. Scripts come only from the hub itself: the Content-Security-Policy allows no inline script.
    static func page(title: String, body: String, script: String?, meta: [(String, String)] = []) -> String {
        let metas = meta.map { "<meta name=\"\(escape($0.0))\" content=\"\(escape($0.1))\">" }.joined()
        // The shared helpers first; deferred scripts run in order.
        let scripts = script.map { ["hub.js", $0] } ?? []
        let scriptTag = scripts.map { "<script src=\"/assets/\($0)\" defer></script>" }.joined()
        return """
            <!doctype html><html lang="en"><head><meta charset="utf-8">\
            <meta name="viewport" content="width=device-width, initial-scale=1">\
            <title>\(escape(title))</title><link rel="icon" href="data:,"><link rel="stylesheet" href="/assets/hub.css">\(metas)\(scriptTag)\
            </head><body>\(body)</body></html>
            """
    }
}
