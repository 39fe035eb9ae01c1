import Fluent
import Foundation
import MarketCore

/// "Download my data": everything an account holds, read through the same services and
/// presenters the API answers with, so the archive says what the app says. Each list is read
/// whole, page by page. Throttled per account (`exportsPerWindow`): an archive reads every table.
struct AccountExporter {
    let services: DomainServices

    /// Archives one account may ask for in the sign-in throttle's window (15 minutes).
    static let exportsPerWindow = 5

    private var database: any Database { services.database }

    func export(_ session: Session, clientAddress: String) async throws -> AccountExport {
        let user = session.user
        let userID = try user.requireID()
        // Twenty times as many from one address: students behind one campus address.
        _ = try await services.throttle(perTarget: Self.exportsPerWindow, perAddress: Self.exportsPerWindow * 20)
            .begin(accountKey: "export:" + userID.wireString, clientAddress: "export:" + clientAddress, of: "data downloads")

        let listingRecords = try await ListingRecord.query(on: database).filter(\.$seller.$id == userID).sort(FieldKey("seq"), .descending).all()
        let listings = try await services.listingPresenter.present(try listingRecords.map { try ListingRow($0, sellerName: user.publicName) })
        let orders = try await Self.everyPage { cursor in
            let (records, next) = try await services.orderQueries.list(for: userID, role: nil, status: nil, type: nil, limit: QueryReader.maxLimit, after: cursor)
            return (try await services.orderPresenter.present(records, for: userID), next?.token)
        }
        var offers: [TradeOffer] = []
        for received in [false, true] {
            offers += try await Self.everyPage { cursor in
                let page = try await services.tradeOfferPresenter.list(for: userID, received: received, status: nil, listingID: nil,
                                                                        limit: QueryReader.maxLimit, after: cursor)
                return (page.items, page.nextCursor)
            }
        }
        let conversations = try await Self.everyPage { cursor in
            let page = try await services.conversations.page(for: userID, limit: QueryReader.maxLimit, after: cursor)
            return (page.items, page.nextCursor)
        }
        var histories: [AccountExport.ConversationHistory] = []
        for conversation in conversations {
            let messages = try await Self.everyPage { cursor in
                let page = try await services.conversations.messages(in: conversation.id, for: userID, limit: QueryReader.maxLimit, after: cursor)
                return (page.items, page.nextCursor)
            }
            histories.append(.init(conversation: conversation, messages: messages.reversed()))
        }
        let reviews = try await services.reviews.all(of: userID)
        let reports = try await ReportRecord.query(on: database).filter(\.$reporterID == userID).sort(\.$createdAt, .descending).all()
            .map(ReportService.present)
        let notifications = try await Self.everyPage { cursor in
            let page = try await services.notifications.page(for: userID, unreadOnly: false, limit: QueryReader.maxLimit, after: cursor)
            return (page.items, page.nextCursor)
        }
        let ledger = try await Self.everyPage { cursor in
            let page = try await services.ledger.ledger(for: userID, limit: QueryReader.maxLimit, after: cursor)
            return (page.entries, page.nextCursor)
        }
        let expenses = try await Self.everyPage { cursor in
            let page = try await services.expenses.page(for: userID, limit: QueryReader.maxLimit, after: cursor)
            return (page.items, page.nextCursor)
        }
        let favorites = try await Self.everyPage { cursor in
            let page = try await services.favorites.page(for: user, limit: QueryReader.maxLimit, after: cursor)
            return (page.items, page.nextCursor)
        }
        return AccountExport(
            exportedAt: services.now, profile: try services.trust.profile(of: user), listings: listings, orders: orders,
            tradeOffers: offers, conversations: histories, reviewsReceived: reviews.received, reviewsGiven: reviews.given,
            reportsFiled: reports, notifications: notifications, notificationSettings: try await services.notificationPreferences.settings(of: userID),
            ledger: ledger, expenses: expenses, favorites: favorites, savedSearches: try await services.savedSearches.list(for: userID),
            blocked: try await services.blocks.list(for: userID).items, passkeys: try await services.passkeys.list(session),
            pushDevices: try await services.pushDevices.list(for: userID))
    }

    /// Every item of a list read a page at a time (`PageCursor` tokens).
    private static func everyPage<Item>(_ page: (PageCursor?) async throws -> ([Item], String?)) async throws -> [Item] {
        var items: [Item] = []
        var cursor: PageCursor?
        repeat {
            let (batch, next) = try await page(cursor)
            items += batch
            cursor = next.flatMap { OpaqueToken.decode($0, as: PageCursor.self) }
        } while cursor != nil
        return items
    }
}
