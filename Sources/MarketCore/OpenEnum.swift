/// A wire enum the server may grow. A client built before a value was added decodes it as
/// `.unknown` instead of failing the whole page it came in (openapi.yaml says these enums may
/// grow). `.unknown` is never sent and is not among `allCases`, so the server never accepts it.
public protocol OpenEnum: RawRepresentable, Codable, CaseIterable, Sendable where RawValue == String {
    static var unknown: Self { get }
}

extension OpenEnum {
    public init(from decoder: any Decoder) throws {
        let raw = try decoder.singleValueContainer().decode(String.self)
        self = Self(rawValue: raw).flatMap { Self.allCases.map(\.rawValue).contains($0.rawValue) ? $0 : nil } ?? .unknown
    }

    /// A value this server knows: the parse every input (query or body) goes through.
    public init?(known raw: String) {
        guard let value = Self(rawValue: raw), Self.allCases.contains(where: { $0.rawValue == raw }) else { return nil }
        self = value
    }
}
