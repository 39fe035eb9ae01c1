import Foundation
import MarketCore
import Vapor

extension Base64URL {
    /// 32 random bytes, base64url: a secret no one can guess (tokens, keys, nonces, challenges).
    static func randomToken() -> String {
        encode([UInt8].random(count: 32))
    }
}
