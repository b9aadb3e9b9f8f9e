import CBOR
import COSE
import CryptoKeys
import Foundation
import MDoc
import Testing
import X509Trust

/// Every validation step refuses the forgery it exists for.
@Suite("Forgeries and policy failures")
struct ForgeryTests {
    let nameSpace = TestIssuer.nameSpace

    func replacing(_ issued: IssuerSigned, at index: Int, with item: IssuerSignedItem) -> IssuerSigned {
        var copy = issued
        copy.nameSpaces[nameSpace]?[index] = IssuerSignedItemBytes(item: item)
        return copy
    }

    @Test("A tampered element value no longer matches its digest")
    func tamperedValue() async throws {
        let issuer = try TestIssuer()
        let issued = try await issuer.issue()
        let index = try #require(issued.nameSpaces[nameSpace]?.firstIndex { $0.item.elementIdentifier == "age_over_18" })
        var item = try #require(issued.nameSpaces[nameSpace]?[index].item)
        item.elementValue = false
        let report = await issuer.validator.validate(replacing(issued, at: index, with: item))
        #expect(report.firstFailure == .digestMismatch(nameSpace: nameSpace, elementIdentifier: "age_over_18", digestID: item.digestID))
        #expect(report.verified == nil)
    }

    @Test("Swapped digest IDs are caught, and a digest ID used twice is refused")
    func swappedDigestIDs() async throws {
        let issuer = try TestIssuer()
        let issued = try await issuer.issue()
        let items = try #require(issued.nameSpaces[nameSpace])
        var first = items[0].item
        var second = items[1].item
        swap(&first.digestID, &second.digestID)
        let swapped = replacing(replacing(issued, at: 0, with: first), at: 1, with: second)
        guard case .digestMismatch = await issuer.validator.validate(swapped).firstFailure else {
            Issue.record("swapped digest IDs were not caught")
            return
        }
        var duplicate = issued
        duplicate.nameSpaces[nameSpace]?.append(items[0])
        #expect(await issuer.validator.validate(duplicate).firstFailure
            == .duplicateDigestID(nameSpace: nameSpace, digestID: items[0].item.digestID))
        var unknown = items[0].item
        unknown.digestID = 9_999
        #expect(await issuer.validator.validate(replacing(issued, at: 0, with: unknown)).firstFailure
            == .missingDigest(nameSpace: nameSpace, digestID: 9_999))
        var foreign = issued
        foreign.nameSpaces["org.example.foreign"] = [items[0]]
        #expect(await issuer.validator.validate(foreign).firstFailure == .unknownNameSpace("org.example.foreign"))
    }

    @Test("An MSO whose document signer chains to an IACA that is not trusted is refused")
    func untrustedDocumentSigner() async throws {
        let issuer = try TestIssuer()
        let stranger = try TestIssuer(iacaName: "Stranger IACA")
        let issued = try await stranger.issue()
        guard case .untrustedDocumentSigner(.untrustedRoot) = await issuer.validator.validate(issued).firstFailure else {
            Issue.record("a stranger's document signer was accepted")
            return
        }
    }

    @Test("A document signer certificate not issued by the IACA it names is refused")
    func documentSignerNotIssuedByIACA() async throws {
        let issuer = try TestIssuer(signedByOtherIACA: true)
        let issued = try await issuer.issue()
        guard case .untrustedDocumentSigner(.signatureInvalid) = await issuer.validator.validate(issued).firstFailure else {
            Issue.record("a DS certificate with a forged issuer signature was accepted")
            return
        }
    }

    /// An mDL naming `issuer`'s document signer in its `x5chain` but signed by a fresh key.
    static func signedByAnotherKey(under issuer: TestIssuer) async throws -> IssuerSigned {
        var builder = IssuerSignedBuilder(
            docType: TestIssuer.docType, deviceKey: issuer.deviceKey.publicKey,
            validityInfo: ValidityInfo(signed: TestIssuer.now, validFrom: TestIssuer.now, validUntil: TestIssuer.now + 86_400))
        builder.add("family_name", "Mallory", nameSpace: TestIssuer.nameSpace)
        return try await builder.sign(
            signer: try SoftwareSigner(privateKey: PrivateKey(curve: .p256)),
            certificateChain: [Data(issuer.documentSigner.derBytes)])
    }

    @Test("An MSO signed by another key than the x5chain certificate's is refused")
    func signatureByOtherKey() async throws {
        let issuer = try TestIssuer()
        let forged = try await Self.signedByAnotherKey(under: issuer)
        let report = await issuer.validator.validate(forged)
        #expect(report.firstFailure == .issuerSignatureInvalid)
        #expect(report.outcome(of: .certificateChain) == .skipped("not reached"))
    }

    /// A key no trusted chain vouches for proves nothing by verifying a signature, so the
    /// chain is judged first: under an unknown IACA the forged signature is not checked at all,
    /// and the document fails for its chain; under the trusted IACA the same forgery fails for
    /// its signature.
    @Test("An untrusted document signer's signature is not checked")
    func untrustedChainIsNotFollowedByASignatureCheck() async throws {
        let issuer = try TestIssuer()
        let forged = try await Self.signedByAnotherKey(under: issuer)

        let stranger = try TestIssuer(iacaName: "Stranger IACA")
        let untrusted = await stranger.validator.validate(forged)
        guard case .untrustedDocumentSigner? = untrusted.firstFailure else {
            Issue.record("the forgery under an unknown IACA failed for \(String(describing: untrusted.firstFailure)), not its chain")
            return
        }
        #expect(untrusted.outcome(of: .issuerSignature) == .skipped(IssuerSignedValidator.signatureNotChecked))
        #expect(await issuer.validator.validate(forged).firstFailure == .issuerSignatureInvalid)
    }

    /// RFC 9052 §3.1 and 18013-5: `alg` belongs in the protected header, where the
    /// signature covers it.
    @Test("An issuerAuth with alg only in the unprotected header is refused, though its signature verifies")
    func unprotectedAlgorithm() async throws {
        let issuer = try TestIssuer()
        let issued = try await issuer.issue()
        let original = issued.issuerAuth.sign1
        var unprotected = original.unprotected
        unprotected.algorithm = .es256
        let resigned = try await COSESign1.sign(
            payload: try #require(original.payload), unprotected: unprotected, signer: SoftwareSigner(privateKey: issuer.dsKey))
        #expect(resigned.protected.headers.rawAlgorithm == nil)
        let forged = IssuerSigned(nameSpaces: issued.nameSpaces, issuerAuth: try IssuerAuth(cbor: resigned.cbor()))
        #expect(await issuer.validator.validate(forged).firstFailure
            == .invalidStructure(path: "issuerAuth", reason: "alg must be in the protected header"))
    }

    @Test("The document's docType must be the MSO's")
    func wrongDocType() async throws {
        let issuer = try TestIssuer()
        let issued = try await issuer.issue(docType: "eu.europa.ec.eudi.pid.1")
        #expect(await issuer.validator.validate(issued, docType: TestIssuer.docType).firstFailure
            == .docTypeMismatch(document: TestIssuer.docType, mobileSecurityObject: "eu.europa.ec.eudi.pid.1"))
    }

    @Test("An expired or not yet valid MSO is refused with its date")
    func expiredMSO() async throws {
        let issuer = try TestIssuer()
        let validFrom = TestIssuer.epoch + 2 * TestIssuer.day
        let validUntil = TestIssuer.epoch + 10 * TestIssuer.day
        let issued = try await issuer.issue(validFrom: validFrom, validUntil: validUntil)
        let failure = await issuer.validator.validate(issued).firstFailure
        #expect(failure == .expired(validUntil: validUntil))
        #expect(failure?.isExpiry == true)
        #expect(await issuer.validator.validate(issued, at: validFrom - 61).firstFailure
            == .invalidValidityInfo("signed \(validFrom) is in the future"))
        #expect(try await issuer.validator.validate(issued, at: validUntil).get().docType == TestIssuer.docType)
        #expect(await issuer.validator.validate(issued, at: validUntil + 61).firstFailure == .expired(validUntil: validUntil))
    }

    @Test("A minute of clock skew either way is tolerated, as for JWTs; not more")
    func clockSkew() async throws {
        let issuer = try TestIssuer()
        // Issued "now" by an issuer whose clock is ahead of the device's.
        let signed = TestIssuer.epoch + 2 * TestIssuer.day
        let issued = try await issuer.issue(validFrom: signed, validUntil: signed + TestIssuer.day)
        #expect(await issuer.validator.validate(issued, at: signed - 59).isValid)
        #expect(await issuer.validator.validate(issued, at: signed + TestIssuer.day + 59).isValid)
        var strict = issuer.validator
        strict.leeway = 0
        #expect(await strict.validate(issued, at: signed - 1).firstFailure == .invalidValidityInfo("signed \(signed) is in the future"))
    }

    @Test("An MSO signed outside the document signer certificate's validity is refused")
    func signedOutsideCertificate() async throws {
        let issuer = try TestIssuer()
        let signed = TestIssuer.epoch + 0.5 * TestIssuer.day  // before the DS notBefore (epoch + 1 day)
        let issued = try await issuer.issue(validFrom: signed)
        guard case .invalidValidityInfo = await issuer.validator.validate(issued).firstFailure else {
            Issue.record("an MSO signed before its DS certificate was valid was accepted")
            return
        }
    }

    @Test("An expired document signer certificate is refused as expired")
    func expiredDocumentSigner() async throws {
        let issuer = try TestIssuer(dsNotAfter: TestIssuer.epoch + 20 * TestIssuer.day)
        let issued = try await issuer.issue(validUntil: TestIssuer.epoch + 19 * TestIssuer.day)
        let failure = try #require(await issuer.validator.validate(issued).firstFailure)
        guard case .untrustedDocumentSigner(.expired) = failure else {
            Issue.record("expected an expired DS certificate, got \(failure)")
            return
        }
        #expect(failure.isExpiry)
    }

    @Test("An algorithm outside the accepted set, or unknown, is refused before any key is used")
    func unsupportedAlgorithm() async throws {
        let issuer = try TestIssuer()
        let issued = try await issuer.issue()
        var strict = issuer.validator
        strict.acceptedAlgorithms = [.es384]
        let report = await strict.validate(issued)
        #expect(report.firstFailure == .unsupportedAlgorithm("ES256"))
        #expect(report.steps.first?.step == .algorithm)

        var protected = COSEHeaders()
        protected[.algorithm] = CBOR(-65_535)
        let sign1 = issued.issuerAuth.sign1
        let unknown = try COSESign1(
            protected: COSEProtectedHeaders(protected), unprotected: sign1.unprotected,
            payload: sign1.payload, signature: sign1.signature)
        let forged = IssuerSigned(nameSpaces: issued.nameSpaces, issuerAuth: try IssuerAuth(cbor: unknown.cbor(tagged: false)))
        #expect(await issuer.validator.validate(forged).firstFailure == .unsupportedAlgorithm("COSE algorithm -65535"))
    }

    @Test("A device signature by another key than the MSO's device key is refused")
    func deviceSignatureByWrongKey() async throws {
        let issuer = try TestIssuer()
        let issued = try await issuer.issue()
        let transcript = SessionTranscript.openID4VP(
            clientID: "x509_san_dns:verifier.example", nonce: "abc", jwkThumbprint: nil, responseURI: "https://verifier.example/r")
        let document = try await DeviceResponseBuilder.document(
            from: issued, elements: [nameSpace: ["family_name"]], sessionTranscript: transcript,
            authentication: .signature(try SoftwareSigner(privateKey: PrivateKey(curve: .p256))))
        let verifier = DeviceResponseVerifier(issuerValidator: issuer.validator)
        #expect(await verifier.verify(document, sessionTranscript: transcript).firstFailure == .deviceSignatureInvalid)

        // The right key over another session's transcript is a replay: also refused.
        let genuine = try await DeviceResponseBuilder.document(
            from: issued, elements: [nameSpace: ["family_name"]], sessionTranscript: transcript,
            authentication: .signature(try issuer.deviceSigner))
        let otherSession = SessionTranscript.openID4VP(
            clientID: "x509_san_dns:verifier.example", nonce: "other", jwkThumbprint: nil, responseURI: "https://verifier.example/r")
        #expect(await verifier.verify(genuine, sessionTranscript: otherSession).firstFailure == .deviceSignatureInvalid)
        #expect(try await verifier.verify(genuine, sessionTranscript: transcript).get().deviceAuthentication == .signature)

        // A document without deviceSigned is not device-authenticated.
        var stripped = genuine
        stripped.deviceSigned = nil
        #expect(await verifier.verify(stripped, sessionTranscript: transcript).firstFailure == .missingDeviceAuthentication)
    }
}
