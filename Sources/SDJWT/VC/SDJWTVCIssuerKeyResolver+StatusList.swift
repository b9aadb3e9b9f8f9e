import JOSE
import JSONModel
import StatusList

extension SDJWTIssuerKeyResolver {
    /// The same key policy for the status list tokens the credential refers to: the token's
    /// header and unverified `iss` are asked of this resolver, so a status list is trusted
    /// exactly as far as a credential from the same issuer would be.
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
            return publicKey
        }
    }
}
