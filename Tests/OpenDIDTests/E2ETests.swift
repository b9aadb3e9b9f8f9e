import CryptoKeys
import Foundation
import JSONModel
import Multiformats
import OpenDID
import Testing
import VellumTestSupport

/// ReqE2e / AccE2e: key agreement, session key, encryption, and the accE2e proof.
@Suite("Open DID end-to-end encryption", .enabled(if: Vectors.isAvailable, Vectors.skipMessage))
struct E2ETests {
    func vector() throws -> JSONValue { try OpenDIDSamples.json("synthetic/e2e_submit_vp_vector.json") }

    func hex(_ name: String) throws -> Data { try hexData(try vector()[name]?.stringValue) }

    @Test func verifierDecryptsTheSubmittedPresentation() throws {
        let vector = try vector()
        let request = try ReqE2e(from: try #require(vector["reqE2e"]).serialized())
        let acceptance = try AccE2e(from: try #require(vector["accE2e"]).serialized())
        let serverKey = try PrivateKey(rawRepresentation: hex("verifierE2ePrivateKeyHex"), curve: .p256)
        let session = try E2ESession(request: request, acceptance: acceptance, serverKey: serverKey)
        #expect(session.sessionKey == (try hex("sessionKeyHex")))
        #expect(session.iv == (try hex("ivHex")))
        let plaintext = try session.decrypt(try #require(vector["encVp"]?.stringValue))
        #expect(String(decoding: plaintext, as: UTF8.self) == vector["plaintextUtf8"]?.stringValue)
        // The plaintext is a presentation that verifies.
        _ = try PresentationVerifier(
            documents: try OpenDIDFixtures.didDocuments(),
            policy: PresentationPolicy(verifierNonce: OpenDIDFixtures.verifierNonce), clock: { OpenDIDFixtures.presentationTime }
        ).verify(plaintext)
    }

    @Test func walletReproducesTheVectorByteForByte() async throws {
        let vector = try vector()
        let request = try ReqE2e(from: try #require(vector["reqE2e"]).serialized())
        let ephemeral = try PrivateKey(rawRepresentation: hex("walletEphemeralPrivateKeyHex"), curve: .p256)
        var session = try E2ESession.accept(request, ephemeralKey: ephemeral, iv: try hex("ivHex"))
        #expect(session.acceptance.publicKey == vector["accE2e"]?["publicKey"]?.stringValue)
        #expect(session.acceptance.iv == vector["accE2e"]?["iv"]?.stringValue)
        let encrypted = try session.encrypt(Data(try #require(vector["plaintextUtf8"]?.stringValue).utf8))
        #expect(encrypted == vector["encVp"]?.stringValue)

        // The wallet signs accE2e with its key-agreement key; the server verifies it.
        let created = try #require(UTCDatetime.date(from: "2025-01-02T03:05:00Z"))
        try await session.acceptance.sign(
            with: OpenDIDFixtures.proofKey(OpenDIDFixtures.holder, "keyagree", purpose: .keyAgreement), created: created)
        let inputs = try OpenDIDSamples.signedInputs()
        let json = try JSONValue(parsing: session.acceptance.toJsonData())
        let bytes = SigningInput.bytes(of: try #require(json.objectValue), proof: try #require(json["proof"]?.objectValue))
        #expect(String(decoding: bytes, as: UTF8.self) == inputs["accE2e.proof"])
        try OpenDIDFixtures.verifier().verify(session.acceptance, signedBy: OpenDIDFixtures.holder)
        let published = try AccE2e(from: try #require(vector["accE2e"]).serialized())
        try OpenDIDFixtures.verifier().verify(published, signedBy: OpenDIDFixtures.holder)
        #expect(throws: OpenDIDError.self) { try OpenDIDFixtures.verifier().verify(published, signedBy: "did:omn:verifier") }
    }

    @Test func leadingZeroSharedSecretFollowsEachSidesConvention() throws {
        let vector = try OpenDIDSamples.json("synthetic/ecdh_leading_zero_vector.json")
        let mine = try PrivateKey(rawRepresentation: try hexData(vector["privA"]?.stringValue), curve: .p256)
        let theirs = try PrivateKey(rawRepresentation: try hexData(vector["privB"]?.stringValue), curve: .p256)
        #expect(theirs.publicKey.sec1CompressedRepresentation == (try hexData(vector["pubB_compressed"]?.stringValue)))
        #expect(try mine.sharedSecret(with: theirs.publicKey) == (try hexData(vector["sharedSecret32Hex"]?.stringValue)))

        let nonce = Data([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16])
        let request = ReqE2e(
            nonce: Multibase.encode(nonce, as: .base58btc), curve: .secp256r1,
            publicKey: Multibase.encode(try #require(theirs.publicKey.sec1CompressedRepresentation), as: .base58btc),
            cipher: .aes256CBC, padding: .pkcs5)
        for (encoding, secretName) in [(SharedSecretEncoding.fixedWidth, "sharedSecret32Hex"), (.minimalUnsigned, "sharedSecretJavaStyleHex")] {
            let wallet = try E2ESession.accept(request, ephemeralKey: mine, secretEncoding: encoding)
            let secret = try hexData(vector[secretName]?.stringValue)
            #expect(wallet.sessionKey == DigestAlgorithm.sha256.hash(secret + nonce), "\(encoding)")
            let server = try E2ESession(request: request, acceptance: wallet.acceptance, serverKey: theirs, secretEncoding: encoding)
            #expect(try server.decrypt(try wallet.encrypt(Data("hello".utf8))) == Data("hello".utf8))
        }
        let javaServer = try E2ESession(
            request: request, acceptance: try E2ESession.accept(request, ephemeralKey: mine).acceptance,
            serverKey: theirs, secretEncoding: .minimalUnsigned)
        #expect(javaServer.sessionKey != (try E2ESession.accept(request, ephemeralKey: mine).sessionKey))
    }

    @Test(arguments: SymmetricCipherType.allCases)
    func everyCipherRoundTrips(_ cipher: SymmetricCipherType) throws {
        let server = PrivateKey(curve: .p256)
        for padding in SymmetricPaddingType.allCases {
            let request = ReqE2e(
                nonce: Multibase.encode(Data("nonce-nonce-1234".utf8), as: .base64), curve: .secp256r1,
                publicKey: Multibase.encode(try #require(server.publicKey.sec1CompressedRepresentation), as: .base58btc),
                cipher: cipher, padding: padding)
            let wallet = try E2ESession.accept(request)
            #expect(wallet.sessionKey.count == cipher.keySize)
            let message = Data(repeating: 0x5A, count: padding == .noPad ? 48 : 37)
            let payload = try wallet.encrypt(message)
            let serverSession = try E2ESession(request: request, acceptance: wallet.acceptance, serverKey: server)
            #expect(try serverSession.decrypt(payload) == message, "\(cipher) \(padding)")
            if padding == .noPad {
                #expect(throws: OpenDIDError.self) { try wallet.encrypt(Data(count: 37)) }
            } else {
                // Another server key derives another session key: the padding check fails, or (about
                // once in 256 tries, CBC having no MAC) passes on garbage; never the message.
                let stranger = try E2ESession(request: request, acceptance: wallet.acceptance, serverKey: PrivateKey(curve: .p256))
                #expect((try? stranger.decrypt(payload)) != message)
            }
        }
    }

    @Test func malformedParametersAreTypedErrors() throws {
        let server = PrivateKey(curve: .p256)
        let good = ReqE2e(
            nonce: "zQWib3zDFsec7VMAK9JZQEL", curve: .secp256r1,
            publicKey: Multibase.encode(try #require(server.publicKey.sec1CompressedRepresentation), as: .base58btc),
            cipher: .aes128CBC, padding: .pkcs5)
        var badKey = good
        badKey.publicKey = "z1111"
        var badNonce = good
        badNonce.nonce = "not multibase"
        for request in [badKey, badNonce] {
            #expect(throws: OpenDIDError.self) { try E2ESession.accept(request) }
        }
        #expect(throws: OpenDIDError.e2eFailed("IV must be 16 bytes")) { try E2ESession.accept(good, iv: Data(count: 8)) }
        #expect(throws: OpenDIDError.self) { try E2ESession.accept(good, ephemeralKey: PrivateKey(curve: .secp256k1)) }
        let session = try E2ESession.accept(good)
        #expect(throws: OpenDIDError.self) { try session.decrypt("zzzz") }
        #expect(throws: OpenDIDError.self) { try session.decrypt("not multibase") }
    }
}
