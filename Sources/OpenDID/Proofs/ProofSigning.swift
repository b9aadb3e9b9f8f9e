import Foundation
import JSONModel

extension ProofsContainer {
    /// Signs the document with each key, replacing any proofs it had: one key gives
    /// `proof`, several give `proofs` (each signing the document with only its own header).
    public mutating func sign(with keys: [ProofKey], created: Date = Date()) async throws(OpenDIDError) {
        try await sign(with: keys, created: UTCDatetime(date: created))
    }

    /// Signs with a `created` text given as is (for instance to re-sign exactly what a
    /// server signed, microseconds included).
    public mutating func sign(with keys: [ProofKey], created: UTCDatetime) async throws(OpenDIDError) {
        guard !keys.isEmpty else { throw .proofMissing("no key to sign with") }
        let timestamp = try created.validated()
        let inputs = SigningInputBuilder(document: try OpenDIDCoding.jsonObject(of: self))
        var made: [Proof] = []
        for key in keys {
            var proof = try key.header(created: timestamp)
            let input = inputs.bytes(proof: proof.headerObject)
            proof.proofValue = try await key.proofValue(for: input, type: proof.type)
            made.append(proof)
        }
        setProofs(made)
    }
}

extension ProofContainer {
    /// Signs the document with `key`, replacing its proof.
    public mutating func sign(with key: ProofKey, created: Date = Date()) async throws(OpenDIDError) {
        try await sign(with: key, created: UTCDatetime(date: created))
    }

    /// Signs with a `created` text given as is.
    public mutating func sign(with key: ProofKey, created: UTCDatetime) async throws(OpenDIDError) {
        var proof = try key.header(created: try created.validated())
        let input = SigningInputBuilder(document: try OpenDIDCoding.jsonObject(of: self)).bytes(proof: proof.headerObject)
        proof.proofValue = try await key.proofValue(for: input, type: proof.type)
        self.proof = proof
    }
}

extension VerifiableCredential {
    /// Signs the credential as an Open DID issuer does: `proofValue` over the whole
    /// credential and, when `perClaimProofs`, `proofValueList[i]` over the credential
    /// reduced to claim `i`, so the holder can present any subset of claims.
    public mutating func sign(with key: ProofKey, created: Date = Date(), perClaimProofs: Bool = true) async throws(OpenDIDError) {
        try await sign(with: key, created: UTCDatetime(date: created), perClaimProofs: perClaimProofs)
    }

    /// Signs with a `created` text given as is.
    public mutating func sign(with key: ProofKey, created: UTCDatetime, perClaimProofs: Bool = true) async throws(OpenDIDError) {
        let header = try key.header(created: try created.validated())
        proof = VCProof(
            created: header.created, proofPurpose: header.proofPurpose,
            verificationMethod: header.verificationMethod, type: header.type)
        let inputs = SigningInputBuilder(document: try OpenDIDCoding.jsonObject(of: self))
        let headerObject = header.headerObject
        var signed = [inputs.bytes(proof: headerObject)]
        if perClaimProofs {
            let proofFragment = SigningInputBuilder.proofFragment(headerObject)
            for index in credentialSubject.claims.indices {
                signed.append(try inputs.bytes(proofFragment: proofFragment, claimAt: index))
            }
        }
        let values = try await key.proofValues(for: signed, type: header.type)
        let whole = values[0]
        let perClaim: [String]? = perClaimProofs ? Array(values.dropFirst()) : nil
        proof.proofValue = whole
        proof.proofValueList = perClaim
    }
}

extension UTCDatetime {
    /// The text, if it is an accepted date-time.
    func validated() throws(OpenDIDError) -> String {
        guard DatetimeParser.epochSeconds(wrappedValue) != nil else { throw .invalidDatetime(wrappedValue, path: "created") }
        return wrappedValue
    }
}

extension OpenDIDCoding {
    /// The JSON object of a model that writes its own members (no `Encoder` involved).
    static func jsonObject(of value: some JSONMembersWritable) throws(OpenDIDError) -> JSONObject {
        guard case let .object(object) = try value.jsonValue() else {
            throw .encodingFailed("\(type(of: value)) is not a JSON object")
        }
        return object
    }

    static func jsonObject(of value: some Encodable) throws(OpenDIDError) -> JSONObject {
        guard case let .object(object) = try jsonValue(of: value) else {
            throw .encodingFailed("\(type(of: value)) is not a JSON object")
        }
        return object
    }
}
