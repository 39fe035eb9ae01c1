import Foundation
import Metrics
import Vapor

/// A storage failure a person sees: 503, try again (the cause goes to the log and the metric
/// `campusmarket_photo_store_errors_total`, not to the page).
enum PhotoStorageFailure {
    static let counter = Counter(label: "campusmarket_photo_store_errors_total")

    static func wrap<T>(_ logger: Logger, _ what: String, _ body: () async throws -> T) async throws -> T {
        do {
            return try await body()
        } catch let error as APIError {
            throw error
        } catch {
            counter.increment()
            logger.error("photo store: \(what) failed: \(String(describing: error))")
            throw APIError.photoStoreUnavailable
        }
    }
}
