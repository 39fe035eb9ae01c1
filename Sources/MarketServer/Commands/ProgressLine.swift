import Fluent
import MarketCore
import Foundation
import SQLKit
import Vapor

/// A one-line progress bar redrawn in place.
struct ProgressLine {
    let total: Int
    let console: any Console
    var noun = "listings"
    let started = Date()

    mutating func update(_ done: Int) {
        let fraction = total == 0 ? 1 : Double(done) / Double(total)
        let width = 30
        let filled = Int(fraction * Double(width))
        let rate = Double(done) / max(0.001, Date().timeIntervalSince(started))
        let bar = String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled)
        console.output("\r[\(bar)] \(Int(fraction * 100))% \(done)/\(total) \(noun), \(Int(rate))/s".consoleText(), newLine: false)
    }

    func finish() {
        console.output("", newLine: true)
    }
}
