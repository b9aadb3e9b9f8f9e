import Crypto
import Foundation

/// An ECDSA signature with the recovery id that lets a verifier rebuild the public key.
///
/// Plain ECDSA `(r, s)` fits 2–4 public keys for a given digest; the recovery id picks the
/// one that signed (bit 0: parity of the nonce point's y, bit 1: its x is `r + n`). Open DID
/// signs every proof this way on P-256, in a 65-byte compact form borrowed from Bitcoin's
/// signed messages: `[header | r | s]` with header `27 + recoveryID`, plus 4 when the key
/// is meant to be serialized compressed. Verifiers recover the key and compare it with the
/// one the DID document lists, so a signature without the right id cannot be checked.
///
/// Signatures made here are always low-S; parsed ones may be high-S (the recovery still
/// works, and plain ECDSA verification accepts them), so check ``ECDSASignature/isLowS``
/// on ``signature`` if a protocol forbids malleable signatures.
///
/// Supported curves: P-256 (recovery through OpenSSL's libcrypto, see the module overview)
/// and secp256k1 (libsecp256k1's recovery module).
public struct RecoverableECDSASignature: Sendable, Hashable {
    /// The curve: ``KeyCurve/p256`` or ``KeyCurve/secp256k1``.
    public let curve: KeyCurve
    /// `r` and `s` (always low-S when produced by this module).
    public let signature: ECDSASignature
    /// Which candidate nonce point the signature was made with, `0...3`.
    public let recoveryID: UInt8

    /// The length of the compact form: a header byte, then `r` and `s`.
    static let compactByteCount = 65
    /// The header of recovery id 0 for an uncompressed key; +4 marks a compressed one.
    static let headerBase: UInt8 = 27
    static let compressedFlag: UInt8 = 4

    /// Parses the 65-byte compact form `[27 + recoveryID (+4 if compressed) | r | s]`;
    /// headers 27...34 are accepted, since writers differ on the compressed flag.
    ///
    /// Throws ``CryptoKeysError/invalidSignatureEncoding(reason:)`` for a wrong length, a
    /// header outside 27...34 or `r`/`s` outside `[1, n − 1]`.
    public init(compactRepresentation compact: Data, curve: KeyCurve) throws(CryptoKeysError) {
        guard compact.count == Self.compactByteCount else {
            throw .invalidSignatureEncoding(reason: "compact recoverable signature must be \(Self.compactByteCount) bytes, got \(compact.count)")
        }
        let header = compact[compact.startIndex]
        let headers = Self.headerBase...(Self.headerBase + Self.compressedFlag + 3)
        guard headers.contains(header) else {
            throw .invalidSignatureEncoding(reason: "compact signature header \(header) is outside \(headers.lowerBound)...\(headers.upperBound)")
        }
        let signature = try ECDSASignature(rawRepresentation: Data(compact.dropFirst()), curve: curve)
        try self.init(signature: signature, recoveryID: (header - Self.headerBase) & 3)
    }

    /// Pairs a signature with a recovery id already known (from a signer that reports it).
    ///
    /// Throws ``CryptoKeysError/unsupported(_:)`` for curves other than P-256 and
    /// secp256k1, and ``CryptoKeysError/invalidSignatureEncoding(reason:)`` for an id
    /// above 3 or `r`/`s` outside `[1, n − 1]`.
    public init(signature: ECDSASignature, recoveryID: UInt8) throws(CryptoKeysError) {
        guard Self.supports(signature.curve) else {
            throw .unsupported("public-key recovery on \(signature.curve.rawValue)")
        }
        guard recoveryID < 4 else {
            throw .invalidSignatureEncoding(reason: "recovery id must be 0...3, got \(recoveryID)")
        }
        let order = BigEndian.order(of: signature.curve)
        for (name, value) in [("r", signature.r), ("s", signature.s)] {
            guard value.contains(where: { $0 != 0 }), BigEndian.compare(value, order) < 0 else {
                throw .invalidSignatureEncoding(reason: "\(name) is outside [1, n-1]")
            }
        }
        self.curve = signature.curve
        self.signature = signature
        self.recoveryID = recoveryID
    }

    /// Finds the recovery id for a (possibly high-S) signature made by `publicKey` over
    /// `digest`, normalising it to low-S first (which flips the parity bit).
    ///
    /// This is how a signature from a ``Signer`` (Secure Enclave, HSM), which returns only
    /// `r || s`, becomes an Open DID signature. Throws
    /// ``CryptoKeysError/signatureMismatch(reason:)`` when the key did not make the
    /// signature over this digest, ``CryptoKeysError/algorithmMismatch(algorithm:key:)``
    /// when the key is on another curve.
    public init(signature: ECDSASignature, digest: Data, publicKey: PublicKey) throws(CryptoKeysError) {
        guard publicKey.curve == signature.curve else {
            throw .algorithmMismatch(algorithm: "ECDSA on \(signature.curve.rawValue)", key: publicKey.kindName)
        }
        guard digest.count == PrehashedDigest.byteCount else {
            throw .invalidParameter(reason: "digest must be \(PrehashedDigest.byteCount) bytes, got \(digest.count)")
        }
        let lowS = signature.normalizedLowS
        // Validates the curve and r, s before any arithmetic; the id is replaced below.
        let candidate = try RecoverableECDSASignature(signature: lowS, recoveryID: 0)
        switch publicKey.backing {
        case .p256:
            guard let point = publicKey.sec1UncompressedRepresentation,
                  let recoveryID = try LibcryptoCurve.p256.recoveryID(r: lowS.r, s: lowS.s, digest: digest, publicKey: point)
            else { throw .signatureMismatch(reason: "the P-256 signature was not made by this key over this digest") }
            self = try RecoverableECDSASignature(signature: lowS, recoveryID: recoveryID)
        case .secp256k1:
            // libsecp256k1 has no "which id" call; try each and keep the one that fits.
            for recoveryID in UInt8(0)...3 {
                let trial = try RecoverableECDSASignature(signature: candidate.signature, recoveryID: recoveryID)
                if let recovered = try? trial.recoverPublicKey(digest: digest), recovered == publicKey {
                    self = trial
                    return
                }
            }
            throw .signatureMismatch(reason: "no recovery id rebuilds this secp256k1 key")
        case .p384, .p521, .ed25519, .x25519, .rsa:
            throw .unsupported("public-key recovery on \(publicKey.kindName)")
        }
    }

    /// 65 bytes: header `31 + recoveryID` (the compressed-key convention, as Open DID
    /// writes it), then `r` and `s`.
    public var compactRepresentation: Data {
        Data([Self.headerBase + Self.compressedFlag + recoveryID]) + signature.rawRepresentation
    }

    /// Recovers the public key from the signature and a 32-byte digest.
    ///
    /// Any well-formed signature recovers *some* key; the caller must compare it with the
    /// key it expected (an Open DID verifier compares with the DID document's key). Throws
    /// ``CryptoKeysError/signatureMismatch(reason:)`` when no key can be rebuilt (no curve
    /// point has x = `r`, or the result is the point at infinity).
    public func recoverPublicKey(digest: Data) throws(CryptoKeysError) -> PublicKey {
        guard digest.count == PrehashedDigest.byteCount else {
            throw .invalidParameter(reason: "digest must be \(PrehashedDigest.byteCount) bytes, got \(digest.count)")
        }
        switch curve {
        case .p256:
            let point = try LibcryptoCurve.p256.recoverPublicKey(
                r: signature.r, s: signature.s, digest: digest, recoveryID: recoveryID)
            return try PublicKey(sec1Representation: point, curve: .p256)
        case .secp256k1:
            let key = try Secp256k1.recoverPublicKey(
                signature: signature.rawRepresentation, recoveryID: recoveryID, digest: digest)
            return PublicKey(backing: .secp256k1(key))
        case .p384, .p521, .ed25519, .x25519:
            throw .unsupported("public-key recovery on \(curve.rawValue)")
        }
    }

    /// Verifies against a known key: plain ECDSA over the 32-byte `digest`. The recovery id
    /// plays no part (a wrong id still verifies here), so use this when the key is already
    /// known and ``recoverPublicKey(digest:)`` when it must come from the signature.
    public func isValidSignature(forDigest digest: Data, publicKey: PublicKey) -> Bool {
        guard publicKey.curve == curve, digest.count == PrehashedDigest.byteCount else { return false }
        switch publicKey.backing {
        case .p256(let key):
            guard let prehashed = try? PrehashedDigest(digest),
                  let parsed = try? P256.Signing.ECDSASignature(rawRepresentation: signature.rawRepresentation)
            else { return false }
            return key.isValidSignature(parsed, for: prehashed)
        case .secp256k1(let key):
            return key.isValidSignature(signature.rawRepresentation, digest: digest)
        case .p384, .p521, .ed25519, .x25519, .rsa:
            return false
        }
    }

    /// Whether the signature verifies with `publicKey` over the 32-byte `digest` *and* its
    /// recovery id names that key: what recovering the key and comparing it establishes
    /// (an Open DID verifier's check), at the cost of one verification. A signature whose
    /// recovery id was altered fails here, unlike ``isValidSignature(forDigest:publicKey:)``.
    public func isValidSignature(forDigest digest: Data, recoveringTo publicKey: PublicKey) -> Bool {
        RecoveringVerifier(publicKey: publicKey).isValid(self, forDigest: digest)
    }

    static func supports(_ curve: KeyCurve) -> Bool {
        curve == .p256 || curve == .secp256k1
    }
}
