import CBOR
import CryptoKeys
import DID
import Foundation
import JSONModel
import MDoc
import StatusList
import Testing
import W3CCredentials
@testable import Wallet

/// Receiving credentials: each is validated in full before anything is stored, and a
/// credential that fails leaves no trace but the reason.
@Suite("CredentialWallet: validate, then store")
struct CredentialWalletReceiveTests {
    let issuer: HolderTestIssuer
    let fixture = HolderWalletFixture()

    init() throws { issuer = try HolderTestIssuer() }

    func wallet(trusting: Bool = true) async throws -> CredentialWallet {
        let wallet = try await fixture.create()
        if trusting { try await wallet.addTrustedIssuerCertificates([issuer.rootDER], purposes: [.issuer]) }
        return wallet
    }

    @Test("an SD-JWT VC bound to the wallet key is stored; its claims come back by path with issuer, validity and display")
    func sdJWTVCStored() async throws {
        defer { fixture.cleanUp() }
        let wallet = try await wallet()
        let key = try await wallet.createHolderKey()
        let text = try await issuer.sdJWTVC(holderKey: key.publicKey)
        let stored = try await wallet.addCredential(try ReceivedCredential(
            format: .sdJWTVC, credential: text, holderKeyID: key.id, issuer: HolderTestIssuer.display))
        #expect(stored.verificationResult.verified)

        let shown = try await wallet.getCredential(credentialId: stored.id)
        #expect(shown.verificationResult.verified, "\(shown.verificationResult.failures)")
        #expect(shown.verificationResult.status == .none)
        #expect(shown.format == .sdJWTVC && shown.credentialType == HolderTestIssuer.vct)
        #expect(shown.claims.value(at: ["given_name"]) == .string("Erika"))
        #expect(shown.claims.value(at: ["address", "locality"]) == .string("Berlin"))
        #expect(shown.claims.value(at: ["address", "country"]) == .string("DE"))
        #expect(shown.issuerInfo.commonName == "Test PID Issuer")
        #expect(shown.issuerInfo.identifier == HolderTestIssuer.issuerURL)
        #expect(shown.issuerInfo.displayName == "Test Issuer")
        #expect(shown.issuerInfo.trustedCertificate?.fingerprint == issuer.rootFingerprint)
        #expect(shown.validity.issuedAt == HolderTestIssuer.now)
        #expect(shown.validity.validUntil == HolderTestIssuer.now + 365 * HolderTestIssuer.day)
        #expect(shown.branding?.name == "Person ID" && shown.branding?.backgroundColor == "#003366")
        #expect(shown.branding?.logoURI == "https://issuer.example.com/logo.png")
        #expect(shown.payload == Data(text.utf8))

        let log = try await wallet.activityLog()
        #expect(log.map(\.kind) == [.issuance] && log.first?.credentialIDs == [stored.id])
        #expect(log.first?.counterparty == HolderTestIssuer.issuerURL)
    }

    @Test("an mdoc bound to the wallet key is stored; its claims come back by name space")
    func mdocStored() async throws {
        defer { fixture.cleanUp() }
        let wallet = try await wallet()
        let key = try await wallet.createHolderKey()
        let issued = try await issuer.mdoc(deviceKey: key.publicKey)
        let stored = try await wallet.addCredential(try ReceivedCredential(
            format: .mdoc, credential: HolderTestIssuer.base64url(issued), holderKeyID: key.id,
            issuer: HolderTestIssuer.display))
        let shown = try await wallet.credential(id: stored.id)
        #expect(shown.verificationResult.verified, "\(shown.verificationResult.failures)")
        #expect(shown.credentialType == HolderTestIssuer.docType)
        #expect(shown.claims.nameSpaces?[HolderTestIssuer.nameSpace]?["family_name"] == .textString("Mustermann"))
        #expect(shown.claims.value(at: [HolderTestIssuer.nameSpace, "birth_date"]) == .string("1984-01-26"))
        #expect(shown.claims.value(at: [HolderTestIssuer.nameSpace, "age_over_18"]) == .bool(true))
        #expect(shown.issuerInfo.commonName == "Test Document Signer")
        #expect(shown.issuerInfo.trustedCertificateFingerprint == issuer.rootFingerprint)
        #expect(shown.validity.validFrom == HolderTestIssuer.now)
        #expect(shown.validity.validUntil == HolderTestIssuer.now + 365 * HolderTestIssuer.day)
    }

    @Test("an issuer chaining to no trusted root is refused and nothing is stored")
    func untrustedIssuerRefused() async throws {
        defer { fixture.cleanUp() }
        let wallet = try await wallet(trusting: false)
        let key = try await wallet.createHolderKey()
        let text = try await issuer.sdJWTVC(holderKey: key.publicKey)
        let rejection = await self.rejection {
            try await wallet.addCredential(try ReceivedCredential(format: .sdJWTVC, credential: text, holderKeyID: key.id))
        }
        #expect(rejection?.failures.map(\.kind).contains(.untrustedIssuer) == true)
        let mdoc = try await issuer.mdoc(deviceKey: key.publicKey)
        let mdocRejection = await self.rejection {
            try await wallet.addCredential(try ReceivedCredential(
                format: .mdoc, credential: HolderTestIssuer.base64url(mdoc), holderKeyID: key.id))
        }
        #expect(mdocRejection?.failures.first?.kind == .untrustedIssuer)
        try await expectEmpty(wallet)
    }

    @Test("a tampered SD-JWT VC (payload or Disclosure) is refused as invalidSignature and not stored")
    func tamperedSDJWTRefused() async throws {
        defer { fixture.cleanUp() }
        let wallet = try await wallet()
        let key = try await wallet.createHolderKey()
        let text = try await issuer.sdJWTVC(holderKey: key.publicKey)
        // Signed by a key other than the x5c leaf: a forgery under a trusted chain.
        let forged = try await issuer.sdJWTVC(holderKey: key.publicKey, signedBy: .init())
        // A Disclosure swapped for one with another value.
        var parts = text.split(separator: "~", omittingEmptySubsequences: false).map(String.init)
        parts[1] = base64url(#"["c2FsdA","given_name","Mallory"]"#)
        let swapped = parts.joined(separator: "~")
        for bad in [forged, swapped] {
            let rejection = await self.rejection {
                try await wallet.addCredential(try ReceivedCredential(format: .sdJWTVC, credential: bad, holderKeyID: key.id))
            }
            #expect(rejection?.failures.map(\.kind).contains(.invalidSignature) == true, "\(String(describing: rejection))")
        }
        try await expectEmpty(wallet)
    }

    @Test("an mdoc with an altered element is refused as invalidSignature and not stored")
    func tamperedMDocRefused() async throws {
        defer { fixture.cleanUp() }
        let wallet = try await wallet()
        let key = try await wallet.createHolderKey()
        let issued = try await issuer.mdoc(deviceKey: key.publicKey)
        let forgedItems = try await issuer.mdoc(deviceKey: key.publicKey)
        // Items of one issuance under the issuerAuth of another: every digest differs (salts).
        let spliced = IssuerSigned(nameSpaces: forgedItems.nameSpaces, issuerAuth: issued.issuerAuth)
        let rejection = await self.rejection {
            try await wallet.addCredential(try ReceivedCredential(
                format: .mdoc, credential: HolderTestIssuer.base64url(spliced), holderKeyID: key.id))
        }
        #expect(rejection?.failures.first?.kind == .invalidSignature, "\(String(describing: rejection))")
        try await expectEmpty(wallet)
    }

    @Test("a credential bound to a key that is not the wallet key it names is refused (cnf and device key)")
    func holderKeyMismatchRefused() async throws {
        defer { fixture.cleanUp() }
        let wallet = try await wallet()
        let key = try await wallet.createHolderKey()
        let stranger = PrivateKey(curve: .p256).publicKey
        let text = try await issuer.sdJWTVC(holderKey: stranger)
        let sdRejection = await self.rejection {
            try await wallet.addCredential(try ReceivedCredential(format: .sdJWTVC, credential: text, holderKeyID: key.id))
        }
        #expect(sdRejection?.failures.map(\.kind) == [.holderKeyMismatch])
        let unbound = try await issuer.sdJWTVC(holderKey: nil)
        let unboundRejection = await self.rejection {
            try await wallet.addCredential(try ReceivedCredential(format: .sdJWTVC, credential: unbound, holderKeyID: key.id))
        }
        #expect(unboundRejection?.failures.map(\.kind) == [.holderKeyMismatch])
        let mdoc = try await issuer.mdoc(deviceKey: stranger)
        let mdocRejection = await self.rejection {
            try await wallet.addCredential(try ReceivedCredential(
                format: .mdoc, credential: HolderTestIssuer.base64url(mdoc), holderKeyID: key.id))
        }
        #expect(mdocRejection?.failures.map(\.kind) == [.holderKeyMismatch])
        try await expectEmpty(wallet)
    }

    @Test("a credential issued by a clock half a minute ahead is stored (mdoc and SD-JWT VC); two minutes ahead is not")
    func issuerClockAhead() async throws {
        defer { fixture.cleanUp() }
        let wallet = try await wallet()  // its clock reads HolderTestIssuer.now
        let key = try await wallet.createHolderKey()
        let ahead = HolderTestIssuer.now + 30
        let mdoc = try await issuer.mdoc(deviceKey: key.publicKey, signed: ahead)
        _ = try await wallet.addCredential(try ReceivedCredential(
            format: .mdoc, credential: HolderTestIssuer.base64url(mdoc), holderKeyID: key.id))
        let sdJWT = try await issuer.sdJWTVC(holderKey: key.publicKey, issuedAt: ahead)
        _ = try await wallet.addCredential(try ReceivedCredential(format: .sdJWTVC, credential: sdJWT, holderKeyID: key.id))
        let farAhead = try await issuer.mdoc(deviceKey: key.publicKey, signed: HolderTestIssuer.now + 120)
        #expect(await self.rejection {
            try await wallet.addCredential(try ReceivedCredential(
                format: .mdoc, credential: HolderTestIssuer.base64url(farAhead), holderKeyID: key.id))
        } != nil)
    }

    @Test("an expired credential, an unknown holder key, malformed bytes and an Open DID document that is no credential are refused")
    func otherRefusals() async throws {
        defer { fixture.cleanUp() }
        let wallet = try await wallet()
        let key = try await wallet.createHolderKey()
        let old = try await issuer.sdJWTVC(
            holderKey: key.publicKey, issuedAt: HolderTestIssuer.now - 10 * HolderTestIssuer.day, validity: HolderTestIssuer.day)
        #expect(await self.rejection {
            try await wallet.addCredential(try ReceivedCredential(format: .sdJWTVC, credential: old, holderKeyID: key.id))
        }?.failures.map(\.kind) == [.expired])
        let current = try await issuer.sdJWTVC(holderKey: key.publicKey)
        #expect(await self.rejection {
            try await wallet.addCredential(try ReceivedCredential(format: .sdJWTVC, credential: current, holderKeyID: "nope"))
        } == .holderKeyNotFound("nope"))
        guard case .malformed? = await rejection(body: {
            try await wallet.addCredential(try ReceivedCredential(format: .mdoc, credential: "oWFhAQ", holderKeyID: key.id))
        }) else {
            Issue.record("a CBOR map that is not an IssuerSigned was not refused as malformed")
            return
        }
        guard case .malformed? = await rejection(body: {
            try await wallet.addCredential(try ReceivedCredential(format: .mdoc, credential: "not base64!", holderKeyID: key.id))
        }) else {
            Issue.record("text that is not base64url was not refused as malformed")
            return
        }
        // Open DID is verified by its plug-in now (issue #23): `{}` is no Open DID credential.
        guard case .malformed? = await rejection(body: {
            try await wallet.addCredential(ReceivedCredential(format: .openDID, payload: Data("{}".utf8), holderKeyID: nil))
        }) else {
            Issue.record("an empty JSON object was not refused as a malformed Open DID credential")
            return
        }
        try await expectEmpty(wallet)
    }

    @Test("a batch is stored whole or not at all")
    func batchAllOrNothing() async throws {
        defer { fixture.cleanUp() }
        let wallet = try await wallet()
        let first = try await wallet.createHolderKey()
        let second = try await wallet.createHolderKey()
        let good = try ReceivedCredential(
            format: .sdJWTVC, credential: try await issuer.sdJWTVC(holderKey: first.publicKey), holderKeyID: first.id)
        let bad = try ReceivedCredential(
            format: .sdJWTVC, credential: try await issuer.sdJWTVC(holderKey: first.publicKey), holderKeyID: second.id)
        #expect(await self.rejection { try await wallet.addCredentials([good, bad]) }?.failures.map(\.kind) == [.holderKeyMismatch])
        try await expectEmpty(wallet)
        let fine = try ReceivedCredential(
            format: .sdJWTVC, credential: try await issuer.sdJWTVC(holderKey: second.publicKey), holderKeyID: second.id)
        let stored = try await wallet.addCredentials([good, fine])
        #expect(stored.count == 2)
        #expect(try await wallet.activityLog().first?.credentialIDs == stored.map(\.id))
    }

    @Test("jwt_vc_json is stored verbatim and reads as not verifiable; its payload is shown")
    func jwtVCJSONVerbatim() async throws {
        defer { fixture.cleanUp() }
        let wallet = try await wallet()
        let payload: JSONValue = [
            "iss": "did:example:issuer", "iat": .number(JSONNumber(Int64(HolderTestIssuer.now.timeIntervalSince1970))),
            "vc": ["type": ["VerifiableCredential", "UniversityDegreeCredential"], "credentialSubject": ["degree": "BSc"]],
        ]
        let jwt = base64url(#"{"alg":"ES256"}"#) + "." + base64url(payload.serializedString(.compact)) + ".c2ln"
        let stored = try await wallet.addCredential(try ReceivedCredential(format: .jwtVCJSON, credential: jwt, holderKeyID: nil))
        let shown = try await wallet.credential(id: stored.id)
        #expect(shown.payload == Data(jwt.utf8))
        #expect(shown.credentialType == "UniversityDegreeCredential")
        #expect(shown.verificationResult.failures.map(\.kind) == [.unverifiableFormat])
        #expect(shown.claims.value(at: ["vc", "credentialSubject", "degree"]) == .string("BSc"))
    }

    @Test("a VC-JWT whose kid is its issuer's did:key is verified; one signed by another DID's key is refused: untrustedIssuer")
    func jwtVCJSONVerifiedByDID() async throws {
        defer { fixture.cleanUp() }
        let wallet = try await wallet()
        let issuerKey = PrivateKey(curve: .ed25519), otherKey = PrivateKey(curve: .ed25519)
        let issuer = try DIDKey.make(for: issuerKey.publicKey), other = try DIDKey.make(for: otherKey.publicKey)
        let credential: JSONValue = [
            "@context": ["https://www.w3.org/2018/credentials/v1"], "type": ["VerifiableCredential", "UniversityDegreeCredential"],
            "issuer": .string(issuer.description), "issuanceDate": "2026-01-01T00:00:00Z", "credentialSubject": ["degree": "BSc"],
        ]
        func token(signedBy key: PrivateKey, as did: DIDIdentifier) async throws -> String {
            try await JOSECredentialSigner.sign(
                credential, form: .vcJWT, keyID: "\(did)#\(did.methodSpecificID)", signer: SoftwareSigner(privateKey: key))
        }
        let stored = try await wallet.addCredential(try ReceivedCredential(
            format: .jwtVCJSON, credential: try await token(signedBy: issuerKey, as: issuer), holderKeyID: nil))
        #expect(stored.verificationResult.verified, "\(stored.verificationResult.failures)")
        #expect(stored.credentialType == "UniversityDegreeCredential")
        let forged = try ReceivedCredential(format: .jwtVCJSON, credential: try await token(signedBy: otherKey, as: other), holderKeyID: nil)
        let rejection = await rejection { try await wallet.addCredential(forged) }
        #expect(rejection?.failures.map(\.kind) == [.untrustedIssuer], "\(String(describing: rejection))")
    }

    func expectEmpty(_ wallet: CredentialWallet, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        #expect(try await wallet.store.credentialCount() == 0, sourceLocation: sourceLocation)
        #expect(try await wallet.activityLog().isEmpty, sourceLocation: sourceLocation)
    }

    func rejection(body: () async throws -> Any) async -> WalletError.Rejection? {
        do {
            _ = try await body()
            Issue.record("the credential was stored")
            return nil
        } catch let WalletError.credentialRejected(rejection) {
            return rejection
        } catch {
            Issue.record("unexpected error \(error)")
            return nil
        }
    }

    func base64url(_ text: String) -> String {
        Data(text.utf8).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }
}
