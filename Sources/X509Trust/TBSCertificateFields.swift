/// Finds fields inside a certificate's `tbsCertificate` DER without building an ASN.1 tree.
///
/// swift-certificates keeps the exact `tbsCertificate` bytes of a parsed certificate but not
/// the SubjectPublicKeyInfo as received; re-serializing the parsed key makes the crypto library
/// convert the point back to affine coordinates (a field inversion per call), which cost more
/// than the rest of handing the key over. Walking the few elements before the SPKI is cheap,
/// and returns the bytes exactly as the certificate carries them, which is what
/// ``CertificateKey/subjectPublicKeyInfoDER`` promises.
///
/// The bytes come from a certificate that already parsed, so they are well-formed DER; every
/// step is still bounds-checked and the walk gives up (returns `nil`) on anything unexpected.
enum TBSCertificateFields {
    /// The complete TLV of `subjectPublicKeyInfo` (RFC 5280 §4.1): after the optional
    /// `[0] version`, `serialNumber`, `signature`, `issuer`, `validity` and `subject`.
    static func subjectPublicKeyInfo(in tbs: ArraySlice<UInt8>) -> ArraySlice<UInt8>? {
        guard let outer = element(in: tbs, at: tbs.startIndex), tbs[outer.start] == 0x30 else { return nil }
        var cursor = outer.contentStart
        if cursor < outer.end, tbs[cursor] == 0xA0 {
            guard let version = element(in: tbs, at: cursor) else { return nil }
            cursor = version.end
        }
        // serialNumber, signature, issuer, validity, subject.
        for expectedTag: UInt8 in [0x02, 0x30, 0x30, 0x30, 0x30] {
            guard cursor < outer.end, tbs[cursor] == expectedTag, let field = element(in: tbs, at: cursor) else { return nil }
            cursor = field.end
        }
        guard cursor < outer.end, tbs[cursor] == 0x30, let spki = element(in: tbs, at: cursor), spki.end <= outer.end else {
            return nil
        }
        return tbs[spki.start..<spki.end]
    }

    /// One DER element at `index`: where it starts, where its content starts, where it ends.
    /// Definite lengths only (DER), single-byte tags (all RFC 5280 needs before the SPKI).
    static func element(in bytes: ArraySlice<UInt8>, at index: Int) -> (start: Int, contentStart: Int, end: Int)? {
        guard index >= bytes.startIndex, index + 2 <= bytes.endIndex, bytes[index] & 0x1F != 0x1F else { return nil }
        let first = bytes[index + 1]
        var contentStart = index + 2
        var length = 0
        if first < 0x80 {
            length = Int(first)
        } else {
            let count = Int(first & 0x7F)
            guard count >= 1, count <= 4, contentStart + count <= bytes.endIndex else { return nil }
            for offset in 0..<count { length = length << 8 | Int(bytes[contentStart + offset]) }
            contentStart += count
        }
        guard length <= bytes.endIndex - contentStart else { return nil }
        return (index, contentStart, contentStart + length)
    }
}
