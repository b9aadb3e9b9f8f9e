import CBOR
import COSE
import CryptoKeys
import Foundation
import JOSE
import JSONModel

extension StatusListToken {
    /// Signs the token as a JWT with `typ: statuslist+jwt` (for issuers and the sandbox).
    ///
    /// `kid` comes from the signer; `ttl` is written in whole seconds.
    public func signedJWT(signer: some Signer) async throws(StatusListError) -> String {
        var additional = JSONObject()
        if let timeToLive { additional["ttl"] = .number(JSONNumber(Self.wholeSeconds(timeToLive))) }
        additional["status_list"] = try statusList.jsonValue()
        let claims = JWTClaims(
            issuer: issuer, subject: subject, expiresAt: expiresAt, issuedAt: issuedAt, additionalClaims: additional)
        do throws(JOSEError) {
            return try await JWT.sign(claims, header: JOSEHeader(type: StatusListTokenVerifier.jwtType), signer: signer)
        } catch {
            throw .jose(error)
        }
    }

    /// Signs the token as a CWT in a tagged COSE_Sign1 with protected `typ` (16)
    /// `application/statuslist+cwt`; `keyID` goes in the unprotected `kid`, as the draft's
    /// example does, and `certificateChain` (DER, leaf first) in the protected `x5chain`.
    public func signedCWT(signer: some Signer, keyID: Data? = nil, certificateChain: [Data]? = nil) async throws(StatusListError) -> Data {
        var claims: [(key: CBOR, value: CBOR)] = []
        if let issuer { claims.append((key: CBOR(StatusListCWTClaim.issuer), value: .textString(issuer))) }
        claims.append((key: CBOR(StatusListCWTClaim.subject), value: .textString(subject)))
        claims.append((key: CBOR(StatusListCWTClaim.issuedAt), value: Self.numericDate(issuedAt)))
        if let expiresAt { claims.append((key: CBOR(StatusListCWTClaim.expiration), value: Self.numericDate(expiresAt))) }
        if let timeToLive {
            claims.append((key: CBOR(StatusListCWTClaim.timeToLive), value: .unsigned(Self.wholeSeconds(timeToLive))))
        }
        claims.append((key: CBOR(StatusListCWTClaim.statusList), value: try statusList.cbor()))

        var protected = COSEHeaders()
        protected[StatusListTokenVerifier.coseTypeLabel] = .textString(StatusListTokenFormat.cwt.mediaType)
        if let certificateChain, !certificateChain.isEmpty { protected.x5chain = certificateChain }
        var unprotected = COSEHeaders()
        if let keyID { unprotected.keyID = keyID }
        do throws(COSEError) {
            let message = try await COSESign1.sign(
                payload: CBOR.map(claims).encoded(), protected: protected, unprotected: unprotected, signer: signer)
            return message.encoded(tagged: true)
        } catch {
            throw .cose(error)
        }
    }

    /// A `ttl` as a positive whole number of seconds (at least 1, at most a century).
    private static func wholeSeconds(_ interval: TimeInterval) -> UInt64 {
        guard interval.isFinite else { return 1 }
        return UInt64(min(max(1, interval.rounded(.down)), 3_155_760_000))
    }

    /// A NumericDate as a whole number of seconds.
    private static func numericDate(_ date: Date) -> CBOR {
        let seconds = date.timeIntervalSince1970.rounded(.down)
        if seconds >= 0, let value = UInt64(exactly: seconds) { return .unsigned(value) }
        if let value = Int64(exactly: seconds) { return CBOR(value) }
        return .double(seconds)
    }
}
