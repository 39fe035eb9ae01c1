/// M. F. Porter's suffix-stripping algorithm (1980), as SQLite's FTS5 `porter` tokenizer runs it on
/// the listings' words: the search asks it whether the last word typed is finished
/// (`SearchDialect.isPrefix`).
///
/// Words are lower-case letters and digits (`SearchWords`). Like FTS5, words of fewer than 3 or
/// more than 64 bytes are left as they are; so are words with letters outside ASCII, which FTS5
/// folds first (`é` → `e`) and this does not.
enum PorterStemmer {
    static func stem(_ word: String) -> String {
        let bytes = Array(word.utf8)
        guard (3...64).contains(bytes.count), bytes.allSatisfy({ $0 < 0x80 }) else { return word }
        var stemmed = Word(bytes)
        stemmed.step1()
        stemmed.step2()
        stemmed.step3()
        stemmed.step4()
        stemmed.step5()
        return String(decoding: stemmed.letters, as: UTF8.self)
    }

    /// A word being stemmed, with the algorithm's measures of its starts.
    private struct Word {
        var letters: [UInt8]
        init(_ letters: [UInt8]) { self.letters = letters }

        var count: Int { letters.count }

        /// A consonant is a letter other than a, e, i, o, u, and other than a y after a consonant.
        func isConsonant(_ index: Int) -> Bool {
            switch letters[index] {
            case UInt8(ascii: "a"), UInt8(ascii: "e"), UInt8(ascii: "i"), UInt8(ascii: "o"), UInt8(ascii: "u"): false
            case UInt8(ascii: "y"): index == 0 || !isConsonant(index - 1)
            default: true
            }
        }

        /// m: how many vowel-consonant sequences the first `length` letters hold ([C](VC)^m[V]).
        func measure(_ length: Int) -> Int {
            var (m, afterVowel) = (0, false)
            for index in 0..<length {
                if isConsonant(index) {
                    if afterVowel { m += 1 }
                    afterVowel = false
                } else {
                    afterVowel = true
                }
            }
            return m
        }

        /// *v*: the first `length` letters hold a vowel.
        func hasVowel(_ length: Int) -> Bool { (0..<length).contains { !isConsonant($0) } }

        /// *o: the first `length` letters end consonant-vowel-consonant, the last not w, x or y.
        func endsCVC(_ length: Int) -> Bool {
            guard length >= 3, ![UInt8(ascii: "w"), UInt8(ascii: "x"), UInt8(ascii: "y")].contains(letters[length - 1]) else { return false }
            return isConsonant(length - 3) && !isConsonant(length - 2) && isConsonant(length - 1)
        }

        /// Whether the word ends in `suffix`, with at least one letter before it.
        func ends(_ suffix: String) -> Bool {
            let tail = suffix.utf8
            return count > tail.count && letters[(count - tail.count)...].elementsEqual(tail)
        }

        mutating func replaceEnd(_ length: Int, with replacement: String) {
            letters.removeLast(length)
            letters.append(contentsOf: replacement.utf8)
        }

        /// The first rule whose suffix the word ends in, applied if the rest meets `condition`
        /// (a longer suffix is listed before any it ends in, so the first found is the longest).
        mutating func apply(_ rules: [(suffix: String, replacement: String)], when condition: (Word, Int) -> Bool) {
            guard let rule = rules.first(where: { ends($0.suffix) }) else { return }
            let stem = count - rule.suffix.utf8.count
            if condition(self, stem) { replaceEnd(rule.suffix.utf8.count, with: rule.replacement) }
        }

        /// Plurals and -ed or -ing; a y after a vowel-bearing stem becomes i.
        mutating func step1() {
            if letters.last == UInt8(ascii: "s") {
                if ends("sses") || (count > 3 && ends("ies")) {
                    letters.removeLast(2)
                } else if letters[count - 2] != UInt8(ascii: "s") {
                    letters.removeLast()
                }
            }
            var stripped = false
            if ends("eed") {
                if measure(count - 3) > 0 { letters.removeLast() }
            } else if ends("ed"), hasVowel(count - 2) {
                letters.removeLast(2)
                stripped = true
            } else if ends("ing"), hasVowel(count - 3) {
                letters.removeLast(3)
                stripped = true
            }
            if stripped {
                if ends("at") || ends("bl") || ends("iz") {
                    letters.append(UInt8(ascii: "e"))
                } else if let last = letters.last, count >= 2, last == letters[count - 2], !"aeioulsz".utf8.contains(last) {
                    // A double consonant (y counted as one, as FTS5 does) but l, s or z: hopp(ing) → hop.
                    letters.removeLast()
                } else if measure(count) == 1, endsCVC(count) {
                    letters.append(UInt8(ascii: "e"))
                }
            }
            if letters.last == UInt8(ascii: "y"), hasVowel(count - 1) {
                letters[count - 1] = UInt8(ascii: "i")
            }
        }

        static let step2Rules: [(suffix: String, replacement: String)] = [
            ("ational", "ate"), ("tional", "tion"), ("enci", "ence"), ("anci", "ance"), ("izer", "ize"),
            ("logi", "log"), ("bli", "ble"), ("alli", "al"), ("entli", "ent"), ("eli", "e"), ("ousli", "ous"),
            ("ization", "ize"), ("ation", "ate"), ("ator", "ate"), ("alism", "al"), ("iveness", "ive"),
            ("fulness", "ful"), ("ousness", "ous"), ("aliti", "al"), ("iviti", "ive"), ("biliti", "ble"),
        ]
        static let step3Rules: [(suffix: String, replacement: String)] = [
            ("icate", "ic"), ("ative", ""), ("alize", "al"), ("iciti", "ic"), ("ical", "ic"), ("ful", ""), ("ness", ""),
        ]
        static let step4Rules: [(suffix: String, replacement: String)] = [
            "al", "ance", "ence", "er", "ic", "able", "ible", "ant", "ement", "ment", "ent", "ion", "ou", "ism",
            "ate", "iti", "ous", "ive", "ize",
        ].map { (suffix: $0, replacement: "") }

        mutating func step2() { apply(Self.step2Rules, when: { $0.measure($1) > 0 }) }

        mutating func step3() { apply(Self.step3Rules, when: { $0.measure($1) > 0 }) }

        mutating func step4() {
            apply(Self.step4Rules) { word, stem in
                guard word.measure(stem) > 1 else { return false }
                // -ion goes only after s or t (adoption → adopt, not opinion → opin).
                guard word.letters[stem...].starts(with: "ion".utf8) else { return true }
                return [UInt8(ascii: "s"), UInt8(ascii: "t")].contains(word.letters[stem - 1])
            }
        }

        /// A final e after a long enough stem; a final double l.
        mutating func step5() {
            if letters.last == UInt8(ascii: "e") {
                let m = measure(count - 1)
                if m > 1 || (m == 1 && !endsCVC(count - 1)) { letters.removeLast() }
            }
            if count > 1, letters.last == UInt8(ascii: "l"), letters[count - 2] == UInt8(ascii: "l"), measure(count - 1) > 1 {
                letters.removeLast()
            }
        }
    }
}
