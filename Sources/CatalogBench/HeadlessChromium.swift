import CatalogApp
import CatalogCore
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Debian's Chromium, headless, driven through chromedriver's WebDriver HTTP interface: loads a page as a
/// person's browser would and reads the browser's own timings of it.
final class HeadlessChromium {
    let driver: Process
    let sessionID: String
    let port: Int

    /// Starts chromedriver and a headless browser; nil (saying why on stderr) when chromedriver is missing.
    static func start() async throws -> HeadlessChromium? {
        let candidates = ["/usr/bin/chromedriver", "/usr/lib/chromium/chromedriver"]
        guard let path = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            Terminal.error(
                "bench: chromedriver is missing, so the page's render time is not measured (Debian's chromium-driver).")
            return nil
        }
        // A port nothing listens on, below the ephemeral range. A random port from 20,000-40,000 (as before)
        // may be taken, and then chromedriver exits at once: a CI run found nothing listening for 30 s.
        // Should another program take the port before chromedriver listens, the next try has a new one.
        var exits: [String] = []
        for _ in 0..<3 {
            guard let port = LoopbackSocket.unusedPort() else { break }
            let driver = Process()
            driver.executableURL = URL(fileURLWithPath: path)
            driver.arguments = ["--port=\(port)"]
            driver.standardOutput = FileHandle.nullDevice
            driver.standardError = FileHandle.nullDevice
            try driver.run()
            switch try await session(on: port, of: driver) {
            case .started(let id):
                return HeadlessChromium(driver: driver, port: port, sessionID: id)
            case .exited(let status):
                exits.append("exited with status \(status) before it listened on port \(port)")
            case .refused(let reason):
                driver.terminate()
                throw AppError("chromedriver did not start a browser: \(reason)", exitCode: .unavailable)
            }
        }
        let reason = exits.isEmpty ? "there is no free port on 127.0.0.1" : "it " + exits.joined(separator: "; it ")
        throw AppError("chromedriver did not start a browser: \(reason)", exitCode: .unavailable)
    }

    private enum Start {
        case started(String)
        case exited(Int32)
        case refused(String)
    }

    /// Asks the chromedriver on `port` for a headless browser, waiting up to 30 s for it to listen: under
    /// the full test suite's load it once took over 10 s. Only a refused connection is tried again: every
    /// answered request may have started a browser.
    private static func session(on port: Int, of driver: Process) async throws -> Start {
        let capabilities: JSONValue = [
            "capabilities": [
                "alwaysMatch": [
                    "browserName": "chrome",
                    "goog:chromeOptions": [
                        "args": [
                            "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                            "--window-size=1024,768",
                        ]
                    ],
                ]
            ]
        ]
        for _ in 0..<300 {
            let answer: JSONValue
            do {
                answer = try await call(port, "POST", "/session", capabilities)
            } catch {
                if !driver.isRunning { return .exited(driver.terminationStatus) }
                try await Task.sleep(for: .milliseconds(100))
                continue
            }
            if let id = answer["value"]?["sessionId"]?.stringValue { return .started(id) }
            return .refused(answer["value"]?["message"]?.stringValue ?? "no session")
        }
        return .refused("it did not start listening within 30 s")
    }

    private init(driver: Process, port: Int, sessionID: String) {
        self.driver = driver
        self.port = port
        self.sessionID = sessionID
    }

    /// Opens `url`.
    func open(_ url: String) async throws {
        _ = try await command("POST", "url", ["url": .string(url)])
    }

    /// WebDriver's error, when its answer is one.
    static func failure(_ answer: JSONValue) -> String? {
        guard let error = answer["value"]?["error"]?.stringValue else { return nil }
        return "\(error): \(answer["value"]?["message"]?.stringValue ?? "")"
    }

    /// Sets a cookie for the page's site (open a page of the site first).
    func setCookie(name: String, value: String) async throws {
        _ = try await command(
            "POST", "cookie", ["cookie": ["name": .string(name), "value": .string(value), "path": "/"]])
    }

    /// Runs `script` in the page and returns what it returns.
    func run(_ script: String) async throws -> JSONValue {
        try await command("POST", "execute/sync", ["script": .string(script), "args": []])["value"] ?? .null
    }

    func stop() async {
        _ = try? await Self.call(port, "DELETE", "/session/\(sessionID)", nil)
        driver.terminate()
        // Foundation's waitUntilExit spins a core; chromedriver gets two seconds, then SIGKILL.
        for _ in 0..<40 where driver.isRunning { try? await Task.sleep(for: .milliseconds(50)) }
        if driver.isRunning { kill(driver.processIdentifier, SIGKILL) }
    }

    private func command(_ method: String, _ path: String, _ body: JSONValue?) async throws -> JSONValue {
        let answer = try await Self.call(port, method, "/session/\(sessionID)/\(path)", body)
        if let failure = Self.failure(answer) {
            throw AppError("chromedriver: \(failure.prefix(300))", exitCode: .unavailable)
        }
        return answer
    }

    /// One WebDriver request. chromedriver's answers are HTTP that Foundation's client on Linux refuses
    /// (no space after a header's colon), so this is plain HTTP/1.1 on a socket, one connection a request.
    private static func call(_ port: Int, _ method: String, _ path: String, _ body: JSONValue?) async throws
        -> JSONValue
    {
        let payload = body.map { $0.serializedBytes() } ?? []
        var request = Array(
            "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n".utf8)
        if body != nil { request += Array("Content-Type: application/json\r\n".utf8) }
        request += Array("Content-Length: \(payload.count)\r\n\r\n".utf8) + payload
        let answer = try await Task.detached { try exchange(port: port, request: request) }.value
        guard let split = LoopbackSocket.find([13, 10, 13, 10], in: answer) else { return .null }
        return (try? JSONValue.parse(Array(answer[(split + 4)...]))) ?? .null
    }

    /// Sends `request` to 127.0.0.1:`port` and reads the answer to its end.
    private static func exchange(port: Int, request: [UInt8]) throws -> [UInt8] {
        guard let descriptor = LoopbackSocket.connect(port: port) else {
            throw AppError("chromedriver is not listening.", exitCode: .unavailable)
        }
        defer { close(descriptor) }
        guard LoopbackSocket.send(request, on: descriptor) else {
            throw AppError("chromedriver closed the connection.", exitCode: .unavailable)
        }
        // Read to the end of the body its Content-Length gives (chromedriver may keep the connection open).
        var answer: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            if let split = LoopbackSocket.find([13, 10, 13, 10], in: answer) {
                let head = String(decoding: answer[0..<split], as: UTF8.self).lowercased()
                let length = head.split(separator: "\r\n").first { $0.hasPrefix("content-length:") }
                    .flatMap { Int($0.dropFirst(15).trimmingCharacters(in: .whitespaces)) }
                if let length, answer.count >= split + 4 + length { return Array(answer[0..<(split + 4 + length)]) }
            }
            let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { break }
            answer += buffer[0..<count]
        }
        return answer
    }
}
