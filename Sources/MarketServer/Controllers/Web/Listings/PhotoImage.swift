import MarketCore

/// A photo as a page draws it: the `<img>` with the copies a browser chooses from (`srcset`),
/// how wide the photo's place is at each of the layout's breakpoints (`sizes`, from app.css), its
/// real size (no shift when it arrives) and a placeholder tone while it loads. The browser then
/// fetches what the place needs at its screen's density: about 1080 px for a listing's photo on
/// a 390 px phone at 3×, 320 px for a list card's 96 px thumbnail, the original on a wide
/// display.
struct PhotoImage {
    /// Where a photo is drawn, and how wide that is (app.css: `.page` is at most 1100 px with
    /// 1rem of padding; a listing's gallery is 3fr of a 3fr 2fr grid from 860 px; a grid of cards
    /// is 2 columns, 4 from 760 px, each card with .6rem of padding).
    enum Place {
        case listCard, gridCard, gallery

        var sizes: String {
            switch self {
            case .listCard: "96px"
            case .gridCard: "(min-width: 1100px) 238px, (min-width: 760px) calc(25vw - 37px), calc(50vw - 42px)"
            case .gallery: "(min-width: 1100px) 632px, (min-width: 860px) calc(60vw - 29px), calc(100vw - 32px)"
            }
        }

        /// For a browser that ignores `srcset`: a copy that looks right in most places.
        var fallbackWidth: Int {
            switch self {
            case .listCard: 320
            case .gridCard: 640
            case .gallery: 1080
            }
        }
    }

    let photo: ListingPhoto
    let place: Place

    /// The `<img>` element. `eager`: in view when the page opens (fetched at once; the first
    /// photo of a listing first of all, `priority`); the others load as they near the view.
    func html(alt: String, eager: Bool, priority: Bool = false) -> String {
        let fallback = photo.variants.first { $0.width >= place.fallbackWidth } ?? photo.variants.last
        var html = #"<img src="\#(HTMLText.escape(fallback?.url ?? photo.url))""#
        if let width = photo.width, let height = photo.height {
            let sources = photo.variants.map { "\($0.url) \($0.width)w" } + ["\(photo.url) \(width)w"]
            html += #" srcset="\#(HTMLText.escape(sources.joined(separator: ", ")))" sizes="\#(place.sizes)""#
            html += #" width="\#(width)" height="\#(height)""#
        } else {
            html += place == .gallery ? #" width="800" height="600""# : #" width="320" height="240""#
        }
        if let tone = Self.tone(of: photo.placeholderColor) { html += #" class="\#(tone)""# }
        html += #" alt="\#(HTMLText.escape(alt))""#
        html += priority ? #" fetchpriority="high""# : eager ? "" : #" loading="lazy""#
        return html + ">"
    }

    /// The placeholder as one of app.css's 64 tones (`tone-RGB`, each channel in four steps): the
    /// pages' policy allows no inline style, and a near colour is all a placeholder needs.
    static func tone(of colour: String?) -> String? {
        guard let colour, colour.count == 7, colour.first == "#", let value = Int(colour.dropFirst(), radix: 16) else { return nil }
        let steps = [value >> 16 & 0xFF, value >> 8 & 0xFF, value & 0xFF].map { String($0 / 64) }
        return "tone-" + steps.joined()
    }
}
