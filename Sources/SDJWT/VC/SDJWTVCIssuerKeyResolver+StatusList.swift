import Foundation
import JOSE
import JSONModel
import StatusList

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
            let evidence: StatusListIssuerBinding.KeyEvidence = header.certificateChain.map { .certificateChain($0) }
                ?? .resolvedForIssuer(request.unverifiedIssuer)
            return StatusListIssuerBinding().accepts(publicKey, evidence: evidence, for: referencing) ? publicKey : nil
        }
    }
}
