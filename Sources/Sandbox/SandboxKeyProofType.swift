/// A key proof type of OpenID4VCI 1.0 (Appendix F) that the sandbox issuer checks.
public enum SandboxKeyProofType: String, Sendable, Hashable, CaseIterable, Codable {
    /// `jwt`: an `openid4vci-proof+jwt` signed by the key it carries (F.1).
    case jwt
    /// `di_vp`: a W3C presentation whose Data Integrity proof, by a did:key, is made for
    /// `authentication` with the `c_nonce` as challenge and the issuer as domain (F.2).
    case diVP = "di_vp"

    /// The Data Integrity cryptosuites the sandbox accepts in `di_vp` proofs: those whose keys
    /// a did:key names and a diploma can be issued to.
    static let diVPCryptosuites = ["ecdsa-rdfc-2019", "eddsa-rdfc-2022", "ecdsa-jcs-2019", "eddsa-jcs-2022"]
}
