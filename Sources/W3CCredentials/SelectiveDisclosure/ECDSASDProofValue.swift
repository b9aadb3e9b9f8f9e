import CBOR
import CryptoKeys
import Foundation
import Multiformats

/// The `proofValue` of an ecdsa-sd-2023 base proof (VC Data Integrity ECDSA Cryptosuites v1.0
/// §3.5.2): what the issuer gives the holder. Multibase base64url of the CBOR header
/// `0xd9 0x5d 0x00` (tag 23808) and an array of the base signature, the ephemeral public key,
/// the HMAC key, one signature per non-mandatory statement, and the mandatory JSON pointers.
public struct ECDSASDBaseProofValue: Sendable, Hashable {
    /// The issuer's signature over the proof hash, the ephemeral key and the mandatory hash.
    public var baseSignature: Data
    /// The ephemeral P-256 key that signed each statement.
    public var publicKey: PublicKey
    /// The key that turns canonical blank node labels into the issuer's HMAC labels. Secret
    /// to the holder: it is never disclosed in a derived proof.
    public var hmacKey: Data
    /// One signature per non-mandatory statement, in statement order.
    public var signatures: [Data]
    /// The JSON pointers of what every derived proof must reveal.
    public var mandatoryPointers: [String]

    /// A base proof value from its parts.
    public init(baseSignature: Data, publicKey: PublicKey, hmacKey: Data, signatures: [Data], mandatoryPointers: [String]) {
        self.baseSignature = baseSignature
        self.publicKey = publicKey
        self.hmacKey = hmacKey
        self.signatures = signatures
        self.mandatoryPointers = mandatoryPointers
    }

    /// Reads a base `proofValue`: `u`-multibase, the base header, the five components.
    public init(proofValue: String) throws(DataIntegrityError) {
        let items = try ECDSASDProofValue.components(of: proofValue, tag: ECDSASDProofValue.baseTag)
        guard let pointers = items[4].arrayValue?.compactMap(\.stringValue), pointers.count == items[4].arrayValue?.count,
            let hmacKey = items[2].bytesValue, hmacKey.count == 32
        else { throw .invalidProofValue }
        self.init(
            baseSignature: try ECDSASDProofValue.signature(items[0]), publicKey: try ECDSASDProofValue.key(items[1]),
            hmacKey: hmacKey, signatures: try ECDSASDProofValue.signatures(items[3]), mandatoryPointers: pointers)
    }

    /// The serialized `proofValue`.
    public var proofValue: String {
        ECDSASDProofValue.serialize(tag: ECDSASDProofValue.baseTag, [
            .byteString(baseSignature), .byteString(publicKey.multicodecBytes), .byteString(hmacKey),
            .array(signatures.map(CBOR.byteString)), .array(mandatoryPointers.map(CBOR.textString)),
        ])
    }
}

/// The `proofValue` of an ecdsa-sd-2023 derived proof (§3.5.7): what a verifier receives. The
/// header `0xd9 0x5d 0x01` and an array of the base signature, the ephemeral key, the
/// signatures of the disclosed non-mandatory statements, the label map (canonical label of the
/// revealed document → the issuer's HMAC label, compressed to integer → bytes), and the
/// positions of the mandatory statements among the disclosed ones.
public struct ECDSASDDerivedProofValue: Sendable, Hashable {
    /// The issuer's base signature.
    public var baseSignature: Data
    /// The ephemeral P-256 key.
    public var publicKey: PublicKey
    /// The signatures of the disclosed non-mandatory statements, in statement order.
    public var signatures: [Data]
    /// `c14nN` → the HMAC label (`u…`, without `_:`) the statement had in the base document.
    public var labelMap: [String: String]
    /// The positions, among the disclosed statements, of the mandatory ones.
    public var mandatoryIndexes: [Int]

    /// A derived proof value from its parts.
    public init(baseSignature: Data, publicKey: PublicKey, signatures: [Data], labelMap: [String: String], mandatoryIndexes: [Int]) {
        self.baseSignature = baseSignature
        self.publicKey = publicKey
        self.signatures = signatures
        self.labelMap = labelMap
        self.mandatoryIndexes = mandatoryIndexes
    }

    /// Reads a derived `proofValue`.
    public init(proofValue: String) throws(DataIntegrityError) {
        let items = try ECDSASDProofValue.components(of: proofValue, tag: ECDSASDProofValue.derivedTag)
        guard let entries = items[3].mapValue, let indexes = items[4].arrayValue else { throw .invalidProofValue }
        var labelMap: [String: String] = [:]
        for entry in entries {
            guard let number = entry.key.uint64Value, let bytes = entry.value.bytesValue, bytes.count == 32,
                labelMap.updateValue(Multibase.encode(bytes, as: .base64url), forKey: "c14n\(number)") == nil
            else { throw .invalidProofValue }
        }
        let mandatoryIndexes = indexes.compactMap(\.intValue)
        guard mandatoryIndexes.count == indexes.count, mandatoryIndexes.allSatisfy({ $0 >= 0 }) else { throw .invalidProofValue }
        self.init(
            baseSignature: try ECDSASDProofValue.signature(items[0]), publicKey: try ECDSASDProofValue.key(items[1]),
            signatures: try ECDSASDProofValue.signatures(items[2]), labelMap: labelMap, mandatoryIndexes: mandatoryIndexes)
    }

    /// The serialized `proofValue` (the label map in canonical label order).
    public var proofValue: String {
        let labels = labelMap.compactMap { canonical, label -> (UInt64, Data)? in
            guard let number = UInt64(canonical.dropFirst("c14n".count)),
                let bytes = try? Multibase.decode(label, expecting: .base64url)
            else { return nil }
            return (number, bytes)
        }.sorted { $0.0 < $1.0 }
        return ECDSASDProofValue.serialize(tag: ECDSASDProofValue.derivedTag, [
            .byteString(baseSignature), .byteString(publicKey.multicodecBytes), .array(signatures.map(CBOR.byteString)),
            .map(labels.map { (key: CBOR.unsigned($0.0), value: CBOR.byteString($0.1)) }),
            .array(mandatoryIndexes.map { CBOR.unsigned(UInt64($0)) }),
        ])
    }
}

/// The framing both proof values share.
enum ECDSASDProofValue {
    /// CBOR tag 0x5d00: a base proof.
    static let baseTag: UInt64 = 0x5d00
    /// CBOR tag 0x5d01: a derived proof.
    static let derivedTag: UInt64 = 0x5d01

    /// The five components of a `u`-multibase CBOR array under `tag`; anything else is
    /// ``DataIntegrityError/invalidProofValue``.
    static func components(of proofValue: String, tag: UInt64) throws(DataIntegrityError) -> [CBOR] {
        guard proofValue.hasPrefix("u"), let bytes = try? Multibase.decode(proofValue, expecting: .base64url),
            bytes.starts(with: [0xd9, UInt8(tag >> 8), UInt8(tag & 0xff)]),
            case let .tagged(found, .array(items))? = try? CBOR.decode(bytes), found == tag, items.count == 5
        else { throw .invalidProofValue }
        return items
    }

    static func serialize(tag: UInt64, _ items: [CBOR]) -> String {
        Multibase.encode(CBOR.tagged(tag, .array(items)).encoded(), as: .base64url)
    }

    static func signature(_ item: CBOR) throws(DataIntegrityError) -> Data {
        guard let bytes = item.bytesValue, bytes.count == 64 || bytes.count == 96 else { throw .invalidProofValue }
        return bytes
    }

    static func signatures(_ item: CBOR) throws(DataIntegrityError) -> [Data] {
        guard let items = item.arrayValue else { throw .invalidProofValue }
        return try items.map { (item: CBOR) throws(DataIntegrityError) -> Data in
            guard let bytes = item.bytesValue, bytes.count == 64 else { throw .invalidProofValue }
            return bytes
        }
    }

    /// The ephemeral key: a P-256 Multikey (compressed point after the 0x1200 multicodec).
    static func key(_ item: CBOR) throws(DataIntegrityError) -> PublicKey {
        guard let bytes = item.bytesValue, let key = try? PublicKey(multicodec: bytes), key.curve == .p256 else {
            throw .invalidProofValue
        }
        return key
    }
}
