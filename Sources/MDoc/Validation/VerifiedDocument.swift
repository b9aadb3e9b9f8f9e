import CBOR
import CryptoKeys
import Foundation
import StatusList
import X509Trust

/// An mdoc whose issuer data (and, when checked, device authentication) verified: the values
/// a reader may act on, and the facts that back them.
public struct VerifiedDocument: Sendable, Equatable {
    /// How the device proved possession of its key, when that was checked.
    public enum DeviceAuthentication: String, Sendable, Hashable {
        /// A device signature (COSE_Sign1) verified.
        case signature
        /// A device MAC (COSE_Mac0) verified with the reader's key.
        case mac
    }

    /// The document type, equal in the document and the MSO.
    public let docType: String
    /// The verified MSO.
    public let mobileSecurityObject: MobileSecurityObject
    /// The disclosed issuer-signed elements, by name space then element identifier.
    public let issuerElements: [String: [String: CBOR]]
    /// The device-signed elements (authorised by `keyAuthorizations`), when device data was checked.
    public internal(set) var deviceElements: [String: [String: CBOR]]
    /// The trusted chain from the document signer to the IACA.
    public let documentSignerChain: TrustedChain
    /// The device key bound in the MSO.
    public let deviceKey: PublicKey
    /// The status read from the status list, when the MSO names one and a resolver was given.
    public let status: StatusResult?
    /// How the device authenticated, `nil` when only the issuer data was validated.
    public internal(set) var deviceAuthentication: DeviceAuthentication?

    init(
        docType: String, mobileSecurityObject: MobileSecurityObject, issuerElements: [String: [String: CBOR]],
        deviceElements: [String: [String: CBOR]] = [:], documentSignerChain: TrustedChain, deviceKey: PublicKey,
        status: StatusResult?, deviceAuthentication: DeviceAuthentication? = nil
    ) {
        self.docType = docType
        self.mobileSecurityObject = mobileSecurityObject
        self.issuerElements = issuerElements
        self.deviceElements = deviceElements
        self.documentSignerChain = documentSignerChain
        self.deviceKey = deviceKey
        self.status = status
        self.deviceAuthentication = deviceAuthentication
    }

    /// The value of one issuer-signed element.
    public subscript(nameSpace: String, element: String) -> CBOR? { issuerElements[nameSpace]?[element] }
}
