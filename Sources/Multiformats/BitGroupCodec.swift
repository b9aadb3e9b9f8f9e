import Foundation

/// An RFC 4648 style codec: the input is read as one bit string and cut into groups of
/// `bitsPerCharacter` bits, each group naming one character of the alphabet.
///
/// One engine serves base2, base8, base16, base32 (all alphabets) and base64, because
/// multibase defines them all this way; only the alphabet, the group width and the padding
/// differ.
struct BitGroupCodec: Sendable {
    let name: String
    let alphabet: [UInt8]
    let bitsPerCharacter: Int
    /// Pad with `=` to a multiple of this many characters; `nil` for unpadded variants.
    let padBlock: Int?
    /// Whether decoding folds ASCII letters to the alphabet's case.
    let caseInsensitive: Bool
    private let lookup: [Int16]

    init(name: String, alphabet: String, bitsPerCharacter: Int, padBlock: Int? = nil, caseInsensitive: Bool = false) {
        self.name = name
        self.alphabet = Array(alphabet.utf8)
        self.bitsPerCharacter = bitsPerCharacter
        self.padBlock = padBlock
        self.caseInsensitive = caseInsensitive
        var table = [Int16](repeating: -1, count: 256)
        for (index, character) in self.alphabet.enumerated() {
            table[Int(character)] = Int16(index)
            if caseInsensitive {
                table[Int(Self.foldCase(character, upper: true))] = Int16(index)
                table[Int(Self.foldCase(character, upper: false))] = Int16(index)
            }
        }
        self.lookup = table
    }

    func encode<Bytes: Sequence>(_ bytes: Bytes, uppercase: Bool = false) -> String where Bytes.Element == UInt8 {
        if isSextetCodec, !uppercase {
            let encoded = bytes.withContiguousStorageIfAvailable { input in
                alphabet.withUnsafeBufferPointer { table in encodeSextets(input, table: table) }
            }
            if let encoded { return encoded }
        }
        var output = [UInt8]()
        output.reserveCapacity(bytes.underestimatedCount * 8 / bitsPerCharacter + 8)
        // JOSE and SD-JWT encode on every token and digest: run the loop over raw buffers
        // when the input has one (no bounds checks or reference counting per byte).
        let encoded: Void? = bytes.withContiguousStorageIfAvailable { input in
            alphabet.withUnsafeBufferPointer { table in encodeGroups(input, table: table, into: &output) }
        }
        if encoded == nil {
            alphabet.withUnsafeBufferPointer { table in encodeGroups(bytes, table: table, into: &output) }
        }
        if let padBlock {
            while !output.count.isMultiple(of: padBlock) { output.append(UInt8(ascii: "=")) }
        }
        if uppercase { output = output.map { Self.foldCase($0, upper: true) } }
        return String(decoding: output, as: UTF8.self)
    }

    private func encodeGroups(
        _ bytes: some Sequence<UInt8>, table: UnsafeBufferPointer<UInt8>, into output: inout [UInt8]
    ) {
        var buffer: UInt32 = 0
        var bufferedBits = 0
        let mask = UInt32(1 << bitsPerCharacter) - 1
        for byte in bytes {
            buffer = (buffer << 8) | UInt32(byte)
            bufferedBits += 8
            while bufferedBits >= bitsPerCharacter {
                bufferedBits -= bitsPerCharacter
                output.append(table[Int((buffer >> UInt32(bufferedBits)) & mask)])
            }
            buffer &= (1 << UInt32(bufferedBits)) - 1
        }
        if bufferedBits > 0 {
            output.append(table[Int((buffer << UInt32(bitsPerCharacter - bufferedBits)) & mask)])
        }
    }

    /// Decodes and then insists the text is the one canonical spelling of the bytes (up to
    /// letter case where the alphabet is case-insensitive): right padding, zero trailing bits.
    /// `allowNonZeroTrailingBits` relaxes only the last rule, for lenient readers.
    func decode(_ text: Substring, allowNonZeroTrailingBits: Bool = false) throws(MultiformatsError) -> Data {
        // Native strings lend their UTF-8 buffer; only a bridged or foreign one is copied.
        let decoded = text.utf8.withContiguousStorageIfAvailable { characters in
            decode(characters, text: text, allowNonZeroTrailingBits: allowNonZeroTrailingBits)
        }
        if let decoded { return try decoded.get() }
        let copy = Array(text.utf8)
        return try copy.withUnsafeBufferPointer { characters in
            decode(characters, text: text, allowNonZeroTrailingBits: allowNonZeroTrailingBits)
        }.get()
    }

    private func decode(
        _ utf8: UnsafeBufferPointer<UInt8>, text: Substring, allowNonZeroTrailingBits: Bool
    ) -> Result<Data, MultiformatsError> {
        var end = utf8.count
        if padBlock != nil {
            while end > 0, utf8[end - 1] == UInt8(ascii: "=") { end -= 1 }
        }
        if isSextetCodec {
            // Exactly the decoded size, so a success needs no trimming.
            var data = Data(count: Self.decodedCount(forCharacters: end))
            let decoded = data.withUnsafeMutableBytes { raw in
                lookup.withUnsafeBufferPointer { table in
                    decodeSextets(
                        utf8, end: end, table: table, allowNonZeroTrailingBits: allowNonZeroTrailingBits,
                        into: raw.bindMemory(to: UInt8.self))
                }
            }
            guard case .decoded = decoded else { return .failure(error(for: decoded, in: text)) }
            return .success(data)
        }
        var output = [UInt8]()
        output.reserveCapacity(end * bitsPerCharacter / 8)
        var buffer: UInt32 = 0
        var bufferedBits = 0
        // The hot loop runs over raw buffers; it stops at the first character outside the
        // alphabet and reports its offset.
        let invalidOffset: Int? = lookup.withUnsafeBufferPointer { table in
            for index in 0..<end {
                let value = table[Int(utf8[index])]
                guard value >= 0 else { return index }
                buffer = (buffer << UInt32(bitsPerCharacter)) | UInt32(value)
                bufferedBits += bitsPerCharacter
                if bufferedBits >= 8 {
                    bufferedBits -= 8
                    output.append(UInt8(truncatingIfNeeded: buffer >> UInt32(bufferedBits)))
                    buffer &= (1 << UInt32(bufferedBits)) - 1
                }
            }
            return nil
        }
        if let invalidOffset {
            return .failure(.invalidCharacter(
                encoding: name, character: Character(Self.scalar(in: text, atUTF8Offset: invalidOffset))))
        }
        guard bufferedBits < bitsPerCharacter else { return .failure(.invalidLength(encoding: name)) }
        guard buffer == 0 || allowNonZeroTrailingBits else { return .failure(.nonCanonical(encoding: name)) }
        if padBlock != nil {
            let expected = encode(output).utf8.count
            guard expected == utf8.count else { return .failure(.invalidLength(encoding: name)) }
        }
        return .success(Data(output))
    }

    /// Decodes a base64 family text into a temporary buffer that lives only while `body`
    /// runs (on the stack when small), for callers that parse the bytes and keep nothing
    /// else: no `Data` is allocated. The rules and errors are those of ``decode(_:allowNonZeroTrailingBits:)``.
    /// Not generic on purpose: callers in other modules would run it unspecialized, looking
    /// up type metadata on every call.
    func withDecodedSextets(
        _ text: Substring, allowNonZeroTrailingBits: Bool = false, _ body: (UnsafeBufferPointer<UInt8>) -> Void
    ) throws(MultiformatsError) {
        var utf8Text = text
        let outcome = utf8Text.withUTF8 { utf8 -> SextetDecoding in
            var end = utf8.count
            if padBlock != nil {
                while end > 0, utf8[end - 1] == UInt8(ascii: "=") { end -= 1 }
            }
            return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: Self.decodedCount(forCharacters: end)) { output in
                let decoded = lookup.withUnsafeBufferPointer { table in
                    decodeSextets(utf8, end: end, table: table, allowNonZeroTrailingBits: allowNonZeroTrailingBits, into: output)
                }
                if case let .decoded(count) = decoded { body(UnsafeBufferPointer(rebasing: output[..<count])) }
                return decoded
            }
        }
        if case .decoded = outcome { return }
        throw error(for: outcome, in: text)
    }

    /// Decodes the UTF-8 of a base64 family text without padding into `output`, which has
    /// room for ``decodedCount(forCharacters:)`` bytes; the count written, or `nil` when the
    /// text breaks a rule of ``decode(_:allowNonZeroTrailingBits:)`` (which says which).
    /// For a caller holding the characters as bytes, a digest inside a JSON text, say.
    func decodeSextets(_ utf8: UnsafeBufferPointer<UInt8>, into output: UnsafeMutableBufferPointer<UInt8>) -> Int? {
        // "=" is outside every alphabet, so padding is refused as a character.
        let decoded = lookup.withUnsafeBufferPointer { table in
            decodeSextets(utf8, end: utf8.count, table: table, allowNonZeroTrailingBits: false, into: output)
        }
        if case let .decoded(count) = decoded { return count }
        return nil
    }

    /// The error a failed sextet decoding reports.
    private func error(for decoding: SextetDecoding, in text: Substring) -> MultiformatsError {
        switch decoding {
        case let .invalidCharacter(offset):
            return .invalidCharacter(encoding: name, character: Character(Self.scalar(in: text, atUTF8Offset: offset)))
        case .invalidLength, .decoded: return .invalidLength(encoding: name)
        case .nonCanonical: return .nonCanonical(encoding: name)
        }
    }

    private static func foldCase(_ character: UInt8, upper: Bool) -> UInt8 {
        switch character {
        case UInt8(ascii: "a")...UInt8(ascii: "z") where upper: return character - 32
        case UInt8(ascii: "A")...UInt8(ascii: "Z") where !upper: return character + 32
        default: return character
        }
    }

    /// The Unicode scalar that starts at or contains a UTF-8 offset, for error messages.
    static func scalar(in text: Substring, atUTF8Offset offset: Int) -> Unicode.Scalar {
        var consumed = 0
        for scalar in text.unicodeScalars {
            let width = UTF8.width(scalar)
            if offset < consumed + width { return scalar }
            consumed += width
        }
        return "\u{FFFD}"
    }
}
