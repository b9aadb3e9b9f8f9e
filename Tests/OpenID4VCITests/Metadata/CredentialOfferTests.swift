import Foundation
import JSONModel
import OpenID4VCI
import Testing

/// Credential offers as OpenID4VCI 1.0 §4.1.1 defines them, and every way one can be wrong.
@Suite("Credential offer")
struct CredentialOfferTests {
    /// The specification's example offer with both grants (Appendix / §4.1.1).
    static let example: JSONValue = [
        "credential_issuer": "https://credential-issuer.example.com",
        "credential_configuration_ids": ["UniversityDegreeCredential", "org.iso.18013.5.1.mDL"],
        "grants": [
            "authorization_code": ["issuer_state": "eyJhbGciOiJSU0Et...FYUaBy"],
            "urn:ietf:params:oauth:grant-type:pre-authorized_code": [
                "pre-authorized_code": "adhjhdjajkdkhjhdj",
                "tx_code": ["input_mode": "numeric", "length": 4, "description": "Please provide the one-time code sent via e-mail"],
            ],
        ],
    ]

    @Test func theSpecificationsExampleReads() throws {
        let offer = try CredentialOffer(json: Self.example)
        #expect(offer.credentialIssuer.absoluteString == "https://credential-issuer.example.com")
        #expect(offer.credentialConfigurationIDs == ["UniversityDegreeCredential", "org.iso.18013.5.1.mDL"])
        #expect(offer.grants?.authorizationCode?.issuerState == "eyJhbGciOiJSU0Et...FYUaBy")
        let preAuthorized = try #require(offer.grants?.preAuthorizedCode)
        #expect(preAuthorized.code == "adhjhdjajkdkhjhdj")
        #expect(preAuthorized.transactionCode == TransactionCode(
            inputMode: .numeric, length: 4, description: "Please provide the one-time code sent via e-mail"))
    }

    @Test func anOfferWithoutGrantsAndWithUnknownMembersReads() throws {
        let offer = try CredentialOffer(json: [
            "credential_issuer": "https://issuer.example", "credential_configuration_ids": ["pid"],
            "x_vendor": true, "grants": ["urn:example:future-grant": ["a": 1]],
        ])
        #expect(offer.grants?.authorizationCode == nil && offer.grants?.preAuthorizedCode == nil)
        #expect(offer.json["x_vendor"] == .bool(true))
    }

    @Test func anOfferBuiltInCodeReadsBackTheSame() throws {
        let grants = CredentialOfferGrants(
            authorizationCode: .init(issuerState: "s", authorizationServer: URL(string: "https://as.example")),
            preAuthorizedCode: .init(code: "c", transactionCode: TransactionCode(inputMode: .text, length: 6)))
        let built = CredentialOffer(
            credentialIssuer: try #require(URL(string: "https://issuer.example")), credentialConfigurationIDs: ["a", "b"],
            grants: grants)
        let read = try CredentialOffer(json: .object(built.json))
        #expect(read == built)
    }

    /// Each mutation of the example and the member the error must name.
    static let invalid: [(String, JSONValue, String)] = [
        ("not an object", ["a"], "(root)"),
        ("issuer missing", ["credential_configuration_ids": ["a"]], "credential_issuer"),
        ("issuer not https", ["credential_issuer": "http://issuer.example", "credential_configuration_ids": ["a"]], "credential_issuer"),
        ("issuer with query", ["credential_issuer": "https://issuer.example?x=1", "credential_configuration_ids": ["a"]], "credential_issuer"),
        ("issuer with fragment", ["credential_issuer": "https://issuer.example#f", "credential_configuration_ids": ["a"]], "credential_issuer"),
        ("issuer relative", ["credential_issuer": "/issuer", "credential_configuration_ids": ["a"]], "credential_issuer"),
        ("issuer a number", ["credential_issuer": 7, "credential_configuration_ids": ["a"]], "credential_issuer"),
        ("ids missing", ["credential_issuer": "https://i.example"], "credential_configuration_ids"),
        ("ids empty", ["credential_issuer": "https://i.example", "credential_configuration_ids": []], "credential_configuration_ids"),
        ("id not a string", ["credential_issuer": "https://i.example", "credential_configuration_ids": [1]], "credential_configuration_ids[0]"),
        ("id empty", ["credential_issuer": "https://i.example", "credential_configuration_ids": ["a", ""]], "credential_configuration_ids[1]"),
        ("id repeated", ["credential_issuer": "https://i.example", "credential_configuration_ids": ["a", "a"]], "credential_configuration_ids[1]"),
        ("grants not an object", ["credential_issuer": "https://i.example", "credential_configuration_ids": ["a"], "grants": []], "grants"),
        ("issuer_state a number", ["credential_issuer": "https://i.example", "credential_configuration_ids": ["a"],
                                   "grants": ["authorization_code": ["issuer_state": 1]]], "grants.authorization_code.issuer_state"),
        ("authorization_server not https", ["credential_issuer": "https://i.example", "credential_configuration_ids": ["a"],
                                            "grants": ["authorization_code": ["authorization_server": "ftp://as"]]],
         "grants.authorization_code.authorization_server"),
        ("pre-authorized code missing", ["credential_issuer": "https://i.example", "credential_configuration_ids": ["a"],
                                         "grants": ["urn:ietf:params:oauth:grant-type:pre-authorized_code": [:]]],
         "grants.urn:ietf:params:oauth:grant-type:pre-authorized_code.pre-authorized_code"),
        ("tx_code input mode unknown", ["credential_issuer": "https://i.example", "credential_configuration_ids": ["a"],
                                        "grants": ["urn:ietf:params:oauth:grant-type:pre-authorized_code": [
                                            "pre-authorized_code": "c", "tx_code": ["input_mode": "voice"]]]],
         "grants.urn:ietf:params:oauth:grant-type:pre-authorized_code.tx_code.input_mode"),
        ("tx_code length zero", ["credential_issuer": "https://i.example", "credential_configuration_ids": ["a"],
                                 "grants": ["urn:ietf:params:oauth:grant-type:pre-authorized_code": [
                                     "pre-authorized_code": "c", "tx_code": ["length": 0]]]],
         "grants.urn:ietf:params:oauth:grant-type:pre-authorized_code.tx_code.length"),
        ("tx_code description too long", ["credential_issuer": "https://i.example", "credential_configuration_ids": ["a"],
                                          "grants": ["urn:ietf:params:oauth:grant-type:pre-authorized_code": [
                                              "pre-authorized_code": "c",
                                              "tx_code": ["description": .string(String(repeating: "x", count: 301))]]]],
         "grants.urn:ietf:params:oauth:grant-type:pre-authorized_code.tx_code.description"),
    ]

    @Test(arguments: invalid.indices)
    func everyRuleBreakIsATypedErrorNamingTheMember(_ index: Int) {
        let (name, json, path) = Self.invalid[index]
        do {
            _ = try CredentialOffer(json: json)
            Issue.record("\(name) was accepted")
        } catch let .invalidOffer(found, _) {
            #expect(found == path, "\(name)")
        } catch {
            Issue.record("\(name): \(error)")
        }
    }

    @Test func tooManyConfigurationIDsAreRefused() {
        let ids = JSONValue.array((0...CredentialOffer.maximumConfigurationIDs).map { .string("id\($0)") })
        #expect(throws: OpenID4VCIError.self) {
            try CredentialOffer(json: ["credential_issuer": "https://i.example", "credential_configuration_ids": ids])
        }
    }

    @Test func loopbackHTTPIssuersAreAcceptedForTheSandbox() throws {
        let offer = try CredentialOffer(json: ["credential_issuer": "http://127.0.0.1:8080", "credential_configuration_ids": ["a"]])
        #expect(offer.credentialIssuer.port == 8080)
    }

    @Test func aTransactionCodeChecksWhatTheUserTyped() {
        let numeric = TransactionCode(inputMode: .numeric, length: 4)
        #expect(numeric.accepts("0123"))
        #expect(!numeric.accepts("012") && !numeric.accepts("01a3") && !numeric.accepts(""))
        let text = TransactionCode(inputMode: .text)
        #expect(text.accepts("a-B_9") && !text.accepts(""))
    }
}
