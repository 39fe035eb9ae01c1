/// A page its template cannot draw: no such template, or a value that is not what an expression
/// needs (a list written as text). A mistake in a template, answered as a server error and logged.
struct TemplateError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
