import CryptoKeys
import Foundation
import JSONModel

/// What a verifier expects of a presentation: its nonce, and optionally the filter and
/// authentication of its verify profile.
public struct PresentationPolicy: Sendable, Hashable {
    /// The nonce the verifier issued; the VP must carry exactly this.
    public var verifierNonce: String
    /// Acceptable schemas, issuers and required claims; `nil` accepts any credential.
    public var filter: VerifyProfile.Profile.ProfileFilter?
    /// How the holder must have authenticated (by the `authType` of the signing keys).
    public var authType: VerifyAuthType?
    /// Allowed clock difference when checking validity windows.
    public var clockSkew: TimeInterval

    public init(
        verifierNonce: String, filter: VerifyProfile.Profile.ProfileFilter? = nil,
        authType: VerifyAuthType? = nil, clockSkew: TimeInterval = ClockSkew.standard.seconds
    ) {
        self.verifierNonce = verifierNonce
        self.filter = filter
        self.authType = authType
        self.clockSkew = clockSkew
    }

    /// The policy a verify profile states.
    public init(profile: VerifyProfile, clockSkew: TimeInterval = ClockSkew.standard.seconds) {
        self.init(
            verifierNonce: profile.profile.process.verifierNonce, filter: profile.profile.filter,
            authType: profile.profile.process.authType, clockSkew: clockSkew)
    }
}

/// Verifies a received presentation as an Open DID verifier does.
///
/// In order: every holder and issuer signature (``ProofVerifier``); the nonce; the VP's
/// validity window; each credential is about the holder, inside its validity window,
/// from an allowed issuer on a requested schema, and discloses every required claim; the
/// holder's signing keys satisfy the requested authentication.
public struct PresentationVerifier: Sendable {
    public var proofs: ProofVerifier
    public var policy: PresentationPolicy
    public var clock: @Sendable () -> Date

    public init(documents: [DIDDocument], policy: PresentationPolicy, clock: @escaping @Sendable () -> Date = { Date() }) {
        self.proofs = ProofVerifier(documents: documents)
        self.policy = policy
        self.clock = clock
    }

    /// Verifies the JSON of a presentation and returns it decoded.
    public func verify(_ data: Data) throws(OpenDIDError) -> VerifiablePresentation {
        let presentation: VerifiablePresentation = try OpenDIDCoding.decode(VerifiablePresentation.self, from: data)
        let json: JSONValue
        do { json = try JSONValue(parsing: data) } catch { throw .malformedJSON(error.description) }
        guard case let .object(object) = json else { throw .typeMismatch(path: "(root)", expected: "VerifiablePresentation") }
        try verify(presentation, checks: proofs.checks(for: object, kind: .verifiablePresentation))
        return presentation
    }

    /// Verifies a decoded presentation.
    public func verify(_ presentation: VerifiablePresentation) throws(OpenDIDError) {
        let object = try OpenDIDCoding.jsonObject(of: presentation)
        try verify(presentation, checks: proofs.checks(for: object, kind: .verifiablePresentation))
    }

    private func verify(_ presentation: VerifiablePresentation, checks: [ProofCheck]) throws(OpenDIDError) {
        if let failure = checks.lazy.compactMap(\.failure).first { throw failure }
        guard presentation.verifierNonce == policy.verifierNonce else {
            throw .presentationRejected("verifierNonce does not match the nonce issued")
        }
        let now = clock()
        try requireWithin(presentation.validFrom, presentation.validUntil, now: now, what: "presentation")
        guard !presentation.verifiableCredential.isEmpty else { throw .presentationRejected("no credential") }
        for credential in presentation.verifiableCredential {
            guard credential.credentialSubject.id == presentation.holder else {
                throw .presentationRejected("credential \(credential.id) is about \(credential.credentialSubject.id), not the holder")
            }
            try requireWithin(credential.validFrom, credential.validUntil, now: now, what: "credential \(credential.id)")
            try checkAgainstFilter(credential)
        }
        try checkAuthentication(presentation)
    }

    private func requireWithin(_ from: String, _ until: String, now: Date, what: String) throws(OpenDIDError) {
        guard let start = UTCDatetime.date(from: from), let end = UTCDatetime.date(from: until) else {
            throw .presentationRejected("\(what) has an unreadable validity window")
        }
        if now.addingTimeInterval(policy.clockSkew) < start { throw .presentationRejected("\(what) is not yet valid") }
        if now.addingTimeInterval(-policy.clockSkew) > end { throw .presentationRejected("\(what) has expired") }
    }

    private func checkAgainstFilter(_ credential: VerifiableCredential) throws(OpenDIDError) {
        guard let filter = policy.filter else { return }
        guard let schema = filter.credentialSchemas.first(where: { $0.id == credential.credentialSchema.id }) else {
            throw .presentationRejected("credential schema \(credential.credentialSchema.id) was not requested")
        }
        if let allowed = schema.allowedIssuers, !allowed.contains(credential.issuer.id) {
            throw .presentationRejected("issuer \(credential.issuer.id) is not allowed")
        }
        let presented = Set(credential.credentialSubject.claims.map(\.code))
        for required in schema.requiredClaims ?? [] where !presented.contains(required) {
            throw .presentationRejected("required claim \(required) is missing")
        }
    }

    private func checkAuthentication(_ presentation: VerifiablePresentation) throws(OpenDIDError) {
        guard let required = policy.authType, !required.subtracting(.and).isEmpty else { return }
        var offered = VerifyAuthType()
        for proof in presentation.allProofs {
            let reference = try VerificationMethodReference(proof.verificationMethod)
            let (_, method) = try proofs.keyEntry(for: reference)
            offered.insert(VerifyAuthType(rawValue: method.authType.rawValue))
        }
        let methods = required.subtracting(.and)
        let satisfied = required.contains(.and) ? offered.isSuperset(of: methods) : !offered.isDisjoint(with: methods)
        guard satisfied else {
            throw .presentationRejected("holder authentication \(offered.rawValue) does not meet \(required.rawValue)")
        }
    }
}
