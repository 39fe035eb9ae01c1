import MarketCore
import Vapor

extension Request {
    /// A UUID path parameter; anything else is a 404 (no such resource), never a 500.
    func uuidParameter(_ name: String) throws -> UUID {
        guard let value = parameters.get(name), let id = UUID(uuidString: value) else { throw APIError.notFoundAtAddress }
        return id
    }

    /// A whole id, or the unique beginning of one (8 or more hex digits) that `resolve` turns
    /// into the id of the one thing it names, among what the caller may see.
    func uuidParameter(_ name: String, orPrefix resolve: (IDPrefix) async throws -> UUID) async throws -> UUID {
        guard let value = parameters.get(name) else { throw APIError.notFoundAtAddress }
        if let id = UUID(uuidString: value) { return id }
        guard let prefix = IDPrefix(value) else { throw APIError.notFoundAtAddress }
        return try await resolve(prefix)
    }
}
