import Fluent

/// A model with a database-assigned `seq` column: lists of it page newest first by `seq`.
protocol SequencedModel: Model {
    var seq: Int64? { get }
}

extension OrderRecord: SequencedModel {}
extension TradeOfferRecord: SequencedModel {}
extension NotificationRecord: SequencedModel {}
extension AuditLogRecord: SequencedModel {}
extension ReviewRecord: SequencedModel {}

extension QueryBuilder where Model: SequencedModel {
    /// One page, newest first, after `cursor`; and the cursor of the next page when there is one.
    func newestFirst(limit: Int, after cursor: PageCursor?) async throws -> ([Model], PageCursor?) {
        if let cursor { filter(FieldKey("seq"), .lessThan, cursor.seq) }
        var rows = try await sort(FieldKey("seq"), .descending).limit(limit + 1).all()
        guard rows.count > limit else { return (rows, nil) }
        rows.removeLast()
        return (rows, rows.last?.seq.map { PageCursor(seq: $0) })
    }
}
