import Foundation
import JSONModel
import Testing
@testable import W3CCredentials

@Suite("VC data model")
struct CredentialModelTests {
    static let v2: JSONValue = [
        "@context": ["https://www.w3.org/ns/credentials/v2"],
        "id": "urn:uuid:1",
        "type": ["VerifiableCredential"],
        "issuer": ["id": "did:example:issuer", "name": "Example University"],
        "validFrom": "2025-01-01T00:00:00Z",
        "validUntil": "2026-01-01T00:00:00.5+02:00",
        "credentialSubject": [["id": "did:example:a"], ["id": "did:example:b"]],
        "credentialStatus": ["type": "BitstringStatusListEntry", "statusListIndex": "7"],
    ]
    static let v1: JSONValue = [
        "@context": ["https://www.w3.org/2018/credentials/v1", "https://www.w3.org/2018/credentials/examples/v1"],
        "type": "VerifiableCredential",
        "issuer": "https://issuer.example",
        "issuanceDate": "2020-01-01T00:00:00Z",
        "expirationDate": "2030-01-01T00:00:00Z",
        "credentialSubject": ["degree": "BSc"],
    ]

    static func replacing(_ document: JSONValue, _ name: String, with value: JSONValue?) -> JSONValue {
        var object = document.objectValue ?? [:]
        if let value { object.updateValue(value, forName: name) } else { object = JSONObject(object.members.filter { $0.name != name }) }
        return .object(object)
    }

    @Test("a 2.0 credential reads with its issuer object, subjects, dates and status, its JSON kept")
    func readsV2() throws {
        let credential = try VerifiableCredential(json: Self.v2)
        #expect(credential.version == .v2_0)
        #expect(credential.issuer == "did:example:issuer")
        #expect(credential.credentialSubjects.count == 2)
        #expect(credential.validUntil == Date(timeIntervalSince1970: 1_767_218_400.5))
        #expect(credential.credentialStatus.first?["statusListIndex"] == "7")
        #expect(credential.json == Self.v2)
    }

    @Test("a 1.1 credential reads, a type given as a string included")
    func readsV1() throws {
        let credential = try VerifiableCredential(json: Self.v1)
        #expect(credential.version == .v1_1)
        #expect(credential.types == ["VerifiableCredential"])
        #expect(credential.issuanceDate == Date(timeIntervalSince1970: 1_577_836_800))
    }

    @Test("each structural rule is a typed error", arguments: [
        (replacing(v2, "@context", with: ["https://www.w3.org/2018/credentials/examples/v1", "https://www.w3.org/ns/credentials/v2"]), CredentialError.missingBaseContext),
        (replacing(v2, "@context", with: nil), .missingBaseContext),
        (replacing(v2, "type", with: ["ExampleCredential"]), .missingType("VerifiableCredential")),
        (replacing(v2, "type", with: [1]), .invalidMember("type", expected: "a string or strings")),
        (replacing(v2, "issuer", with: nil), .missingMember("issuer")),
        (replacing(v2, "issuer", with: ["name": "no id"]), .invalidMember("issuer", expected: "a URL or an object with an id")),
        (replacing(v2, "credentialSubject", with: nil), .missingMember("credentialSubject")),
        (replacing(v2, "credentialSubject", with: []), .invalidMember("credentialSubject", expected: "an object or a non-empty array of objects")),
        (replacing(v2, "validFrom", with: "2025-01-01T00:00:00"), .invalidDate(member: "validFrom", value: "2025-01-01T00:00:00")),
        (replacing(v2, "validFrom", with: "January"), .invalidDate(member: "validFrom", value: "January")),
        (replacing(v2, "proof", with: "signature"), .invalidMember("proof", expected: "an object or objects")),
        (replacing(v1, "issuanceDate", with: nil), .missingMember("issuanceDate")),
        ("a string", .notAnObject),
    ])
    func structuralRules(_ json: JSONValue, _ error: CredentialError) {
        #expect(throws: error) { try VerifiableCredential(json: json) }
    }

    @Test("1.1 reads a date-time without a time zone as UTC; 2.0 does not")
    func timeZones() throws {
        let credential = try VerifiableCredential(json: Self.replacing(Self.v1, "issuanceDate", with: "2020-01-01T00:00:00"))
        #expect(credential.issuanceDate == Date(timeIntervalSince1970: 1_577_836_800))
    }

    @Test("the validity period is checked at the given time, with the skew")
    func validity() throws {
        let v2 = try VerifiableCredential(json: Self.v2)
        let v1 = try VerifiableCredential(json: Self.v1)
        #expect(throws: Never.self) { try v2.checkValidity(at: Date(timeIntervalSince1970: 1_750_000_000)) }
        #expect(throws: CredentialError.notYetValid(member: "validFrom")) { try v2.checkValidity(at: Date(timeIntervalSince1970: 1_735_689_500)) }
        #expect(throws: Never.self) { try v2.checkValidity(at: Date(timeIntervalSince1970: 1_735_689_570)) }
        #expect(throws: CredentialError.expired(member: "validUntil")) { try v2.checkValidity(at: Date(timeIntervalSince1970: 1_767_300_000)) }
        #expect(throws: CredentialError.notYetValid(member: "issuanceDate")) { try v1.checkValidity(at: Date(timeIntervalSince1970: 1_500_000_000)) }
        #expect(throws: CredentialError.expired(member: "expirationDate")) { try v1.checkValidity(at: Date(timeIntervalSince1970: 1_900_000_000)) }
    }

    @Test("a presentation reads its holder and each embedded credential; a JWT credential is kept as a string")
    func presentation() throws {
        let presentation = try VerifiablePresentation(json: [
            "@context": ["https://www.w3.org/ns/credentials/v2"],
            "type": ["VerifiablePresentation"],
            "holder": "did:example:holder",
            "verifiableCredential": [Self.v2, "eyJhbGciOiJFUzI1NiJ9.e30.sig"],
        ])
        #expect(presentation.holder == "did:example:holder")
        #expect(presentation.credentials.map(\.issuer) == ["did:example:issuer"])
        #expect(presentation.securedCredentialStrings.count == 1)
        #expect(throws: CredentialError.missingType("VerifiablePresentation")) {
            try VerifiablePresentation(json: ["@context": ["https://www.w3.org/ns/credentials/v2"], "type": "VerifiableCredential"])
        }
        #expect(throws: CredentialError.missingMember("issuer")) {
            try VerifiablePresentation(json: [
                "@context": ["https://www.w3.org/ns/credentials/v2"], "type": "VerifiablePresentation",
                "verifiableCredential": Self.replacing(Self.v2, "issuer", with: nil),
            ])
        }
    }
}
