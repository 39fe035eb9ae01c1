import ArgumentParser
import Foundation
import MarketCore

extension ListingCategory: ExpressibleByArgument {}
extension ListingCondition: ExpressibleByArgument {}
extension OfferKind: ExpressibleByArgument {}
extension ListingSort: ExpressibleByArgument {}
extension RentUnit: ExpressibleByArgument {}
extension ListingLanguage: ExpressibleByArgument {}
extension OrderRole: ExpressibleByArgument {}
extension OrderStatus: ExpressibleByArgument {}
extension ActivityKind: ExpressibleByArgument {}
extension OrderAction: ExpressibleByArgument {}
extension ListingStatus: ExpressibleByArgument {}
