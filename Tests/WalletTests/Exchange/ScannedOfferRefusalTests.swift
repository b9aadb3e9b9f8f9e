import CryptoKeys
import DID
import Foundation
import Hummingbird
import JSONModel
import QRExchange
import Testing
import VellumTestSupport
import W3CCredentials
@testable import Wallet

/// An issuer that answers a scanned offer with something other than what it offered: the
/// wallet refuses each answer with its typed reason and stores nothing. (Credible stores
/// whatever comes back.)
@Suite("CredentialWallet: scanned offers refused")
struct ScannedOfferRefusalTests {
    /// What the rogue issuer does to the credential it signs.
    enum Forgery: Sendable {
        /// Issues to another DID than the `subject_id` posted.
        case anotherSubject
        /// Signs as an issuer other than the one the preview named.
        case anotherIssuer
        /// Changes a claim after signing.
        case tamperedClaim
        /// Signs the issuer's credential with a key of another DID.
        case keyOfAnotherDID
        /// Issues what it offered, honestly (the control case).
        case none
    }

    /// Serves one offer whose POST answers with a diploma forged as `forgery`, and runs
    /// `body` with its URL.
    static func withRogueIssuer(_ forgery: Forgery, _ body: @Sendable (URL) async throws -> Void) async throws {
        let issuerKey = PrivateKey(curve: .ed25519)
        let issuerDID = try DIDKey.make(for: issuerKey.publicKey).description
        let otherKey = PrivateKey(curve: .ed25519)
        let otherDID = try DIDKey.make(for: otherKey.publicKey).description
        let router = Router()
        let preview: JSONObject = [
            "@context": ["https://www.w3.org/ns/credentials/v2", "https://www.w3.org/ns/credentials/examples/v2"],
            "type": ["VerifiableCredential", "ExampleDegreeCredential"], "issuer": .string(issuerDID),
            "credentialSubject": ["degree": "Bachelor"],
        ]
        router.get("offer") { _, _ -> Response in
            Self.json(["type": "CredentialOffer", "credentialPreview": .object(preview)])
        }
        router.post("offer") { request, context -> Response in
            let form = String(buffer: try await request.body.collect(upTo: 1 << 16))
            let subject = form.split(separator: "=", maxSplits: 1).last.flatMap { String($0).removingPercentEncoding } ?? ""
            var credential = preview
            let signsAsOther = forgery == .keyOfAnotherDID || forgery == .anotherIssuer
            let signingKey = signsAsOther ? otherKey : issuerKey
            let signingDID = signsAsOther ? otherDID : issuerDID
            if forgery == .anotherIssuer { credential["issuer"] = .string(otherDID) }
            credential["credentialSubject"] = ["id": .string(forgery == .anotherSubject ? otherDID : subject), "degree": "Bachelor"]
            let options = DataIntegrityProofOptions(
                cryptosuite: .eddsaJCS2022, verificationMethod: "\(signingDID)#\(signingDID.dropFirst("did:key:".count))")
            var signed = try await DataIntegritySigner.sign(.object(credential), options: options, signer: SoftwareSigner(privateKey: signingKey))
            if forgery == .tamperedClaim, case .object(var object) = signed {
                object["credentialSubject"] = ["id": .string(subject), "degree": "Doctorate"]
                signed = .object(object)
            }
            return Self.json(signed)
        }
        try await LoopbackHTTPServer.run(router, label: "rogue-issuer") { port in
            try await body(URL(string: "http://127.0.0.1:\(port)/offer")!)
        }
    }

    static func json(_ value: JSONValue) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = "application/json"
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: value.serialized())))
    }

    /// Accepts the rogue issuer's offer into a fresh wallet and checks what `forgery` leads to.
    static func accept(_ forgery: Forgery, refusedAs kind: VerificationFailure.Kind?) async throws {
        try await withRogueIssuer(forgery) { url in
            try await TemporaryWallet.withCredentialWallet { wallet, _ in
                let client = QRExchangeClient(httpClient: TemporaryWallet.loopbackHTTPClient())
                guard case .credentialOffer(let offer) = try await client.message(at: url) else { throw ScannedExchangeTests.UnexpectedMessage() }
                if let kind {
                    await expectError(WalletError.self, matching: { $0.failures.contains { $0.kind == kind } }) {
                        _ = try await wallet.acceptExchangeOffer(offer, at: url, client: client)
                    }
                    let listed = try await wallet.listCredentials()
                    #expect(listed.isEmpty)
                } else {
                    let stored = try await wallet.acceptExchangeOffer(offer, at: url, client: client)
                    #expect(stored.verificationResult.verified)
                }
            }
        }
    }

    @Test("the honest answer is stored (the control for the forgeries below)")
    func honest() async throws { try await Self.accept(.none, refusedAs: nil) }

    @Test("a credential issued to another DID than the holder's is refused: holderKeyMismatch")
    func anotherSubject() async throws { try await Self.accept(.anotherSubject, refusedAs: .holderKeyMismatch) }

    @Test("a credential from another issuer than the preview's is refused: untrustedIssuer")
    func anotherIssuer() async throws { try await Self.accept(.anotherIssuer, refusedAs: .untrustedIssuer) }

    @Test("a claim changed after signing is refused: invalidSignature")
    func tamperedClaim() async throws { try await Self.accept(.tamperedClaim, refusedAs: .invalidSignature) }

    @Test("the previewed issuer's credential signed with another DID's key is refused: untrustedIssuer")
    func keyOfAnotherDID() async throws { try await Self.accept(.keyOfAnotherDID, refusedAs: .untrustedIssuer) }
}
