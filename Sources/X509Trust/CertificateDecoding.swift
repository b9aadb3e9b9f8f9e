import Foundation
import SwiftASN1
import X509

/// Turns untrusted bytes into `Certificate` values with size limits and indexed errors.
enum CertificateDecoding {
    /// The largest PEM text accepted (a bundle of a few dozen certificates).
    static let maximumPEMBytes = 1024 * 1024

    static func certificate(der bytes: some DataProtocol, index: Int) throws(X509TrustError) -> Certificate {
        guard bytes.count <= TrustAnchorStore.maximumCertificateBytes else {
            throw .inputTooLarge(limit: TrustAnchorStore.maximumCertificateBytes)
        }
        do {
            return try Certificate(derEncoded: Array(bytes))
        } catch {
            throw .malformedCertificate(index: index, reason: String(describing: error))
        }
    }

    static func certificates(pem: String) throws(X509TrustError) -> [Certificate] {
        guard pem.utf8.count <= maximumPEMBytes else { throw .inputTooLarge(limit: maximumPEMBytes) }
        let documents: [PEMDocument]
        do {
            documents = try PEMDocument.parseMultiple(pemString: pem)
        } catch {
            throw .malformedCertificate(index: 0, reason: String(describing: error))
        }
        guard !documents.isEmpty else { throw .emptyChain }
        var result: [Certificate] = []
        for (index, document) in documents.enumerated() {
            guard document.discriminator == "CERTIFICATE" else {
                throw .malformedCertificate(index: index, reason: "PEM block is \(document.discriminator)")
            }
            result.append(try certificate(der: document.derBytes, index: index))
        }
        return result
    }

    static func derBytes(of certificate: Certificate) -> [UInt8] {
        var serializer = DER.Serializer()
        // Serializing a parsed certificate re-emits the bytes it was parsed from.
        guard (try? serializer.serialize(certificate)) != nil else { return [] }
        return serializer.serializedBytes
    }
}
