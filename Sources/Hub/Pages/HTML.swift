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

    /// A whole page: the shared head (the stylesheet, the page's script with the shared `hub.js`, meta values
    /// for the script) and `body`. The stylesheet and scripts are linked by their versioned URLs, which a browser
    /// keeps (HubAssets). Scripts come only from the hub itself: the Content-Security-Policy allows no inline
    /// script.
    static func page(
        title: String, body: String, script: String?, meta: [(String, String)] = [], bodyClass: String? = nil,
        styles: [String] = []
    ) -> String {
        let metas = meta.map { "<meta name=\"\(escape($0.0))\" content=\"\(escape($0.1))\">" }.joined()
        // The page's script comes with the shared helpers (hub.js) in front of it (HubAssets).
        let scriptTag = script.map { "<script src=\"\(HubAssets.url($0))\" defer></script>" } ?? ""
        return """
            <!doctype html><html lang="en"><head><meta charset="utf-8">\
            <meta name="viewport" content="width=device-width, initial-scale=1">\
            <title>\(escape(title))</title><link rel="icon" href="data:,">\((["hub.css"] + styles).map { "<link rel=\"stylesheet\" href=\"\(HubAssets.url($0))\">" }.joined())\(metas)\(scriptTag)\
            </head><body\(bodyClass.map { " class=\"\(escape($0))\"" } ?? "")>\(body)</body></html>
            """
    }
}
