import SQLKit

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

    /// The rows of each branch of an `Append` (a `UNION ALL`'s plan): the lines one level under
    /// the top line ("  ->  Bitmap Heap Scan on listings l_1  (… rows=11 …)"); nil unless there
    /// are `count` of them.
    static func branchRows(_ lines: [String], count: Int) -> [Int]? {
        guard lines.first?.hasPrefix("Append") == true else { return nil }
        let branches = lines.dropFirst().filter { $0.hasPrefix("  ->  ") }.map(rows)
        return branches.count == count ? branches : nil
    }
}
