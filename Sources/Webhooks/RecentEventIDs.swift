/// The last `capacity` webhook event ids, to recognise a delivery Square sends again.
struct RecentEventIDs: Sendable {
    let capacity: Int
    private var members: Set<String> = []
    private var ring: [String] = []
    private var next = 0

    init(capacity: Int) {
        self.capacity = max(1, capacity)
        ring.reserveCapacity(self.capacity)
    }

    /// Remembers `id`; false when it was already remembered. The oldest id is forgotten when full.
    mutating func insert(_ id: String) -> Bool {
        guard !members.contains(id) else { return false }
        if ring.count < capacity {
            ring.append(id)
        } else {
            members.remove(ring[next])
            ring[next] = id
            next = (next + 1) % capacity
        }
        members.insert(id)
        return true
    }

    /// How many ids are remembered.
    var count: Int { members.count }
}
