/// A setting the operator got wrong; start-up stops with this sentence.
public struct ConfigurationError: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
