import CryptoKeys
import Foundation
import JOSE
import JSONModel
import Multiformats

/// A JWT a wallet signs with the key it carries in the `jwk` header: a DPoP proof (RFC 9449
/// §4.2) or an OpenID4VCI key proof (§F.1). Both are explicitly typed, signed by the embedded
/// public key, and carry an `iat` that must be recent.
struct HolderProofJWT: Sendable {
    let header: JOSEHeader
    let claims: JWTClaims
    let key: JWK
    /// The RFC 7638 SHA-256 thumbprint of `key`, base64url.
    let thumbprint: String

    /// The largest proof accepted, in bytes.
    static let maximumBytes = 16 * 1024

    /// Parses and verifies `token`: typed `type`, an allowed asymmetric `alg`, a public `jwk`
    /// and no `kid`/`x5c` beside it, a signature by that key. Claims are not checked here.
    init(_ token: String, type: String, algorithms: [String]) throws(ProofFailure) {
        guard token.utf8.count <= Self.maximumBytes else { throw .invalid("the proof is larger than \(Self.maximumBytes) bytes") }
        let object: JWSObject
        do {
            object = try JWSObject(compact: token)
        } catch {
            throw .invalid("not a compact JWS: \(error)")
        }
        guard let signature = object.signatures.first, object.signatures.count == 1 else { throw .invalid("not one signature") }
        let header = signature.header
        guard header.type == type else { throw .invalid("typ is \(header.type ?? "missing"), not \(type)") }
        guard let alg = header.algorithm, algorithms.contains(alg) else {
            throw .invalid("alg \(header.algorithm ?? "missing") is not one of \(algorithms.joined(separator: ", "))")
        }
        guard header["kid"] == nil, header["x5c"] == nil else { throw .invalid("only a jwk header key is supported") }
        let jwk: JWK
        do {
            guard let embedded = try header.embeddedKey() else { throw JOSEError.invalidHeader("no jwk header") }
            jwk = embedded
        } catch {
            throw .invalid("jwk: \(error)")
        }
        let allowed = Set(algorithms.compactMap(JWSAlgorithm.init(rawValue:)))
        let verified: VerifiedJWS
        do {
            verified = try object.verify(
                key: JWSVerificationKey(jwk: jwk), policy: JWSPolicy(allowedAlgorithms: allowed, requiredType: type))
        } catch {
            throw .invalid("signature: \(error)")
        }
        do {
            claims = try JWTClaims(json: verified.payload)
        } catch {
            throw .invalid("claims: \(error)")
        }
        do {
            thumbprint = try jwk.thumbprintString()
        } catch {
            throw .invalid("jwk thumbprint: \(error)")
        }
        self.header = header
        self.key = jwk
    }

    /// Checks `iat`: present, not further ahead than `skew`, not older than `maximumAge`.
    func checkIssuedAt(now: Date, maximumAge: TimeInterval, skew: TimeInterval = ClockSkew.standard.seconds) throws(ProofFailure) {
        guard let issuedAt = claims.issuedAt else { throw .invalid("iat is missing") }
        guard issuedAt <= now + skew else { throw .invalid("iat is in the future") }
        guard issuedAt >= now - maximumAge else { throw .invalid("iat is too old") }
    }

    /// The string value of a claim.
    func string(_ name: String) -> String? { claims[name]?.stringValue }
}

/// Why a holder proof was refused.
enum ProofFailure: Error, Equatable, Sendable {
    /// The proof is malformed, unsigned, wrongly signed, wrongly bound or stale.
    case invalid(String)
    /// The proof lacks the server's current nonce (`use_dpop_nonce` / `invalid_nonce`).
    case nonce(String)

    var reason: String {
        switch self {
        case let .invalid(reason), let .nonce(reason): reason
        }
    }
}

/// Random, unguessable identifiers for codes, tokens, nonces and ids.
enum RandomToken {
    /// `byteCount` random bytes, base64url encoded.
    static func make(_ byteCount: Int = 32) -> String {
        var generator = SystemRandomNumberGenerator()
        var bytes = [UInt8]()
        bytes.reserveCapacity(byteCount)
        for _ in 0..<byteCount { bytes.append(UInt8.random(in: 0...255, using: &generator)) }
        return Base64URL.encode(Data(bytes))
    }
}
