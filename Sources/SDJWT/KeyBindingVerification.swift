import CryptoKeys
import Foundation
import JOSE
import JSONModel

/// The checks of RFC 9901 §7.3 step 5 on one KB-JWT.
struct KeyBindingVerification {
    let policy: KeyBindingPolicy
    let clock: @Sendable () -> Date
    let limits: SDJWTLimits

    /// Applies the policy to `sdJWT` whose processed payload is `claims`.
    func verify(
        _ sdJWT: SDJWTObject, claims: JSONObject, hashAlgorithm: SDHashAlgorithm
    ) throws(SDJWTError) -> VerifiedKeyBinding? {
        let required: Bool
        switch policy.requirement {
        case .required: required = true
        case .requiredWhenConfirmationKeyPresent: required = claims["cnf"] != nil
        case .optional: required = false
        case .forbidden:
            guard sdJWT.keyBindingJWT == nil else { throw .keyBinding(.unexpected) }
            return nil
        }
        guard let token = sdJWT.keyBindingJWT else {
            if required { throw .keyBinding(.missing) }
            return nil
        }
        do throws(KeyBindingFailure) {
            return try check(token, sdJWT: sdJWT, claims: claims, hashAlgorithm: hashAlgorithm)
        } catch {
            throw .keyBinding(error)
        }
    }

    private func check(
        _ token: String, sdJWT: SDJWTObject, claims: JSONObject, hashAlgorithm: SDHashAlgorithm
    ) throws(KeyBindingFailure) -> VerifiedKeyBinding {
        let holderKey = try confirmationKey(in: claims)
        let verified: VerifiedJWS
        do {
            let key = try JWSVerificationKey(jwk: holderKey)
            let jwsPolicy = JWSPolicy(
                allowedAlgorithms: policy.allowedAlgorithms, limits: limits.joseLimits, requiredType: "kb+jwt")
            verified = try JWSObject(compact: token, limits: limits.joseLimits).verify(key: key, policy: jwsPolicy)
        } catch .invalidSignature {
            throw .invalidSignature
        } catch {
            throw .jwt(error)
        }
        let payload: JSONObject
        do {
            payload = try SDJWTObject.payloadObject(verified.payload, limits: limits)
        } catch {
            throw .jwt(.malformed("the KB-JWT payload is not a JSON object"))
        }
        guard case .number(let iatNumber)? = payload["iat"], let iat = iatNumber.int64Value else {
            throw .missingClaim("iat")
        }
        guard case .string(let audience)? = payload["aud"] else { throw .missingClaim("aud") }
        guard case .string(let nonce)? = payload["nonce"] else { throw .missingClaim("nonce") }
        guard case .string(let sdHash)? = payload["sd_hash"] else { throw .missingClaim("sd_hash") }

        guard sdHash == hashAlgorithm.digest(of: sdJWT.keyBindingInput) else { throw .sdHashMismatch }
        if let expected = policy.nonce, !nonce.utf8.elementsEqual(expected.utf8) { throw .nonceMismatch }
        if let expected = policy.audience, !audience.utf8.elementsEqual(expected.utf8) {
            throw .audienceMismatch(expected: expected, actual: audience)
        }
        let now = clock().timeIntervalSince1970
        let nowSeconds = Int64(now.rounded(.down))
        if Double(iat) - now > policy.allowedFutureSkew {
            throw .issuedInFuture(issuedAtSeconds: iat, nowSeconds: nowSeconds)
        }
        if now - Double(iat) > policy.maximumAge {
            throw .tooOld(issuedAtSeconds: iat, nowSeconds: nowSeconds)
        }
        try checkValidity(payload)
        if let expected = policy.transactionData {
            try checkTransactionData(payload, expected: expected)
        }
        return VerifiedKeyBinding(
            header: verified.header, claims: payload, holderKey: holderKey,
            issuedAt: Date(timeIntervalSince1970: TimeInterval(iat)), audience: audience, nonce: nonce)
    }

    /// The `cnf.jwk` holder key (RFC 7800 §3.2), public and usable.
    private func confirmationKey(in claims: JSONObject) throws(KeyBindingFailure) -> JWK {
        guard let value = claims["cnf"] else { throw .noConfirmationKey }
        guard case .object(let cnf) = value else { throw .unsupportedConfirmationKey("cnf is not an object") }
        guard case .object? = cnf["jwk"], let jwkValue = cnf["jwk"] else {
            throw .unsupportedConfirmationKey("cnf has no jwk member")
        }
        let jwk: JWK
        do {
            jwk = try JWK(jsonData: jwkValue.serialized(.compact))
            _ = try jwk.publicKey()
        } catch {
            throw .unsupportedConfirmationKey("cnf.jwk: \(error)")
        }
        guard !jwk.isPrivate else { throw .unsupportedConfirmationKey("cnf.jwk carries private key material") }
        return jwk
    }

    /// `exp` and `nbf`, should the KB-JWT carry them (RFC 9901 §7.3 step 5.8).
    private func checkValidity(_ payload: JSONObject) throws(KeyBindingFailure) {
        guard payload["exp"] != nil || payload["nbf"] != nil else { return }
        do {
            let validator = JWTValidator(clock: clock, leeway: policy.allowedFutureSkew)
            try validator.validate(try JWTClaims(payload))
        } catch {
            throw .jwt(error)
        }
    }

    /// `transaction_data_hashes` must hash exactly the expected items (OpenID4VP 1.0 §8.4).
    private func checkTransactionData(_ payload: JSONObject, expected: [String]) throws(KeyBindingFailure) {
        guard case .array(let list)? = payload["transaction_data_hashes"] else {
            throw .transactionDataMismatch("transaction_data_hashes is absent or not an array")
        }
        let hashes = list.compactMap(\.stringValue)
        guard hashes.count == list.count else { throw .transactionDataMismatch("a hash is not a string") }
        var algorithm = SDHashAlgorithm.sha256
        if let value = payload["transaction_data_hashes_alg"] {
            guard let name = value.stringValue, let named = SDHashAlgorithm(rawValue: name) else {
                throw .transactionDataMismatch("unsupported transaction_data_hashes_alg")
            }
            algorithm = named
        }
        let wanted = expected.map { algorithm.digest(of: $0) }.sorted()
        guard hashes.sorted() == wanted else {
            throw .transactionDataMismatch("the hashes do not cover exactly the requested transaction data")
        }
    }
}
