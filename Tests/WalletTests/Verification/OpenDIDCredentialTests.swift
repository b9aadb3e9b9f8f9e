import CryptoKeys
import Foundation
import GRDB
import JSONModel
import OpenDID
import Sandbox
import Testing
import VellumTestSupport
@testable import Wallet

/// Open DID verifiable credentials as the wallet's third format plug-in (issue #23): trusted
/// by DID document, verified through the plug-in seam, imported with the holder's DID key
/// or view-only, presented on the Open DID path, exported byte-identical.
@Suite("CredentialWallet: Open DID credentials")
struct OpenDIDCredentialTests {
    static let familyName = "org.opendid.v1.national_id.family_name"
    static let givenName = "org.opendid.v1.national_id.given_name"
    static let birthDate = "org.opendid.v1.national_id.birth_date"

    /// An empty wallet, an issuer and a holder with fresh keys.
    struct World {
        let files = TemporaryWallet()
        let wallet: CredentialWallet
        let issuer = SandboxOpenDIDParty()
        let holder = SandboxOpenDIDParty()

        init(clock: @escaping @Sendable () -> Date = { Date() }) async throws {
            wallet = try await CredentialWallet.create(
                at: files.directory, passphrase: "correct horse battery staple",
                configuration: CredentialWalletConfiguration(keyDerivation: TemporaryWallet.fastKDF, clock: clock))
        }

        /// Trusts the issuer's and the holder's DID documents (version 1).
        func trustBoth() async throws {
            try await wallet.addTrustedDIDDocument(try await issuer.documentJSON())
            try await wallet.addTrustedDIDDocument(try await holder.documentJSON())
        }

        /// A credential of the issuer about the holder, as the issuer sends it.
        func credentialJSON(
            validFrom: Date = Date().addingTimeInterval(-3600), validUntil: Date = Date().addingTimeInterval(86400)
        ) async throws -> Data {
            try await issuer.credential(about: holder.did, validFrom: validFrom, validUntil: validUntil).toJsonData(isPretty: true)
        }

        func storedCount() async throws -> (credentials: Int, keys: Int) {
            let database = try files.rawDatabase()
            return try await database.read { db in
                (try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM credential") ?? -1,
                 try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM holder_key") ?? -1)
            }
        }

        func close() async {
            try? await wallet.close()
            files.cleanUp()
        }
    }

    /// `body` with a fresh world, cleaned up however it ends.
    func withWorld(clock: @escaping @Sendable () -> Date = { Date() }, _ body: (World) async throws -> Void) async throws {
        let world = try await World(clock: clock)
        do {
            try await body(world)
        } catch {
            await world.close()
            throw error
        }
        await world.close()
    }

    /// The kinds an import was refused for (nothing is stored either way, checked by the caller).
    func refusal(_ world: World, _ data: Data, holderKey: PrivateKey? = nil) async -> [VerificationFailure.Kind] {
        await refusalFailures(world, data, holderKey: holderKey).map(\.kind)
    }

    /// The failures an import was refused for.
    func refusalFailures(_ world: World, _ data: Data, holderKey: PrivateKey? = nil) async -> [VerificationFailure] {
        do {
            _ = try await world.wallet.importCredential(data, holderKey: holderKey)
            return []
        } catch {
            return error.failures
        }
    }

    // MARK: The seam, end to end

    @Test("import → list → show → status → present → export: verified against trusted DID documents, presented selectively, exported byte-identical")
    func roundTrip() async throws {
        try await withWorld { world in
            try await world.trustBoth()
            let issued = try await world.credentialJSON()
            let stored = try await world.wallet.importCredential(issued, holderKey: world.holder.authenticationKey)
            #expect(stored.format == .openDID)
            #expect(stored.verificationResult.verified, "\(stored.verificationResult.failures)")
            #expect(!stored.isViewOnly && stored.holderKeyID != nil)

            let listed = try #require(try await world.wallet.listCredentials().first)
            #expect(listed.id == stored.id && listed.format == .openDID)
            #expect(listed.credentialType == "https://issuer.example/api/v1/vc/vcschema?name=national_id")
            #expect(listed.issuer == world.issuer.did && listed.issuerName == "Test issuer")
            #expect(listed.validity.validUntil != nil && listed.lastVerified == true)

            let shown = try await world.wallet.credential(id: stored.id)
            #expect(shown.verificationResult.verified)
            #expect(shown.issuerInfo.identifier == world.issuer.did)
            // Its trust anchor is the issuer's DID document, as a certificate is for an mdoc.
            #expect(shown.issuerInfo.trustedDIDDocument?.id == "\(world.issuer.did)?versionId=1" && shown.issuerInfo.isTrusted)
            #expect(shown.issuerInfo.trustedCertificate == nil)
            #expect(shown.claims.value(at: [Self.familyName, "caption"]) == "Family name")
            #expect(shown.claims.value(at: [Self.familyName, "value"]) == "Hong")
            #expect(shown.claims.jsonObject?.keys.count == 3)
            // Open DID's data model has no status reference: the status says it is not supported.
            #expect(shown.verificationResult.status == .notChecked("not supported: an Open DID credential carries no status reference"))

            let nonce = "zNonceOfTheVerifier"
            let presentation = try await world.wallet.openDIDPresentation(
                of: stored.id, disclosing: [Self.familyName, Self.birthDate], verifierNonce: nonce)
            let verifier = PresentationVerifier(
                documents: [try await world.issuer.document(), try await world.holder.document()],
                policy: PresentationPolicy(verifierNonce: nonce))
            let verified = try verifier.verify(presentation)
            #expect(verified.holder == world.holder.did)
            #expect(verified.verifiableCredential.map { $0.credentialSubject.claims.map(\.code) } == [[Self.familyName, Self.birthDate]])
            #expect(!String(decoding: presentation, as: UTF8.self).contains("Gildong"), "an undisclosed claim's value left the wallet")
            let event = try #require(try await world.wallet.activityLog().first)
            #expect(event.kind == .presentation && event.disclosedClaims == [Self.familyName, Self.birthDate])

            #expect(try await world.wallet.exportCredential(id: stored.id) == (.openDID, issued))
        }
    }

    @Test("a verifier refuses the presentation for another nonce, and the wallet refuses a claim the credential lacks")
    func presentationBounds() async throws {
        try await withWorld { world in
            try await world.trustBoth()
            let stored = try await world.wallet.importCredential(try await world.credentialJSON(), holderKey: world.holder.authenticationKey)
            let presentation = try await world.wallet.openDIDPresentation(of: stored.id, disclosing: [Self.givenName], verifierNonce: "zOne")
            let verifier = PresentationVerifier(
                documents: [try await world.issuer.document(), try await world.holder.document()],
                policy: PresentationPolicy(verifierNonce: "zAnother"))
            #expect(throws: OpenDIDError.presentationRejected("verifierNonce does not match the nonce issued")) {
                try verifier.verify(presentation)
            }
            await #expect {
                _ = try await world.wallet.openDIDPresentation(of: stored.id, disclosing: ["org.opendid.v1.national_id.height"], verifierNonce: "zOne")
            } throws: { error in
                if case .presentationFailed(.invalidSelection)? = error as? WalletError { return true }
                return false
            }
        }
    }

    @Test(
        "the OpenDID module's synthetic credential and DID documents (shared vectors): imported with the holder's pin key, presented, accepted under the fixture verify profile",
        .enabled(if: Vectors.isAvailable, Vectors.skipMessage))
    func sharedVectors() async throws {
        try await withWorld { world in
            let folder = "opendid/synthetic/"
            let issuerDocument = try Vectors.data(folder + "did_document_issuer.json")
            let holderDocument = try Vectors.data(folder + "did_document_holder.json")
            try await world.wallet.addTrustedDIDDocument(issuerDocument)
            try await world.wallet.addTrustedDIDDocument(holderDocument)
            let keys = try JSONValue(parsing: try Vectors.data(folder + "keys_PRIVATE_TEST_ONLY.json"))
            let pin = try #require(keys["did:omn:2Y6xBXqZF4tRXM9gUraxzeGWJwXR#pin"]?["privateKeyHex"]?.stringValue)
            let holderKey = try PrivateKey(rawRepresentation: try #require(Data(testHex: pin)), curve: .p256)
            let issued = try Vectors.data(folder + "vc.json")
            let stored = try await world.wallet.importCredential(issued, holderKey: holderKey)
            #expect(stored.verificationResult.verified, "\(stored.verificationResult.failures)")

            let profile = try VerifyProfile(from: try Vectors.data(folder + "verify_profile.json"))
            let presentation = try await world.wallet.openDIDPresentation(
                of: stored.id, disclosing: [Self.familyName, Self.birthDate], verifierNonce: profile.profile.process.verifierNonce)
            let verifier = PresentationVerifier(
                documents: [try DIDDocument(from: issuerDocument), try DIDDocument(from: holderDocument)],
                policy: PresentationPolicy(profile: profile))
            #expect(try verifier.verify(presentation).holder == "did:omn:2Y6xBXqZF4tRXM9gUraxzeGWJwXR")
            #expect(try await world.wallet.exportCredential(id: stored.id).data == issued)
        }
    }

    // MARK: Holder binding

    @Test("without its holder key the credential is view-only: it verifies but is not presented")
    func viewOnly() async throws {
        try await withWorld { world in
            try await world.trustBoth()
            let stored = try await world.wallet.importCredential(try await world.credentialJSON())
            #expect(stored.verificationResult.verified && stored.isViewOnly && stored.holderKeyID == nil)
            await #expect {
                _ = try await world.wallet.openDIDPresentation(of: stored.id, disclosing: [Self.familyName], verifierNonce: "zN")
            } throws: { error in
                if case .presentationFailed(.credentialUnusable(_, let reason))? = error as? WalletError { return reason.contains("view-only") }
                return false
            }
        }
    }

    @Test("a holder key the subject's DID document does not list for authentication is refused, and nothing (no key either) is stored")
    func holderKeyMismatch() async throws {
        try await withWorld { world in
            try await world.wallet.addTrustedDIDDocument(try await world.issuer.documentJSON())
            let issued = try await world.credentialJSON()
            // The holder's DID document is not in the wallet: the key cannot be checked.
            #expect(await refusal(world, issued, holderKey: world.holder.authenticationKey) == [.holderKeyMismatch])
            try await world.wallet.addTrustedDIDDocument(try await world.holder.documentJSON())
            // Another key, and the holder's assertion key (not an authentication key).
            #expect(await refusal(world, issued, holderKey: PrivateKey(curve: .p256)) == [.holderKeyMismatch])
            #expect(await refusal(world, issued, holderKey: world.holder.assertionKey) == [.holderKeyMismatch])
            #expect(try await world.storedCount() == (0, 0))
        }
    }

    // MARK: Forgeries

    @Test("a claim changed after issuance is refused as invalidSignature, nothing stored")
    func tamperedClaim() async throws {
        try await withWorld { world in
            try await world.trustBoth()
            let issued = try await world.credentialJSON()
            let tampered = Data(String(decoding: issued, as: UTF8.self).replacingOccurrences(of: "\"Gildong\"", with: "\"Mallory\"").utf8)
            #expect(tampered != issued)
            #expect(await refusal(world, tampered, holderKey: world.holder.authenticationKey) == [.invalidSignature])
            #expect(try await world.storedCount() == (0, 0))
        }
    }

    @Test("a credential of an issuer whose DID document is not trusted is refused as untrustedIssuer, nothing stored")
    func untrustedIssuer() async throws {
        try await withWorld { world in
            try await world.wallet.addTrustedDIDDocument(try await world.holder.documentJSON())
            let failures = await refusalFailures(world, try await world.credentialJSON())
            #expect(failures.map(\.kind) == [.untrustedIssuer])
            #expect(failures.first?.message == "no DID document of the issuer \(world.issuer.did) is trusted")
            #expect(try await world.storedCount() == (0, 0))
        }
    }

    @Test("a DID document for the issuer's DID with other keys (a wrong document) does not verify its credentials")
    func wrongIssuerDocument() async throws {
        try await withWorld { world in
            try await world.wallet.addTrustedDIDDocument(try await world.holder.documentJSON())
            let impostor = SandboxOpenDIDParty(did: world.issuer.did)
            try await world.wallet.addTrustedDIDDocument(try await impostor.documentJSON())
            #expect(await refusal(world, try await world.credentialJSON()) == [.invalidSignature])
            #expect(try await world.storedCount() == (0, 0))
        }
    }

    @Test("a credential signed with a trusted key of another DID, naming our issuer, is refused as untrustedIssuer")
    func keyOfAnotherDID() async throws {
        try await withWorld { world in
            try await world.trustBoth()
            let other = SandboxOpenDIDParty()
            try await world.wallet.addTrustedDIDDocument(try await other.documentJSON())
            // `other` signs a credential that names the issuer.
            var forged = try await other.credential(about: world.holder.did)
            forged.issuer = Issuer(id: world.issuer.did)
            try await forged.sign(with: ProofKey(
                signer: try SoftwareSigner(privateKey: other.assertionKey), did: other.did, versionId: "1", keyID: "assert"))
            let failures = await refusalFailures(world, try forged.toJsonData())
            #expect(failures.map(\.kind) == [.untrustedIssuer])
            #expect(failures.first?.message.contains("a key of \(other.did), not of the issuer \(world.issuer.did)") == true)
            #expect(try await world.storedCount() == (0, 0))
        }
    }

    @Test("an expired credential is refused as expired, and one not yet valid as notYetValid (beyond the 60 s clock skew)")
    func validityWindow() async throws {
        try await withWorld { world in
            try await world.trustBoth()
            let expired = try await world.credentialJSON(validFrom: Date().addingTimeInterval(-86400), validUntil: Date().addingTimeInterval(-120))
            #expect(await refusal(world, expired) == [.expired])
            let early = try await world.credentialJSON(validFrom: Date().addingTimeInterval(3600), validUntil: Date().addingTimeInterval(86400))
            #expect(await refusal(world, early) == [.notYetValid])
            // Within the skew it is accepted.
            let justExpired = try await world.credentialJSON(validFrom: Date().addingTimeInterval(-86400), validUntil: Date().addingTimeInterval(-5))
            #expect(try await world.wallet.importCredential(justExpired).verificationResult.verified)
        }
    }

    @Test("a newer trusted version that deactivates the issuer's DID, or drops the signing key, makes its credentials untrusted")
    func deactivatedAndRevoked() async throws {
        try await withWorld { world in
            try await world.trustBoth()
            let stored = try await world.wallet.importCredential(try await world.credentialJSON())
            #expect(try await world.wallet.credential(id: stored.id).verificationResult.verified)

            // Version 2 rotates the assertion key to a new name: the key of version 1 is revoked.
            var rotated = world.issuer
            rotated.assertionKey = PrivateKey(curve: .p256)
            try await world.wallet.addTrustedDIDDocument(try await rotated.documentJSON(versionId: "2", assertionKeyName: "assert2"))
            let afterRotation = try await world.wallet.credential(id: stored.id).verificationResult
            #expect(afterRotation.failures.map(\.kind) == [.untrustedIssuer])
            #expect(afterRotation.failures.first?.message.contains("revoked") == true)
            // A credential signed with the new key verifies.
            let fresh = try await rotated.credential(about: world.holder.did, versionId: "2", assertionKeyName: "assert2")
            let freshStored = try await world.wallet.importCredential(try fresh.toJsonData())
            #expect(freshStored.verificationResult.verified)

            // Version 3 deactivates the DID (signed under version 2): nothing of it verifies any more.
            try await world.wallet.addTrustedDIDDocument(
                try await rotated.documentJSON(versionId: "3", deactivated: true, assertionKeyName: "assert2", signedUnder: "2"))
            let afterDeactivation = try await world.wallet.credential(id: stored.id).verificationResult
            #expect(afterDeactivation.failures.map(\.kind) == [.untrustedIssuer])
            #expect(afterDeactivation.failures.first?.message.contains("deactivated") == true)
            // Even what the still-listed key of version 2 signed.
            let freshAfterDeactivation = try await world.wallet.credential(id: freshStored.id).verificationResult
            #expect(freshAfterDeactivation.failures.map(\.kind) == [.untrustedIssuer])
            #expect(freshAfterDeactivation.failures.first?.message.contains("deactivated") == true)

            // Removing the issuer's documents: untrusted, as for a removed root.
            #expect(try await world.wallet.removeTrustedDIDDocuments(did: world.issuer.did) == 3)
            #expect(try await world.wallet.credential(id: stored.id).verificationResult.failures.map(\.kind) == [.untrustedIssuer])
            #expect(try await world.wallet.credential(id: freshStored.id).verificationResult.failures.map(\.kind) == [.untrustedIssuer])
        }
    }

    @Test("a proof the issuer made for authentication instead of assertionMethod is refused")
    func wrongProofPurpose() async throws {
        try await withWorld { world in
            try await world.trustBoth()
            var credential = try await world.issuer.credential(about: world.holder.did)
            try await credential.sign(with: ProofKey(
                signer: try SoftwareSigner(privateKey: world.issuer.authenticationKey), did: world.issuer.did, versionId: "1",
                keyID: "pin", purpose: .authentication))
            #expect(await refusal(world, try credential.toJsonData()) == [.invalidSignature])
        }
    }
}
