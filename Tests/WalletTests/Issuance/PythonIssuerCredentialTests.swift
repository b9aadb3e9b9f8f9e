import CryptoKeys
import Foundation
import JOSE
import JSONModel
import MDoc
import Multiformats
import SDJWT
import Testing
import VellumTestSupport
import X509Trust

/// The credentials the independent Python issuer (`Tests/Peers/oid4vci_issuer.py`) mints pass
/// the validation the wallet runs before storing: its SD-JWT VC under `SDJWTVCVerifier` with
/// the `x5c` chain to its root, its mDL under `IssuerSignedValidator` with the Document Signer
/// chain to its IACA, each bound to the holder key it was given, and neither under the other
/// run's roots.
@Suite("Python issuer credentials verify in Vellum", .enabled(if: PythonIssuer.isAvailable, PythonIssuer.skipMessage))
struct PythonIssuerCredentialTests {
    static let issuerURL = "https://issuer.peer.example"

    func holderJWK(_ key: PublicKey) throws -> [String: String] {
        let object = try #require(try JSONSerialization.jsonObject(with: JWK(publicKey: key).jsonData()) as? [String: String])
        return object
    }

    /// The peer's credentials for `holder`, minted off the cooperative pool.
    func mint(_ holder: PublicKey, issuer: String = "https://issuer.example.org") async throws -> PythonIssuer.Minted {
        let jwk = try holderJWK(holder)
        return try await offCooperativePool { try PythonIssuer.mint(holderJWK: jwk, issuer: issuer) }
    }

    func sdJWTResolver(rootPEM: String) throws -> SDJWTVCIssuerKeyResolver {
        var anchors = TrustAnchorStore()
        _ = try anchors.add(pem: rootPEM)
        return SDJWTVCIssuerKeyResolver(certificates: X5CIssuerKeyResolver(anchors: anchors))
    }

    func mdocValidator(iacaPEM: String) throws -> IssuerSignedValidator {
        var anchors = TrustAnchorStore()
        _ = try anchors.add(pem: iacaPEM)
        return IssuerSignedValidator(trustAnchors: anchors)
    }

    @Test("Its SD-JWT VC verifies with the x5c chain to its root and is bound to the holder key")
    func sdJWTVC() async throws {
        let holder = PrivateKey(curve: .p256)
        let minted = try await mint(holder.publicKey, issuer: Self.issuerURL)
        let verifier = SDJWTVCVerifier(sdJWT: SDJWTVerifier(keyBinding: .forbidden))
        let verified = try await verifier.verify(minted.sdJWTVC, resolver: try sdJWTResolver(rootPEM: minted.sdJWTRootPEM))
        #expect(verified.vct == PythonIssuer.vct)
        #expect(verified.issuer == Self.issuerURL)
        #expect(verified.claims["given_name"] == "Erika")
        #expect(verified.claims["address"]?.objectValue?["locality"] == "Köln")
        #expect(verified.claims["age_equal_or_over"]?.objectValue?["18"] == true)
        let confirmation = try #require(verified.claims["cnf"]?.objectValue?["jwk"])
        let boundKey = try JWK(jsonData: confirmation.serialized()).publicKey()
        #expect(boundKey == holder.publicKey)

        // A holder presentation with a Key Binding JWT verifies too (the key really is bound).
        let presentation = try await verified.sdJWT.presentation(
            disclosing: [try ClaimPath(json: ["given_name"])],
            keyBinding: KeyBindingRequest(audience: "https://verifier.example", nonce: "n-42"),
            signer: try SoftwareSigner(privateKey: holder))
        let presented = try await SDJWTVCVerifier(
            sdJWT: SDJWTVerifier(keyBinding: .required(audience: "https://verifier.example", nonce: "n-42"))
        ).verify(presentation.serialized, resolver: try sdJWTResolver(rootPEM: minted.sdJWTRootPEM))
        #expect(presented.claims["given_name"] == "Erika" && presented.claims["family_name"] == nil)
    }

    @Test("Its SD-JWT VC is refused under another root")
    func sdJWTVCUntrusted() async throws {
        let holder = PrivateKey(curve: .p256)
        let minted = try await mint(holder.publicKey, issuer: Self.issuerURL)
        let other = try await mint(holder.publicKey, issuer: Self.issuerURL)
        let verifier = SDJWTVCVerifier(sdJWT: SDJWTVerifier(keyBinding: .forbidden))
        await #expect(throws: SDJWTVCError.self) {
            _ = try await verifier.verify(minted.sdJWTVC, resolver: try sdJWTResolver(rootPEM: other.sdJWTRootPEM))
        }
    }

    @Test("Its mDL validates under its IACA, bound to the holder key, and not under another IACA or key")
    func mdoc() async throws {
        let holder = PrivateKey(curve: .p256)
        let minted = try await mint(holder.publicKey, issuer: Self.issuerURL)
        let issuerSigned = try IssuerSigned(decoding: try Base64URL.decode(minted.mdoc))
        #expect(issuerSigned.docType == "org.iso.18013.5.1.mDL")

        let validator = try mdocValidator(iacaPEM: minted.iacaPEM)
        let verified = try await validator.validate(issuerSigned, expectedDeviceKey: holder.publicKey).get()
        #expect(verified.issuerElements["org.iso.18013.5.1"]?.count == 13)
        #expect(verified["org.iso.18013.5.1", "family_name"] == "Mustermann")

        let otherKey = await validator.validate(issuerSigned, expectedDeviceKey: PrivateKey(curve: .p256).publicKey)
        #expect(throws: MDocError.self) { _ = try otherKey.get() }
        let other = try await mint(holder.publicKey)
        let otherIACA = await try mdocValidator(iacaPEM: other.iacaPEM).validate(issuerSigned)
        #expect(throws: MDocError.self) { _ = try otherIACA.get() }
    }
}
