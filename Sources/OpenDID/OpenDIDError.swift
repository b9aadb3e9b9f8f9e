import Foundation

/// Why an Open DID document could not be read, written, signed, verified or decrypted.
///
/// Decoding failures carry the JSON path of the offending member (for example
/// `credentialSubject.claims[1].type`) and, where there is one, the offending value, so
/// a caller can tell a server bug from a forgery without a debugger.
public enum OpenDIDError: Error, Hashable, Sendable, CustomStringConvertible {
    // MARK: Reading and writing JSON

    /// The bytes are not acceptable JSON (syntax, duplicate member names, size limits).
    case malformedJSON(String)
    /// A mandatory member is absent.
    case missingField(path: String)
    /// A member has the wrong JSON type (`expected` names the Swift type).
    case typeMismatch(path: String, expected: String)
    /// A string or integer is not one of the values the enumeration defines.
    case unknownEnumValue(type: String, value: String, path: String)
    /// An `evidence` entry has a `type` this model does not know.
    case unknownEvidenceType(String, path: String)
    /// A `versionId` that is not a decimal integer without leading zeros (`[1-9][0-9]*`).
    case invalidVersionId(String, path: String)
    /// A date-time that is neither `yyyy-MM-dd'T'HH:mm:ss'Z'` nor one of the accepted variants.
    case invalidDatetime(String, path: String)
    /// The value could not be encoded (for example an invalid date-time set in code).
    case encodingFailed(String)

    // MARK: Proofs

    /// The document carries no proof where one is required.
    case proofMissing(String)
    /// A proof `type` other than `Secp256r1Signature2018` / `Secp256k1Signature2018`.
    case unsupportedProofType(String)
    /// A `proofValue` that is not a multibase string of a 65-byte compact signature.
    case malformedProofValue(String)
    /// A `verificationMethod` that is not `did…[?versionId=N]#keyId`.
    case malformedVerificationMethod(String)
    /// No DID document at hand lists the key a proof names.
    case keyNotFound(verificationMethod: String)
    /// The key exists but the DID document does not list it for the proof's purpose.
    case keyNotAuthorized(verificationMethod: String, purpose: String)
    /// A `publicKeyMultibase` that does not decode to a key of the declared type.
    case malformedPublicKey(String)
    /// The signature does not verify with the named key: the document was altered, or it
    /// was signed by someone else.
    case signatureInvalid(proof: String)
    /// A VC's `proofValueList` does not have one entry per claim.
    case proofValueListMismatch(claims: Int, signatures: Int)
    /// A signer refused or failed.
    case signingFailed(String)

    // MARK: Presentations

    /// The presentation does not meet the verifier's expectations (nonce, holder,
    /// validity window, requested claims); the string says which and why.
    case presentationRejected(String)
    /// A claim code asked for is not in the credential.
    case claimNotFound(code: String)

    // MARK: End-to-end encryption

    /// The key agreement or the symmetric decryption failed, or parameters are unusable.
    case e2eFailed(String)

    public var description: String {
        switch self {
        case let .malformedJSON(reason): "malformed JSON: \(reason)"
        case let .missingField(path): "missing mandatory field \(path)"
        case let .typeMismatch(path, expected): "\(path): expected \(expected)"
        case let .unknownEnumValue(type, value, path): "\(path): \"\(value)\" is not a \(type)"
        case let .unknownEvidenceType(type, path): "\(path): unknown evidence type \"\(type)\""
        case let .invalidVersionId(value, path): "\(path): versionId \"\(value)\" must match [1-9][0-9]*"
        case let .invalidDatetime(value, path): "\(path): \"\(value)\" is not a UTC date-time"
        case let .encodingFailed(reason): "cannot encode: \(reason)"
        case let .proofMissing(what): "no proof: \(what)"
        case let .unsupportedProofType(type): "unsupported proof type \"\(type)\""
        case let .malformedProofValue(reason): "malformed proofValue: \(reason)"
        case let .malformedVerificationMethod(value): "malformed verificationMethod \"\(value)\""
        case let .keyNotFound(method): "no DID document at hand has the key \(method)"
        case let .keyNotAuthorized(method, purpose): "\(method) is not listed for \(purpose)"
        case let .malformedPublicKey(reason): "malformed public key: \(reason)"
        case let .signatureInvalid(proof): "signature does not verify: \(proof)"
        case let .proofValueListMismatch(claims, signatures):
            "proofValueList has \(signatures) signatures for \(claims) claims"
        case let .signingFailed(reason): "signing failed: \(reason)"
        case let .presentationRejected(reason): "presentation rejected: \(reason)"
        case let .claimNotFound(code): "no claim with code \(code)"
        case let .e2eFailed(reason): "end-to-end encryption: \(reason)"
        }
    }
}

extension OpenDIDError {
    /// The dotted/indexed path of a `Decoder`'s coding path, as the errors report it.
    static func path(_ codingPath: [any CodingKey]) -> String {
        var text = ""
        for key in codingPath {
            if let index = key.intValue {
                text += "[\(index)]"
            } else {
                if !text.isEmpty { text += "." }
                text += key.stringValue
            }
        }
        return text.isEmpty ? "(root)" : text
    }

    /// Maps Foundation's decoding errors onto the typed cases; our own errors pass through.
    static func from(decoding error: any Error) -> OpenDIDError {
        if let error = error as? OpenDIDError { return error }
        guard let error = error as? DecodingError else { return .malformedJSON("\(error)") }
        switch error {
        case let .keyNotFound(key, context):
            return .missingField(path: path(context.codingPath + [key]))
        case let .valueNotFound(type, context):
            return .typeMismatch(path: path(context.codingPath), expected: "\(type)")
        case let .typeMismatch(type, context):
            return .typeMismatch(path: path(context.codingPath), expected: "\(type)")
        case let .dataCorrupted(context):
            return .malformedJSON("\(path(context.codingPath)): \(context.debugDescription)")
        @unknown default:
            return .malformedJSON("\(error)")
        }
    }
}
