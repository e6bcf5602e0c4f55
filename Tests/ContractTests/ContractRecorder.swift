import CatalogCore
import Foundation
import Sandbox
import SquareSchema

/// Keeps every exchange the sandbox reports and checks each against Square's contract.
final class ContractRecorder: @unchecked Sendable {
    private let lock = NSLock()
    private var entries: [SandboxExchange] = []

    func record(_ exchange: SandboxExchange) {
        lock.lock()
        entries.append(exchange)
        lock.unlock()
    }

    var exchanges: [SandboxExchange] {
        lock.lock()
        defer { lock.unlock() }
        return entries
    }

    /// Every contract violation in the recorded exchanges, each prefixed with the exchange it is in.
    func violations(against contract: SquareContract) -> [String] {
        exchanges.flatMap { Self.violations(of: $0, against: contract) }
    }

    /// The names of the contract operations the recorded exchanges called.
    func operationsCalled(in contract: SquareContract) -> Set<String> {
        Set(exchanges.compactMap { contract.operation(method: $0.method, path: $0.path)?.name })
    }

    static func violations(of exchange: SandboxExchange, against contract: SquareContract) -> [String] {
        let label = "\(exchange.method) \(exchange.path) -> \(exchange.status)"
        guard let (name, operation) = contract.operation(method: exchange.method, path: exchange.path) else {
            return ["\(label): not an operation in the contract"]
        }
        var found: [String] = []
        for parameter in exchange.query.split(separator: "&") {
            let parameterName = String(parameter.prefix { $0 != "=" })
            if !operation.queryParameters.contains(parameterName) {
                found.append("\(label): query parameter \(parameterName) is not one of \(name)'s")
            }
        }
        if let request = operation.request {
            found += check(exchange.requestBody, against: request, in: contract, label: "\(label) request")
        } else if !exchange.requestBody.isEmpty {
            found.append("\(label): \(name) takes no request body, but one was sent")
        }
        found += check(exchange.responseBody, against: operation.response, in: contract, label: "\(label) response")
        if exchange.status != 200 {
            let errors = (try? JSONValue.parse(exchange.responseBody))?["errors"]?.arrayValue ?? []
            if errors.isEmpty { found.append("\(label): an error response without errors") }
            for (index, error) in errors.enumerated() {
                found += contract.validator.validate(error, against: "Error").map {
                    "\(label) errors[\(index)]: \($0)"
                }
            }
        }
        return found
    }

    private static func check(_ bytes: [UInt8], against schema: String, in contract: SquareContract, label: String)
        -> [String]
    {
        do {
            let document = try JSONValue.parse(bytes)
            return contract.validator.validate(document, against: schema).map { "\(label) (\(schema)) \($0)" }
        } catch {
            return ["\(label): body is not JSON (\(error))"]
        }
    }
}
