import Foundation
import Fluent
import MarketCore

extension QueryBuilder where Model.IDValue == UUID {
    /// Rows whose id begins with `prefix`: a range on the primary key, so an index read. At most
    /// a few, since the caller needs only to know whether one or several match.
    func idBeginning(with prefix: IDPrefix) -> Self {
        filter(\._$id >= prefix.range.lowerBound).filter(\._$id <= prefix.range.upperBound).limit(10)
    }
}
