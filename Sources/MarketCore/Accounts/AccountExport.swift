import Foundation

/// `GET /api/v1/me/export`, the web's "Download my data" and `market export`: everything the
/// account holds, in the API's own shapes, so a student can read it, keep it or take it elsewhere
/// (the access and portability rights of the GDPR). Photos are named by their URLs.
public struct AccountExport: Codable, Sendable, Equatable {
    /// A conversation with every message in it, oldest first.
    public struct ConversationHistory: Codable, Sendable, Equatable {
        public var conversation: Conversation
        public var messages: [ConversationMessage]

        public init(conversation: Conversation, messages: [ConversationMessage]) {
            self.conversation = conversation
            self.messages = messages
        }
    }

    public var exportedAt: Date
    public var profile: UserProfile
    /// Every listing of theirs, in any state, newest first.
    public var listings: [Listing]
    /// As buyer or renter and as seller.
    public var orders: [Order]
    /// Made and received.
    public var tradeOffers: [TradeOffer]
    public var conversations: [ConversationHistory]
    public var reviewsReceived: [Review]
    public var reviewsGiven: [Review]
    public var reportsFiled: [Report]
    public var notifications: [MarketNotification]
    public var notificationSettings: NotificationSettings
    public var ledger: [LedgerEntry]
    public var expenses: [Expense]
    public var favorites: [Favorite]
    public var savedSearches: [SavedSearch]
    public var blocked: [BlockedUser]
    public var passkeys: [Passkey]
    public var pushDevices: [PushDevice]

    public init(exportedAt: Date, profile: UserProfile, listings: [Listing], orders: [Order], tradeOffers: [TradeOffer],
                conversations: [ConversationHistory], reviewsReceived: [Review], reviewsGiven: [Review], reportsFiled: [Report],
                notifications: [MarketNotification], notificationSettings: NotificationSettings, ledger: [LedgerEntry],
                expenses: [Expense], favorites: [Favorite], savedSearches: [SavedSearch], blocked: [BlockedUser],
                passkeys: [Passkey], pushDevices: [PushDevice]) {
        self.exportedAt = exportedAt
        self.profile = profile
        self.listings = listings
        self.orders = orders
        self.tradeOffers = tradeOffers
        self.conversations = conversations
        self.reviewsReceived = reviewsReceived
        self.reviewsGiven = reviewsGiven
        self.reportsFiled = reportsFiled
        self.notifications = notifications
        self.notificationSettings = notificationSettings
        self.ledger = ledger
        self.expenses = expenses
        self.favorites = favorites
        self.savedSearches = savedSearches
        self.blocked = blocked
        self.passkeys = passkeys
        self.pushDevices = pushDevices
    }
}
