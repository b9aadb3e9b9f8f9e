import CBOR
import Crypto
import CryptoKeys
import Foundation
import MDoc
import SwiftASN1
import X509
import X509Trust

/// A reader's work on an OpenID4VP mDL presentation: decode a DeviceResponse holding all 13
/// elements of an mDL, validate the DS chain to the IACA, the issuerAuth signature, every
/// digest, the validity, and the device signature over the session transcript. Beside it, the
/// three ES256 verifications that work needs (DS certificate, MSO, DeviceAuthentication), so
/// "÷ bare" is the price of the mdoc layer, and pymdoccbor + pycose doing the same checks.
enum MDocBenchmarks {
    static let all: [Benchmark] = [
        Benchmark(name: "mdoc.bare.es256.verify×3", prepare: {
            let key = PrivateKey(curve: .p256)
            let messages = [Data(count: 300), Data(count: 1_400), Data(count: 180)]
            let signatures = try messages.map { try key.sign($0, algorithm: .es256) }
            let publicKey = key.publicKey
            return Benchmark.Operation(run: {
                for (message, signature) in zip(messages, signatures) {
                    guard try publicKey.verify(signature, for: message, algorithm: .es256) else {
                        throw BenchmarkFailure.resultMismatch("bare signature did not verify")
                    }
                }
            })
        }),
        Benchmark(name: "mdoc.mdl13.verify-response", prepare: {
            let fixture = try await Fixture()
            let verifier = DeviceResponseVerifier(issuerValidator: IssuerSignedValidator(trustAnchors: TrustAnchorStore([fixture.iaca])))
            let bytes = fixture.response
            let transcript = fixture.transcript
            return Benchmark.Operation(run: {
                let response = try DeviceResponse(decoding: bytes)
                let reports = await verifier.verify(response, sessionTranscript: transcript)
                guard reports.count == 1, let verified = try reports[0].get().issuerElements[Fixture.nameSpace],
                      verified.count == 13 else {
                    throw BenchmarkFailure.resultMismatch("the mDL presentation did not verify with 13 elements")
                }
            }, peerInput: [try fixture.peerCase()])
        }, peer: "pymdoccbor.mdl13.verify-response", baseline: "mdoc.bare.es256.verify×3"),
        // The parts of the above, to see where the time goes.
        Benchmark(name: "mdoc.mdl13.decode", prepare: {
            let bytes = try await Fixture().response
            return Benchmark.Operation(run: { _ = try DeviceResponse(decoding: bytes) })
        }),
        Benchmark(name: "mdoc.mdl13.chain", prepare: {
            let fixture = try await Fixture()
            let response = try DeviceResponse(decoding: fixture.response)
            let chain = response.documents[0].issuerSigned.issuerAuth.certificateChain
            let validator = ChainValidator(
                anchors: TrustAnchorStore([fixture.iaca]), policies: [IACAProfilePolicy(), DocumentSignerProfilePolicy()])
            return Benchmark.Operation(run: { _ = try await validator.validate(derChain: chain, at: Date()).get() })
        }),
        Benchmark(name: "mdoc.mdl13.validate-issuer", prepare: {
            let fixture = try await Fixture()
            let issuerSigned = try DeviceResponse(decoding: fixture.response).documents[0].issuerSigned
            let validator = IssuerSignedValidator(trustAnchors: TrustAnchorStore([fixture.iaca]))
            return Benchmark.Operation(run: { _ = try await validator.validate(issuerSigned).get() })
        }),
    ]

    /// An IACA, a Document Signer, a holder key, and the holder's answer to a verifier.
    struct Fixture {
        static let nameSpace = "org.iso.18013.5.1"
        static let clientID = "x509_san_dns:verifier.example.org"
        static let nonce = "f3a9c1e0-5b7d-4c2a-9e8f-1d2c3b4a5e6f"
        static let responseURI = "https://verifier.example.org/post"

        let iaca: Certificate
        let response: Data
        var transcript: SessionTranscript { Self.sessionTranscript }
        static let sessionTranscript = SessionTranscript.openID4VP(
            clientID: Fixture.clientID, nonce: Fixture.nonce, jwkThumbprint: nil, responseURI: Fixture.responseURI)

        init() async throws {
            let now = Date()
            let iacaKey = try P256.Signing.PrivateKey(rawRepresentation: PrivateKey(curve: .p256).rawRepresentation)
            let dsKey = PrivateKey(curve: .p256)
            let deviceKey = PrivateKey(curve: .p256)
            let iacaName = try DistinguishedName { CountryName("UT"); CommonName("Bench IACA") }
            let iacaPublic = Certificate.PublicKey(iacaKey.publicKey)
            let iaca = try Certificate(
                version: .v3, serialNumber: .init(), publicKey: iacaPublic,
                notValidBefore: now - 86_400 * 2, notValidAfter: now + 86_400 * 3650,
                issuer: iacaName, subject: iacaName, signatureAlgorithm: .ecdsaWithSHA256,
                extensions: try Certificate.Extensions {
                    Critical(BasicConstraints.isCertificateAuthority(maxPathLength: 0))
                    Critical(KeyUsage(keyCertSign: true, cRLSign: true))
                    SubjectKeyIdentifier(hash: iacaPublic)
                },
                issuerPrivateKey: .init(iacaKey))
            self.iaca = iaca
            let iacaKeyID = try iaca.extensions.subjectKeyIdentifier?.keyIdentifier
            let documentSigner = try Certificate(
                version: .v3, serialNumber: .init(),
                publicKey: .init(try P256.Signing.PrivateKey(rawRepresentation: dsKey.rawRepresentation).publicKey),
                notValidBefore: now - 86_400, notValidAfter: now + 86_400 * 365,
                issuer: iacaName, subject: try DistinguishedName { CountryName("UT"); CommonName("Bench DS") },
                signatureAlgorithm: .ecdsaWithSHA256,
                extensions: try Certificate.Extensions {
                    Critical(KeyUsage(digitalSignature: true))
                    Critical(try ExtendedKeyUsage([.init(oid: [1, 0, 18013, 5, 1, 2])]))
                    AuthorityKeyIdentifier(keyIdentifier: iacaKeyID)
                },
                issuerPrivateKey: .init(iacaKey))
            var builder = IssuerSignedBuilder(
                docType: "org.iso.18013.5.1.mDL", deviceKey: deviceKey.publicKey,
                validityInfo: ValidityInfo(signed: now - 3_600, validFrom: now - 3_600, validUntil: now + 86_400 * 365))
            let elements: [(String, CBOR)] = [
                ("family_name", "Mustermann"), ("given_name", "Erika"), ("birth_date", .fullDate(FullDate(now))),
                ("issue_date", .fullDate(FullDate(now))), ("expiry_date", .fullDate(FullDate(now + 86_400 * 1_800))),
                ("issuing_country", "UT"), ("issuing_authority", "Utopia DMV"), ("document_number", "D1234567"),
                ("portrait", .byteString(Data([0xFF, 0xD8]) + Data(repeating: 0xAB, count: 2_046))),
                ("driving_privileges", [["vehicle_category_code": "B", "issue_date": .fullDate(FullDate(now))]]),
                ("un_distinguishing_sign", "UTO"), ("age_over_18", true), ("age_over_21", true),
            ]
            for (identifier, value) in elements { builder.add(identifier, value, nameSpace: Self.nameSpace) }
            let issued = try await builder.sign(
                signer: try SoftwareSigner(privateKey: dsKey), certificateChain: [Data(documentSigner.derBytes)])
            let presentation = try await DeviceResponseBuilder.response(
                from: issued,
                request: ItemsRequest(docType: issued.docType, elements: [Self.nameSpace: elements.map(\.0)]),
                sessionTranscript: Self.sessionTranscript, authentication: .signature(try SoftwareSigner(privateKey: deviceKey)))
            response = presentation.encoded()
        }

        /// A file with what the peer needs to do the same checks.
        func peerCase() throws -> String {
            var pem = "-----BEGIN CERTIFICATE-----\n"
            pem += Data(iaca.derBytes).base64EncodedString(options: .lineLength64Characters)
            pem += "\n-----END CERTIFICATE-----\n"
            let document: [String: Any] = [
                "device_response": response.map { String(format: "%02x", $0) }.joined(), "iaca_pem": pem,
                "client_id": Self.clientID, "nonce": Self.nonce, "response_uri": Self.responseURI,
                "jwk_thumbprint": NSNull(),
            ]
            let file = FileManager.default.temporaryDirectory.appendingPathComponent("vellum-bench-mdoc-mdl13.json")
            try JSONSerialization.data(withJSONObject: document).write(to: file)
            return file.path
        }
    }
}
