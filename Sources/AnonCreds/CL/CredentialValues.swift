/// A credential's attribute values as the signature covers them: by canonical name, encoded.
enum CredentialValues {
    /// Checks every raw value against its encoding and that the attributes are exactly the
    /// key's (apart from the link secret), then returns the encoded integers by canonical name.
    static func signed(
        _ values: [String: AttributeValue], key: CredentialPrimaryPublicKey
    ) throws(AnonCredsError) -> [String: BigInteger] {
        var result: [String: BigInteger] = [:]
        for (name, value) in values {
            guard AttributeEncoding.matches(value), let encoded = BigInteger(decimal: value.encoded) else {
                throw .encodedValueMismatch(attribute: name)
            }
            let canonical = AttributeName.canonical(name)
            guard canonical != AttributeName.linkSecret, key.r[canonical] != nil else {
                throw .attributesMismatch("\(name) is not an attribute of the credential definition")
            }
            guard result.updateValue(encoded, forKey: canonical) == nil else {
                throw .attributesMismatch("\(name) appears twice")
            }
        }
        for name in key.r.keys where name != AttributeName.linkSecret && result[name] == nil {
            throw .attributesMismatch("no value for \(name)")
        }
        return result
    }
}
