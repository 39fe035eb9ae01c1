import Foundation
import MarketCore

/// The ledger's months as a bar chart in SVG, drawn on the server: spent and earned side by
/// side per month. No chart library and no script; the numbers are also in the table below it.
enum LedgerChart {
    /// SVG markup for the last `months` months of one currency. Every text in it is escaped.
    static func svg(_ totals: [LedgerTotal], currency: String, months: Int = 6) -> String? {
        let rows = totals.filter { $0.currency == currency && $0.key != nil }
            .sorted { ($0.key ?? "") < ($1.key ?? "") }.suffix(months)
        guard !rows.isEmpty else { return nil }
        let width = 600.0, height = 220.0, top = 20.0, bottom = 30.0, left = 10.0
        let peak = Double(max(1, rows.map { max($0.spentCents, $0.earnedCents) }.max() ?? 1))
        let slot = (width - left * 2) / Double(rows.count)
        let barWidth = min(40, slot / 3)
        var parts: [String] = []
        for (index, row) in rows.enumerated() {
            let x = left + slot * Double(index) + slot / 2
            let scale = (height - top - bottom) / peak
            let spent = Double(row.spentCents) * scale, earned = Double(row.earnedCents) * scale
            let base = height - bottom
            parts.append(#"<rect class="bar-out" x="\#(fmt(x - barWidth - 2))" y="\#(fmt(base - spent))" width="\#(fmt(barWidth))" height="\#(fmt(spent))"><title>\#(escape(label(row.key))) spent \#(escape(MoneyText.format(row.spentCents, currency: currency)))</title></rect>"#)
            parts.append(#"<rect class="bar-in" x="\#(fmt(x + 2))" y="\#(fmt(base - earned))" width="\#(fmt(barWidth))" height="\#(fmt(earned))"><title>\#(escape(label(row.key))) earned \#(escape(MoneyText.format(row.earnedCents, currency: currency)))</title></rect>"#)
            parts.append(#"<text x="\#(fmt(x))" y="\#(fmt(height - 10))" text-anchor="middle">\#(escape(label(row.key)))</text>"#)
        }
        let summary = rows.map { "\(label($0.key)): spent \(MoneyText.format($0.spentCents, currency: currency)), earned \(MoneyText.format($0.earnedCents, currency: currency))" }
            .joined(separator: "; ")
        return #"<svg class="chart" viewBox="0 0 600 220" role="img" aria-label="\#(escape("Spent (red) and earned (green) by month. " + summary))">"#
            + parts.joined() + "</svg>"
    }

    /// "2026-11" → "Nov 2026".
    static func label(_ key: String?) -> String {
        guard let key, key.count == 7, let month = Int(key.suffix(2)), (1...12).contains(month) else { return key ?? "" }
        let names = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        return "\(names[month - 1]) \(key.prefix(4))"
    }

    private static func fmt(_ value: Double) -> String { String(format: "%.1f", value) }

    private static func escape(_ text: String) -> String { HTMLText.escape(text) }
}
