import Vapor

/// The jobs a write wakes, so a service can ask for a round right after its commit.
extension Application {
    private struct MailDeliveryKey: StorageKey { typealias Value = JobRunner }
    private struct PushDeliveryKey: StorageKey { typealias Value = JobRunner }
    private struct SavedSearchMatcherKey: StorageKey { typealias Value = JobRunner }

    /// Sends the mail outbox; set by `configure`.
    var mailDelivery: JobRunner {
        get {
            guard let delivery = storage[MailDeliveryKey.self] else { fatalError("configure(_:settings:) has not run") }
            return delivery
        }
        set { storage[MailDeliveryKey.self] = newValue }
    }

    /// Sends the push queue; set by `configure` when Apple's push service is configured.
    var pushDelivery: JobRunner? {
        get { storage[PushDeliveryKey.self] }
        set { storage[PushDeliveryKey.self] = newValue }
    }

    /// The write transactions of a job's round: on SQLite in the batches requests' writes run
    /// in; no live event to announce after them.
    var jobWrites: WriteTransactions {
        WriteTransactions(database: db, groupCommit: sqliteGroupCommit, committed: nil)
    }

    /// Matches new listings against saved searches; set by `configure`.
    var savedSearchMatcher: JobRunner? {
        get { storage[SavedSearchMatcherKey.self] }
        set { storage[SavedSearchMatcherKey.self] = newValue }
    }
}
