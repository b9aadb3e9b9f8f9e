import CryptoKeys
import DID
import Foundation
import JSONModel
import Multiformats
import Testing

/// did:peer numalgo 0, 2 and 4, with the examples of the DIF Peer DID Method specification.
@Suite("did:peer")
struct DIDPeerTests {
    /// The numalgo 2 example of the spec: V and E keys and two DIDComm services without ids.
    static let numalgo2 =
        "did:peer:2.Vz6Mkj3PUd1WjvaDhNZhhhXQdz5UnZXmS7ehtx8bsPpD47kKc.Ez6LSg8zQom395jKLrGiBNruB9MM6V8PWuf2FpEy4uRFiqQBR.SeyJ0IjoiZG0iLCJzIjp7InVyaSI6Imh0dHA6Ly9leGFtcGxlLmNvbS9kaWRjb21tIiwiYSI6WyJkaWRjb21tL3YyIl0sInIiOlsiZGlkOmV4YW1wbGU6MTIzNDU2Nzg5YWJjZGVmZ2hpI2tleS0xIl19fQ.SeyJ0IjoiZG0iLCJzIjp7InVyaSI6Imh0dHA6Ly9leGFtcGxlLmNvbS9hbm90aGVyIiwiYSI6WyJkaWRjb21tL3YyIl0sInIiOlsiZGlkOmV4YW1wbGU6MTIzNDU2Nzg5YWJjZGVmZ2hpI2tleS0yIl19fQ"

    /// The numalgo 4 example of the spec (long form) and its short form.
    static let numalgo4Short = "did:peer:4zQmd8CpeFPci817KDsbSAKWcXAE2mjvCQSasRewvbSF54Bd"
    static let numalgo4Long = numalgo4Short + ":" + numalgo4Encoded
    static let numalgo4Encoded =
        "z2M1k7h4psgp4CmJcnQn2Ljp7Pz7ktsd7oBhMU3dWY5s4fhFNj17qcRTQ427C7QHNT6cQ7T3XfRh35Q2GhaNFZmWHVFq4vL7F8nm36PA9Y96DvdrUiRUaiCuXnBFrn1o7mxFZAx14JL4t8vUWpuDPwQuddVo1T8myRiVH7wdxuoYbsva5x6idEpCQydJdFjiHGCpNc2UtjzPQ8awSXkctGCnBmgkhrj5gto3D4i3EREXYq4Z8r2cWGBr2UzbSmnxW2BuYddFo9Yfm6mKjtJyLpF74ytqrF5xtf84MnGFg1hMBmh1xVx1JwjZ2BeMJs7mNS8DTZhKC7KH38EgqDtUZzfjhpjmmUfkXg2KFEA3EGbbVm1DPqQXayPYKAsYPS9AyKkcQ3fzWafLPP93UfNhtUPL8JW5pMcSV3P8v6j3vPXqnnGknNyBprD6YGUVtgLiAqDBDUF3LSxFQJCVYYtghMTv8WuSw9h1a1SRFrDQLGHE4UrkgoRvwaGWr64aM87T1eVGkP5Dt4L1AbboeK2ceLArPScrdYGTpi3BpTkLwZCdjdiFSfTy9okL1YNRARqUf2wm8DvkVGUU7u5nQA3ZMaXWJAewk6k1YUxKd7LvofGUK4YEDtoxN5vb6r1Q2godrGqaPkjfL3RoYPpDYymf9XhcgG8Kx3DZaA6cyTs24t45KxYAfeCw4wqUpCH9HbpD78TbEUr9PPAsJgXBvBj2VVsxnr7FKbK4KykGcg1W8M1JPz21Z4Y72LWgGQCmixovrkHktcTX1uNHjAvKBqVD5C7XmVfHgXCHj7djCh3vzLNuVLtEED8J1hhqsB1oCBGiuh3xXr7fZ9wUjJCQ1HYHqxLJKdYKtoCiPmgKM7etVftXkmTFETZmpM19aRyih3bao76LdpQtbw636r7a3qt8v4WfxsXJetSL8c7t24SqQBcAY89FBsbEnFNrQCMK3JEseKHVaU388ctvRD45uQfe5GndFxthj4iSDomk4uRFd1uRbywoP1tRuabHTDX42UxPjz"

    @Test("numalgo 2: keys become #key-N in order, services are expanded and numbered")
    func numalgo2SpecExample() async throws {
        let did = try DIDIdentifier(Self.numalgo2)
        let document = try await DIDPeerResolver().resolve(did).document
        #expect(document.context == ["https://www.w3.org/ns/did/v1", "https://w3id.org/security/multikey/v1"])
        #expect(document.verificationMethod.map(\.id) == ["#key-1", "#key-2"])
        #expect(document.verificationMethod.allSatisfy { $0.type == "Multikey" && $0.controller == did })
        #expect(document.verificationMethod[0].publicKeyMultibase == "z6Mkj3PUd1WjvaDhNZhhhXQdz5UnZXmS7ehtx8bsPpD47kKc")
        #expect(document.authentication == [.reference("#key-1")])
        #expect(document.keyAgreement == [.reference("#key-2")])
        #expect(document.assertionMethod.isEmpty)
        #expect(try document.verificationMethod(for: "#key-1", relationship: .authentication).publicKey.curve == .ed25519)
        #expect(try document.verificationMethod(for: "#key-2", relationship: .keyAgreement).publicKey.curve == .x25519)

        #expect(document.service.map(\.id) == ["#service", "#service-1"])
        #expect(document.service.allSatisfy { $0.types == ["DIDCommMessaging"] })
        let endpoint = document.service[0].serviceEndpoint
        #expect(endpoint["uri"] == "http://example.com/didcomm")
        #expect(endpoint["accept"] == ["didcomm/v2"])
        #expect(endpoint["routingKeys"] == ["did:example:123456789abcdefghi#key-1"])
        #expect(document.service[1].serviceEndpoint["uri"] == "http://example.com/another")
    }

    @Test("numalgo 2: encoding the spec's inputs gives the spec's DID")
    func numalgo2Encoding() throws {
        let verification = try DIDKey.publicKey(of: DIDIdentifier("did:key:z6Mkj3PUd1WjvaDhNZhhhXQdz5UnZXmS7ehtx8bsPpD47kKc"))
        let encryption = try DIDKey.publicKey(of: DIDIdentifier("did:key:z6LSg8zQom395jKLrGiBNruB9MM6V8PWuf2FpEy4uRFiqQBR"))
        func service(_ path: String, _ key: String) -> JSONValue {
            [
                "type": "DIDCommMessaging",
                "serviceEndpoint": [
                    "uri": .string("http://example.com/\(path)"), "accept": ["didcomm/v2"],
                    "routingKeys": .array([.string("did:example:123456789abcdefghi#\(key)")]),
                ],
            ]
        }
        let did = try DIDPeer.makeNumalgo2(
            keys: [(.verification, verification), (.encryption, encryption)],
            services: [service("didcomm", "key-1"), service("another", "key-2")])
        #expect(did.description == Self.numalgo2)
    }

    @Test("numalgo 2: malformed elements are rejected")
    func numalgo2Negative() async throws {
        let key = "z6Mkj3PUd1WjvaDhNZhhhXQdz5UnZXmS7ehtx8bsPpD47kKc"
        let cases: [(String, ResolutionErrorKind)] = [
            ("did:peer:2", .invalidDID),
            ("did:peer:2.", .invalidDID),
            ("did:peer:2.X\(key)", .invalidDID),
            ("did:peer:2.V", .invalidDID),
            ("did:peer:2.Vz2DQV5Tm64jwFsRi2chqem1Wt2aP6bP34vi2itLNof8JFdG", .invalidPublicKey),  // Ed25519, 31 bytes
            ("did:peer:2.Vz\(Base58BTC.encode([0x80, 0x04, 1, 2]))", .unsupportedKeyType),
            ("did:peer:2.V\(key).S!!", .invalidDID),
            ("did:peer:2.V\(key).S\(Base64URL.encode(Data("[1]".utf8)))", .invalidDID),
            ("did:peer:2.V\(key).S\(Base64URL.encode(Data(#"{"t":"dm"}"#.utf8)))", .invalidDocument),
            ("did:peer:9abc", .invalidDID),
        ]
        for (text, kind) in cases {
            guard let did = try? DIDIdentifier(text) else {
                #expect(kind == .invalidDID, "\(text) should parse as a DID")
                continue
            }
            await expectResolutionError(kind) { _ = try await DIDPeerResolver().resolve(did) }
        }
        let many = "did:peer:2" + String(repeating: ".V\(key)", count: DIDPeer.maximumElements + 1)
        await expectResolutionError(.invalidDID) { _ = try await DIDPeerResolver().resolve(DIDIdentifier(many)) }
    }

    @Test("numalgo 4: the spec's long form resolves, with controllers and the short form filled in")
    func numalgo4LongForm() async throws {
        let long = try DIDIdentifier(Self.numalgo4Long)
        let resolution = try await DIDPeerResolver().resolve(long)
        let document = resolution.document
        #expect(document.id == long)
        #expect(document.alsoKnownAs == [Self.numalgo4Short])
        #expect(document.verificationMethod.map(\.id) == ["#6LSqPZfn", "#6MkrCD1c"])
        #expect(document.verificationMethod.allSatisfy { $0.controller == long })
        #expect(document.service.first?.id == "#didcommmessaging-0")
        #expect(try document.verificationMethod(for: "#6MkrCD1c", relationship: .assertionMethod).publicKey.curve == .ed25519)
        #expect(try document.verificationMethod(for: "#6LSqPZfn", relationship: .keyAgreement).publicKey.curve == .x25519)
        #expect(resolution.documentMetadata.equivalentID == [Self.numalgo4Short])
        #expect(try DIDPeer.shortForm(of: long).description == Self.numalgo4Short)
    }

    @Test("numalgo 4: a short form resolves only once its long form is known")
    func numalgo4ShortForm() async throws {
        let short = try DIDIdentifier(Self.numalgo4Short)
        await expectResolutionError(.notFound) { _ = try await DIDPeerResolver().resolve(short) }
        let resolver = DIDPeerResolver(knownLongForms: [try DIDIdentifier(Self.numalgo4Long)])
        let document = try await resolver.resolve(short).document
        #expect(document.id == short)
        #expect(document.alsoKnownAs == [Self.numalgo4Long])
        #expect(document.verificationMethod.allSatisfy { $0.controller == short })
    }

    @Test("numalgo 4: a document that does not match the hash is rejected")
    func numalgo4HashMismatch() async throws {
        // Another valid input document under the spec example's hash: a substitution.
        let forged = try DIDPeer.makeNumalgo4(inputDocument: ["service": []])
        let encoded = forged.methodSpecificID.split(separator: ":")[1]
        let substituted = try DIDIdentifier(Self.numalgo4Short + ":" + encoded)
        await expectResolutionError(.hashMismatch) { _ = try await DIDPeerResolver().resolve(substituted) }
        // One character of the encoded document changed.
        var tampered = Array(Self.numalgo4Long)
        tampered[tampered.count - 5] = tampered[tampered.count - 5] == "a" ? "b" : "a"
        await expectResolutionError(.hashMismatch) { _ = try await DIDPeerResolver().resolve(DIDIdentifier(String(tampered))) }
    }

    /// A long-form did:peer:4 whose hash matches whatever bytes we encode.
    static func long(encodedBytes: [UInt8]) throws -> DIDIdentifier {
        let encoded = Multibase.encode(encodedBytes, as: .base58btc)
        let hash = Multibase.encode([0x12, 0x20] + DigestAlgorithm.sha256.hash(Data(encoded.utf8)), as: .base58btc)
        return try DIDIdentifier("did:peer:4\(hash):\(encoded)")
    }

    @Test("numalgo 4: a correctly hashed long form must still carry a valid input document")
    func numalgo4BadContent() async throws {
        let json: [UInt8] = [0x80, 0x04]
        let cases: [([UInt8], ResolutionErrorKind)] = [
            (json + Array(#"{"id":"did:example:evil"}"#.utf8), .invalidDocument),  // input documents have no id
            (json + Array("[1,2]".utf8), .invalidDocument),
            (json + Array("{not json".utf8), .invalidDID),
            ([0xed, 0x01] + Array("{}".utf8), .invalidDID),  // not tagged json
            (json + Array(##"{"verificationMethod":[{"id":"#k","type":"Multikey","controller":"nope"}]}"##.utf8), .invalidDocument),
        ]
        for (bytes, kind) in cases {
            let did = try Self.long(encodedBytes: bytes)
            await expectResolutionError(kind) { _ = try await DIDPeerResolver().resolve(did) }
        }
        let huge = json + Array(#"{"x":""#.utf8) + [UInt8](repeating: 0x61, count: DIDPeer.maximumEncodedDocumentLength * 3 / 4) + Array(#""}"#.utf8)
        await expectResolutionError(.documentTooLarge) { _ = try await DIDPeerResolver().resolve(Self.long(encodedBytes: huge)) }
        await expectResolutionError(.invalidDID) { _ = try await DIDPeerResolver().resolve(DIDIdentifier("did:peer:4zQm:a:b")) }
    }

    @Test("numalgo 4: documents we create resolve, and ids in the input are refused")
    func numalgo4RoundTrip() async throws {
        let key = try DIDKey.make(for: PrivateKey(curve: .ed25519).publicKey).methodSpecificID
        let input: JSONObject = [
            "@context": ["https://www.w3.org/ns/did/v1", "https://w3id.org/security/multikey/v1"],
            "verificationMethod": [["id": "#key-1", "type": "Multikey", "publicKeyMultibase": .string(key)]],
            "authentication": ["#key-1"],
        ]
        let did = try DIDPeer.makeNumalgo4(inputDocument: input)
        let document = try await DIDPeerResolver().resolve(did).document
        #expect(try document.verificationMethod(for: "#key-1", relationship: .authentication).publicKey.curve == .ed25519)
        #expect(throws: DIDError.self) { try DIDPeer.makeNumalgo4(inputDocument: ["id": "did:example:1"]) }
    }

    @Test("numalgo 0 is did:key under another name")
    func numalgo0() async throws {
        let key = PrivateKey(curve: .ed25519).publicKey
        let fingerprint = try DIDKey.make(for: key).methodSpecificID
        let did = try DIDIdentifier("did:peer:0" + fingerprint)
        let document = try await DIDPeerResolver().resolve(did).document
        #expect(document.id == did)
        #expect(try document.verificationMethod(for: "#" + fingerprint, relationship: .authentication).publicKey == key)
    }
}
