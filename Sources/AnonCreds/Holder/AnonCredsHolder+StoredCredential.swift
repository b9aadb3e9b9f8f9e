extension AnonCredsHolder {
    /// Checks a credential this holder processed earlier against `definition`: it is of that
    /// definition, every raw value matches its encoding, `e` is in the CL range, and the
    /// unblinded signature holds over the values and this holder's link secret
    /// (`a^e = z / (s^v · rctxt^m₂ · ∏ rᵢ^mᵢ) mod n`).
    ///
    /// What a wallet runs each time it shows a stored credential: a file whose values were
    /// edited, or a credential held under another link secret, fails here.
    public func verifyStored(
        _ credential: Credential, definitionID: String, definition: CredentialDefinition
    ) throws(AnonCredsError) {
        guard credential.credentialDefinitionID == definitionID else {
            throw .credentialDefinitionMismatch(expected: definitionID, found: credential.credentialDefinitionID)
        }
        let key = definition.value.primary
        var values = try CredentialValues.signed(credential.values, key: key)
        values[AttributeName.linkSecret] = linkSecret.value
        try SignatureCheck.checkExponent(credential.signature.e)
        let q = try SignatureCheck.expectedQ(credential.signature, values: values, key: key)
        guard try credential.signature.a.powMod(credential.signature.e, key.n) == q else { throw .signatureInvalid }
    }
}
