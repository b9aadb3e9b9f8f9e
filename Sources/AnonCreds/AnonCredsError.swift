/// Why an AnonCreds object could not be read, or a credential could not be requested, issued or
/// accepted.
///
/// Each refusal names the check that failed, so a caller can tell a malformed message from a
/// forgery: a bad key correctness proof means the issuer's key cannot be trusted to blind the
/// link secret under; a bad signature correctness proof means the credential was not signed
/// under the credential definition it names.
public enum AnonCredsError: Error, Hashable, Sendable, CustomStringConvertible {
    // MARK: Reading objects

    /// The bytes are not acceptable JSON (syntax, duplicate members, size limits).
    case malformedJSON(String)
    /// The JSON does not have the shape of the object (`path` names the member; `reason` says
    /// what was wrong: missing, wrong type, not a decimal integer …).
    case malformedObject(type: String, path: String, reason: String)
    /// An identifier that is neither a URI nor a legacy Indy identifier of its kind.
    case invalidIdentifier(kind: String, value: String)
    /// A schema's attribute names are empty, repeated (after anoncreds' lower-casing and space
    /// removal) or more than anoncreds allows.
    case invalidAttributeNames(String)

    // MARK: Issuance checks

    /// The issuer's key correctness proof does not prove the credential definition's key: a
    /// request blinded under that key could leak the link secret.
    case keyCorrectnessProofInvalid(String)
    /// The holder's proof of the blinded link secret does not verify (issuer side).
    case blindedLinkSecretProofInvalid
    /// The credential names another credential definition or schema than the offer it answers.
    case credentialDefinitionMismatch(expected: String, found: String)
    /// An attribute's `encoded` value is not the encoding of its `raw` value.
    case encodedValueMismatch(attribute: String)
    /// The credential's attributes are not those of the credential definition (`reason` names
    /// the missing or extra one).
    case attributesMismatch(String)
    /// The signature's exponent `e` is not a prime of the CL range (2^596, 2^596 + 2^119].
    case signatureExponentInvalid
    /// The signature does not verify: `a^e` is not what the attributes, the link secret and
    /// `v` make (the credential was altered or signed under another key).
    case signatureInvalid
    /// The issuer's signature correctness proof does not verify (wrong nonce, altered proof).
    case signatureCorrectnessProofInvalid
    /// A request or credential option anoncreds does not allow together (`entropy` and
    /// `prover_did`, a prover DID with a non-legacy credential definition …).
    case invalidRequest(String)
    /// A number that makes the algebra undefined: a value with no inverse modulo `n`, a zero
    /// modulus (only a hostile or broken key has these).
    case arithmetic(String)
    // MARK: Presentations

    /// The holder cannot build the presentation asked for (`reason` names the referent or the
    /// credential that does not fit).
    case presentationNotPossible(String)
    /// The presentation does not verify (`reason` names the check).
    case presentationInvalid(String)
    /// The credential chosen for (or presented for) a referent does not meet the referent's
    /// restrictions, or a restricted referent is answered without a credential.
    case restrictionNotMet(referent: String)
    /// The request asks for a non-revocation proof of a revocable credential (`non_revoked` on
    /// the request or the referent). Those proofs are not made yet; no proof without one is
    /// sent in its place.
    case nonRevocationProofNotSupported(referent: String)

    /// Something this version does not do yet (the string says what).
    case unsupported(String)

    public var description: String {
        switch self {
        case .malformedJSON(let reason): "malformed JSON: \(reason)"
        case .malformedObject(let type, let path, let reason): "malformed \(type) at \(path.isEmpty ? "top level" : path): \(reason)"
        case .invalidIdentifier(let kind, let value): "invalid \(kind) identifier: \(value)"
        case .invalidAttributeNames(let reason): "invalid attribute names: \(reason)"
        case .keyCorrectnessProofInvalid(let reason): "the issuer's key correctness proof does not verify: \(reason)"
        case .blindedLinkSecretProofInvalid: "the blinded link secret's correctness proof does not verify"
        case .credentialDefinitionMismatch(let expected, let found): "the credential names \(found), not \(expected)"
        case .encodedValueMismatch(let attribute): "attribute \(attribute): the encoded value is not the encoding of the raw value"
        case .attributesMismatch(let reason): "the credential's attributes are not the credential definition's: \(reason)"
        case .signatureExponentInvalid: "the signature exponent e is not a prime in the CL range"
        case .signatureInvalid: "the credential signature does not verify"
        case .signatureCorrectnessProofInvalid: "the signature correctness proof does not verify"
        case .invalidRequest(let reason): "invalid credential request: \(reason)"
        case .arithmetic(let reason): "undefined arithmetic: \(reason)"
        case .presentationNotPossible(let reason): "cannot present: \(reason)"
        case .presentationInvalid(let reason): "the presentation does not verify: \(reason)"
        case .restrictionNotMet(let referent): "the credential for \(referent) does not meet its restrictions"
        case .nonRevocationProofNotSupported(let referent):
            "\(referent) asks for a non-revocation proof of a revocable credential; non-revocation proofs are not supported yet"
        case .unsupported(let what): "not supported: \(what)"
        }
    }
}
