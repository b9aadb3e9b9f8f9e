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
    /// the status list draft's key resolution allows: the credential's own key; a key this
    /// resolver finds for a token whose `iss` is the credential's `iss` (the same web-based
    /// or DID resolution); or the leaf of a trusted `x5c` chain issued by the same
    /// certificate authority as the credential's. Unbound, any key this resolver trusts is
    /// accepted.
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
            guard publicKey == referencing.key
                || (referencing.issuer != nil && request.unverifiedIssuer == referencing.issuer)
                || Certificate.leavesHaveSameIssuingAuthority(header.certificateChain, referencing.certificateChain)
            else { return nil }
            return publicKey
        }
    }
}
