import Foundation

extension VerifiableCredential {
    /// The credential as it goes into a presentation that discloses only the claims with
    /// `codes`: as the Open DID wallet makes it, the claims are filtered (keeping the
    /// credential's order), `proofValue` is removed (it signs every claim, so it would not
    /// verify), and `proofValueList` keeps the issuer's per-claim signatures of the chosen
    /// claims, position for position.
    ///
    /// - Throws: ``OpenDIDError/claimNotFound(code:)`` for a code the credential lacks;
    ///   ``OpenDIDError/proofValueListMismatch(claims:signatures:)`` when the credential has
    ///   no per-claim signature for every claim.
    public func disclosing(claimCodes codes: [String]) throws(OpenDIDError) -> VerifiableCredential {
        let claims = credentialSubject.claims
        guard let list = proof.proofValueList, list.count == claims.count else {
            throw .proofValueListMismatch(claims: claims.count, signatures: proof.proofValueList?.count ?? 0)
        }
        for code in codes where !claims.contains(where: { $0.code == code }) {
            throw .claimNotFound(code: code)
        }
        let chosen = Set(codes)
        let positions = claims.indices.filter { chosen.contains(claims[$0].code) }
        var reduced = self
        reduced.credentialSubject.claims = positions.map { claims[$0] }
        reduced.proof.proofValue = nil
        reduced.proof.proofValueList = positions.map { list[$0] }
        return reduced
    }
}

/// The claims of one stored credential a holder chose to present.
public struct ClaimSelection: Sendable, Hashable {
    public var credential: VerifiableCredential
    /// Codes of the claims to disclose.
    public var claimCodes: [String]

    public init(credential: VerifiableCredential, claimCodes: [String]) {
        self.credential = credential
        self.claimCodes = claimCodes
    }
}

extension VerifiablePresentation {
    /// An unsigned presentation of the chosen claims, for `verifierNonce`, valid from
    /// `validFrom` for `validity` seconds. Sign it with ``ProofsContainer/sign(with:created:)``
    /// using the holder's keys.
    public init(
        holder: String, disclosing selections: [ClaimSelection], verifierNonce: String,
        validFrom: Date = Date(), validity: TimeInterval = 300, id: String = UUID().uuidString.lowercased()
    ) throws(OpenDIDError) {
        var credentials: [VerifiableCredential] = []
        for selection in selections {
            credentials.append(try selection.credential.disclosing(claimCodes: selection.claimCodes))
        }
        self.init(
            id: id, holder: holder, validFrom: UTCDatetime.string(from: validFrom),
            validUntil: UTCDatetime.string(from: validFrom.addingTimeInterval(validity)),
            verifierNonce: verifierNonce, verifiableCredential: credentials)
    }
}
