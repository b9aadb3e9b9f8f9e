import CryptoKeys
import DID
import Foundation

/// What a verifier requires of a Data Integrity proof beyond a valid signature: the purpose
/// its key must be authorized for, the suites it accepts, the time of the check, and for
/// authentication the challenge and domain it sent. The signature is the evidence; this is
/// the policy, a value a caller composes (a credential check uses the default purpose, a
/// presentation check names `authentication` and its nonce).
public struct DataIntegrityProofPolicy: Sendable, Hashable {
    /// The proof purpose the proof must state; its verification method must be listed under
    /// the relationship of the same name in the controller's DID document.
    public var proofPurpose: VerificationRelationship
    /// The cryptosuites accepted.
    public var cryptosuites: Set<DataIntegrityCryptosuite>
    /// The Linked Data signature suites accepted (the proof types before Data Integrity).
    public var linkedDataSuites: Set<LinkedDataProofSuite>
    /// The expected `challenge`; when set, the proof must carry exactly it.
    public var challenge: String?
    /// The expected `domain`; when set, the proof's `domain` must be or include it.
    public var domain: String?
    /// The time of the check (`created` not after it, `expires` not before it).
    public var now: Date
    /// The tolerance on those comparisons.
    public var skew: ClockSkew
    /// Whether an ecdsa-sd-2023 *base* proof is accepted (checked as its holder checks it,
    /// ``ECDSASelectiveDisclosure/verifyBase(_:method:toRDF:)``). Only a holder receiving a
    /// credential from its issuer sets it: a base proof carries the HMAC key and a signature
    /// for every statement, so a verifier shown one sees claims the holder never chose to
    /// disclose, and refuses it (``DataIntegrityError/baseProofPresented``) by default.
    public var acceptsBaseProofs: Bool

    /// A policy; by default `assertionMethod`, every suite, no challenge or domain, now.
    public init(
        proofPurpose: VerificationRelationship = .assertionMethod,
        cryptosuites: Set<DataIntegrityCryptosuite> = Set(DataIntegrityCryptosuite.allCases),
        linkedDataSuites: Set<LinkedDataProofSuite> = Set(LinkedDataProofSuite.allCases),
        challenge: String? = nil, domain: String? = nil, now: Date = Date(), skew: ClockSkew = .standard,
        acceptsBaseProofs: Bool = false
    ) {
        self.proofPurpose = proofPurpose
        self.cryptosuites = cryptosuites
        self.linkedDataSuites = linkedDataSuites
        self.challenge = challenge
        self.domain = domain
        self.now = now
        self.skew = skew
        self.acceptsBaseProofs = acceptsBaseProofs
    }

    /// A credential's proof as its holder receives it from the issuer: `assertionMethod`, and
    /// an ecdsa-sd-2023 base proof accepted (the holder derives what it shows from it).
    public static func holderReceipt(now: Date = Date()) -> Self {
        Self(now: now, acceptsBaseProofs: true)
    }

    /// A presentation's proof: `authentication`, with the verifier's challenge and domain.
    public static func authentication(challenge: String, domain: String?, now: Date = Date()) -> Self {
        Self(proofPurpose: .authentication, challenge: challenge, domain: domain, now: now)
    }

    /// The checks on the proof's own members (purpose, suite, challenge, domain, times).
    func check(_ proof: DataIntegrityProof) throws(DataIntegrityError) -> DataIntegrityCryptosuite {
        guard let suite = DataIntegrityCryptosuite(rawValue: proof.cryptosuite), cryptosuites.contains(suite) else {
            throw .unsupportedCryptosuite(proof.cryptosuite)
        }
        try check(ProofMembers(json: proof.json))
        return suite
    }

    /// The checks every proof type shares: purpose, challenge, domain, `created` and `expires`.
    func check(_ members: ProofMembers) throws(DataIntegrityError) {
        guard members.proofPurpose == proofPurpose.rawValue else {
            throw .wrongProofPurpose(expected: proofPurpose.rawValue, found: members.proofPurpose)
        }
        if let challenge, members.challenge != challenge { throw .challengeMismatch }
        if let domain, !members.domains.contains(domain) { throw .domainMismatch }
        if let created = members.created, created > now.addingTimeInterval(skew.seconds) { throw .createdInFuture }
        if let expires = members.expires, expires < now.addingTimeInterval(-skew.seconds) { throw .proofExpired }
    }
}
