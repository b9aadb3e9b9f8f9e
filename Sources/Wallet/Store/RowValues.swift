import GRDB

/// The columns of one fetched row, copied out of SQLite so they can leave the database
/// closure (GRDB's `Row` is not `Sendable`).
///
/// Every read of a column goes through ``column(_:as:)``, which answers nil for a missing,
/// NULL or mistyped value: GRDB's own subscripts stop the process on a failed conversion,
/// and a wallet file may have been edited by anyone.
struct RowValues: Sendable {
    private var values: [String: DatabaseValue] = [:]

    init(_ row: Row) {
        for (name, value) in row where values[name] == nil {
            values[name] = value
        }
    }

    func column<T: DatabaseValueConvertible>(_ name: String, as type: T.Type = T.self) -> T? {
        values[name].flatMap { T.fromDatabaseValue($0) }
    }
}
