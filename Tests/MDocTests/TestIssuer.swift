import CBOR
import Crypto
import CryptoKeys
import Foundation
import MDoc
import VellumTestSupport
import X509
import X509Trust

/// A small issuing authority for the tests: an Annex B shaped IACA, a Document Signer it
/// issued, and a holder device key, all fresh P-256 keys.
struct TestIssuer {
    static let epoch = TestPKI.epoch
    static let day = TestPKI.day
    /// A time inside every validity period below.
    static let now = epoch + 30 * day
    static let nameSpace = "org.iso.18013.5.1"
    static let docType = "org.iso.18013.5.1.mDL"

    let iacaKey = PrivateKey(curve: .p256)
    let dsKey = PrivateKey(curve: .p256)
    let deviceKey = PrivateKey(curve: .p256)
    let iaca: Certificate
    let documentSigner: Certificate

    init(
        dsNotBefore: Date = TestIssuer.epoch + TestIssuer.day, dsNotAfter: Date = TestIssuer.epoch + 365 * TestIssuer.day,
        signedByOtherIACA: Bool = false, iacaName: String = "Test IACA"
    ) throws {
        iaca = try Self.makeIACA(key: iacaKey, name: iacaName)
        let issuingKey = signedByOtherIACA ? PrivateKey(curve: .p256) : iacaKey
        documentSigner = try Self.makeDocumentSigner(
            key: dsKey, issuer: iaca, issuerKey: issuingKey, notBefore: dsNotBefore, notAfter: dsNotAfter)
    }

    static func p256(_ key: PrivateKey) throws -> P256.Signing.PrivateKey {
        try P256.Signing.PrivateKey(rawRepresentation: key.rawRepresentation)
    }

    static func makeIACA(key: PrivateKey, name: String = "Test IACA") throws -> Certificate {
        try TestPKI.iaca(key: p256(key), name: name, country: "UT", notBefore: epoch, notAfter: epoch + 3650 * day)
    }

    static func makeDocumentSigner(
        key: PrivateKey, issuer: Certificate, issuerKey: PrivateKey, notBefore: Date, notAfter: Date
    ) throws -> Certificate {
        try TestPKI.documentSigner(
            publicKey: p256(key).publicKey, issuer: issuer, issuerKey: p256(issuerKey), notBefore: notBefore,
            notAfter: notAfter)
    }

    var anchors: TrustAnchorStore { TrustAnchorStore([iaca]) }

    var validator: IssuerSignedValidator { IssuerSignedValidator(trustAnchors: anchors, clock: { TestIssuer.now }) }

    var deviceSigner: SoftwareSigner { get throws { try SoftwareSigner(privateKey: deviceKey) } }

    /// The 13 elements of a typical mDL.
    static let mDLElements: [(String, CBOR)] = [
        ("family_name", "Mustermann"), ("given_name", "Erika"),
        ("birth_date", .fullDate(FullDate(year: 1984, month: 1, day: 26) ?? FullDate(Date()))),
        ("issue_date", .fullDate(FullDate(year: 2026, month: 1, day: 2) ?? FullDate(Date()))),
        ("expiry_date", .fullDate(FullDate(year: 2031, month: 1, day: 1) ?? FullDate(Date()))),
        ("issuing_country", "UT"), ("issuing_authority", "Utopia DMV"), ("document_number", "D1234567"),
        ("portrait", .byteString(Data(repeating: 0xAB, count: 2048))),
        ("driving_privileges", [["vehicle_category_code": "B", "issue_date": .fullDate(FullDate(year: 2010, month: 5, day: 1) ?? FullDate(Date()))]]),
        ("un_distinguishing_sign", "UTO"), ("age_over_18", true), ("age_over_21", true),
    ]

    /// An mDL with the 13 elements, valid for a year from `validFrom`.
    func issue(
        validFrom: Date = TestIssuer.epoch + 2 * TestIssuer.day, validUntil: Date? = nil,
        docType: String = TestIssuer.docType, status: CBOR? = nil,
        keyAuthorizations: KeyAuthorizations? = nil, deviceKey: PublicKey? = nil
    ) async throws -> IssuerSigned {
        var builder = IssuerSignedBuilder(
            docType: docType, deviceKey: deviceKey ?? self.deviceKey.publicKey,
            validityInfo: ValidityInfo(signed: validFrom, validFrom: validFrom, validUntil: validUntil ?? validFrom + 365 * Self.day),
            keyAuthorizations: keyAuthorizations, status: status)
        for (identifier, value) in Self.mDLElements { builder.add(identifier, value, nameSpace: Self.nameSpace) }
        return try await builder.sign(
            signer: try SoftwareSigner(privateKey: dsKey), certificateChain: [Data(documentSigner.derBytes)])
    }

    /// The OpenID4VP session transcript a test presentation is made over.
    static let transcript = SessionTranscript.openID4VP(clientID: "c", nonce: "n", jwkThumbprint: nil, responseURI: "https://r.example")

    /// A genuine DeviceResponse: `elements` of a freshly issued mDL, device-signed over
    /// ``transcript``.
    func presentation(_ elements: [String]) async throws -> DeviceResponse {
        let document = try await DeviceResponseBuilder.document(
            from: try await issue(), elements: [Self.nameSpace: elements], sessionTranscript: Self.transcript,
            authentication: .signature(try deviceSigner))
        return DeviceResponse(documents: [document])
    }
}
