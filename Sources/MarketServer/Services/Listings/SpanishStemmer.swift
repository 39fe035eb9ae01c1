/// The Snowball Spanish stemmer (snowballstem.org/algorithms/spanish, as of Snowball 3.0, which
/// also takes -acion and -ucion written without their accent; PostgreSQL's `spanish`
/// configuration runs an older one): `mesas` → `mes`, `usados` → `us`, `cálculo` → `calcul`. The
/// search stems a Spanish listing's words with it, and every typed word, as `SpanishTerms` says.
///
/// Each step finds the longest of its suffixes the word ends in; that one is removed if it lies
/// in the step's region (RV, R1 or R2, as the algorithm defines them), and a shorter one is never
/// tried instead.
enum SpanishStemmer {
    static func stem(_ word: String) -> String {
        var stemmed = Word(Array(word.unicodeScalars))
        if stemmed.count > 2 {
            stemmed.removeAttachedPronoun()
            if !stemmed.removeStandardSuffix(), !stemmed.removeVerbSuffixAfterU() {
                stemmed.removeVerbSuffix()
            }
            stemmed.removeResidualSuffix()
        }
        return String(String.UnicodeScalarView(stemmed.letters.map { Word.unaccented[$0] ?? $0 }))
    }

    private struct Word {
        var letters: [Unicode.Scalar]
        /// Where RV, R1 and R2 start.
        let rv: Int, r1: Int, r2: Int

        static let vowels = Set("aeiouáéíóúü".unicodeScalars)
        static let unaccented: [Unicode.Scalar: Unicode.Scalar] = ["á": "a", "é": "e", "í": "i", "ó": "o", "ú": "u"]

        init(_ letters: [Unicode.Scalar]) {
            self.letters = letters
            let isVowel = { (index: Int) in Self.vowels.contains(letters[index]) }
            /// The index after the first letter from `start` on that `wanted` holds for, or the end.
            func past(from start: Int, _ wanted: (Int) -> Bool) -> Int {
                (start..<letters.count).first(where: wanted).map { $0 + 1 } ?? letters.count
            }
            // RV: after the next vowel if the second letter is a consonant; after the next
            // consonant if the first two are vowels; otherwise (consonant, vowel) after the third.
            if letters.count < 2 {
                rv = letters.count
            } else if !isVowel(1) {
                rv = past(from: 2, isVowel)
            } else if isVowel(0) {
                rv = past(from: 2) { !isVowel($0) }
            } else {
                rv = min(3, letters.count)
            }
            // R1: after the first consonant that follows a vowel; R2: the same again within R1.
            func region(from start: Int) -> Int {
                let vowel = past(from: start, isVowel)
                return past(from: vowel) { !isVowel($0) }
            }
            r1 = region(from: 0)
            r2 = region(from: r1)
        }

        var count: Int { letters.count }

        /// The longest of `suffixes` the word ends in, as where it starts and which it is.
        func longest(of suffixes: [String], within start: Int = 0) -> (start: Int, suffix: String)? {
            var found: (start: Int, suffix: String)?
            for suffix in suffixes {
                let tail = Array(suffix.unicodeScalars)
                let begin = count - tail.count
                guard begin >= start, tail.count > (found.map { count - $0.start } ?? 0),
                      letters[begin...].elementsEqual(tail) else { continue }
                found = (begin, suffix)
            }
            return found
        }

        func precedes(_ text: String, at index: Int) -> Bool {
            let before = Array(text.unicodeScalars)
            return index >= before.count && letters[(index - before.count)..<index].elementsEqual(before)
        }

        mutating func cut(at index: Int, adding replacement: String = "") {
            letters.removeSubrange(index...)
            letters.append(contentsOf: replacement.unicodeScalars)
        }

        /// Step 0: a pronoun after a gerund or infinitive (`haciéndola` → `haciendo`).
        mutating func removeAttachedPronoun() {
            guard let pronoun = longest(of: ["me", "se", "sela", "selo", "selas", "selos", "la", "le", "lo", "las", "les", "los", "nos"]) else { return }
            let verb = Word(Array(letters[..<pronoun.start]))
            guard let ending = verb.longest(of: ["iéndo", "ándo", "ár", "ér", "ír", "ando", "iendo", "ar", "er", "ir", "yendo"]),
                  ending.start >= rv else { return }
            let accented = ["iéndo": "iendo", "ándo": "ando", "ár": "ar", "ér": "er", "ír": "ir"]
            if let plain = accented[ending.suffix] {
                cut(at: ending.start, adding: plain)
            } else if ending.suffix != "yendo" || precedes("u", at: ending.start) {
                cut(at: pronoun.start)
            }
        }

        /// Step 1: a noun's or adjective's ending, in R2 (or R1). Whether one was removed.
        mutating func removeStandardSuffix() -> Bool {
            let suffixes = ["anza", "anzas", "ico", "ica", "icos", "icas", "ismo", "ismos", "able", "ables", "ible", "ibles", "ista",
                            "istas", "oso", "osa", "osos", "osas", "amiento", "amientos", "imiento", "imientos",
                            "adora", "ador", "ación", "acion", "adoras", "adores", "aciones", "ante", "antes", "ancia", "ancias",
                            "logía", "logías", "ución", "ucion", "uciones", "encia", "encias", "amente", "mente", "idad", "idades",
                            "iva", "ivo", "ivas", "ivos"]
            guard let found = longest(of: suffixes) else { return false }
            let start = found.start
            switch found.suffix {
            case "logía", "logías":
                guard start >= r2 else { return false }
                cut(at: start, adding: "log")
            case "ución", "ucion", "uciones":
                guard start >= r2 else { return false }
                cut(at: start, adding: "u")
            case "encia", "encias":
                guard start >= r2 else { return false }
                cut(at: start, adding: "ente")
            case "amente":
                guard start >= r1 else { return false }
                cut(at: start)
                if let before = longest(of: ["iv", "os", "ic", "ad"]), before.start >= r2 {
                    cut(at: before.start)
                    if before.suffix == "iv", let at = longest(of: ["at"]), at.start >= r2 { cut(at: at.start) }
                }
            default:
                guard start >= r2 else { return false }
                cut(at: start)
                let following: [String] = switch found.suffix {
                case "adora", "ador", "ación", "acion", "adoras", "adores", "aciones", "ante", "antes", "ancia", "ancias": ["ic"]
                case "mente": ["ante", "able", "ible"]
                case "idad", "idades": ["abil", "ic", "iv"]
                case "iva", "ivo", "ivas", "ivos": ["at"]
                default: []
                }
                if let before = longest(of: following), before.start >= r2 { cut(at: before.start) }
            }
            return true
        }

        /// Step 2a: a verb ending starting with y, in RV, after a u. Whether one was removed.
        mutating func removeVerbSuffixAfterU() -> Bool {
            let suffixes = ["ya", "ye", "yan", "yen", "yeron", "yendo", "yo", "yó", "yas", "yes", "yais", "yamos"]
            guard let found = longest(of: suffixes, within: rv), precedes("u", at: found.start) else { return false }
            cut(at: found.start)
            return true
        }

        /// Step 2b: any other verb ending, in RV.
        mutating func removeVerbSuffix() {
            guard let found = longest(of: Self.verbSuffixes, within: rv) else { return }
            // -en, -es, -éis, -emos after gu take the u too.
            let takesU = ["en", "es", "éis", "emos"].contains(found.suffix) && precedes("gu", at: found.start)
            cut(at: takesU ? found.start - 1 : found.start)
        }

        static let verbSuffixes = [
            "en", "es", "éis", "emos",
            "arían", "arías", "arán", "arás", "aríais", "aría", "aréis", "aríamos", "aremos", "ará", "aré",
            "erían", "erías", "erán", "erás", "eríais", "ería", "eréis", "eríamos", "eremos", "erá", "eré",
            "irían", "irías", "irán", "irás", "iríais", "iría", "iréis", "iríamos", "iremos", "irá", "iré",
            "aba", "ada", "ida", "ía", "ara", "iera", "ad", "ed", "id", "ase", "iese", "aste", "iste", "an", "aban", "ían",
            "aran", "ieran", "asen", "iesen", "aron", "ieron", "ado", "ido", "ando", "iendo", "ió", "ar", "er", "ir", "as",
            "abas", "adas", "idas", "ías", "aras", "ieras", "ases", "ieses", "ís", "áis", "abais", "íais", "arais", "ierais",
            "aseis", "ieseis", "asteis", "isteis", "ados", "idos", "amos", "ábamos", "íamos", "imos", "áramos", "iéramos",
            "iésemos", "ásemos",
        ]

        /// Step 3: a last vowel, in RV (an e after gu takes the u too, when the u is in RV).
        mutating func removeResidualSuffix() {
            guard let found = longest(of: ["os", "a", "o", "á", "í", "ó", "e", "é"]), found.start >= rv else { return }
            cut(at: found.start)
            if found.suffix == "e" || found.suffix == "é", precedes("gu", at: found.start), found.start - 1 >= rv {
                cut(at: found.start - 1)
            }
        }
    }
}
