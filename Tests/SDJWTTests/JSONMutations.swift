/// Deterministic near-misses of a JSON text, for checking that a fast reading accepts
/// nothing its reference reading refuses: each is the text with one to four bytes deleted,
/// inserted or replaced, drawn from JSON's punctuation, digits, letters of literals and
/// escapes, and a few bytes that are never valid (NUL, DEL, a lone UTF-8 lead byte).
struct JSONMutations: Sequence, IteratorProtocol {
    private static let alphabet = Array(#"{}[]":,.-_0123456789aeAE\ "#.utf8) + [0x00, 0x7f, 0xc3]
    private let original: [UInt8]
    private var remaining: Int
    private var state: UInt64

    /// `count` mutations of `original`, the same ones for the same `seed`.
    init(of original: [UInt8], count: Int, seed: UInt64) {
        self.original = original
        self.remaining = count
        self.state = seed
    }

    mutating func next() -> [UInt8]? {
        guard remaining > 0, !original.isEmpty else { return nil }
        remaining -= 1
        var bytes = original
        for _ in 0...random(below: 3) {
            let position = random(below: Swift.max(bytes.count, 1))
            switch random(below: 3) {
            case 0 where !bytes.isEmpty: bytes.remove(at: position)
            case 1: bytes.insert(Self.alphabet[random(below: Self.alphabet.count)], at: Swift.min(position, bytes.count))
            default: if !bytes.isEmpty { bytes[position] = Self.alphabet[random(below: Self.alphabet.count)] }
            }
        }
        return bytes
    }

    /// A linear congruential step (Knuth's MMIX constants); the high bits are the number.
    private mutating func random(below bound: Int) -> Int {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Int((state >> 33) % UInt64(bound))
    }
}
