import CBOR
import COSE
import CryptoKeys
import Foundation

extension StatusListTokenVerifier {
    /// The COSE `typ` header label (RFC 9596).
    static let coseTypeLabel = COSEHeaderLabel.int(16)
    /// The CWT tag (RFC 8392 §6), which a status list token must not carry.
    static let cwtTag: UInt64 = 61

    /// Verifies a status list token in CWT form (draft §5.2).
    ///
    /// Checks, in order: size and CBOR limits; no CWT tag 61; a tagged COSE_Sign1 (COSE_Mac0
    /// is not supported); protected `typ` (16) `application/statuslist+cwt`; an allowed
    /// algorithm; the resolver's key verifies the signature; `sub` (2) and `iat` (6) present;
    /// `exp` (4), `nbf` (5), `iat` against the clock; `sub` equal to `uri`; `ttl` (65534), when
    /// present, a positive integer; `status_list` (65533) a valid list within the limits.
    public func verify(cwt: Data, uri: String) async throws(StatusListError) -> StatusListToken {
        let limits = policy.limits
        guard cwt.count <= limits.maximumTokenSize else {
            throw .limitExceeded("token of \(cwt.count) bytes exceeds \(limits.maximumTokenSize)")
        }
        let options = CBORDecodingOptions(maxDepth: 16, maxLength: limits.maximumTokenSize, maxInputSize: limits.maximumTokenSize)
        let decoded: CBOR
        do throws(CBORError) {
            decoded = try CBOR.decode(cwt, options: options)
        } catch {
            throw .cose(.malformedCBOR(error))
        }
        switch decoded {
        case .tagged(Self.cwtTag, _): throw .malformedToken("a status list token must not carry the CWT tag 61")
        case .tagged(COSEMac0.tag, _): throw .malformedToken("COSE_Mac0 status list tokens are not supported")
        case .tagged(COSESign1.tag, _): break
        default: throw .malformedToken("not a tagged COSE_Sign1")
        }
        let message: COSESign1
        do throws(COSEError) {
            message = try COSESign1(cbor: decoded, tagPolicy: .required, options: options)
        } catch {
            throw .cose(error)
        }
        let protected = message.protected.headers
        guard case .textString(let type)? = protected[Self.coseTypeLabel],
            type.lowercased() == StatusListTokenFormat.cwt.mediaType
        else {
            throw .wrongType((protected[Self.coseTypeLabel] ?? message.unprotected[Self.coseTypeLabel]).map { "\($0)" })
        }
        let algorithm: COSEAlgorithm
        do throws(COSEError) {
            algorithm = try message.algorithm()
        } catch {
            throw .cose(error)
        }
        guard policy.allowedCOSEAlgorithms.contains(algorithm) else {
            throw .malformedToken("algorithm \(algorithm) is not allowed")
        }
        guard let payload = message.payload else { throw .malformedToken("the payload is detached") }
        let claims: CBOR
        do throws(CBORError) {
            claims = try CBOR.decode(payload, options: options)
        } catch {
            throw .invalidClaims("the payload is not CBOR: \(error)")
        }
        guard case .map = claims else { throw .invalidClaims("the claims are not a map") }

        let request = StatusListKeyRequest(
            uri: uri, format: .cwt, keyID: protected.keyID ?? message.unprotected.keyID,
            certificateChain: protected.x5chain ?? message.unprotected.x5chain,
            unverifiedIssuer: claims[.unsigned(StatusListCWTClaim.issuer)]?.stringValue,
            coseHeaders: (protected, message.unprotected))
        let key = try await resolveKey(request)
        do throws(COSEError) {
            try message.verify(with: key, understoodCriticalLabels: [Self.coseTypeLabel])
        } catch .invalidSignature {
            throw .invalidSignature
        } catch {
            throw .cose(error)
        }
        return try token(fromCWTClaims: claims, uri: uri)
    }

    /// Reads and checks the claims of a verified CWT.
    private func token(fromCWTClaims claims: CBOR, uri: String) throws(StatusListError) -> StatusListToken {
        func claim(_ key: UInt64) -> CBOR? { claims[.unsigned(key)] }
        func date(_ key: UInt64, _ name: String) throws(StatusListError) -> Date? {
            guard let value = claim(key) else { return nil }
            switch value {
            case .unsigned, .negative, .half, .float, .double:
                guard let seconds = value.doubleValue, seconds.isFinite else {
                    throw .invalidClaims("\(name) is not a NumericDate")
                }
                return Date(timeIntervalSince1970: seconds)
            default:
                throw .invalidClaims("\(name) is not a NumericDate")
            }
        }
        guard let subjectValue = claim(StatusListCWTClaim.subject) else { throw .invalidClaims("sub (2) is missing") }
        guard case .textString(let subject) = subjectValue else { throw .invalidClaims("sub (2) is not text") }
        guard let issuedAt = try date(StatusListCWTClaim.issuedAt, "iat (6)") else {
            throw .invalidClaims("iat (6) is missing")
        }
        let expiresAt = try date(StatusListCWTClaim.expiration, "exp (4)")
        let notBefore = try date(StatusListCWTClaim.notBefore, "nbf (5)")
        try policy.checkTimes(issuedAt: issuedAt, expiresAt: expiresAt, notBefore: notBefore)
        guard subject == uri else { throw .subjectMismatch(expected: uri, actual: subject) }

        var issuer: String?
        if let value = claim(StatusListCWTClaim.issuer) {
            guard case .textString(let text) = value else { throw .invalidClaims("iss (1) is not text") }
            issuer = text
        }
        var timeToLive: TimeInterval?
        if let value = claim(StatusListCWTClaim.timeToLive) {
            guard case .unsigned(let seconds) = value, seconds > 0 else {
                throw .invalidClaims("ttl (65534) is not a positive unsigned integer")
            }
            timeToLive = TimeInterval(seconds)
        }
        guard let list = claim(StatusListCWTClaim.statusList) else { throw .invalidClaims("status_list (65533) is missing") }
        return StatusListToken(
            subject: subject, issuer: issuer, issuedAt: issuedAt, expiresAt: expiresAt, timeToLive: timeToLive,
            statusList: try TokenStatusList(cbor: list, limits: policy.limits))
    }
}
