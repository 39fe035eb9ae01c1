import Foundation
import MarketCore

/// What a visitor typed into the listing page's forms, and what the server said about it.
struct ListingPageState {
    var dropoff: String?
    var quote: DeliveryQuote?
    var buyError: String?
    var rentStart = ""
    var rentEnd = ""
    var rentErrors = FieldErrors()
    var rentPreview: String?
    var rentError: String?
    var offered: Set<UUID> = []
    var cash = ""
    var tradeErrors = FieldErrors()
    var tradeError: String?
    var ownerError: String?
}
