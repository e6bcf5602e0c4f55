import Store
import Sync

// The records of Store and the values of Sync that CatalogApp's workflows take and answer as they are:
// a front end names them through CatalogApp and never imports Store or Sync.

/// One change this tool wrote to Square, as `WriteHistory` lists it.
public typealias HistoryEntry = Store.HistoryEntry
/// One edit in the outbox, as `OutboxReview` lists it.
public typealias OutboxEntry = Store.OutboxEntry
/// One scan in the scan log, as `ScanLog` lists it.
public typealias ScanRecord = Store.ScanRecord
/// One counted variation in a count, as `CountWorkflow` lists it.
public typealias CountLine = Store.CountLine
/// A variation with its item, as lookups, counts and code assignment answer it.
public typealias VariationSummary = Store.VariationSummary
/// What a variation's tag shows at a location: its price, a running sale, how it is sold.
public typealias ShelfPrice = Store.ShelfPrice
/// A search's words as typed, parsed into what `ShopSearch` looks for.
public typealias SearchQuery = Store.SearchQuery
/// One variation a search found.
public typealias SearchHit = Store.SearchHit
/// A location of the shop as a counter names it.
public typealias CounterLocation = Store.CounterLocation
/// One line of the reorder list, as `ReorderWorkflow` lists it.
public typealias ReorderLine = Store.ReorderLine
/// How a price file is read: its columns, currency and location, as `PriceImportWorkflow` takes them.
public typealias PriceImportOptions = Sync.PriceImportOptions
/// A column of a price file, by header or by number.
public typealias ColumnChoice = Sync.ColumnChoice
/// A price file as `PriceImportWorkflow` reads it: its columns and rows.
public typealias PricePlan = Sync.PricePlan
/// One row of a price import and what became of it.
public typealias PriceImportRow = Sync.PriceImportRow
/// What became of one row of a price import.
public typealias PriceImportStatus = Sync.PriceImportStatus
/// What creating an item wrote, as `ItemCreationWorkflow` answers it.
public typealias ItemCreation = Sync.ItemCreation
/// What an edit did: written to Square, queued for later, or a conflict (see `EditOutput`).
public typealias EditResult = Sync.EditResult
/// What `reorder suggest` proposes from Square's counts and the low-stock thresholds.
public typealias ReorderSuggestions = Sync.ReorderSuggestions
/// A price plan staged for a time.
public typealias StagedPlan = Store.StagedPlan
/// One price of a staged plan.
public typealias StagedPlanLine = Store.StagedPlanLine
/// A staged plan and how many prices it has.
public typealias StagedPlanSummary = Store.StagedPlanSummary
/// A job in the print queue.
public typealias LabelJob = Store.LabelJob
/// Where a template's, a counter's or a location's tags print.
public typealias PrinterRoute = Store.PrinterRoute
/// A walk along a shelf checking its tags.
public typealias ShelfAudit = Store.ShelfAudit
/// One item checked in a shelf audit.
public typealias ShelfAuditCheck = Store.ShelfAuditCheck
/// How a process holds the database: a pool beside a writer, or one connection for a command that ends.
public typealias DatabaseConnections = Store.CatalogDatabase.Connections
