import SQLKit

extension SQLDatabase {
    /// PostgreSQL's estimate of the rows `query` yields, from the top line of its plan
    /// ("Bitmap Heap Scan on listings l  (cost=… rows=18965 width=0)"): planning only, nothing read.
    func estimatedRows(_ query: SQLQueryString) async throws -> Int {
        let top = try await unprepared("EXPLAIN \(query)").first()?.decode(column: "QUERY PLAN", as: String.self) ?? ""
        return PlanLine.rows(top)
    }

    /// PostgreSQL's estimate of the rows each of `branches` yields, planned as one statement
    /// (their `UNION ALL`): one round trip for several estimates. Nil when the plan does not show
    /// one branch under its top line for each (PostgreSQL may fold a branch it proves empty).
    func estimatedRows(branches: [SQLQueryString]) async throws -> [Int]? {
        let union = branches.joined(separator: " UNION ALL ")
        let lines = try await unprepared("EXPLAIN \(union)").all().map { try $0.decode(column: "QUERY PLAN", as: String.self) }
        return PlanLine.branchRows(lines, count: branches.count)
    }
}
