import CryptoKeys
import Foundation

/// A key a JWS can be checked with: a public key or an HMAC secret, optionally pinned to one
/// algorithm.
///
/// Keeping the two kinds apart is what stops algorithm confusion: an `HS256` header can
/// never make a verifier use an issuer's *public* key bytes as an HMAC secret, because a
/// public key is not a ``symmetric`` key here.
public struct JWSVerificationKey: Sendable {
    /// The key material.
    public enum Material: Sendable {
        /// A public key for the asymmetric algorithms.
        case publicKey(PublicKey)
        /// A shared secret for HMAC.
        case symmetric(Data)
    }

    /// The key material.
    public var material: Material
    /// The only algorithm this key may be used with (a JWK's `alg`), or `nil` for "any
    /// algorithm that fits the key type and curve".
    public var algorithm: JWSAlgorithm?
    /// The key's identifier, if known.
    public var keyID: String?

    /// A public key, optionally pinned to one algorithm.
    public init(_ publicKey: PublicKey, algorithm: JWSAlgorithm? = nil, keyID: String? = nil) {
        self.material = .publicKey(publicKey)
        self.algorithm = algorithm
        self.keyID = keyID
    }

    /// An HMAC secret, optionally pinned to one algorithm.
    public init(symmetricKey: Data, algorithm: JWSAlgorithm? = nil, keyID: String? = nil) {
        self.material = .symmetric(symmetricKey)
        self.algorithm = algorithm
        self.keyID = keyID
    }

    /// The key a JWK describes, honouring its `alg`, `use` and `key_ops` restrictions
    /// (RFC 7517 §4): a key marked for encryption or for another algorithm is refused.
    public init(jwk: JWK) throws(JOSEError) {
        if let use = jwk.use, use != "sig" {
            throw .keyMismatch(algorithm: "signature verification", key: "use=\(use)")
        }
        if let operations = jwk.keyOps, !operations.contains("verify") {
            throw .keyMismatch(algorithm: "signature verification", key: "key_ops without verify")
        }
        var pinned: JWSAlgorithm?
        if let name = jwk.alg {
            guard let algorithm = JWSAlgorithm(rawValue: name) else {
                throw .unsupportedAlgorithm(name)
            }
            pinned = algorithm
        }
        let material: Material
        do {
            switch jwk.kty {
            case .oct: material = .symmetric(try jwk.symmetricKey())
            case .ec, .okp, .rsa: material = .publicKey(try jwk.publicKey())
            }
        } catch {
            throw .crypto(error)
        }
        if jwk.kty == .rsa, let modulus = jwk.n, ROCAFingerprint.matches(modulus: modulus) {
            throw .keyMismatch(algorithm: "any", key: "RSA modulus with the ROCA fingerprint (CVE-2017-15361)")
        }
        self.material = material
        self.algorithm = pinned
        self.keyID = jwk.kid
    }

    /// A short description of the key kind for errors.
    var kindName: String {
        switch material {
        case .publicKey(let key): return key.curve?.rawValue ?? "RSA"
        case .symmetric: return "symmetric"
        }
    }

    /// Checks that this key may be used with `algorithm`: the right kind (public or
    /// secret), type and curve, a long enough secret, and the pinned algorithm if any.
    func checkCompatible(with algorithm: JWSAlgorithm) throws(JOSEError) {
        if let pinned = self.algorithm, pinned != algorithm {
            throw .keyMismatch(algorithm: algorithm.rawValue, key: "\(kindName) pinned to \(pinned.rawValue)")
        }
        switch material {
        case .publicKey(let key):
            guard let signature = algorithm.signatureAlgorithm,
                signature.keyType == key.keyType, signature.curve == key.curve
            else {
                throw .keyMismatch(algorithm: algorithm.rawValue, key: kindName)
            }
        case .symmetric(let secret):
            guard let digest = algorithm.hmacDigest else {
                throw .keyMismatch(algorithm: algorithm.rawValue, key: kindName)
            }
            // RFC 7518 §3.2: the key must be at least as long as the hash output.
            guard secret.count >= digest.byteCount else {
                throw .keyMismatch(algorithm: algorithm.rawValue, key: "\(secret.count)-byte secret")
            }
        }
    }

    /// Whether `signature` is valid over `signingInput` for `algorithm`; call
    /// ``checkCompatible(with:)`` first.
    func isValidSignature(_ signature: Data, for signingInput: Data, algorithm: JWSAlgorithm) throws(JOSEError) -> Bool {
        switch material {
        case .publicKey(let key):
            guard let signatureAlgorithm = algorithm.signatureAlgorithm else {
                throw .keyMismatch(algorithm: algorithm.rawValue, key: kindName)
            }
            do {
                return try key.verify(signature, for: signingInput, algorithm: signatureAlgorithm)
            } catch {
                throw .keyMismatch(algorithm: algorithm.rawValue, key: kindName)
            }
        case .symmetric(let secret):
            guard let digest = algorithm.hmacDigest else {
                throw .keyMismatch(algorithm: algorithm.rawValue, key: kindName)
            }
            return digest.isValidAuthenticationCode(signature, for: signingInput, key: secret)
        }
    }

    /// ``isValidSignature(_:for:algorithm:)`` of a signing input that is a slice of the
    /// token it came in (`header.payload` of a compact JWS): a public key checks it where it
    /// lies, without a copy.
    func isValidSignature(
        _ signature: Data, forUTF8 signingInput: Substring, algorithm: JWSAlgorithm
    ) throws(JOSEError) -> Bool {
        guard case .publicKey(let key) = material, let signatureAlgorithm = algorithm.signatureAlgorithm else {
            return try isValidSignature(signature, for: Data(signingInput.utf8), algorithm: algorithm)
        }
        var text = signingInput
        let verified = text.withUTF8 { bytes in
            Result { () throws(CryptoKeysError) in
                try key.verify(signature, forBytes: UnsafeRawBufferPointer(bytes), algorithm: signatureAlgorithm)
            }
        }
        guard case .success(let isValid) = verified else {
            throw .keyMismatch(algorithm: algorithm.rawValue, key: kindName)
        }
        return isValid
    }
}
