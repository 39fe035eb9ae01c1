import Fluent
import Foundation
import MarketCore
import NIOCore
import Vapor

/// The Server-Sent Events response of `GET /api/v1/events` (and the web app's copy): the
/// signed-in user's events as they commit, what they missed when they resume with
/// `Last-Event-ID`, and a comment line every heartbeat so proxies keep the connection open.
/// A client that goes away is noticed at the next write, at the latest one heartbeat later,
/// and its subscription is dropped. A session that ends meanwhile ends the stream at the next
/// heartbeat (`EventHeartbeats` sends them and checks the sessions).
enum EventStream {
    static func response(for req: Request, session: Session) async throws -> Response {
        let userID = session.userID, tokenID = session.tokenID
        let db = req.db, hub = req.application.eventHub
        var resumeFrom = req.headers.first(name: "Last-Event-ID").flatMap { Int64($0.trimmingCharacters(in: .whitespaces)) }
        // An id from the future (another server's, a made-up one) would hide events up to it.
        if let id = resumeFrom {
            let newest = try await EventLog.latestSeq(for: nil, on: db)
            if id < 0 || id > newest { resumeFrom = nil }
        }

        // Listen first, then read: an event committed in between is both replayed and offered,
        // and `written` sends it once.
        let start: Int64
        if let resumeFrom { start = resumeFrom } else { start = try await EventLog.latestSeq(for: userID, on: db) }
        let subscription = hub.subscribe(userID, tokenID: tokenID, after: start)
        var (replay, missedSome): ([LiveEventRow], Bool) = ([], false)
        do {
            if let resumeFrom { (replay, missedSome) = try await backlog(of: userID, after: resumeFrom, on: db) }
        } catch {
            // No response will carry this subscription: let the hub forget it.
            subscription.finish()
            throw error
        }
        let missed = replay  // a constant, for the response body to capture
        let greeting = greetingFrame(start: start, resumed: resumeFrom != nil, missedSome: missedSome)

        let response = Response(status: .ok, body: .init(asyncStream: { writer in
            defer { subscription.finish() }
            var written = start
            do {
                try await writer.write(.buffer(ByteBuffer(string: greeting)))
                for row in missed where row.seq > written {
                    try await writer.write(.buffer(ByteBuffer(string: row.frame)))
                    written = row.seq
                }
                subscription.advance(to: written)
                for await signal in subscription.signals {
                    switch signal {
                    case .event(let row):
                        guard row.seq > written else { continue }
                        try await writer.write(.buffer(ByteBuffer(string: row.frame)))
                        written = row.seq
                    case .heartbeat:
                        try await writer.write(.buffer(ByteBuffer(string: ": heartbeat\n\n")))
                    }
                }
                try await writer.write(.end)
            } catch {
                // The client went away: nothing to tell it.
                try? await writer.write(.end)
            }
        }))
        response.headers.contentType = HTTPMediaType(type: "text", subType: "event-stream", parameters: ["charset": "utf-8"])
        response.headers.replaceOrAdd(name: HTTPHeaders.Name.cacheControl, value: "no-store")
        // nginx would otherwise buffer the stream.
        response.headers.replaceOrAdd(name: "X-Accel-Buffering", value: "no")
        return response
    }

    /// What a resumed stream missed, and whether some of it may already have been swept (the ids
    /// between the one asked for and the oldest kept are gone: some may have been theirs).
    private static func backlog(of userID: UUID, after seq: Int64, on db: any Database) async throws -> ([LiveEventRow], missedSome: Bool) {
        let rows = try await EventLog.events(for: userID, after: seq, on: db)
        let oldest = try await EventLog.oldestSeq(on: db)
        return (rows, oldest.map { $0 > seq + 1 } ?? false)
    }

    /// The first frame: how long a browser waits before reconnecting, and a `ready` event whose
    /// id is where this stream starts (a client that never got an event can still resume).
    /// `resync` tells a client that events it asked for were already forgotten: reload lists.
    private static func greetingFrame(start: Int64, resumed: Bool, missedSome: Bool) -> String {
        let kind = missedSome ? "resync" : "ready"
        return "retry: 2000\n" + (resumed ? "" : "id: \(start)\n") + "event: \(kind)\ndata: {}\n\n"
    }
}
