import Foundation
import MarketCore
@testable import MarketServer
import Testing
import Vapor

/// The body limit is enforced while the body streams in, so it is tested over a real socket.
@Suite("Body size limit")
struct BodyLimitTests {
    @Test("a body over MAX_BODY_SIZE is a JSON 413 and writes nothing")
    func bodyTooLarge() async throws {
        try await withTestApp(adjust: { $0.maxBodySize = "16kb" }) { app in
            try await app.withLiveServer { baseURL in
                let huge = try JSONEncoder().encode(RegisterRequest(email: "a@campus.edu", password: "longenough",
                                                                    name: String(repeating: "a", count: 20_000)))

                let (status, data) = try await httpRequest("POST", baseURL.appendingPathComponent("api/v1/auth/register"), body: huge)

                #expect(status == 413)
                #expect(try JSONDecoder().decode(APIErrorBody.self, from: data).error.code == "payload_too_large")
                #expect(try await UserRecord.query(on: app.db).count() == 0)
            }
        }
    }
}
