import Foundation

/// Turns the bytes of a `text/event-stream` into frames, as the HTML standard's parser does:
/// lines end in LF, CRLF or CR; `:` starts a comment (heartbeats); several `data:` lines join
/// with newlines; a blank line ends the frame.
struct ServerSentEventParser: Sendable {
    private var buffer = Data()
    private var current = ServerSentEvent()
    private var hasData = false
    private var hasFields = false

    /// Frames completed by `chunk`.
    mutating func feed(_ chunk: Data) -> [ServerSentEvent] {
        buffer.append(chunk)
        var frames: [ServerSentEvent] = []
        while let end = buffer.firstIndex(where: { $0 == 0x0A || $0 == 0x0D }) {
            // A CR at the very end may be half of a CRLF still on its way.
            if buffer[end] == 0x0D, end == buffer.index(before: buffer.endIndex) { break }
            let line = String(decoding: buffer[buffer.startIndex..<end], as: UTF8.self)
            var next = buffer.index(after: end)
            if buffer[end] == 0x0D, next < buffer.endIndex, buffer[next] == 0x0A { next = buffer.index(after: next) }
            buffer.removeSubrange(buffer.startIndex..<next)
            if let frame = take(line) { frames.append(frame) }
        }
        return frames
    }

    private mutating func take(_ line: String) -> ServerSentEvent? {
        if line.isEmpty {
            defer { current = ServerSentEvent(); hasData = false; hasFields = false }
            return hasFields ? current : nil
        }
        if line.hasPrefix(":") { return nil }
        let (field, value): (Substring, Substring)
        if let colon = line.firstIndex(of: ":") {
            field = line[..<colon]
            var rest = line[line.index(after: colon)...]
            if rest.hasPrefix(" ") { rest = rest.dropFirst() }
            value = rest
        } else {
            (field, value) = (Substring(line), "")
        }
        hasFields = true
        switch field {
        case "id": current.id = String(value)
        case "event": current.event = String(value)
        case "data":
            current.data += (hasData ? "\n" : "") + value
            hasData = true
        case "retry": current.retry = Int(value)
        default: break
        }
        return nil
    }
}
