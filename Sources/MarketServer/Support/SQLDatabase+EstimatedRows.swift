import SQLKit

extension SQLDatabase {
    /// PostgreSQL's estimate of the rows `query` yields, from the top line of its plan
    /// ("Bitmap Heap Scan on listings l  (cost=… rows=18965 width=0)"): planning only, nothing read.
    func estimatedRows(_ query: SQLQueryString) async throws -> Int {
        let top = try await unprepared("EXPLAIN \(query)").first()?.decode(column: "QUERY PLAN", as: String.self) ?? ""
        return PlanLine.rows(top)
    }
}

/// A line of PostgreSQL's `EXPLAIN`.
enum PlanLine {
    /// The number after the line's first "rows=", 0 if none. Read by hand: a regex literal here
    /// was compiled at each call, 6% of a filtered search's server time at 1M listings.
    static func rows(_ line: String) -> Int {
        let bytes = Array(line.utf8), key = Array("rows=".utf8)
        guard bytes.count > key.count else { return 0 }
        for start in 0...(bytes.count - key.count) where bytes[start..<(start + key.count)].elementsEqual(key) {
            let digits = bytes[(start + key.count)...].prefix { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
            return Int(String(decoding: digits, as: UTF8.self)) ?? 0
        }
        return 0
    }
}
