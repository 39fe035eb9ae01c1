import Foundation
import MarketCore

/// A listing as the feed, a seller's page and "my listings" show it: ready-made words, written
/// as the list item's HTML here rather than in a Leaf partial. A feed page holds 24 cards of a
/// dozen fields each, and LeafKit's interpreter spent more time on them than the search took
/// (docs/benchmarks-history.md, "web app's pages"); templates place the list with `#unsafeHTML`.
struct ListingCard {
    var id: String
    var title: String
    var prices: [String]
    var condition: String
    var categories: String
    var photo: ListingPhoto?
    var isFeatured: Bool
    var status: String
    var isActive: Bool
    var sellerName: String
    var campus: String?
    var posted: String
    /// For a signed-in viewer who does not sell it: whether they saved it (the heart); nil: no heart.
    var saved: Bool?
    /// The reader's language: the card is HTML before the page is drawn.
    let words: Localizer

    init(_ listing: MarketCore.Listing, now: Date, campuses: CampusDirectory, time: LocalTime, words: Localizer) {
        self.words = words
        id = listing.id.wireString
        title = listing.title
        prices = Self.prices(of: listing, words: words)
        condition = words.string(listing.condition.label)
        categories = listing.categories.map { words.string($0.label) }.joined(separator: ", ")
        photo = listing.photos.first
        isFeatured = listing.isFeatured
        status = words.string(listing.status.label)
        isActive = listing.status == .active
        sellerName = listing.seller.name
        campus = listing.campus.map(campuses.name(of:))
        posted = words.string(time.ago(listing.createdAt, now: now))
    }

    /// "$45.00", "$5.00 / day", "Open to trade": every way the listing can be had.
    static func prices(of listing: MarketCore.Listing, words: Localizer) -> [String] {
        var prices: [String] = []
        if let sale = listing.salePriceCents { prices.append(MoneyText.format(sale, currency: listing.currency)) }
        if let rent = rentPrice(of: listing) { prices.append(words.string(rent)) }
        if listing.openToTrade { prices.append(words.string("Open to trade")) }
        return prices
    }

    /// "$5.00 / day", or nil when it is not for rent.
    static func rentPrice(of listing: MarketCore.Listing) -> Phrase? {
        guard let rent = listing.rentPriceCents, let unit = listing.rentUnit else { return nil }
        let price = MoneyText.format(rent, currency: listing.currency)
        return unit == .hour ? "\(price) / hour" : "\(price) / day"
    }

    /// The card as a list item, up to its closing `</li>` (a heart may follow), appended to
    /// `html`. Every text is escaped: titles and names are what people typed. `eager`: the card
    /// is in view when the page opens, so its photo is not left to load lazily.
    func write(into html: inout String, place: PhotoImage.Place, eager: Bool) {
        html += #"<li class="listing-card"><a href="/listings/\#(id)" class="card-link">"#
        if let photo {
            html += PhotoImage(photo: photo, place: place).html(alt: words.string("Photo of \(title)"), eager: eager)
        } else {
            html += #"<span class="no-photo" aria-hidden="true">\#(HTMLText.escape(words.string("No photo")))</span>"#
        }
        html += #"<span class="card-body"><span class="card-title">\#(HTMLText.escape(title))</span><span class="prices">"#
        for price in prices { html += #"<span class="price">\#(HTMLText.escape(price))</span>"# }
        html += #"</span><span class="meta">\#(HTMLText.escape(condition)) · \#(HTMLText.escape(categories))</span>"#
        html += #"<span class="meta">\#(HTMLText.escape(sellerName))"#
        if let campus { html += " · " + HTMLText.escape(campus) }
        html += " · \(HTMLText.escape(posted))</span>"
        if isFeatured { html += #"<span class="tag featured">\#(HTMLText.escape(words.string("Featured")))</span>"# }
        if !isActive { html += #"<span class="tag">\#(HTMLText.escape(status))</span>"# }
        html += "</span></a>"
    }

    /// The heart: a form of its own beside the card's link (a form cannot sit inside a link), so
    /// saving works without script and comes back to `back`.
    func heart(csrf: String, back: String) -> String {
        guard let saved else { return "" }
        let action = saved ? "unsave" : "save"
        let label = HTMLText.escape(words.string(saved ? "Saved: remove “\(title)”" : "Save “\(title)”"))
        return #"<form method="post" action="/listings/\#(id)/\#(action)" class="heart-form">"#
            + #"<input type="hidden" name="csrf" value="\#(HTMLText.escape(csrf))"><input type="hidden" name="back" value="\#(HTMLText.escape(back))">"#
            + #"<button type="submit" class="heart\#(saved ? " saved" : "")" aria-pressed="\#(saved)" aria-label="\#(label)">\#(saved ? "♥" : "♡")</button></form>"#
    }

    /// How many cards a phone shows before scrolling: their photos are fetched at once.
    static let inFirstView = 4

    /// The `<li>` items of a list of cards, for `#unsafeHTML` inside the template's `<ul>`; with
    /// hearts when the viewer is signed in (`csrf`), coming back to `back` after a save. `grid`:
    /// the cards are drawn in a grid (wider photos) rather than a list.
    static func html(of cards: [ListingCard], csrf: String? = nil, back: String = "/", grid: Bool = false) -> String {
        // One string for the page, grown once, not one per card joined at the end.
        var html = ""
        html.reserveCapacity(cards.count * 900)
        for (index, card) in cards.enumerated() {
            card.write(into: &html, place: grid ? .gridCard : .listCard, eager: index < inFirstView)
            if let csrf { html += card.heart(csrf: csrf, back: back) }
            html += "</li>\n"
        }
        return html
    }
}
