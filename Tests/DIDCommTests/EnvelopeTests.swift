@testable import DIDComm
import Foundation
import JSONModel
import Multiformats
import Testing
import VellumTestSupport

@Suite("DIDComm v1 envelopes (RFC 0019)")
struct EnvelopeTests {
    let message = Data(#"{"@type":"https://didcomm.org/trust_ping/1.0/ping","@id":"1"}"#.utf8)

    @Test("authcrypt: the recipient reads the message and learns the authenticated sender")
    func authcrypt() throws {
        let envelope = try Envelope.pack(message, for: [TestKey.bob.verkey], from: TestKey.alice.privateKey)
        let opened = try Envelope.unpack(envelope, with: [TestKey.bob.privateKey])
        #expect(opened.message == message)
        #expect(opened.recipient == TestKey.bob.verkey)
        #expect(opened.sender == TestKey.alice.verkey)
        #expect(try Envelope(json: envelope).algorithm == .authcrypt)
    }

    @Test("anoncrypt: the recipient reads the message and no sender is claimed")
    func anoncrypt() throws {
        let envelope = try Envelope.pack(message, for: [TestKey.bob.verkey])
        let opened = try Envelope.unpack(envelope, with: [TestKey.bob.privateKey])
        #expect(opened.message == message)
        #expect(opened.sender == nil)
    }

    @Test("the protected header is what Askar writes: enc, typ JWM/1.0, alg, recipients with kid, sender, iv")
    func protectedHeader() throws {
        let envelope = try Envelope.pack(message, for: [TestKey.bob.verkey, TestKey.carol.verkey], from: TestKey.alice.privateKey)
        let outer = try JSONParser().parse(envelope)
        #expect(outer.objectValue?.keys == ["protected", "iv", "ciphertext", "tag"])
        let header = try JSONParser().parse(Base64URL.decode(outer["protected"]!.stringValue!))
        #expect(header["enc"] == "xchacha20poly1305_ietf")
        #expect(header["typ"] == "JWM/1.0")
        #expect(header["alg"] == "Authcrypt")
        let recipients = try #require(header["recipients"]?.arrayValue)
        #expect(recipients.map { $0["header"]?["kid"]?.stringValue } == [TestKey.bob.verkey.base58, TestKey.carol.verkey.base58])
        #expect(recipients.allSatisfy { $0["header"]?["sender"] != nil && $0["header"]?["iv"] != nil })
    }

    @Test("several recipients each open the same envelope", arguments: [true, false])
    func severalRecipients(authenticated: Bool) throws {
        let recipients = [TestKey.bob, TestKey.carol, TestKey.mediator]
        let envelope = try Envelope.pack(
            message, for: recipients.map(\.verkey), from: authenticated ? TestKey.alice.privateKey : nil)
        for recipient in recipients {
            let opened = try Envelope.unpack(envelope, with: [TestKey.mallory.privateKey, recipient.privateKey])
            #expect(opened.message == message)
            #expect(opened.recipient == recipient.verkey)
        }
    }

    @Test("an envelope for others is refused as not ours")
    func notARecipient() throws {
        let envelope = try Envelope.pack(message, for: [TestKey.bob.verkey], from: TestKey.alice.privateKey)
        expectError(DIDCommError.self, matching: { $0 == .notARecipient(kids: [TestKey.bob.verkey.base58]) }) {
            _ = try Envelope.unpack(envelope, with: [TestKey.mallory.privateKey])
        }
    }

    @Test("a single bit flipped anywhere in the envelope is refused with a typed error", arguments: [false, true])
    func everyBitFlip(authenticated: Bool) throws {
        let envelope = try Envelope.pack(
            Data("{}".utf8), for: [TestKey.bob.verkey], from: authenticated ? TestKey.alice.privateKey : nil)
        var accepted: [Int] = []
        for index in envelope.indices {
            var altered = envelope
            altered[index] ^= 0x01
            do {
                _ = try Envelope.unpack(altered, with: [TestKey.bob.privateKey])
                accepted.append(index)
            } catch {}
        }
        #expect(accepted.isEmpty, "flips at \(accepted) were accepted")
    }

    @Test("a bit flipped in each decoded part gives the error of the check that catches it")
    func flippedParts() throws {
        let envelope = try Envelope.pack(message, for: [TestKey.bob.verkey], from: TestKey.alice.privateKey)
        let cases: [(String, DIDCommError)] = [
            ("ciphertext", .payloadNotAuthenticated), ("tag", .payloadNotAuthenticated), ("iv", .payloadNotAuthenticated),
        ]
        for (member, expected) in cases {
            let altered = try EnvelopeSurgery(envelope).flippingOuter(member).json
            expectError(DIDCommError.self, "\(member)", matching: { $0 == expected }) {
                _ = try Envelope.unpack(altered, with: [TestKey.bob.privateKey])
            }
        }
        let recipientCases: [(String, (DIDCommError) -> Bool)] = [
            ("encrypted_key", { $0 == .contentKeyNotDecrypted }),
            ("sender", { if case .senderNotAuthenticated = $0 { true } else { false } }),
            ("iv", { $0 == .contentKeyNotDecrypted }),
        ]
        for (member, matches) in recipientCases {
            let altered = try EnvelopeSurgery(envelope).flippingRecipient(member).json
            expectError(DIDCommError.self, "recipient \(member)", matching: matches) {
                _ = try Envelope.unpack(altered, with: [TestKey.bob.privateKey])
            }
        }
        // The protected header re-encoded with one more space still names the same recipients
        // and keys, but it is the payload's additional data, so the tag no longer verifies.
        let respaced = try EnvelopeSurgery(envelope).respacingProtected().json
        expectError(DIDCommError.self, matching: { $0 == .payloadNotAuthenticated }) {
            _ = try Envelope.unpack(respaced, with: [TestKey.bob.privateKey])
        }
    }

    @Test("a sender claimed in the sealed box but not the key that boxed the content key is refused")
    func forgedSender() throws {
        // Mallory writes Alice's verkey as the sender but can only box the content key with her
        // own secret: the box does not open from Alice's key.
        let bobX = try X25519KeyPair.publicKey(of: TestKey.bob.verkey)
        let mallory = try X25519KeyPair(TestKey.mallory.privateKey)
        let contentKey = Sodium.randomBytes(32), boxNonce = Sodium.randomBytes(24), nonce = Sodium.randomBytes(12)
        let header: JSONValue = [
            "enc": "xchacha20poly1305_ietf", "typ": "JWM/1.0", "alg": "Authcrypt",
            "recipients": [[
                "encrypted_key": .string(Base64URL.encode(Sodium.box(contentKey, nonce: boxNonce, to: bobX, from: mallory.secretKey)!)),
                "header": [
                    "kid": .string(TestKey.bob.verkey.base58),
                    "sender": .string(Base64URL.encode(Sodium.seal(Data(TestKey.alice.verkey.base58.utf8), to: bobX)!)),
                    "iv": .string(Base64URL.encode(boxNonce)),
                ],
            ]],
        ]
        let protected = Base64URL.encode(header.serialized())
        let sealed = Sodium.aeadEncrypt(message, additionalData: Data(protected.utf8), nonce: nonce, key: contentKey)!
        let forged: JSONValue = [
            "protected": .string(protected), "iv": .string(Base64URL.encode(nonce)),
            "ciphertext": .string(Base64URL.encode(sealed.ciphertext)), "tag": .string(Base64URL.encode(sealed.tag)),
        ]
        expectError(DIDCommError.self, matching: { $0 == .contentKeyNotDecrypted }) {
            _ = try Envelope.unpack(forged.serialized(), with: [TestKey.bob.privateKey])
        }
    }

    @Test("an anoncrypt envelope relabelled Authcrypt is refused: it has no sender to authenticate")
    func relabelled() throws {
        let envelope = try Envelope.pack(message, for: [TestKey.bob.verkey])
        let altered = try EnvelopeSurgery(envelope).replacingInProtected("Anoncrypt", with: "Authcrypt").json
        expectError(DIDCommError.self, matching: { if case .malformedEnvelope = $0 { true } else { false } }) {
            _ = try Envelope.unpack(altered, with: [TestKey.bob.privateKey])
        }
    }

    @Test("limits: an oversized envelope and too many recipients are refused before any key is tried")
    func limits() throws {
        let envelope = try Envelope.pack(message, for: [TestKey.bob.verkey, TestKey.carol.verkey, TestKey.mediator.verkey])
        expectError(DIDCommError.self, matching: { $0 == .tooLarge(what: "envelope", size: envelope.count, limit: 100) }) {
            _ = try Envelope.unpack(envelope, with: [TestKey.bob.privateKey], limits: EnvelopeLimits(maximumEnvelopeSize: 100))
        }
        expectError(DIDCommError.self, matching: { $0 == .tooManyRecipients(count: 3, limit: 2) }) {
            _ = try Envelope.unpack(envelope, with: [TestKey.bob.privateKey], limits: EnvelopeLimits(maximumRecipients: 2))
        }
        let huge = Data(repeating: UInt8(ascii: " "), count: (4 << 20) + 1)
        expectError(DIDCommError.self, matching: { if case .tooLarge = $0 { true } else { false } }) {
            _ = try Envelope.unpack(huge, with: [TestKey.bob.privateKey])
        }
    }

    @Test("malformed envelopes get typed errors", arguments: [
        "", "[]", "{}", #"{"protected":"e30","iv":"AAAAAAAAAAAAAAAA","ciphertext":"","tag":"AAAAAAAAAAAAAAAAAAAAAA"}"#,
        #"{"protected":"!!","iv":"","ciphertext":"","tag":""}"#,
    ])
    func malformed(text: String) {
        expectError(DIDCommError.self, matching: { _ in true }) {
            _ = try Envelope.unpack(Data(text.utf8), with: [TestKey.bob.privateKey])
        }
    }

    @Test("forward: each routing key unwraps one forward whose `to` names the next hop")
    func forward() throws {
        let envelope = try Envelope.pack(
            message, for: [TestKey.bob.verkey], from: TestKey.alice.privateKey,
            routingKeys: [TestKey.mediator.verkey, TestKey.relay.verkey])
        let outer = try Envelope.unpack(envelope, with: [TestKey.relay.privateKey])
        #expect(outer.sender == nil)
        let relayForward = try JSONParser().parse(outer.message)
        #expect(relayForward["@type"] == "https://didcomm.org/routing/1.0/forward")
        #expect(relayForward["to"]?.stringValue == TestKey.mediator.verkey.base58)
        let middle = try Envelope.unpack(relayForward["msg"]!.serialized(), with: [TestKey.mediator.privateKey])
        let mediatorForward = try JSONParser().parse(middle.message)
        #expect(mediatorForward["to"]?.stringValue == TestKey.bob.verkey.base58)
        let inner = try Envelope.unpack(mediatorForward["msg"]!.serialized(), with: [TestKey.bob.privateKey])
        #expect(inner.message == message)
        #expect(inner.sender == TestKey.alice.verkey)
    }

    @Test("media types: both the RFC 0044 and the older name are envelopes, parameters ignored")
    func mediaTypes() {
        #expect(DIDCommMediaType.isEnvelope("application/didcomm-envelope-enc"))
        #expect(DIDCommMediaType.isEnvelope("Application/SSI-Agent-Wire; charset=utf-8"))
        #expect(!DIDCommMediaType.isEnvelope("application/json"))
    }
}
