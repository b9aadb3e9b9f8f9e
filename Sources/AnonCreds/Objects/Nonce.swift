/// A nonce of an offer, request or presentation request: an 80-bit random integer, written as a
/// decimal string.
///
/// Its text is kept as received (anoncreds compares nonces as text) and its value is what the
/// correctness proofs hash. anoncreds-rs also reads a JSON integer; so does this type.
public struct Nonce: Codable, Hashable, Sendable, CustomStringConvertible {
    /// The decimal text.
    public let text: String
    /// The integer the proofs hash.
    public let value: BigInteger

    /// The bits of a fresh nonce (anoncreds' `LARGE_NONCE`).
    public static let bitCount = 80

    /// Reads a nonce: ASCII digits only (no sign), as anoncreds-rs requires.
    public init?(decimal text: String) {
        guard !text.isEmpty, text.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
              let value = BigInteger(decimal: text)
        else { return nil }
        self.text = text
        self.value = value
    }

    /// A fresh random nonce from `generator`.
    public static func random(using generator: inout some RandomNumberGenerator) -> Nonce {
        var source = generator  // a copy at a real address: see BigInteger+Random.swift
        defer { generator = source }
        let value = BigInteger.random(bits: bitCount, using: &source)
        return Nonce(decimal: value.decimalString)!
    }

    /// A fresh random nonce from the system's generator.
    public static func random() -> Nonce {
        var generator = SystemRandomNumberGenerator()
        return random(using: &generator)
    }

    public var description: String { text }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text: String
        if let string = try? container.decode(String.self) {
            text = string
        } else if let integer = try? container.decode(UInt64.self) {
            text = String(integer)
        } else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "a nonce is a decimal string or integer")
        }
        guard let nonce = Nonce(decimal: text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "a nonce has decimal digits only")
        }
        self = nonce
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(text)
    }
}
