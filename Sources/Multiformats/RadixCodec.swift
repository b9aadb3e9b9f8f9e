import Foundation

/// A positional codec: the bytes are one big-endian integer written in base `alphabet.count`,
/// and each leading zero byte is written as one copy of the alphabet's first character.
///
/// Serves base58 (Bitcoin and Flickr alphabets), base36 and base10. The work is quadratic in
/// the length, so decoding refuses inputs longer than ``maximumLength`` characters — far
/// above any key, signature or identifier these encodings carry.
struct RadixCodec: Sendable {
    /// The longest text (and the most bytes) this codec accepts.
    static let maximumLength = 16 * 1024

    let name: String
    let alphabet: [UInt8]
    let caseInsensitive: Bool
    private let lookup: [Int16]

    init(name: String, alphabet: String, caseInsensitive: Bool = false) {
        self.name = name
        self.alphabet = Array(alphabet.utf8)
        self.caseInsensitive = caseInsensitive
        var table = [Int16](repeating: -1, count: 256)
        for (index, character) in self.alphabet.enumerated() {
            table[Int(character)] = Int16(index)
            if caseInsensitive, (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(character) {
                table[Int(character - 32)] = Int16(index)
            }
        }
        self.lookup = table
    }

    func encode<Bytes: Sequence>(_ bytes: Bytes, uppercase: Bool = false) -> String where Bytes.Element == UInt8 {
        let input = Array(bytes)
        let base = UInt32(alphabet.count)
        let zeros = input.prefix(while: { $0 == 0 }).count
        // Little-endian digits in the target base.
        var digits = [UInt8]()
        digits.reserveCapacity(input.count * 2)
        for byte in input[zeros...] {
            var carry = UInt32(byte)
            for index in digits.indices {
                carry += UInt32(digits[index]) << 8
                digits[index] = UInt8(carry % base)
                carry /= base
            }
            while carry > 0 {
                digits.append(UInt8(carry % base))
                carry /= base
            }
        }
        var output = [UInt8](repeating: alphabet[0], count: zeros)
        output.append(contentsOf: digits.reversed().map { alphabet[Int($0)] })
        if uppercase {
            output = output.map { (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0) ? $0 - 32 : $0 }
        }
        return String(decoding: output, as: UTF8.self)
    }

    func decode(_ text: Substring) throws(MultiformatsError) -> Data {
        let utf8 = Array(text.utf8)
        guard utf8.count <= Self.maximumLength else {
            throw .inputTooLarge(encoding: name, limit: Self.maximumLength)
        }
        let base = UInt32(alphabet.count)
        var values = [UInt8]()
        values.reserveCapacity(utf8.count)
        for (offset, character) in utf8.enumerated() {
            let value = lookup[Int(character)]
            guard value >= 0 else {
                throw .invalidCharacter(
                    encoding: name,
                    character: Character(BitGroupCodec.scalar(in: text, atUTF8Offset: offset)))
            }
            values.append(UInt8(value))
        }
        let zeros = values.prefix(while: { $0 == 0 }).count
        // Little-endian bytes.
        var bytes = [UInt8]()
        bytes.reserveCapacity(utf8.count)
        for value in values[zeros...] {
            var carry = UInt32(value)
            for index in bytes.indices {
                carry += UInt32(bytes[index]) * base
                bytes[index] = UInt8(carry & 0xff)
                carry >>= 8
            }
            while carry > 0 {
                bytes.append(UInt8(carry & 0xff))
                carry >>= 8
            }
        }
        var output = Data(repeating: 0, count: zeros)
        output.append(contentsOf: bytes.reversed())
        return output
    }
}
