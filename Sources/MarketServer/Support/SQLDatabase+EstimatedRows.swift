import SQLKit

extension SQLDatabase {
    /// PostgreSQL's estimate of the rows `query` yields, from the top line of its plan
    /// ("Bitmap Heap Scan on listings l  (cost=… rows=18965 width=0)"): planning only, nothing read.
    func estimatedRows(_ query: SQLQueryString) async throws -> Int {
        let top = try await unprepared("EXPLAIN \(query)").first()?.decode(column: "QUERY PLAN", as: String.self) ?? ""
        return top.firstMatch(of: /rows=(\d+)/).flatMap { Int($0.1) } ?? 0
    }
}
