import MarketCore

/// Where a page of the moderation queue starts: `q` and the count of cases before it. The queue
/// is ordered by urgency, which changes as reports come, so a position (not a key) is what a
/// moderator paging through it means.
enum ModerationQueueCursor {
    static func token(_ offset: Int) -> String { "q\(offset)" }

    /// 0 for no cursor; a cursor that is not one of ours is named in `errors`.
    static func offset(_ cursor: String?, errors: inout FieldErrors) -> Int {
        guard let cursor else { return 0 }
        guard cursor.hasPrefix("q"), let offset = Int(cursor.dropFirst()), (0...1_000_000).contains(offset) else {
            errors.note("cursor", "is not a cursor this list gave")
            return 0
        }
        return offset
    }
}
