import Aries
import CryptoKeys
import DID
import DIDComm
import Foundation
import JSONModel
import Testing
import VellumTestSupport
import W3CCredentials

/// JSON-LD credentials over issue-credential 2.0 (`aries/ld-proof-vc-detail@v1.0`) and DIF
/// Presentation Exchange over present-proof 2.0, against an in-process did:key issuer and
/// verifier: the holder becomes the subject, the issued credential is checked (a changed one
/// or one signed by another key refused), and the presentation verifies for the challenge and
/// domain.
@Suite("Aries exchanges with W3C credentials")
struct W3CExchangeTests {
    /// A did:key party: its signer, DID and verification method.
    struct Party {
        let signer: SoftwareSigner
        let did: String
        var verificationMethod: String { DIDKey.verificationMethod(of: try! DIDIdentifier(did)) }

        init() {
            signer = try! SoftwareSigner(privateKey: PrivateKey(curve: .ed25519))
            did = try! DIDKey.make(for: signer.publicKey).description
        }
    }

    static let issuer = Party()

    static func detail(issuer: String) -> JSONValue {
        [
            "credential": [
                "@context": ["https://www.w3.org/2018/credentials/v1", "https://www.w3.org/2018/credentials/examples/v1"],
                "type": ["VerifiableCredential", "UniversityDegreeCredential"],
                "issuer": .string(issuer), "issuanceDate": "2026-01-01T00:00:00Z",
                "credentialSubject": ["degree": ["type": "BachelorDegree", "name": "Bachelor of Science"]],
            ],
            "options": ["proofType": "Ed25519Signature2018"],
        ]
    }

    static func offer() -> DIDCommMessage {
        FormattedMessage.make(.credentialOffer, version: .v2, attachments: [FormattedAttachment(format: .ldProofDetail, content: detail(issuer: issuer.did))])
    }

    /// The issuer's answer: the request's credential (changed by `alter`) signed by `signer`.
    static func issue(
        answering request: DIDCommMessage, signer: Party = issuer, alter: (inout JSONObject) -> Void = { _ in }
    ) async throws -> DIDCommMessage {
        let read = try FormattedMessage(try DIDCommMessage(json: request.json), kind: .credentialRequest)
        var credential = try #require(try read.attachments.first?.object()["credential"]?.objectValue)
        alter(&credential)
        let signed = try await LinkedDataSigner.sign(
            .object(credential), options: LinkedDataProofOptions(suite: .ed25519Signature2018, verificationMethod: signer.verificationMethod),
            signer: signer.signer)
        return FormattedMessage.make(
            .credentialIssue, version: .v2, attachments: [FormattedAttachment(format: .ldProofCredential, content: signed)],
            thread: ThreadDecorator(threadID: read.message.threadID))
    }

    /// Runs the issuance with an issuer answering through `issue`; the exchange and the error, if any.
    static func run(
        holder: W3CHolder, issue: (DIDCommMessage) async throws -> DIDCommMessage
    ) async throws -> (CredentialExchange, AriesError?) {
        var exchange = try CredentialExchange(offer: offer())
        let request = try await exchange.request(holder: AriesHolder(w3c: holder))
        let detail = try FormattedMessage(request, kind: .credentialRequest).attachments[0].object()
        #expect(detail["credential"]?["credentialSubject"]?["id"]?.stringValue == holder.did)
        let issued = try await issue(request)
        do {
            try await exchange.receive(issued, holder: AriesHolder(w3c: holder))
            return (exchange, nil)
        } catch {
            return (exchange, error)
        }
    }

    @Test("issued for the holder's did:key, checked, acked; a changed credential and another key's signature refused")
    func issuance() async throws {
        let holder = try W3CHolder(signer: Party().signer)
        let (exchange, error) = try await Self.run(holder: holder) { try await Self.issue(answering: $0) }
        #expect(error == nil, "\(String(describing: error))")
        #expect(exchange.state == .credentialReceived)
        guard case .w3c(let document)? = exchange.credential else { Issue.record("no W3C credential"); return }
        #expect(document["credentialSubject"]?["id"]?.stringValue == holder.did)
        #expect(try CredentialExchange(serialized: exchange.serialized()).credential == exchange.credential)

        let (changed, changedError) = try await Self.run(holder: holder) { request in
            try await Self.issue(answering: request) { credential in
                credential["credentialSubject"] = ["id": .string(holder.did), "degree": ["type": "BachelorDegree", "name": "Doctor of Philosophy"]]
            }
        }
        #expect(changed.state == .abandoned && changed.credential == nil)
        guard case .credentialRefused? = changedError else { Issue.record("changed: \(String(describing: changedError))"); return }
        #expect(changed.problemReport?["description"]?["code"] == "issuance-abandoned")

        let (forged, forgedError) = try await Self.run(holder: holder) { try await Self.issue(answering: $0, signer: Party()) }
        #expect(forged.state == .abandoned && forged.problemReport != nil)
        guard case .credentialRefused(let reason)? = forgedError else { Issue.record("forged: \(String(describing: forgedError))"); return }
        #expect(reason.contains(Self.issuer.did), "\(reason)")
    }

    @Test("an offer naming another subject is refused before any request")
    func otherSubject() async throws {
        var detail = Self.detail(issuer: Self.issuer.did).objectValue!
        var credential = detail["credential"]!.objectValue!
        credential["credentialSubject"] = ["id": "did:example:someone-else"]
        detail["credential"] = .object(credential)
        var exchange = try CredentialExchange(offer: FormattedMessage.make(
            .credentialOffer, version: .v2, attachments: [FormattedAttachment(format: .ldProofDetail, content: .object(detail))]))
        await expectError(AriesError.self, matching: { if case .credentialRefused = $0 { true } else { false } }) {
            _ = try await exchange.request(holder: AriesHolder(w3c: try W3CHolder(signer: Party().signer)))
        }
        #expect(exchange.problemReport != nil)
    }

    static func definitionRequest(_ definition: JSONValue) -> DIDCommMessage {
        FormattedMessage.make(
            .presentationRequest, version: .v2,
            attachments: [FormattedAttachment(format: .difDefinition, content: [
                "options": ["challenge": "3fa85f64-challenge", "domain": "verifier.example"], "presentation_definition": definition,
            ])])
    }

    static let degreeDefinition: JSONValue = [
        "id": "degree-check",
        "input_descriptors": [[
            "id": "degree", "schema": [["uri": "https://www.w3.org/2018/credentials#VerifiableCredential"]],
            "constraints": ["fields": [["path": ["$.credentialSubject.degree.type"], "filter": ["type": "string", "const": "BachelorDegree"]]]],
        ]],
    ]

    /// A holder with one issued degree.
    static func holderWithDegree() async throws -> W3CHolder {
        var holder = try W3CHolder(signer: Party().signer)
        let (exchange, _) = try await run(holder: holder) { try await issue(answering: $0) }
        guard case .w3c(let document)? = exchange.credential else { throw AriesError.malformedState(reason: "no credential") }
        holder.credentials = [.object(["other": "not a credential"]), document]
        return holder
    }

    @Test("DIF Presentation Exchange: the matching credential presented, signed for authentication with the challenge and domain")
    func presentation() async throws {
        let holder = try await Self.holderWithDegree()
        var exchange = try ProofExchange(request: Self.definitionRequest(Self.degreeDefinition))
        let message = try await exchange.present(holder: AriesHolder(w3c: holder))
        let read = try FormattedMessage(try DIDCommMessage(json: message.json), kind: .presentation)
        #expect(read.attachments.map(\.format) == [.difSubmission])
        let presentation = try read.attachments[0].json()
        #expect(presentation["presentation_submission"]?["definition_id"] == "degree-check")
        #expect(presentation["presentation_submission"]?["descriptor_map"]?[0]?["path"] == "$.verifiableCredential[0]")
        #expect(presentation["verifiableCredential"]?[0] == holder.credentials[1])
        let verified = try await EmbeddedProofVerifier().verify(
            presentation, policy: .authentication(challenge: "3fa85f64-challenge", domain: "verifier.example"), controller: holder.did)
        #expect(verified.map(\.suite) == ["Ed25519Signature2018"])
        await expectError(DataIntegrityError.self, matching: { _ in true }) {
            _ = try await EmbeddedProofVerifier().verify(
                presentation, policy: .authentication(challenge: "another", domain: "verifier.example"), controller: holder.did)
        }
        #expect(exchange.state == .presentationSent)
    }

    @Test("definitions this holder does not evaluate, or no credential meets, are refused with problem reports", arguments: [
        ("limit_disclosure", #"{"id":"d","input_descriptors":[{"id":"x","constraints":{"limit_disclosure":"required","fields":[]}}]}"#),
        ("predicate", #"{"id":"d","input_descriptors":[{"id":"x","constraints":{"fields":[{"path":["$.a"],"predicate":"required"}]}}]}"#),
        ("recursive", #"{"id":"d","input_descriptors":[{"id":"x","constraints":{"fields":[{"path":["$..a"]}]}}]}"#),
        ("filter", #"{"id":"d","input_descriptors":[{"id":"x","constraints":{"fields":[{"path":["$.a"],"filter":{"not":{"const":1}}}]}}]}"#),
        ("none", #"{"id":"d","input_descriptors":[{"id":"x","schema":[{"uri":"https://example.org/NoSuchType"}],"constraints":{"fields":[{"path":["$.issuer"]}]}}]}"#),
    ])
    func refusedDefinitions(name: String, json: String) async throws {
        let holder = try await Self.holderWithDegree()
        var exchange = try ProofExchange(request: Self.definitionRequest(try JSONParser().parse(Data(json.utf8))))
        await expectError(AriesError.self, matching: { error in
            switch error {
            case .unsupportedDefinition: name != "none"
            case .presentationNotPossible: name == "none"
            default: false
            }
        }) { _ = try await exchange.present(holder: AriesHolder(w3c: holder)) }
        #expect(exchange.state == .abandoned && exchange.problemReport?["description"]?["code"] == "abandoned")
    }
}
