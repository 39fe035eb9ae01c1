import Vapor

extension Request {
    /// How this request's pages write and read times: in the signed-in person's campus zone,
    /// else the server's default (`TIME_ZONE`, or the first campus's).
    var localTime: LocalTime { LocalTime(domain.trust.timeZone(of: auth.get(Session.self)?.user)) }
}
