import MarketCore
import Vapor

// MarketCore is Foundation-only so clients can share it; the server makes its wire types Vapor `Content` here.
extension AuthResponse: Content {}
extension AuthStatus: Content {}
extension UserProfile: Content {}
extension RegisterRequest: Content {}
extension LoginRequest: Content {}
extension UpdateProfileRequest: Content {}
extension MarketCore.Listing: Content {}
extension Page: Content {}
extension ListingPhoto: Content {}
extension SellerSummary: Content {}
extension FeatureReceipt: Content {}
extension FeatureRefund: Content {}
extension ListingRemoval: Content {}
extension MarketCore.Order: Content {}
extension Availability: Content {}
extension TradeOffer: Content {}
extension DeliveryQuote: Content {}
extension MarketNotification: Content {}
extension UnreadPage: Content {}
extension UnreadCount: Content {}
extension Ledger: Content {}
extension Expense: Content {}
extension ExpensePage: Content {}
extension TextTrader.ErrorBody: Content {}
extension TextTrader.RegisterResponse: Content {}
extension TextTrader.LoginResponse: Content {}
extension TextTrader.User: Content {}
extension TextTrader.VerifyResponse: Content {}
extension TextTrader.Book: Content {}
extension TextTrader.BookPage: Content {}
extension PasswordResetAccepted: Content {}
extension AppleNonce: Content {}
extension PasskeyOptions.Creation: Content {}
extension PasskeyOptions.Request: Content {}
extension Passkey: Content {}
extension Conversation: Content {}
extension ConversationMessage: Content {}
extension BlockedUser: Content {}
extension BlockList: Content {}
