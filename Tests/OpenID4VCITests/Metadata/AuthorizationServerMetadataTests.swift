import Foundation
import JSONModel
import OpenID4VCI
import Testing
import VellumTestSupport

/// Authorization server metadata (RFC 8414 §2 with RFC 9126, 9207, 9449, 7636 and
/// OpenID4VCI §12.3 members) and every way it can be wrong.
@Suite("Authorization server metadata")
struct AuthorizationServerMetadataTests {
    static let example: JSONValue = [
        "issuer": "https://as.example.com",
        "authorization_endpoint": "https://as.example.com/authorize",
        "token_endpoint": "https://as.example.com/token",
        "pushed_authorization_request_endpoint": "https://as.example.com/par",
        "require_pushed_authorization_requests": true,
        "dpop_signing_alg_values_supported": ["ES256", "EdDSA"],
        "code_challenge_methods_supported": ["S256"],
        "grant_types_supported": ["authorization_code", "urn:ietf:params:oauth:grant-type:pre-authorized_code"],
        "authorization_details_types_supported": ["openid_credential"],
        "pre-authorized_grant_anonymous_access_supported": true,
        "authorization_response_iss_parameter_supported": true,
        "x_vendor": 1,
    ]

    @Test func everyModelledMemberIsRead() throws {
        let metadata = try AuthorizationServerMetadata(json: Self.example)
        #expect(metadata.issuer.absoluteString == "https://as.example.com")
        #expect(metadata.authorizationEndpoint?.absoluteString == "https://as.example.com/authorize")
        #expect(metadata.tokenEndpoint.absoluteString == "https://as.example.com/token")
        #expect(metadata.pushedAuthorizationRequestEndpoint?.absoluteString == "https://as.example.com/par")
        #expect(metadata.requirePushedAuthorizationRequests && metadata.preAuthorizedGrantAnonymousAccessSupported)
        #expect(metadata.authorizationResponseIssParameterSupported)
        #expect(metadata.dpopSigningAlgorithms == ["ES256", "EdDSA"] && metadata.codeChallengeMethods == ["S256"])
        #expect(metadata.supports(grantType: "urn:ietf:params:oauth:grant-type:pre-authorized_code"))
        #expect(!metadata.supports(grantType: "refresh_token"))
        #expect(metadata.authorizationDetailsTypes == ["openid_credential"] && metadata.json["x_vendor"] == 1)
    }

    @Test func absentFlagsDefaultToFalse() throws {
        let metadata = try AuthorizationServerMetadata(json: ["issuer": "https://as.example", "token_endpoint": "https://as.example/t"])
        #expect(!metadata.requirePushedAuthorizationRequests && !metadata.preAuthorizedGrantAnonymousAccessSupported)
        #expect(!metadata.authorizationResponseIssParameterSupported && metadata.authorizationEndpoint == nil)
        #expect(metadata.grantTypes == nil && metadata.supports(grantType: "authorization_code"))
    }

    static func mutated(_ name: String, _ value: JSONValue?) -> JSONValue {
        guard case var .object(object) = example else { return example }
        object[name] = value
        return .object(object)
    }

    static let invalid: [(String, JSONValue)] = [
        ("not an object", "metadata"),
        ("issuer missing", mutated("issuer", nil)),
        ("issuer plain http", mutated("issuer", "http://as.example.com")),
        ("issuer with query", mutated("issuer", "https://as.example.com?x=1")),
        ("token endpoint missing", mutated("token_endpoint", nil)),
        ("token endpoint http", mutated("token_endpoint", "http://as.example.com/token")),
        ("authorization endpoint a number", mutated("authorization_endpoint", 5)),
        ("PAR endpoint ftp", mutated("pushed_authorization_request_endpoint", "ftp://as.example.com/par")),
        ("require PAR a string", mutated("require_pushed_authorization_requests", "true")),
        ("DPoP algorithms a string", mutated("dpop_signing_alg_values_supported", "ES256")),
        ("PKCE methods empty", mutated("code_challenge_methods_supported", [])),
        ("anonymous access a number", mutated("pre-authorized_grant_anonymous_access_supported", 1)),
        ("iss support a string", mutated("authorization_response_iss_parameter_supported", "yes")),
    ]

    @Test(arguments: invalid)
    func malformedMetadataIsRefused(_ name: String, _ document: JSONValue) {
        expectError(OpenID4VCIError.self, "\(name)", matching: {
            if case .invalidAuthorizationServerMetadata = $0 { true } else { false }
        }) {
            _ = try AuthorizationServerMetadata(json: document)
        }
    }
}
