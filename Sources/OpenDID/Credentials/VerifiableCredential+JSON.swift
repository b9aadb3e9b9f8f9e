import JSONModel

// The JSON of a credential and its parts, member for member in the order of their
// declarations (the `CodingKeys` order their synthesized decoding reads).

extension VerifiableCredential: JSONMembersWritable {
    func jsonValue() throws(OpenDIDError) -> JSONValue {
        var members = JSONMembers(capacity: 14)
        members.add(CodingKeys.context.rawValue, context)
        members.add("id", id)
        members.add("type", type)
        try members.add("issuer", issuer)
        members.add("issuanceDate", issuanceDate)
        try members.add("validFrom", datetime: validFrom)
        try members.add("validUntil", datetime: validUntil)
        members.add("encoding", encoding)
        members.add("formatVersion", formatVersion)
        members.add("language", language)
        try members.add("evidence", evidence)
        try members.add("credentialSchema", credentialSchema)
        try members.add("credentialSubject", credentialSubject)
        try members.add("proof", proof)
        return members.object
    }

    public func encode(to encoder: any Encoder) throws { try encodeMembers(to: encoder) }
}

extension Issuer: JSONMembersWritable {
    func jsonValue() throws(OpenDIDError) -> JSONValue {
        var members = JSONMembers(capacity: 3)
        members.add("id", id)
        members.add("name", name)
        members.add("certVcRef", certVcRef)
        return members.object
    }

    public func encode(to encoder: any Encoder) throws { try encodeMembers(to: encoder) }
}

extension CredentialSchema: JSONMembersWritable {
    func jsonValue() throws(OpenDIDError) -> JSONValue {
        var members = JSONMembers(capacity: 2)
        members.add("id", id)
        members.add("type", type)
        return members.object
    }

    public func encode(to encoder: any Encoder) throws { try encodeMembers(to: encoder) }
}

extension CredentialSubject: JSONMembersWritable {
    func jsonValue() throws(OpenDIDError) -> JSONValue {
        var members = JSONMembers(capacity: 2)
        members.add("id", id)
        try members.add("claims", claims)
        return members.object
    }

    public func encode(to encoder: any Encoder) throws { try encodeMembers(to: encoder) }
}

extension Claim: JSONMembersWritable {
    func jsonValue() throws(OpenDIDError) -> JSONValue {
        var members = JSONMembers(capacity: 9)
        members.add("code", code)
        members.add("caption", caption)
        members.add("value", value)
        members.add("type", type)
        members.add("format", format)
        members.add("hideValue", hideValue)
        members.add("location", location)
        members.add("digestSRI", digestSRI)
        try members.add("i18n", i18n)
        return members.object
    }

    public func encode(to encoder: any Encoder) throws { try encodeMembers(to: encoder) }
}

extension Internationalization: JSONMembersWritable {
    func jsonValue() throws(OpenDIDError) -> JSONValue {
        var members = JSONMembers(capacity: 3)
        members.add("caption", caption)
        members.add("value", value)
        members.add("digestSRI", digestSRI)
        return members.object
    }

    public func encode(to encoder: any Encoder) throws { try encodeMembers(to: encoder) }
}

extension Evidence: JSONMembersWritable {
    func jsonValue() throws(OpenDIDError) -> JSONValue {
        switch self {
        case let .documentVerification(evidence): try evidence.jsonValue()
        }
    }

    public func encode(to encoder: any Encoder) throws { try encodeMembers(to: encoder) }
}

extension DocumentVerificationEvidence: JSONMembersWritable {
    func jsonValue() throws(OpenDIDError) -> JSONValue {
        var members = JSONMembers(capacity: 7)
        members.add("id", id)
        members.add("type", type)
        members.add("verifier", verifier)
        members.add("evidenceDocument", evidenceDocument)
        members.add("subjectPresence", subjectPresence)
        members.add("documentPresence", documentPresence)
        members.add("attribute", attribute)
        return members.object
    }

    public func encode(to encoder: any Encoder) throws { try encodeMembers(to: encoder) }
}

extension VCProof: JSONMembersWritable {
    func jsonValue() throws(OpenDIDError) -> JSONValue {
        var members = JSONMembers(capacity: 6)
        try members.add("created", datetime: created)
        members.add("proofPurpose", proofPurpose)
        members.add("verificationMethod", verificationMethod)
        members.add("type", type)
        members.add("proofValue", proofValue)
        members.add("proofValueList", proofValueList)
        return members.object
    }

    public func encode(to encoder: any Encoder) throws { try encodeMembers(to: encoder) }
}
