import Foundation
import JSONModel
import OpenID4VCI
import Testing

/// Credential response bodies as OpenID4VCI 1.0 §8.3 and §9.2 define them, and every way one
/// can be wrong.
@Suite("Credential response")
struct CredentialResponseTests {
    @Test func aBatchOfCredentialsWithANotificationIDReads() throws {
        let response = try CredentialResponse(
            json: ["credentials": [["credential": "a~"], ["credential": "b~"]], "notification_id": "3fwe98js"],
            format: "dc+sd-jwt")
        #expect(response == .issued(credentials: [.string("a~"), .string("b~")], notificationID: "3fwe98js"))
    }

    @Test func aDeferredAnswerReadsWithItsIntervalRoundedUp() throws {
        let response = try CredentialResponse(json: ["transaction_id": "8xLOxBtZp8", "interval": 3.2], format: "mso_mdoc")
        #expect(response == .deferred(transactionID: "8xLOxBtZp8", interval: 4))
    }

    @Test func anObjectCredentialIsAllowedOnlyForJSONFormats() throws {
        let json: JSONValue = ["credentials": [["credential": ["@context": ["https://www.w3.org/ns/credentials/v2"]]]]]
        let response = try CredentialResponse(json: json, format: "ldp_vc")
        guard case let .issued(credentials, _) = response, case .object = credentials.first else {
            Issue.record("not an object credential")
            return
        }
        #expect(throws: OpenID4VCIError.self) { try CredentialResponse(json: json, format: "dc+sd-jwt") }
    }

    @Test func anMdocCredentialMustBeBase64URL() throws {
        _ = try CredentialResponse(json: ["credentials": [["credential": "omdkb2NUeXBl"]]], format: "mso_mdoc")
        #expect(throws: OpenID4VCIError.self) {
            try CredentialResponse(json: ["credentials": [["credential": "not base64url!"]]], format: "mso_mdoc")
        }
    }

    static let invalid: [(String, JSONValue)] = [
        ("not an object", ["credentials"]),
        ("neither credentials nor transaction_id", ["notification_id": "n"]),
        ("both credentials and transaction_id", ["credentials": [["credential": "a"]], "transaction_id": "t", "interval": 1]),
        ("credentials empty", ["credentials": []]),
        ("credentials not an array", ["credentials": "a"]),
        ("credential entry a string", ["credentials": ["a"]]),
        ("credential missing", ["credentials": [["format": "dc+sd-jwt"]]]),
        ("credential empty", ["credentials": [["credential": ""]]]),
        ("credential a number", ["credentials": [["credential": 7]]]),
        ("transaction_id a number", ["transaction_id": 5, "interval": 1]),
        ("transaction_id empty", ["transaction_id": "", "interval": 1]),
        ("interval missing", ["transaction_id": "t"]),
        ("interval zero", ["transaction_id": "t", "interval": 0]),
        ("interval negative", ["transaction_id": "t", "interval": -5]),
        ("interval a string", ["transaction_id": "t", "interval": "5"]),
        ("notification_id with a deferral", ["transaction_id": "t", "interval": 1, "notification_id": "n"]),
        ("notification_id a number", ["credentials": [["credential": "a"]], "notification_id": 1]),
    ]

    @Test(arguments: invalid.indices)
    func malformedResponsesAreRefused(_ index: Int) {
        let (name, json) = Self.invalid[index]
        do {
            _ = try CredentialResponse(json: json, format: "dc+sd-jwt")
            Issue.record("\(name) accepted")
        } catch let .invalidResponse(endpoint, _) {
            #expect(endpoint == .credential)
        } catch {
            Issue.record("\(name): \(error)")
        }
    }

    @Test func tooManyCredentialsAreRefused() {
        let many = JSONValue.array(Array(repeating: ["credential": "a"], count: 5))
        #expect(throws: OpenID4VCIError.self) {
            try CredentialResponse(json: ["credentials": many], format: "dc+sd-jwt", limits: .init(maximumCredentials: 4))
        }
    }

    @Test func aRequestNamesExactlyOneTargetAndItsProofs() throws {
        let request = CredentialRequest(target: .configuration("pid"), proofs: .jwt(["p1", "p2"]))
        #expect(JSONValue.object(request.json) == ["credential_configuration_id": "pid", "proofs": ["jwt": ["p1", "p2"]]])
        let byIdentifier = CredentialRequest(target: .identifier("CivilEngineeringDegree-2023"))
        #expect(JSONValue.object(byIdentifier.json) == ["credential_identifier": "CivilEngineeringDegree-2023"])
    }

    @Test func theTokensCredentialIdentifiersWinOverTheConfigurationID() {
        let token = AccessToken(value: "t", tokenType: .bearer, credentialIdentifiers: ["pid": ["pid-1", "pid-2"]])
        #expect(CredentialRequest.Target.forConfiguration("pid", accessToken: token) == .identifier("pid-1"))
        #expect(CredentialRequest.Target.forConfiguration("mdl", accessToken: token) == .configuration("mdl"))
    }

    @Test func issuedCredentialsAndDeferredHandlesSurviveCodable() throws {
        let issued = IssuedCredential(credential: .object(["a": 1]), format: "ldp_vc", notificationID: "n")
        let decoded = try JSONDecoder().decode(IssuedCredential.self, from: JSONEncoder().encode(issued))
        #expect(decoded == issued)
        let handle = DeferredCredentialHandle(
            transactionID: "tx", interval: 5, notBefore: Date(timeIntervalSince1970: 1_700_000_000),
            credentialIssuer: "https://issuer.example",
            endpoints: CredentialIssuerEndpoints(credential: URL(string: "https://issuer.example/c")!,
                                                 deferredCredential: URL(string: "https://issuer.example/d")!),
            accessToken: AccessToken(value: "t", tokenType: .dpop), target: .identifier("x"), format: "mso_mdoc")
        #expect(try JSONDecoder().decode(DeferredCredentialHandle.self, from: JSONEncoder().encode(handle)) == handle)
    }
}
