import CryptoKeys
import Foundation
import JOSE
import JSONModel
import MDoc
import Multiformats
import SDJWT

/// Pairs the credentials of one credential response with the holder keys they were
/// requested for.
///
/// A batch request carries one key proof per holder key, and the response lists one
/// credential per key, but OpenID4VCI 1.0 (§8.3) does not promise that the list follows the
/// order of the proofs. So each credential is paired with the key it binds: an SD-JWT VC's
/// `cnf.jwk`, an mdoc's MSO device key, a `jwt_vc_json` credential's `cnf.jwk`. This reads
/// the credential without verifying it; validation afterwards checks that the credential
/// binds exactly the key it was paired with. A credential whose bound key cannot be read, or
/// is none of the keys, takes the first key left over, in order; validation then says what is
/// wrong with it.
enum HolderKeyPairing {
    /// The id of the key for each credential of `received`, in the same order; `nil` when
    /// the keys run out.
    static func keyIDs(for received: [ReceivedCredential], keys: [SecureAreaKey]) -> [String?] {
        var unpaired = keys
        var paired = [SecureAreaKey?](repeating: nil, count: received.count)
        for (position, credential) in received.enumerated() {
            guard let bound = boundKey(of: credential.payload, format: credential.format),
                  let match = unpaired.firstIndex(where: { $0.publicKey == bound })
            else { continue }
            paired[position] = unpaired.remove(at: match)
        }
        for position in paired.indices where paired[position] == nil && !unpaired.isEmpty {
            paired[position] = unpaired.removeFirst()
        }
        return paired.map { $0?.id }
    }

    /// The public key `payload` binds its holder to, read without verification; `nil` when
    /// there is none or it cannot be read.
    static func boundKey(of payload: Data, format: CredentialFormat) -> PublicKey? {
        switch format {
        case .mdoc:
            return try? IssuerSigned(decoding: payload).issuerAuth.mobileSecurityObject.deviceKeyInfo.deviceKey.publicKey()
        case .sdJWTVC:
            guard let text = String(data: payload, encoding: .utf8),
                  let processed = try? ProcessedSDJWT(unverified: SDJWTObject(parsing: text))
            else { return nil }
            return confirmationKey(in: processed.claims)
        case .jwtVCJSON:
            guard let text = String(data: payload, encoding: .utf8), let encoded = try? JWSObject(compact: text).encodedPayload,
                  let bytes = try? Base64URL.decode(encoded), case .object(let claims)? = try? JSONValue(parsing: bytes)
            else { return nil }
            return confirmationKey(in: claims)
        case .openDID:
            return nil
        }
    }

    /// The key of `cnf.jwk` (RFC 7800 §3.2) in `claims`.
    private static func confirmationKey(in claims: JSONObject) -> PublicKey? {
        guard let claims = try? JWTClaims(claims), let jwk = try? claims.confirmationKey() else { return nil }
        return try? jwk.publicKey()
    }
}
