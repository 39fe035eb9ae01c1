import Foundation
import MarketCore

/// Everything the listing page shows: the listing in words, the seller card, the rental
/// calendar, and the forms this visitor may use (with what they typed and what went wrong).
struct ListingPageContent: Encodable {
    /// `image` is the `<img>` (`PhotoImage`: the first is the page's largest paint on a phone,
    /// fetched first; the others wait until near view); `counter` is "2 / 3", shown on the photo
    /// since a phone shows one at a time.
    struct Photo: Encodable { var image: String; var counter: String }
    /// The one thing this visitor most likely came to do, kept in reach on a phone.
    struct PrimaryAction: Encodable { var label: Phrase; var href: String }
    struct Fact: Encodable {
        var term: Phrase
        var value: String
        /// A page about the value (the course's).
        var href: String? = nil
    }
    struct Seller: Encodable {
        var id: String
        var name: String
        var campus: Phrase?
        var verified: Bool
        var rating: Phrase
        var memberSince: String?
        var activeListings: Phrase?
        var contact: Phrase?
        /// The newest review of the seller, with the item and the month.
        var latestReview: String?
    }
    struct Check: Encodable { var id: String; var title: String; var checked: Bool }
    struct Quote: Encodable { var id: String; var fee: String; var total: String; var duration: Phrase; var dropoff: String; var expires: String }

    var id: String
    var title: String
    /// The language the seller wrote in, when the page is in another: said on the title and
    /// description (`lang`), so a screen reader reads them in their own voice.
    var textLanguage: String?
    /// nil when the seller wrote none: Leaf counts an empty string as present, so the fallback would never show.
    var description: String?
    var prices: [String]
    /// A book's: "Sold on campus for $40–$55, median $45, 7 sales".
    var priceGuidance: Phrase?
    var status: Phrase
    var isActive: Bool
    var isFeatured: Bool
    var featuredUntil: String?
    var photos: [Photo]
    var facts: [Fact]
    var seller: Seller
    var primaryAction: PrimaryAction?
    var signedIn: Bool
    var isOwner: Bool
    /// A signed-in viewer who does not sell it: whether they saved it (the heart's form).
    var isSaved: Bool?
    /// Its seller: "Saved by 3 people" (never who).
    var savedBy: Phrase?
    var canBuy: Bool
    var canRent: Bool
    /// The rent card: to rent it, or (its owner) to see what is booked and what is still out.
    var showsBookings: Bool
    var canTrade: Bool
    var featureFee: String
    var canCancelFeature: Bool

    // Buy
    var salePrice: String?
    var zoneFields: [FormField]
    var quote: Quote?
    var buyError: Phrase?
    // Rent
    var rentUnit: Phrase
    /// "$50.00": asked before booking, held from hand-over until the return is confirmed.
    var deposit: String?
    var rentFields: [FormField]
    var rentPreview: Phrase?
    var rentError: Phrase?
    var calendar: [RentalCalendar.Month]
    var bookedPeriods: [String]
    // Trade
    var myListings: [Check]
    var cashFields: [FormField]
    var tradeError: Phrase?
    // Owner
    var ownerError: Phrase?
}
