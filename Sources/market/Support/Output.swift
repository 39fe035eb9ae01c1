import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import MarketClient
import MarketCore

/// Where a command writes: tables and sentences for a person, or JSON for a script. Colour
/// only when the stream is a terminal (and `NO_COLOR` is not set).
struct Output {
    let json: Bool
    private let colourOut = Output.isTerminal(STDOUT_FILENO)
    private let colourErr = Output.isTerminal(STDERR_FILENO)

    init(json: Bool) { self.json = json }

    static func isTerminal(_ descriptor: Int32) -> Bool {
        isatty(descriptor) == 1 && ProcessInfo.processInfo.environment["NO_COLOR"] == nil
    }

    /// `value` as JSON in --json mode, otherwise what `human` prints.
    func show<Value: Encodable>(_ value: Value, human: () -> Void) {
        guard json else { return human() }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        if let data = try? encoder.encode(value) { print(String(decoding: data, as: UTF8.self)) }
    }

    /// What every listing command prints: `value` as JSON in --json mode; for a person, `empty`
    /// when there are no `items`, else one row of `columns` for each, then the `footer` lines.
    func list<Value: Encodable, Item>(_ value: Value, _ items: [Item], empty: String, columns: [String],
                                      alignments: [Table.Alignment]? = nil, row: (Item) -> [String],
                                      footer: () -> [String] = { [] }) {
        show(value) {
            guard !items.isEmpty else { return say(empty) }
            var table = Table(columns, alignments: alignments)
            for item in items { table.rows.append(row(item)) }
            say(table.render(self))
            footer().forEach(say)
        }
    }

    /// A line for a person (nothing in --json mode, where only the data is printed).
    func say(_ line: String) {
        if !json { print(line) }
    }

    /// A sentence of our own for a person, in their language (`LANG`, `Localizer.current`).
    func tell(_ line: Phrase) { say(line.localized) }

    func bold(_ text: String) -> String { colourOut ? "\u{1B}[1m\(text)\u{1B}[0m" : text }
    func dim(_ text: String) -> String { colourOut ? "\u{1B}[2m\(text)\u{1B}[0m" : text }
    func green(_ text: String) -> String { colourOut ? "\u{1B}[32m\(text)\u{1B}[0m" : text }

    /// A note on stderr (progress, hints), so stdout stays the data.
    /// A write kept to send once the server can be reached.
    func waiting(_ item: OutboxItem) {
        show(["waiting": item.id]) {
            tell("The server cannot be reached: kept to send when it can (\(item.summary)). `market sync` sends it now; `market outbox` lists what waits.")
        }
    }

    func note(_ line: Phrase, terminator: String = "\n") {
        FileHandle.standardError.write(Data((line.localized + terminator).utf8))
    }

    /// The error as the server put it, with each field's problem on its own line.
    func fail(_ error: APIClientError) {
        var lines = [error.message]
        for (field, problem) in error.fieldErrors.sorted(by: { $0.key < $1.key }) {
            lines.append("  \(Self.optionName(field)): \(problem)")
        }
        fail(message: .verbatim(lines.joined(separator: "\n")))
    }

    func fail(message: Phrase) {
        let label = colourErr ? "\u{1B}[31merror:\u{1B}[0m" : "error:"
        note(.verbatim("\(label) \(message.localized)"))
    }

    /// The API's field name as this command's option spells it (`salePriceCents` → `--price`).
    static func optionName(_ field: String) -> String {
        let names = ["salePriceCents": "--price", "rentPriceCents": "--rent-price", "rentUnit": "--rent-unit", "depositCents": "--deposit",
                     "minPriceCents": "--min-price", "maxPriceCents": "--max-price", "q": "query",
                     "offeredListingIds": "--give", "cashTopUpCents": "--cash", "start": "--from", "end": "--to",
                     "expenseTitle": "title", "amountInCents": "amount", "dateOfPurchase": "--date",
                     "confirmationCode": "--code", "textbook.isbn": "--isbn", "textbook.courseCode": "--course",
                     "offers": "--price/--rent-price/--trade", "categories": "--category"]
        return names[field] ?? field
    }
}
