import CBOR
import COSE
import CryptoKeys
import Foundation

/// Issues an mdoc: salts and numbers the elements, digests them into an MSO that binds the
/// holder's device key, and signs it as `issuerAuth` with the document signer.
///
/// The sandbox issuer and the tests use it; a wallet only ever receives the result. Digest IDs
/// are assigned in a random order and every element gets a fresh 32-byte salt, so neither the
/// IDs nor the digests say anything about undisclosed elements (18013-5 §9.1.2.5).
public struct IssuerSignedBuilder: Sendable {
    /// The document type, such as `org.iso.18013.5.1.mDL`.
    public var docType: String
    /// The digest algorithm of the MSO.
    public var digestAlgorithm: DigestAlgorithm
    /// The validity written into the MSO.
    public var validityInfo: ValidityInfo
    /// The holder's device key to bind.
    public var deviceKey: PublicKey
    /// What the device may sign itself, if anything.
    public var keyAuthorizations: KeyAuthorizations?
    /// A `status` map for the MSO (see `StatusListReference.statusClaimCBOR`).
    public var status: CBOR?
    /// The elements by name space, in insertion order.
    public private(set) var elements: [String: [(identifier: String, value: CBOR)]] = [:]

    /// A builder for one document.
    public init(
        docType: String, deviceKey: PublicKey, validityInfo: ValidityInfo, digestAlgorithm: DigestAlgorithm = .sha256,
        keyAuthorizations: KeyAuthorizations? = nil, status: CBOR? = nil
    ) {
        self.docType = docType
        self.deviceKey = deviceKey
        self.validityInfo = validityInfo
        self.digestAlgorithm = digestAlgorithm
        self.keyAuthorizations = keyAuthorizations
        self.status = status
    }

    /// Adds (or replaces) one element.
    public mutating func add(_ identifier: String, _ value: CBOR, nameSpace: String) {
        var list = elements[nameSpace, default: []]
        list.removeAll { $0.identifier == identifier }
        list.append((identifier, value))
        elements[nameSpace] = list
    }

    /// Signs the MSO with `signer` (the document signer), putting `certificateChain` (DER,
    /// document signer first) in the unprotected `x5chain` header.
    public func sign(signer: some Signer, certificateChain: [Data]) async throws(MDocError) -> IssuerSigned {
        guard !certificateChain.isEmpty else { throw .missingDocumentSignerCertificate }
        var generator = SystemRandomNumberGenerator()
        let total = elements.values.reduce(0) { $0 + $1.count }
        var ids = Array(0..<UInt64(total)).shuffled(using: &generator)
        var nameSpaces: [String: [IssuerSignedItemBytes]] = [:]
        var digests: [String: [UInt64: Data]] = [:]
        for (nameSpace, list) in elements.sorted(by: { $0.key < $1.key }) {
            for (identifier, value) in list {
                let id = ids.removeLast()
                var salt = Data(count: 32)
                for index in salt.indices { salt[index] = UInt8.random(in: 0...255, using: &generator) }
                let bytes = IssuerSignedItemBytes(
                    item: IssuerSignedItem(digestID: id, random: salt, elementIdentifier: identifier, elementValue: value))
                nameSpaces[nameSpace, default: []].append(bytes)
                digests[nameSpace, default: [:]][id] = bytes.digest(digestAlgorithm)
            }
        }
        let coseKey: COSEKey
        do throws(COSEError) { coseKey = try COSEKey(publicKey: deviceKey) } catch { throw .cose(error) }
        let mso = MobileSecurityObject(
            digestAlgorithm: digestAlgorithm, valueDigests: digests,
            deviceKeyInfo: DeviceKeyInfo(deviceKey: coseKey, keyAuthorizations: keyAuthorizations),
            docType: docType, validityInfo: validityInfo, status: status)
        var unprotected = COSEHeaders()
        unprotected.x5chain = certificateChain
        let sign1: COSESign1
        do throws(COSEError) {
            sign1 = try await COSESign1.sign(payload: mso.taggedBytes, unprotected: unprotected, signer: signer)
        } catch {
            throw .signingFailed("\(error)")
        }
        // Read the MSO back from the signed payload, so the value is exactly what a reader sees.
        return IssuerSigned(nameSpaces: nameSpaces, issuerAuth: try IssuerAuth(cbor: sign1.cbor(tagged: false)))
    }
}
