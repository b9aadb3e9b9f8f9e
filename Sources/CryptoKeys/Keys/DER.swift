import Foundation

/// A strict DER reader for the few structures CryptoKeys parses by hand.
struct DERReader {
    private let bytes: [UInt8]
    private var index = 0

    init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    var isAtEnd: Bool { index == bytes.count }

    /// Reads one element with `tag` and returns its contents; lengths must be minimal.
    mutating func read(tag: UInt8) throws(CryptoKeysError) -> [UInt8] {
        guard index < bytes.count, bytes[index] == tag else { throw malformed("unexpected tag") }
        index += 1
        guard index < bytes.count else { throw malformed("missing length") }
        let first = bytes[index]
        index += 1
        var length = 0
        if first < 0x80 {
            length = Int(first)
        } else {
            let count = Int(first & 0x7f)
            guard count >= 1, count <= 2, index + count <= bytes.count else { throw malformed("bad length") }
            for _ in 0..<count {
                length = length << 8 | Int(bytes[index])
                index += 1
            }
            // Minimal: long form only for lengths ≥ 128, and no leading zero octet.
            guard length >= 0x80, length >= (1 << (8 * (count - 1))) else { throw malformed("non-minimal length") }
        }
        guard length <= bytes.count - index else { throw malformed("truncated") }
        defer { index += length }
        return Array(bytes[index..<(index + length)])
    }

    /// Reads an INTEGER that must be positive and minimally encoded; returns its magnitude
    /// without the sign octet.
    mutating func readUnsignedInteger() throws(CryptoKeysError) -> Data {
        let contents = try read(tag: 0x02)
        guard let first = contents.first else { throw malformed("empty INTEGER") }
        guard first & 0x80 == 0 else { throw malformed("negative INTEGER") }
        if first == 0 {
            guard contents.count == 1 || contents[1] & 0x80 != 0 else { throw malformed("non-minimal INTEGER") }
        }
        return Data(contents.drop(while: { $0 == 0 }))
    }

    private func malformed(_ reason: String) -> CryptoKeysError {
        .invalidSignatureEncoding(reason: "DER: \(reason)")
    }
}

/// DER encoding of the same structures.
enum DERWriter {
    static func element(tag: UInt8, _ contents: Data) -> Data {
        var output = Data([tag])
        let length = contents.count
        if length < 0x80 {
            output.append(UInt8(length))
        } else if length <= 0xff {
            output.append(contentsOf: [0x81, UInt8(length)])
        } else {
            output.append(contentsOf: [0x82, UInt8(length >> 8), UInt8(length & 0xff)])
        }
        return output + contents
    }

    static func unsignedInteger(_ magnitude: Data) -> Data {
        var body = Data(magnitude.drop(while: { $0 == 0 }))
        if body.isEmpty || (body.first ?? 0) & 0x80 != 0 { body.insert(0, at: 0) }
        return element(tag: 0x02, body)
    }
}
