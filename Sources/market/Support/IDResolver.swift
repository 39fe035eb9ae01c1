import Foundation
import MarketClient
import MarketCore

/// What an id typed on the command line names. Tables print the first 8 digits of an id;
/// any unique beginning of 8 or more digits works wherever an id goes.
enum IDKind: String {
    case listing, order, conversation, user, expense, photo, message
    case savedSearch = "saved search"
}

extension CommandContext {
    /// The whole id `text` names: itself when it is whole, else the one thing of `kind` whose id
    /// begins with it. Public things (listings, people) and my orders and conversations are
    /// found by the server; my expenses and a listing's photos from their lists.
    func id(_ text: String, _ kind: IDKind, photoOf listing: UUID? = nil) async throws -> UUID {
        if let id = UUID(uuidString: text) { return id }
        guard let prefix = IDPrefix(text), kind != .message else {
            let short = kind == .message ? "" : ", or its first \(IDPrefix.minimumDigits) or more digits as the tables show them"
            throw CommandFailure("\"\(text)\" is not a \(kind.rawValue) id: write the whole id (3f2c9a1e-8b4d-4c1a-9e2f-1a2b3c4d5e6f)\(short).")
        }
        do {
            return try await find(prefix, kind, photoOf: listing)
        } catch let error as APIClientError where error.isUnreachable {
            // Offline: among the ids of what this machine kept (the tables the person read).
            let folders = [IDKind.listing: "listings", .order: "orders", .conversation: "conversations"]
            // Nothing kept that matches: the server's silence is the news, not "no such id".
            guard let folder = folders[kind], let store = client.store,
                  case let kept = store.keptIDs(beginning: prefix.digits, under: folder).filter(prefix.matches), !kept.isEmpty else { throw error }
            return try Self.unique(kept, prefix, kind)
        }
    }

    private func find(_ prefix: IDPrefix, _ kind: IDKind, photoOf listing: UUID?) async throws -> UUID {
        switch kind {
        case .listing: return try await (client.send(ListingEndpoint.find(prefix)) as Listing).id
        case .user: return try await (client.send(ProfileEndpoint.findSeller(prefix)) as SellerSummary).id
        case .order: return try await (client.send(OrderEndpoint.find(prefix)) as Order).id
        case .conversation: return try await (client.send(ConversationEndpoint.find(prefix)) as Conversation).id
        case .photo:
            guard let listing else { throw CommandFailure("A photo's short id needs its listing.") }
            let photos = try await (client.send(ListingEndpoint.show(listing)) as Listing).photos
            return try Self.unique(photos.map(\.id).filter(prefix.matches), prefix, kind)
        case .expense:
            var matches: [UUID] = [], page = PageRequest.first
            while true {  // a person's own expenses: a few pages at most
                let expenses: ExpensePage = try await client.send(MoneyEndpoint.expenses(page))
                matches += expenses.items.map(\.id).filter(prefix.matches)
                guard let next = expenses.nextCursor else { break }
                page = PageRequest(cursor: next)
            }
            return try Self.unique(matches, prefix, kind)
        case .savedSearch:  // at most 20, one list
            let searches: [SavedSearch] = try await client.send(SavedSearchEndpoint.list)
            return try Self.unique(searches.map(\.id).filter(prefix.matches), prefix, kind)
        case .message: fatalError("refused above")
        }
    }

    private static func unique(_ matches: [UUID], _ prefix: IDPrefix, _ kind: IDKind) throws -> UUID {
        guard let first = matches.first else { throw CommandFailure("No \(kind.rawValue) of yours has an id beginning with \(prefix.digits).") }
        guard matches.count == 1 else { throw CommandFailure("\(prefix.digits) begins more than one \(kind.rawValue)'s id; type more of it.") }
        return first
    }
}
