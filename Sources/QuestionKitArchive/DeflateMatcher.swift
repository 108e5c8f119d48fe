/// Finds repeated byte sequences (LZ77) for the DEFLATE compressor, with hash chains over a 32 KB window
/// and one step of lazy matching: a match is deferred when the next position starts a longer one.
enum LZ77Matcher {
    private static let windowSize = 1 << 15
    fileprivate static let hashSize = 1 << 15
    private static let minimumMatch = 3
    private static let maximumMatch = 258

    /// The hash chains: the newest position of each hash (`head`, stored as `base + position`, see
    /// ``LZ77Heads``), and for each position the one before it with the same hash (negative for none).
    /// Positions are written before they are read, so `previous` only needs as many slots as the data
    /// has positions (at most the window).
    private struct State {
        var head: UnsafeMutableBufferPointer<Int32>
        var base: Int32
        var previous: UnsafeMutableBufferPointer<Int32>
        var effort: DeflateEffort
    }

    static func encode(
        _ data: [UInt8], heads: inout LZ77Heads, effort: DeflateEffort, into writer: inout DeflateBitWriter
    ) {
        let base = heads.begin(count: data.count)
        var previous = [Int32](repeating: -1, count: max(1, min(windowSize, data.count)))
        heads.entries.withUnsafeMutableBufferPointer { head in
            previous.withUnsafeMutableBufferPointer { previous in
                data.withUnsafeBufferPointer { bytes in
                    var state = State(head: head, base: base, previous: previous, effort: effort)
                    encode(bytes, state: &state, into: &writer)
                }
            }
        }
    }

    private static func encode(
        _ bytes: UnsafeBufferPointer<UInt8>, state: inout State, into writer: inout DeflateBitWriter
    ) {
        var position = 0
        var inserted = 0
        while position < bytes.count {
            insert(upTo: position, bytes: bytes, state: &state, inserted: &inserted)
            var match = longestMatch(at: position, bytes: bytes, state: state)
            if state.effort.defersMatches && match.length >= minimumMatch && match.length < 32
                && position + 1 < bytes.count
            {
                insert(upTo: position + 1, bytes: bytes, state: &state, inserted: &inserted)
                let next = longestMatch(at: position + 1, bytes: bytes, state: state)
                if next.length > match.length {
                    writer.writeFixedSymbol(Int(bytes[position]))
                    position += 1
                    match = next
                }
            }
            if match.length >= minimumMatch {
                writer.writeMatch(length: match.length, distance: match.distance)
                if match.length > state.effort.longestMatchInserted {
                    // Its positions after the first stay out of the chains (later matches start elsewhere).
                    inserted = max(inserted, position + match.length)
                }
                position += match.length
            } else {
                writer.writeFixedSymbol(Int(bytes[position]))
                position += 1
            }
        }
    }

    /// Adds every position before `end` to the hash chains (each position once).
    private static func insert(
        upTo end: Int, bytes: UnsafeBufferPointer<UInt8>, state: inout State, inserted: inout Int
    ) {
        let last = min(end, bytes.count - minimumMatch)
        while inserted <= last {
            let hash = hashAt(inserted, bytes)
            // An entry of an earlier stream is below `base`: negative here, so the chain ends.
            state.previous[inserted & (windowSize - 1)] = state.head[hash] - state.base
            state.head[hash] = state.base + Int32(inserted)
            inserted += 1
        }
        inserted = max(inserted, end + 1)
    }

    private static func hashAt(_ position: Int, _ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        let value = Int(bytes[position]) << 16 | Int(bytes[position + 1]) << 8 | Int(bytes[position + 2])
        return (value &* 0x9E37_79B1) >> 17 & (hashSize - 1)
    }

    /// The longest earlier occurrence of the bytes at `position` (which must already be inserted).
    @inline(__always)
    private static func longestMatch(
        at position: Int, bytes: UnsafeBufferPointer<UInt8>, state: State
    ) -> (length: Int, distance: Int) {
        let limit = min(maximumMatch, bytes.count - position)
        guard limit >= minimumMatch else { return (0, 0) }
        var bestLength = 0
        var bestDistance = 0
        var candidate = Int(state.previous[position & (windowSize - 1)])
        var chain = state.effort.maximumChain
        // A candidate is at most a window back (and not negative: none); one comparison says both.
        let oldest = max(0, position - windowSize)
        while candidate >= oldest && chain > 0 {
            if bytes[candidate + bestLength] == bytes[position + bestLength] {
                let length = commonLength(bytes, candidate, position, limit: limit)
                if length > bestLength {
                    bestLength = length
                    bestDistance = position - candidate
                    if length == limit { break }
                }
            }
            let next = Int(state.previous[candidate & (windowSize - 1)])
            // Chains only go backwards; anything else is a slot reused by a newer position.
            guard next < candidate else { break }
            candidate = next
            chain -= 1
        }
        return (bestLength, bestDistance)
    }

    /// How many bytes, at most `limit`, at `first` equal those at `second` (`first < second`, and
    /// `second + limit` within `bytes`): eight bytes compared at a time, then one by one.
    @inline(__always)
    private static func commonLength(
        _ bytes: UnsafeBufferPointer<UInt8>, _ first: Int, _ second: Int, limit: Int
    ) -> Int {
        guard let base = bytes.baseAddress else { return 0 }
        let raw = UnsafeRawPointer(base)
        var length = 0
        while length + 8 <= limit {
            let difference =
                raw.loadUnaligned(fromByteOffset: first + length, as: UInt64.self)
                ^ raw.loadUnaligned(fromByteOffset: second + length, as: UInt64.self)
            if difference != 0 {
                // The first unequal byte is the lowest in little-endian order (swapped on big-endian machines).
                let bits = UInt64(littleEndian: difference).trailingZeroBitCount
                return length + bits / 8
            }
            length += 8
        }
        while length < limit && bytes[first + length] == bytes[second + length] {
            length += 1
        }
        return length
    }
}

/// How hard the matcher looks for a match: how many earlier positions of one hash it tries, and whether
/// it defers a short match when the next position starts a longer one.
package struct DeflateEffort: Sendable {
    var maximumChain: Int
    var defersMatches: Bool
    /// A match longer than this puts only its first position into the hash chains (as zlib's fastest levels do).
    var longestMatchInserted: Int

    /// Longer chains find slightly longer matches at a cost in speed; 48 suits page content and fonts.
    package static let thorough = DeflateEffort(maximumChain: 48, defersMatches: true, longestMatchInserted: .max)
    /// For large, repetitive text (a workbook's XML), where the first matches found are long already:
    /// a fraction of the work, for output a few per cent larger.
    package static let fast = DeflateEffort(maximumChain: 4, defersMatches: false, longestMatchInserted: 8)
}

/// The newest position of each hash, kept from one stream to the next so that it is not cleared for
/// each (a page's stream is a few kilobytes; the table is 128 KB). A stream's positions are stored
/// from its `base` on, which starts above every position stored before, so the entries of earlier
/// streams read as none.
package struct LZ77Heads {
    fileprivate var entries = [Int32](repeating: -1, count: LZ77Matcher.hashSize)
    private var base = 0

    package init() {}

    /// The base of a stream of `count` bytes, after those of the streams before it; the table is
    /// cleared when stored positions would no longer fit in 32 bits.
    fileprivate mutating func begin(count: Int) -> Int32 {
        if base + count >= Int(Int32.max) {
            entries = [Int32](repeating: -1, count: LZ77Matcher.hashSize)
            base = 0
        }
        defer { base += count }
        return Int32(base)
    }
}
