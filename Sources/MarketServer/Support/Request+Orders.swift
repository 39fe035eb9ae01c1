import Fluent
import Vapor

/// The transaction services, bound to this request's database, clock and notification senders.
extension Request {
    var orderRecorder: OrderRecorder {
        OrderRecorder(notifier: Notifier(senders: application.notificationSenders, now: now), now: now)
    }

    var writes: WriteTransactions { WriteTransactions(database: db, gate: application.sqliteWriteGate) }
    var purchases: PurchaseService { PurchaseService(database: db, writes: writes, recorder: orderRecorder, now: now) }
    var rentals: RentalService {
        RentalService(database: db, writes: writes, settings: application.settings, recorder: orderRecorder, now: now)
    }
    var orderLifecycle: OrderLifecycle { OrderLifecycle(database: db, writes: writes, recorder: orderRecorder, now: now) }
    var tradeOffers: TradeOfferService { TradeOfferService(database: db, writes: writes, recorder: orderRecorder, now: now) }
    var orderQueries: OrderQueries { OrderQueries(database: db) }
    var orderPresenter: OrderPresenter { OrderPresenter(database: db) }
    var tradeOfferPresenter: TradeOfferPresenter { TradeOfferPresenter(database: db) }
    var notifications: NotificationService { NotificationService(database: db, now: now) }
    var ledger: LedgerService { LedgerService(database: db) }
    var expenses: ExpenseService { ExpenseService(database: db, settings: application.settings, now: now) }

    var deliveryQuotes: DeliveryQuoteService {
        DeliveryQuoteService(database: db, provider: application.deliveryQuoteProvider,
                             lifetime: application.settings.delivery.quoteLifetime, now: now)
    }

    /// The signed-in user's id, or 401.
    func requireUserID() throws -> UUID {
        try requireSession().user.requireID()
    }
}
