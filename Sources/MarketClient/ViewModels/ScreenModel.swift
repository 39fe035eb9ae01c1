import Foundation
import MarketCore

/// What every screen shows besides its content: a spinner while a call runs, the problem of
/// each field beside it, and a sentence for everything else (a 409 "This listing has already
/// been sold.", "The server could not be reached…").
@MainActor
public protocol ScreenModel: AnyObject {
    var isLoading: Bool { get set }
    /// The problem of each field, by the API's field name (`title`, `salePriceCents`, `textbook.isbn`).
    var fieldErrors: FieldErrors { get set }
    /// A problem that belongs to no one field, for an alert or a banner.
    var errorMessage: String? { get set }
}

extension ScreenModel {
    /// Runs `work` with `isLoading` set, clearing the previous problems first. A failure is
    /// shown (field errors beside their fields, the rest as `errorMessage`) and answers nil.
    func perform<T>(_ work: () async throws -> T) async -> T? {
        isLoading = true
        fieldErrors = [:]
        errorMessage = nil
        defer { isLoading = false }
        do {
            return try await work()
        } catch {
            show(error)
            return nil
        }
    }

    /// Shows `error` as `perform(_:)` does.
    func show(_ error: any Error) {
        if error is CancellationError { return }
        guard let apiError = error as? APIClientError else {
            errorMessage = error.localizedDescription
            return
        }
        fieldErrors = apiError.fieldErrors
        // Field errors speak for themselves beside the fields; the summary says how many.
        errorMessage = apiError.message
    }

    /// `result`'s value, or nil with its field errors shown — checked before any request.
    func checked<T>(_ result: Result<T, FieldErrorList>) -> T? {
        switch result {
        case .success(let value):
            return value
        case .failure(let list):
            show(APIClientError.invalid(list.fields))
            return nil
        }
    }

    /// The problem of `field`, for the text under its input.
    public func error(for field: String) -> String? { fieldErrors[field]?.localized }
}
