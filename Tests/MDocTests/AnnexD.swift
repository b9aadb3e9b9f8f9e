import CBOR
import Foundation
import MDoc
import VellumTestSupport
import X509Trust

/// The ISO/IEC 18013-5 Annex D worked example (hex files in ../shared/vectors/mdoc).
enum AnnexD {
    struct BadHex: Error {}
    struct NoDocument: Error {}

    static func bytes(_ name: String) throws -> Data {
        let text = String(decoding: try Vectors.data("mdoc/iso18013-5-annexD/\(name).hex"), as: UTF8.self)
        guard let data = Data(testHex: text.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            throw BadHex()
        }
        return data
    }

    static func deviceResponse() throws -> Data { try bytes("ISO_18013_5_ANNEX_D_DEVICE_RESPONSE") }
    static func sessionTranscriptBytes() throws -> Data { try bytes("ISO_18013_5_ANNEX_D_SESSION_TRANSCRIPT_BYTES") }

    static func iacaStore() throws -> TrustAnchorStore {
        var store = TrustAnchorStore()
        _ = try store.add(der: try bytes("IACA_ROOT_CERT"))
        return store
    }

    /// The response's document, its issuer data validated at `time` under the Annex D IACA.
    static func issuerDataReport(at time: Date) async throws -> MDocValidationReport {
        let response = try DeviceResponse(decoding: try deviceResponse())
        guard let document = response.documents.first else { throw NoDocument() }
        let validator = IssuerSignedValidator(trustAnchors: try iacaStore())
        return await validator.validate(document.issuerSigned, docType: document.docType, at: time)
    }

    /// A moment inside the DS certificate and MSO validity (2020-10-01 … 2021-10-01).
    static let validTime = Date(timeIntervalSince1970: 1_609_459_200)  // 2021-01-01T00:00:00Z
    /// The mDL name space.
    static let mDLNameSpace = "org.iso.18013.5.1"
    /// The mDL docType.
    static let mDLDocType = "org.iso.18013.5.1.mDL"
}
