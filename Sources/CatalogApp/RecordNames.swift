import Store

// The stored records CatalogApp hands to its front ends as they are: a front end names them through
// CatalogApp and never imports Store.

/// One change this tool wrote to Square, as `WriteHistory` lists it.
public typealias HistoryEntry = Store.HistoryEntry
/// One edit in the outbox, as `OutboxReview` lists it.
public typealias OutboxEntry = Store.OutboxEntry
/// One scan in the scan log, as `ScanLog` lists it.
public typealias ScanRecord = Store.ScanRecord
