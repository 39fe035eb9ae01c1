/// Makes an image smaller while its rows arrive one at a time from a decoder, so a large photo is
/// never held whole: it keeps two rows of the output's sums. Each output pixel is the mean of the
/// source area it covers, fractions of edge pixels included (a box filter over exact areas), which
/// for shrinking is sharp and free of the moiré of skipping pixels.
///
/// Every source pixel falls into at most two output pixels across and two down, because the
/// output is never larger than the source.
struct AreaResampler {
    let source: (width: Int, height: Int)
    let target: (width: Int, height: Int)
    /// For source column x: the output column it starts in, and the share of it that falls there
    /// (the rest falls into the next column).
    private let columns: [(Int, Float)]
    private let scaleY: Double
    private var row: [Float]
    private var current: [Float]
    private var next: [Float]
    private var sourceRow = 0
    private var outputRow = 0
    private var pixels: [UInt8]

    init(from source: (width: Int, height: Int), to target: (width: Int, height: Int)) {
        precondition(target.width <= source.width && target.height <= source.height && target.width > 0 && target.height > 0)
        self.source = source
        self.target = target
        columns = Self.shares(count: source.width, into: target.width)
        scaleY = Double(source.height) / Double(target.height)
        row = Array(repeating: 0, count: target.width * 3)
        current = row
        next = row
        pixels = Array(repeating: 0, count: target.width * target.height * 3)
    }

    /// For each of `count` source positions, the output position it starts in and its share there.
    private static func shares(count: Int, into outputs: Int) -> [(Int, Float)] {
        let scale = Double(count) / Double(outputs)
        return (0..<count).map { index in
            let output = min(outputs - 1, Int(Double(index) / scale))
            let boundary = Double(output + 1) * scale
            let share = Double(index + 1) <= boundary || output == outputs - 1 ? 1 : boundary - Double(index)
            return (output, Float(share))
        }
    }

    /// The next source row, `source.width` RGB pixels.
    mutating func add(_ input: UnsafeBufferPointer<UInt8>) {
        precondition(input.count >= source.width * 3 && sourceRow < source.height)
        // Across: the row's pixels summed into the output's columns.
        row.withUnsafeMutableBufferPointer { sums in
            for index in 0..<sums.count { sums[index] = 0 }
            columns.withUnsafeBufferPointer { columns in
                // Unchecked arithmetic (&*, &+): the indices stay inside the row by construction,
                // and the overflow checks were a third of this loop's instructions.
                for x in 0..<source.width {
                    let (output, share) = columns[x]
                    let at = output &* 3, from = x &* 3
                    let red = Float(input[from]), green = Float(input[from &+ 1]), blue = Float(input[from &+ 2])
                    sums[at] += red * share; sums[at &+ 1] += green * share; sums[at &+ 2] += blue * share
                    if share < 1 {
                        let rest = 1 - share
                        sums[at &+ 3] += red * rest; sums[at &+ 4] += green * rest; sums[at &+ 5] += blue * rest
                    }
                }
            }
        }
        // Down: the summed row into the output row it falls in, and the next when it straddles.
        let top = Double(sourceRow), boundary = Double(outputRow + 1) * scaleY
        let share = outputRow == target.height - 1 || top + 1 <= boundary ? Float(1) : Float(boundary - top)
        Self.accumulate(row, into: &current, share)
        sourceRow += 1
        let isLast = sourceRow == source.height
        if share < 1 || Double(sourceRow) >= boundary - 1e-9 || isLast {
            if share < 1 { Self.accumulate(row, into: &next, 1 - share) }
            if outputRow < target.height { emit() }
            swap(&current, &next)
            for index in 0..<next.count { next[index] = 0 }
        }
    }

    private static func accumulate(_ row: [Float], into sums: inout [Float], _ share: Float) {
        row.withUnsafeBufferPointer { row in
            sums.withUnsafeMutableBufferPointer { sums in
                for index in 0..<row.count { sums[index] += row[index] * share }
            }
        }
    }

    /// Writes the current output row: its sums divided by the area each output pixel covers,
    /// rounded half up. Sums are never negative, so adding a half and truncating rounds: a call
    /// to rounded() per byte (libm's roundf, not inlined) was a quarter of an upload's CPU.
    private mutating func emit() {
        let perArea = Float(Double(target.width) / Double(source.width) / scaleY)
        let start = outputRow * target.width * 3
        current.withUnsafeBufferPointer { sums in
            pixels.withUnsafeMutableBufferPointer { pixels in
                let row = UnsafeMutableBufferPointer(rebasing: pixels[start..<(start + sums.count)])
                for index in 0..<sums.count { row[index] = Self.byte(min(255, sums[index] * perArea + 0.5)) }
            }
        }
        outputRow += 1
    }

    /// The whole part of 0 ≤ value < 256, as a byte. Swift's conversion checks its range and
    /// stops the program outside it, and that check kept the loop above from working on many
    /// bytes at once: a tenth of an upload's CPU. Adding 2^23 and taking it away again leaves
    /// the value rounded to the nearest whole number (a float keeps no fraction at 2^23); one
    /// less where that rounded up; and the whole number is then the low bits of it plus 2^23.
    @inline(__always)
    static func byte(_ value: Float) -> UInt8 {
        let shift: Float = 8_388_608
        var whole = (value + shift) - shift
        whole -= whole > value ? 1 : 0
        return UInt8(truncatingIfNeeded: (whole + shift).bitPattern)
    }

    /// The output, once every source row was added.
    func image() -> RGBImage {
        precondition(sourceRow == source.height, "every source row is added before the image is read")
        return RGBImage(width: target.width, height: target.height, pixels: pixels)
    }
}
