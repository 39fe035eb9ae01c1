import Vapor

extension Request {
    /// A UUID path parameter; anything else is a 404 (no such resource), never a 500.
    func uuidParameter(_ name: String) throws -> UUID {
        guard let value = parameters.get(name), let id = UUID(uuidString: value) else { throw APIError.notFoundAtAddress }
        return id
    }
}
