import Foundation
import JOSE
import JSONModel
import StatusList
import X509
import X509Trust

extension SDJWTIssuerKeyResolver {
    /// The same key policy for the status list tokens the credential refers to: the token's
    /// header and unverified `iss` are asked of this resolver.
    ///
    /// Bound to the credential's issuer (``StatusListResolver/bound(to:)``, which
    /// ``SDJWTVCVerifier`` does), a key is accepted only when it is bound to that issuer as
    /// the status list draft's key resolution allows: the credential's own key; the leaf of a
    /// trusted `x5c` chain issued by the same certificate authority as the credential's; or,
    /// for a token without `x5c`, a key this resolver finds for a token whose `iss` is the
    /// credential's `iss` (the same web-based or DID resolution). Unbound, any key this
    /// resolver trusts is accepted.
    public var statusListKeys: StatusListKeyLookup {
        StatusListKeyLookup { request throws(StatusListError) in
            var header = request.joseHeader ?? JOSEHeader(keyID: request.keyIDString)
            if header.certificateChain == nil, let chain = request.certificateChain { header.certificateChain = chain }
            var payload = JSONObject()
            if let iss = request.unverifiedIssuer { payload["iss"] = .string(iss) }
            let key: JWSVerificationKey?
            do {
                key = try await issuerKey(for: header, payload: payload)
            } catch {
                return nil
            }
            guard let key, case .publicKey(let publicKey) = key.material else { return nil }
            guard let referencing = request.referencingIssuer else { return publicKey }
            if publicKey == referencing.key { return publicKey }
            if let chain = header.certificateChain {
                // A certificate need not name an issuer, so its `iss` proves nothing: only the
                // authority that certified both keys binds them.
                return Certificate.leavesHaveSameIssuingAuthority(chain, referencing.certificateChain) ? publicKey : nil
            }
            // Metadata and DID resolution bind the key to the `iss` they resolved it for.
            guard let issuer = referencing.issuer, request.unverifiedIssuer == issuer else { return nil }
            return publicKey
        }
    }
}
