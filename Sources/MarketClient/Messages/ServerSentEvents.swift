import Foundation

/// One Server-Sent Events frame: the fields of the lines up to a blank line.
struct ServerSentEvent: Sendable, Equatable {
    var id: String?
    var event: String = "message"
    var data: String = ""
    var retry: Int?
}
