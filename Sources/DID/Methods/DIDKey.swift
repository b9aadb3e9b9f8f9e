import CryptoKeys
import Foundation
import Multiformats

/// The did:key method (W3C CCG did:key v0.7): a DID that is a public key,
/// `did:key:` + the key's Multikey encoding (`z` base58btc of multicodec-prefixed bytes, EC
/// points compressed).
///
/// Supported keys: Ed25519 (`z6Mk…`), X25519 (`z6LS…`), secp256k1 (`zQ3s…`), P-256
/// (`zDn…`), P-384 (`z82…`), P-521 (`z2J9…`) and RSA (`z4MX…`, ≥ 2048 bits, verification
/// only). BLS12-381 did:keys (G1 `z3tE…`, G2 `zUC7…`, G1G2 `z5Tc…`) resolve to documents, their
/// keys checked without curve arithmetic, but give no `PublicKey`: this library cannot verify
/// BLS signatures.
public enum DIDKey {
    /// The longest method-specific identifier read: room for an RSA-4096 did:key (which is
    /// then reported as unsupported rather than malformed), nothing like a document.
    public static let maximumIdentifierLength = 2048

    /// The did:key for a public key.
    ///
    public static func make(for key: PublicKey) throws(DIDError) -> DIDIdentifier {
        try DIDIdentifier(method: "key", methodSpecificID: Multikey.encode(key))
    }

    /// The verification method of a single-key did:key, `did:key:z…#z…`: what its document
    /// lists, and what a proof or a `kid` made with its key names.
    public static func verificationMethod(of did: DIDIdentifier) -> String {
        "\(did)#\(did.methodSpecificID)"
    }

    /// The public key a did:key encodes, with every check: method `key`, base58btc multibase,
    /// a public-key multicodec this library supports, the exact length for the curve, and a
    /// compressed point that is on the curve.
    ///
    /// A well-formed BLS12-381 did:key throws ``DIDResolutionError/unsupportedKeyType(_:)``
    /// saying it can be resolved (see ``DIDKeyResolver``) but not used for verification.
    public static func publicKey(of did: DIDIdentifier) throws(DIDResolutionError) -> PublicKey {
        switch try material(of: did) {
        case .key(let key): return key
        case .bls12381(let key): throw .unsupportedKeyType(key.unusableForVerification)
        }
    }

    /// What a did:key encodes, BLS12-381 keys included, with the checks of ``publicKey(of:)``.
    static func material(of did: DIDIdentifier) throws(DIDResolutionError) -> MultikeyMaterial {
        guard did.method == "key" else { throw .methodNotSupported(did.method) }
        let fingerprint = did.methodSpecificID
        guard fingerprint.first == "z", !fingerprint.contains(":"), fingerprint.utf8.count <= maximumIdentifierLength else {
            throw .invalidDID(.invalidMethodSpecificID(fingerprint))
        }
        let bytes: Data
        do {
            bytes = try Multibase.decode(fingerprint, expecting: .base58btc)
        } catch {
            throw .invalidDID(.invalidMethodSpecificID(fingerprint))
        }
        do {
            return try Multikey.material(multicodecPrefixed: bytes)
        } catch .unsupportedVerificationMethod(let what), .unsupportedKeyType(let what) {
            throw .unsupportedKeyType(what)
        } catch .invalidKeyMaterial(let reason) {
            throw .invalidPublicKey(reason)
        } catch {
            throw .invalidPublicKey(error.description)
        }
    }
}

/// How did:key documents are shaped (the did:key spec's resolution options).
public struct DIDKeyOptions: Sendable, Hashable {
    /// The verification method representation.
    public enum PublicKeyFormat: Sendable, Hashable {
        /// `Multikey` with `publicKeyMultibase`: the current did:key spec.
        case multikey
        /// The suites of the 2022 did:key test vectors: `Ed25519VerificationKey2018` and
        /// `X25519KeyAgreementKey2019` with `publicKeyBase58`,
        /// `EcdsaSecp256k1VerificationKey2019` with `publicKeyBase58`, and `JsonWebKey2020`
        /// with `publicKeyJwk` for the NIST curves, `Bls12381G1Key2020` and `Bls12381G2Key2020`
        /// with `publicKeyBase58` for BLS12-381. For verifiers that only know those.
        case legacy
        /// `JsonWebKey2020` with `publicKeyJwk` for every key type.
        case jsonWebKey2020
    }

    /// The verification method representation; `.multikey` by default.
    public var publicKeyFormat: PublicKeyFormat
    /// Whether an Ed25519 did:key also gets the X25519 key of the same secret as a
    /// `keyAgreement` method (the birational map of RFC 7748). Off by default, as in the spec.
    public var enableEncryptionKeyDerivation: Bool

    /// Creates options.
    public init(publicKeyFormat: PublicKeyFormat = .multikey, enableEncryptionKeyDerivation: Bool = false) {
        self.publicKeyFormat = publicKeyFormat
        self.enableEncryptionKeyDerivation = enableEncryptionKeyDerivation
    }
}

/// Resolves did:key DIDs offline by expanding the key into a document.
public struct DIDKeyResolver: DIDResolver {
    /// The document shape.
    public var options: DIDKeyOptions

    /// Creates a resolver.
    public init(options: DIDKeyOptions = DIDKeyOptions()) {
        self.options = options
    }

    public func resolve(_ did: DIDIdentifier) async throws(DIDResolutionError) -> DIDResolution {
        DIDResolution(document: try DIDKeyDocument.make(for: did, options: options))
    }
}
