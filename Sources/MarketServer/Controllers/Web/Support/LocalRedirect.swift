/// Where a page may send a browser after signing in: a path on this site and nothing a URL
/// parser could read as another host. Browsers (the WHATWG URL parser) drop tabs and newlines
/// from a URL and treat `\` as `/`, so `/\t/evil.example` and `/\/evil.example` both become
/// `//evil.example`; percent-encoded forms are decoded before we see them (`%09`) or never read
/// as a separator by a browser (`%2F`), but a `%5C` or `%2F` straight after the first slash is
/// refused too, since some proxies decode a path before passing it on.
enum LocalRedirect {
    static func path(_ next: String?) -> String {
        guard let next, isLocal(next) else { return "/" }
        return next
    }

    static func isLocal(_ next: String) -> Bool {
        guard next.hasPrefix("/"), next.utf8.count <= 2_000 else { return false }
        // Only visible ASCII: no control or white space character (a browser strips or reads some
        // of them), nothing outside ASCII (a browser may normalise it into a separator), no backslash.
        guard next.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value < 0x7F && $0 != "\\" }) else { return false }
        let second = next.dropFirst().prefix(3).lowercased()
        if second.hasPrefix("/") || second.hasPrefix("%2f") || second.hasPrefix("%5c") { return false }
        return true
    }
}
