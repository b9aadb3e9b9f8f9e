import Aries
import DIDComm
import JSONModel
import Testing
import VellumTestSupport

/// The holder's proposals (RFC 0453 `propose-credential`, RFC 0454 `propose-presentation`, 2.0):
/// one attachment in the format named by `formats`, the holder's DID as the proposed
/// credential's subject, and what cannot be proposed refused before anything is sent.
@Suite("Holder proposals")
struct ExchangeProposalTests {
    static let holder = "did:key:z6MkhaXgBZDvotDkL5257faiztiGiC2QtKLGpbnnEGta2doK"
    static let credential: JSONObject = [
        "@context": ["https://www.w3.org/2018/credentials/v1"], "type": ["VerifiableCredential"],
        "credentialSubject": ["givenName": "ALICE"],
    ]

    @Test("a JSON-LD credential proposal: propose-credential 2.0, filters~attach in the ld-proof-vc-detail format, the holder as subject, the proof type as option")
    func linkedDataCredential() throws {
        let message = try ExchangeProposal.linkedDataCredential(Self.credential, subject: Self.holder, proofType: "Ed25519Signature2018", comment: "mine").message()
        #expect(message.type.uri == "https://didcomm.org/issue-credential/2.0/propose-credential")
        let read = try FormattedMessage(message, kind: .credentialProposal)
        #expect(read.comment == "mine")
        #expect(read.attachments.map(\.format) == [.ldProofDetail])
        let detail = try read.attachments[0].object()
        #expect(detail["credential"]?["credentialSubject"]?["id"]?.stringValue == Self.holder)
        #expect(detail["credential"]?["credentialSubject"]?["givenName"] == "ALICE")
        #expect(detail["options"]?["proofType"] == "Ed25519Signature2018")
    }

    @Test("a credential without @context or type, with several subjects, naming another subject, or too large is refused", arguments: [
        ["type": ["VerifiableCredential"]],
        ["@context": ["https://www.w3.org/2018/credentials/v1"]],
        ["@context": [], "type": [], "credentialSubject": [["id": "did:example:a"], ["id": "did:example:b"]]],
        ["@context": [], "type": [], "credentialSubject": ["id": "did:example:someone-else"]],
        JSONObject((0...ExchangeProposal.maximumCredentialMembers).map { ("member\($0)", JSONValue.null) }),
    ] as [JSONObject])
    func refusedCredentials(_ credential: JSONObject) {
        expectError(AriesError.self, matching: { if case .malformedMessage = $0 { true } else { false } }) {
            _ = try ExchangeProposal.linkedDataCredential(credential, subject: Self.holder, proofType: "Ed25519Signature2018")
        }
    }

    @Test("a presentation proposal carries the DIF definition in proposals~attach; a definition the holder could not answer is refused")
    func presentation() throws {
        let definition: JSONObject = ["id": "d1", "input_descriptors": [["id": "card", "constraints": ["fields": [["path": ["$.type"]]]]]]]
        let message = try ExchangeProposal.presentation(definition: definition).message()
        #expect(message.type.uri == "https://didcomm.org/present-proof/2.0/propose-presentation")
        let read = try FormattedMessage(message, kind: .presentationProposal)
        #expect(read.attachments.map(\.format) == [.difDefinition])
        #expect(try read.attachments[0].object() == definition)
        expectError(AriesError.self, matching: { _ in true }) {
            _ = try ExchangeProposal.presentation(definition: ["id": "d2"])
        }
    }
}
