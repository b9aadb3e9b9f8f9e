import CBOR
import COSE
import CryptoKeys
import Foundation
import StatusList
import X509Trust

/// Why an mdoc structure could not be read, built or trusted (ISO/IEC 18013-5).
///
/// The cases follow the validation steps of 18013-5 §9.3.1 so a wallet or reader can say
/// *which* check failed ("the document signer certificate expired", "element `age_over_18`
/// was altered") and act on it: a malformed structure is the sender's fault, an untrusted
/// chain is a trust-list question, an expired MSO needs a credential refresh.
public enum MDocError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The bytes are not well-formed CBOR or exceed the decoding limits.
    case malformedCBOR(CBORError)
    /// The CBOR is well formed but not the structure 18013-5 defines; `path` names where.
    case invalidStructure(path: String, reason: String)
    /// The input has more items (documents, name spaces, elements, certificates) than allowed.
    case limitExceeded(String)
    /// A COSE structure (issuerAuth, deviceSignature, deviceMac, readerAuth) is malformed.
    case cose(COSEError)
    /// issuerAuth carries no `x5chain`, so there is no document signer certificate.
    case missingDocumentSignerCertificate
    /// The COSE algorithm is not one the validator accepts.
    case unsupportedAlgorithm(String)
    /// The MSO's `digestAlgorithm` is not SHA-256, SHA-384 or SHA-512.
    case unsupportedDigestAlgorithm(String)
    /// The issuerAuth signature does not verify under the document signer certificate's key.
    case issuerSignatureInvalid
    /// The document signer certificate does not chain to a trusted IACA, or breaks a profile
    /// rule; the X509Trust reason says which (``X509TrustError/expired(subject:notValidAfter:)``
    /// for an expired DS or IACA).
    case untrustedDocumentSigner(X509TrustError)
    /// The MSO names another docType than the document.
    case docTypeMismatch(document: String, mobileSecurityObject: String)
    /// A presented element's name space has no `valueDigests` entry in the MSO.
    case unknownNameSpace(String)
    /// A presented element's digest ID has no `valueDigests` entry in its name space.
    case missingDigest(nameSpace: String, digestID: UInt64)
    /// A presented element does not hash to its `valueDigests` entry: it was altered.
    case digestMismatch(nameSpace: String, elementIdentifier: String, digestID: UInt64)
    /// Two presented elements of one name space use the same digest ID.
    case duplicateDigestID(nameSpace: String, digestID: UInt64)
    /// `validityInfo` is inconsistent (`validFrom` before `signed`, `validUntil` not after
    /// `validFrom`), or `signed` lies outside the document signer certificate's validity.
    case invalidValidityInfo(String)
    /// The MSO is not valid yet at the validation time.
    case notYetValid(validFrom: Date)
    /// The MSO expired before the validation time.
    case expired(validUntil: Date)
    /// The MSO's device key is not the key the wallet asked the issuer to bind.
    case deviceKeyMismatch
    /// The status list says the document is not valid (or its status is unknown and the
    /// policy demands one).
    case statusRejected(StatusResult)
    /// The device signature or MAC is absent where it is required.
    case missingDeviceAuthentication
    /// The device signature does not verify under the MSO's device key.
    case deviceSignatureInvalid
    /// The device MAC does not verify with the key derived from the reader's key.
    case deviceMacInvalid
    /// A device-signed element is not authorised by the MSO's `keyAuthorizations`.
    case unauthorizedDeviceElement(nameSpace: String, elementIdentifier: String)
    /// The request asks for something the document cannot give (another docType, no such
    /// name space), or a presentation was asked without a required input.
    case invalidRequest(String)
    /// A key operation failed (ECDH, HKDF, a key of the wrong curve).
    case crypto(CryptoKeysError)
    /// The holder's signer failed.
    case signingFailed(String)

    /// Whether the failure means the MSO or a certificate in its chain is out of date, so a
    /// fresh credential (not a different trust list) is the remedy.
    public var isExpiry: Bool {
        switch self {
        case .expired, .notYetValid: return true
        case .untrustedDocumentSigner(.expired), .untrustedDocumentSigner(.notYetValid): return true
        default: return false
        }
    }

    /// A message for a log or a person; match on the case to act on the error.
    public var description: String {
        switch self {
        case .malformedCBOR(let error): return "mdoc: malformed CBOR: \(error)"
        case .invalidStructure(let path, let reason): return "mdoc: \(path): \(reason)"
        case .limitExceeded(let what): return "mdoc: limit exceeded: \(what)"
        case .cose(let error): return "mdoc: COSE: \(error)"
        case .missingDocumentSignerCertificate: return "mdoc: issuerAuth has no x5chain document signer certificate"
        case .unsupportedAlgorithm(let name): return "mdoc: algorithm \(name) is not accepted"
        case .unsupportedDigestAlgorithm(let name): return "mdoc: digest algorithm \(name) is not supported"
        case .issuerSignatureInvalid: return "mdoc: issuerAuth signature does not verify under the document signer key"
        case .untrustedDocumentSigner(let error): return "mdoc: document signer not trusted: \(error)"
        case .docTypeMismatch(let document, let mso): return "mdoc: document is \(document) but the MSO says \(mso)"
        case .unknownNameSpace(let name): return "mdoc: the MSO has no digests for name space \(name)"
        case .missingDigest(let nameSpace, let id): return "mdoc: the MSO has no digest \(id) in \(nameSpace)"
        case .digestMismatch(let nameSpace, let element, let id):
            return "mdoc: element \(nameSpace)/\(element) does not match digest \(id)"
        case .duplicateDigestID(let nameSpace, let id): return "mdoc: digest ID \(id) is used twice in \(nameSpace)"
        case .invalidValidityInfo(let reason): return "mdoc: validityInfo: \(reason)"
        case .notYetValid(let date): return "mdoc: the MSO is not valid before \(date)"
        case .expired(let date): return "mdoc: the MSO expired at \(date)"
        case .deviceKeyMismatch: return "mdoc: the MSO binds another device key than the one requested"
        case .statusRejected(let result): return "mdoc: status is \(result)"
        case .missingDeviceAuthentication: return "mdoc: no device signature or MAC"
        case .deviceSignatureInvalid: return "mdoc: device signature does not verify under the MSO device key"
        case .deviceMacInvalid: return "mdoc: device MAC does not verify"
        case .unauthorizedDeviceElement(let nameSpace, let element):
            return "mdoc: device-signed element \(nameSpace)/\(element) is not authorised by keyAuthorizations"
        case .invalidRequest(let reason): return "mdoc: request: \(reason)"
        case .crypto(let error): return "mdoc: \(error)"
        case .signingFailed(let reason): return "mdoc: signing failed: \(reason)"
        }
    }
}
