/// Compares two secrets in time that depends only on their length, so an attacker timing the
/// answer learns nothing about how much of a guess was right (CSRF tokens, flow states).
enum ConstantTime {
    static func equal(_ a: String, _ b: String) -> Bool {
        a.utf8.count == b.utf8.count && zip(a.utf8, b.utf8).reduce(0) { $0 | ($1.0 ^ $1.1) } == 0
    }
}
