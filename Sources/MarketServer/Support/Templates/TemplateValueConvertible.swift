import MarketCore
/// A page's content written as template values by hand, for the pages drawn most (a listing's,
/// the layout of every page). `TemplateEncoder` goes through `Encodable`'s generic containers,
/// a value and a dictionary insert at a time: two thirds of drawing a listing's page was that.
///
/// The type stays `Encodable` with the compiler's encoding, and `TemplateValueTests` compares the
/// two encodings, so a key written here differently from the property is caught.
protocol TemplateValueConvertible {
    var templateValue: TemplateValue { get }
}

extension String: TemplateValueConvertible {
    var templateValue: TemplateValue { .string(self) }
}

/// In the language of the page being drawn (`Localizer.current`, set by `renderPage`).
extension Phrase: TemplateValueConvertible {
    var templateValue: TemplateValue { .string(Localizer.current.string(self)) }
}

extension Bool: TemplateValueConvertible {
    var templateValue: TemplateValue { .bool(self) }
}

extension Int: TemplateValueConvertible {
    var templateValue: TemplateValue { .int(self) }
}

/// nil reads the same as a missing key.
extension Optional: TemplateValueConvertible where Wrapped: TemplateValueConvertible {
    var templateValue: TemplateValue { self?.templateValue ?? .null }
}

extension Array: TemplateValueConvertible where Element: TemplateValueConvertible {
    var templateValue: TemplateValue { .array(map(\.templateValue)) }
}
