import Vapor

extension Request {
    /// How this request's pages write and read times: in the signed-in person's campus zone,
    /// else the server's default (`TIME_ZONE`, or the first campus's). Kept for the request
    /// while the viewer stays the same: a page and its layout both ask.
    var localTime: LocalTime {
        let user = auth.get(Session.self)?.user
        if let kept = storage[LocalTimeKey.self], kept.viewer == user?.id { return kept.time }
        let time = LocalTime(domain.trust.timeZone(of: user), language: localizer.language)
        storage[LocalTimeKey.self] = .init(viewer: user?.id, time: time)
        return time
    }

    private struct LocalTimeKey: StorageKey {
        struct Value { var viewer: UUID?; var time: LocalTime }
    }
}
