import CatalogCore

extension SandboxServer {
    /// Writes `objects` (each with its own id and type) as a seller's catalog may hold them from before
    /// Square enforced a rule, or from another of Square's products: the written rules are skipped, so a
    /// test can show how a client copes with what the API would refuse today. Answers the version written.
    @discardableResult
    public func plantUnchecked(_ objects: [JSONValue]) async -> Int64 {
        await engine.plantUnchecked(objects)
    }
}

extension SandboxEngine {
    func plantUnchecked(_ objects: [JSONValue]) -> Int64 {
        let t = state.nextT(nowMs: now())
        var written: [String: StoredObject] = [:]
        for object in objects {
            guard let id = object["id"]?.stringValue, let type = object["type"]?.stringValue else { continue }
            written[id] = CatalogState.stamp(object, type: type, t: t, parentId: nil)
        }
        state.commit(written, t: t)
        persist()
        return t
    }
}
