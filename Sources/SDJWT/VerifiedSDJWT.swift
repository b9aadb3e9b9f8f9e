import CryptoKeys
import Foundation
import JOSE
import JSONModel

/// An SD-JWT whose issuer signature verified, whose Disclosures all check out, whose
/// validity claims pass and whose key binding meets the ``KeyBindingPolicy``: the only
/// place its claims may be trusted from.
public struct VerifiedSDJWT: Sendable {
    /// The header of the issuer signature that verified.
    public let header: JOSEHeader
    /// The algorithm that signature used.
    public let algorithm: JWSAlgorithm
    /// The issuer key that signature verified with (what a status list token's signer is
    /// held against, for one).
    public let issuerKey: JWSVerificationKey
    /// The Disclosures checked and the processed payload rebuilt.
    public let processed: ProcessedSDJWT
    /// The verified Key Binding JWT, when one was presented.
    public let keyBinding: VerifiedKeyBinding?

    /// The processed payload (RFC 9901 §7.1): every disclosed claim in place, no `_sd`,
    /// `_sd_alg` or undisclosed array elements.
    public var claims: JSONObject { processed.claims }
    /// The SD-JWT as received.
    public var sdJWT: SDJWTObject { processed.sdJWT }
    /// The `_sd_alg` hash.
    public var hashAlgorithm: SDHashAlgorithm { processed.hashAlgorithm }
    /// Every claim a Disclosure revealed.
    public var disclosedClaims: [DisclosedClaim] { processed.disclosedClaims }

    /// The SD-JWT a Holder presents to reveal the claims at `paths`; see
    /// ``ProcessedSDJWT/presentation(disclosing:)``.
    public func presentation(disclosing paths: [ClaimPath]) throws(SDJWTError) -> SDJWTObject {
        try processed.presentation(disclosing: paths)
    }

    /// The presentation for `paths` with a Key Binding JWT signed by the holder's key.
    public func presentation(
        disclosing paths: [ClaimPath], keyBinding request: KeyBindingRequest, signer: some Signer
    ) async throws(SDJWTError) -> SDJWTObject {
        try await processed.presentation(disclosing: paths, keyBinding: request, signer: signer)
    }
}
