/// What one delete request writes.
struct StagedDelete {
    var written: [String: StoredObject] = [:]
    var deletedIds: [String] = []
}

extension CatalogState {
    /// Tombstones for `ids` at version `t`: an item takes its variations with it, and deleting a
    /// variation bumps its item. Unknown and already deleted ids are skipped.
    func stageDelete(_ ids: [String], t: Int64) -> StagedDelete {
        var result = StagedDelete()
        func kill(_ id: String) {
            guard result.written[id].map({ !$0.isDeleted }) ?? true,
                let object = objects[id], !object.isDeleted
            else { return }
            result.written[id] = Self.tombstone(object, t: t)
            result.deletedIds.append(id)
        }
        for id in ids {
            kill(id)
            guard let object = objects[id], !object.isDeleted else { continue }
            if object.type == "ITEM" {
                for variationId in liveVariationIds(of: id) { kill(variationId) }
            }
        }
        for id in result.deletedIds {
            guard let parent = objects[id]?.parentId, result.written[parent] == nil,
                let item = objects[parent], !item.isDeleted
            else { continue }
            result.written[parent] = Self.bump(item, t: t)
        }
        return result
    }
}
