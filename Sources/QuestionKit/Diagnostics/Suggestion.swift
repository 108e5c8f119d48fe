/// "Did you mean …?" suggestions for misspelled keys, types and values.
public enum Suggestion {
    /// The candidate closest to `word` by edit distance (ignoring case), if it is close enough to
    /// be a likely typo: at most a third of the word's length, and at least one edit allowed.
    ///
    /// The cost is bounded whatever the input: a word far longer or shorter than a candidate is
    /// not compared with it, only a band of edits around the diagonal is computed, and at most
    /// `candidateLimit` candidates are considered. A 20 MB key costs a count of its first few
    /// characters.
    public static func nearest(to word: String, in candidates: [String]) -> String? {
        var cells = 0
        return nearest(to: word, in: candidates, cells: &cells)
    }

    /// The most candidates `nearest` compares a word with; a longer list is cut.
    package static let candidateLimit = 1_000

    /// `nearest(to:in:)`, adding to `cells` the edit-distance cells computed (the work done).
    static func nearest(to word: String, in candidates: [String], cells: inout Int) -> String? {
        Candidates(candidates).nearest(to: word, cells: &cells)
    }

    /// A list of candidates prepared once (lower-cased, as scalars) for many words: checking a
    /// million unknown keys against the same few known ones prepares them once, not a million times.
    public struct Candidates: Sendable {
        private let originals: [String]
        private let lowered: [[Unicode.Scalar]]
        /// The scalars of each of `lowered`, as a set (see `ScalarSet`).
        private let scalarSets: [ScalarSet]
        private let longest: Int

        /// The first `candidateLimit` of `candidates`.
        public init(_ candidates: [String]) {
            originals = Array(candidates.prefix(Suggestion.candidateLimit))
            lowered = originals.map { Array($0.lowercased().unicodeScalars) }
            scalarSets = lowered.map(ScalarSet.init)
            longest = lowered.reduce(0) { max($0, $1.count) }
        }

        /// `Suggestion.nearest(to:in:)` over these candidates.
        public func nearest(to word: String) -> String? {
            var cells = 0
            return nearest(to: word, cells: &cells)
        }

        /// The one candidate a single edit (or only case) away from `word`, when exactly one is:
        /// the obvious repair of a typo such as `numberImput`. Nil for `word` itself.
        public func nearMiss(to word: String) -> String? {
            // Longer than every candidate by more than one: no near miss, whatever its length.
            guard word.unicodeScalars.prefix(longest + 2).count <= longest + 1 else { return nil }
            let original = word
            let word = Array(word.lowercased().unicodeScalars)
            let wordSet = ScalarSet(word)
            var cells = 0
            var found: String?
            for (index, other) in lowered.enumerated() where originals[index] != original {
                guard wordSet.fewestEdits(to: scalarSets[index]) <= 1,
                    Suggestion.boundedDistance(word, other, limit: 1, cells: &cells) != nil
                else { continue }
                guard found == nil else { return nil }
                found = originals[index]
            }
            return found
        }

        func nearest(to word: String, cells: inout Int) -> String? {
            // A word of n scalars allows n / 3 edits, so one longer than 3/2 of every candidate (plus
            // the one edit always allowed) is no candidate's typo: don't even read all of it.
            let readable = longest * 3 / 2 + 2
            guard word.unicodeScalars.prefix(readable + 1).count <= readable else { return nil }
            let original = word
            let word = Array(word.lowercased().unicodeScalars)
            let wordSet = ScalarSet(word)
            let allowed = max(1, word.count / 3)
            var best: (index: Int, distance: Int)?
            for (index, other) in lowered.enumerated() {
                let limit = min(allowed, (best?.distance ?? Int.max) - 1)
                // The word itself is no suggestion (but the same word in other case is).
                guard abs(other.count - word.count) <= limit, wordSet.fewestEdits(to: scalarSets[index]) <= limit,
                    originals[index] != original
                else { continue }
                if let distance = Suggestion.boundedDistance(word, other, limit: limit, cells: &cells) {
                    best = (index, distance)
                }
            }
            return best.map { originals[$0.index] }
        }
    }

    /// The scalars of a word as a set of 128 bits (a scalar is its value's last 7 bits, so that
    /// letters, digits and signs each have their own): a scalar of one word that the other lacks
    /// takes an edit to remove or replace, and a transposition changes no set, so the larger count
    /// of bits only one of two words has is at most their edit distance. Comparing an unknown key
    /// with a known one first by these few instructions skips most edit-distance tables: `extra12`
    /// and `section` share 2 of their 7 letters, 5 edits at least, more than the 2 allowed.
    struct ScalarSet {
        private var low: UInt64 = 0
        private var high: UInt64 = 0

        init(_ scalars: [Unicode.Scalar]) {
            for scalar in scalars {
                let bit = scalar.value & 127
                if bit < 64 { low |= 1 << UInt64(bit) } else { high |= 1 << UInt64(bit - 64) }
            }
        }

        /// A lower bound of the edit distance of the two words the sets are of.
        func fewestEdits(to other: ScalarSet) -> Int {
            let onlyHere = (low & ~other.low).nonzeroBitCount + (high & ~other.high).nonzeroBitCount
            let onlyThere = (other.low & ~low).nonzeroBitCount + (other.high & ~high).nonzeroBitCount
            return max(onlyHere, onlyThere)
        }
    }

    /// Levenshtein distance over Unicode scalars, with transpositions counted as one edit
    /// (optimal string alignment), since swapped letters are the commonest typo.
    package static func editDistance(_ lhs: String, _ rhs: String) -> Int {
        let a = Array(lhs.unicodeScalars)
        let b = Array(rhs.unicodeScalars)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var beforePrevious = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], beforePrevious[j - 2] + 1)
                }
            }
            (beforePrevious, previous, current) = (previous, current, beforePrevious)
        }
        return previous[b.count]
    }

    /// The edit distance of `a` and `b` as `editDistance` counts it, or nil when it is more than
    /// `limit`. Only cells within `limit` of the diagonal are computed (a cell farther out is at
    /// least that far), and the computation stops at a row whose every cell exceeds `limit`.
    static func boundedDistance(
        _ a: [Unicode.Scalar], _ b: [Unicode.Scalar], limit: Int, cells: inout Int
    ) -> Int? {
        guard limit >= 0, abs(a.count - b.count) <= limit else { return nil }
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        let beyond = limit + 1
        let width = b.count + 1
        // Three rows in one scratch buffer (on the stack when small): this runs once per unknown
        // key and known name, so a million unknown keys must not cost three allocations each.
        return withUnsafeTemporaryAllocation(of: Int.self, capacity: 3 * width) { rows -> Int? in
            var beforePrevious = UnsafeMutableBufferPointer(rebasing: rows[0..<width])
            var previous = UnsafeMutableBufferPointer(rebasing: rows[width..<(2 * width)])
            var current = UnsafeMutableBufferPointer(rebasing: rows[(2 * width)...])
            for j in 0..<width {
                beforePrevious[j] = beyond
                previous[j] = j <= limit ? j : beyond
                current[j] = beyond
            }
            for i in 1...a.count {
                let low = max(1, i - limit)
                let high = min(b.count, i + limit)
                current[low - 1] = low == 1 && i <= limit ? i : beyond
                var rowMinimum = current[low - 1]
                for j in low...high {
                    let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                    var value = min(previous[j] + 1, current[j - 1] + 1, substitution)
                    if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                        value = min(value, beforePrevious[j - 2] + 1)
                    }
                    current[j] = min(value, beyond)
                    rowMinimum = min(rowMinimum, current[j])
                }
                cells += high - low + 1
                // The next row reads one cell past this row's band.
                if high < b.count { current[high + 1] = beyond }
                guard rowMinimum <= limit else { return nil }
                (beforePrevious, previous, current) = (previous, current, beforePrevious)
            }
            let distance = previous[b.count]
            return distance <= limit ? distance : nil
        }
    }

    /// `'a', 'b' or 'c'`: a list of choices for messages.
    public static func quotedList(_ choices: [String], conjunction: String = "or") -> String {
        list(choices.map { "'\($0)'" }, conjunction: conjunction)
    }

    /// `a, b or c`: items in a sentence, as they are.
    package static func list(_ items: [String], conjunction: String = "or") -> String {
        guard items.count > 1, let last = items.last else { return items.first ?? "" }
        return items.dropLast().joined(separator: ", ") + " \(conjunction) " + last
    }
}
