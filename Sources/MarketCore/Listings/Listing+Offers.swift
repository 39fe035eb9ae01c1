import Foundation

extension Listing {
    /// Whether `viewer` (nil: signed out) may ask for `kind` on this listing: it is on the market,
    /// it offers `kind`, and it is not the viewer's own. The web page and the SDK show their
    /// buttons by this one rule; the server checks it again, with a sentence for each refusal.
    /// A signed-out viewer is offered the action and asked to sign in first.
    public func offers(_ kind: OfferKind, to viewer: UUID?) -> Bool {
        guard status == .active, seller.id != viewer else { return false }
        switch kind {
        case .buy: return salePriceCents != nil
        case .rent: return rentPriceCents != nil
        case .trade: return openToTrade
        }
    }
}
