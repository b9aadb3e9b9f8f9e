import CryptoKeys
import Foundation
import HTTP
import JOSE
import JSONModel
import OpenID4VCI
import Testing
import VellumTestSupport
import X509Trust

/// Fetching issuer metadata (§12.2.2) and authorization server metadata (RFC 8414) over real
/// HTTP on loopback, with the identifier binding, size limits and signed metadata (§12.2.3).
@Suite("Metadata resolution")
struct MetadataResolutionTests {
    static let client = URLSessionHTTPClient()

    @Test func theWellKnownPathIsInsertedBetweenHostAndPath() throws {
        let withPath = try #require(URL(string: "https://issuer.example.com/tenant"))
        let bare = try #require(URL(string: "https://tenant.issuer.example.com"))
        let slash = try #require(URL(string: "https://issuer.example.com/"))
        #expect(CredentialIssuerMetadataResolver.metadataURL(for: withPath)?.absoluteString
                == "https://issuer.example.com/.well-known/openid-credential-issuer/tenant")
        #expect(CredentialIssuerMetadataResolver.metadataURL(for: bare)?.absoluteString
                == "https://tenant.issuer.example.com/.well-known/openid-credential-issuer")
        #expect(CredentialIssuerMetadataResolver.metadataURL(for: slash)?.absoluteString
                == "https://issuer.example.com/.well-known/openid-credential-issuer")
    }

    @Test func issuerAndAuthorizationServerMetadataResolveOverLoopback() async throws {
        let server = TestAuthorizationServer()
        try await server.run { _ in
            let issuer = try #require(URL(string: server.issuer))
            let metadata = try await CredentialIssuerMetadataResolver(httpClient: Self.client).metadata(for: issuer)
            #expect(metadata.credentialIssuer == issuer && !metadata.isSigned)
            #expect(server.metadataAccept == "application/json")
            #expect(metadata.configuration(id: "pid")?.format == .sdJWTVC(vct: "urn:eudi:pid:1"))
            let authorization = try await AuthorizationServerMetadataResolver(httpClient: Self.client).metadata(for: metadata)
            #expect(authorization.issuer.absoluteString == server.authorizationServer)
            #expect(authorization.tokenEndpoint.absoluteString == server.authorizationServer + "/token")
            #expect(authorization.pushedAuthorizationRequestEndpoint != nil && authorization.codeChallengeMethods == ["S256"])
            #expect(authorization.dpopSigningAlgorithms == ["ES256"] && authorization.preAuthorizedGrantAnonymousAccessSupported)
            #expect(authorization.authorizationResponseIssParameterSupported)
        }
    }

    @Test func theOpenIDConfigurationLocationIsTheFallback() async throws {
        let server = TestAuthorizationServer { $0.onlyOpenIDConfiguration = true }
        try await server.run { _ in
            let metadata = try await AuthorizationServerMetadataResolver(httpClient: Self.client)
                .metadata(issuer: try #require(URL(string: server.authorizationServer)))
            #expect(metadata.issuer.absoluteString == server.authorizationServer)
        }
    }

    @Test func withoutAuthorizationServersTheIssuerIsItsOwn() async throws {
        let server = TestAuthorizationServer { $0.separateAuthorizationServer = false }
        try await server.run { _ in
            let metadata = try await CredentialIssuerMetadataResolver(httpClient: Self.client)
                .metadata(for: try #require(URL(string: server.issuer)))
            let authorization = try await AuthorizationServerMetadataResolver(httpClient: Self.client).metadata(for: metadata)
            #expect(authorization.issuer == metadata.credentialIssuer)
        }
    }

    /// The issue's negative test: an offer whose credential_issuer differs from the metadata's.
    @Test func metadataNamingAnotherIssuerIsNotUsed() async throws {
        let server = TestAuthorizationServer {
            $0.issuerMetadataOverride = #"{"credential_issuer":"https://other-issuer.example","credential_endpoint":"https://other-issuer.example/c","credential_configurations_supported":{}}"#
        }
        try await server.run { _ in
            let issuer = try #require(URL(string: server.issuer))
            await #expect(throws: OpenID4VCIError.credentialIssuerMismatch(expected: server.issuer, actual: "https://other-issuer.example")) {
                try await CredentialIssuerMetadataResolver(httpClient: Self.client).metadata(for: issuer)
            }
            // A trailing slash is a different identifier too: no normalization.
            server.publishIssuerMetadata(
                #"{"credential_issuer":"{base}/issuer/","credential_endpoint":"{base}/c","credential_configurations_supported":{}}"#)
            await #expect(throws: OpenID4VCIError.credentialIssuerMismatch(expected: server.issuer, actual: server.issuer + "/")) {
                try await CredentialIssuerMetadataResolver(httpClient: Self.client).metadata(for: issuer)
            }
        }
    }

    static let badMetadata: [(String, String, String)] = [
        ("truncated", #"{"credential_issuer":"{base}/issuer""#, "application/json"),
        ("an array", "[]", "application/json"),
        ("deeply nested", String(repeating: "[", count: 100) + String(repeating: "]", count: 100), "application/json"),
        ("duplicate members", #"{"credential_issuer":"{base}/issuer","credential_issuer":"{base}/issuer"}"#, "application/json"),
        ("HTML", "<html></html>", "text/html"),
        ("oversized", #"{"x":""# + String(repeating: "a", count: 1 << 20) + #""}"#, "application/json"),
        ("missing endpoint", #"{"credential_issuer":"{base}/issuer","credential_configurations_supported":{}}"#, "application/json"),
    ]

    @Test(arguments: badMetadata)
    func malformedOrOversizedMetadataIsATypedError(_ name: String, _ body: String, _ type: String) async throws {
        let server = TestAuthorizationServer {
            $0.issuerMetadataOverride = body
            $0.issuerMetadataContentType = type
        }
        try await server.run { _ in
            let issuer = try #require(URL(string: server.issuer))
            await expectError(OpenID4VCIError.self, "\(name)", matching: {
                switch $0 { case .invalidResponse, .invalidIssuerMetadata: true; default: false }
            }) {
                _ = try await CredentialIssuerMetadataResolver(httpClient: Self.client).metadata(for: issuer)
            }
        }
    }

    @Test func anInsecureIssuerIdentifierIsNotContacted() async throws {
        let issuer = try #require(URL(string: "http://issuer.example"))
        await #expect(throws: OpenID4VCIError.insecureEndpoint(name: "credential_issuer", url: "http://issuer.example")) {
            try await CredentialIssuerMetadataResolver(httpClient: Self.client).metadata(for: issuer)
        }
    }

    @Test func authorizationServerMetadataForAnotherIssuerIsRefused() async throws {
        let server = TestAuthorizationServer { $0.authorizationServerIssuerOverride = "https://evil.example" }
        try await server.run { _ in
            await #expect(throws: OpenID4VCIError.invalidAuthorizationServerMetadata(
                issuer: server.authorizationServer, reason: "issuer is https://evil.example, not \(server.authorizationServer)")) {
                try await AuthorizationServerMetadataResolver(httpClient: Self.client)
                    .metadata(issuer: try #require(URL(string: server.authorizationServer)))
            }
        }
    }

    @Test func anOfferHintTheIssuerDoesNotListStopsTheFlow() async throws {
        let server = TestAuthorizationServer()
        try await server.run { base in
            let metadata = try await CredentialIssuerMetadataResolver(httpClient: Self.client)
                .metadata(for: try #require(URL(string: server.issuer)))
            let listed = try await AuthorizationServerMetadataResolver(httpClient: Self.client)
                .metadata(for: metadata, hint: URL(string: server.authorizationServer))
            #expect(listed.issuer.absoluteString == server.authorizationServer)
            await #expect(throws: OpenID4VCIError.self) {
                try await AuthorizationServerMetadataResolver(httpClient: Self.client)
                    .metadata(for: metadata, hint: URL(string: base + "/rogue-as"))
            }
        }
    }

    // MARK: - Signed metadata

    static func signedMetadata(
        _ claims: JSONObject, signer: some Signer, chain: [Data]? = nil, type: String = "openidvci-issuer-metadata+jwt"
    ) async throws -> String {
        var header = JOSEHeader(type: type)
        header.certificateChain = chain
        return try await JWS.signCompact(payload: JSONValue.object(claims).serialized(), header: header, signer: signer)
    }

    static func claims(for server: TestAuthorizationServer, endpoint: String = "/signed-credential") -> JSONObject {
        guard case var .object(object) = server.issuerMetadata() else { return [:] }
        object["sub"] = .string(server.issuer)
        object["iat"] = .number(JSONNumber(Int(Date().timeIntervalSince1970)))
        object["credential_endpoint"] = .string(server.issuer + endpoint)
        return object
    }

    @Test func signedMetadataAsApplicationJWTIsVerifiedWithATrustedKey() async throws {
        let key = PrivateKey(curve: .p256)
        let server = TestAuthorizationServer()
        try await server.run { _ in
            server.publishIssuerMetadata(
                try await Self.signedMetadata(Self.claims(for: server), signer: SoftwareSigner(privateKey: key)), contentType: "application/jwt")
            let issuer = try #require(URL(string: server.issuer))
            let metadata = try await CredentialIssuerMetadataResolver(
                httpClient: Self.client, signedMetadata: SignedMetadataPolicy(mode: .verifyWhenPresent(.key(key.publicKey)))
            ).metadata(for: issuer)
            #expect(metadata.isSigned && metadata.credentialEndpoint.absoluteString == server.issuer + "/signed-credential")
            #expect(server.metadataAccept?.hasPrefix("application/jwt") == true)
            // Another key, or no trust configured at all: refused.
            await #expect(throws: OpenID4VCIError.self) {
                try await CredentialIssuerMetadataResolver(
                    httpClient: Self.client, signedMetadata: SignedMetadataPolicy(mode: .require(.key(PrivateKey(curve: .p256).publicKey)))
                ).metadata(for: issuer)
            }
            await #expect(throws: OpenID4VCIError.signedMetadataRejected("the issuer answered with signed metadata and no signer is trusted")) {
                try await CredentialIssuerMetadataResolver(httpClient: Self.client).metadata(for: issuer)
            }
        }
    }

    @Test func signedValuesTakePrecedenceOverTheUnsignedOnes() async throws {
        let key = PrivateKey(curve: .p256)
        let server = TestAuthorizationServer()
        try await server.run { _ in
            let token = try await Self.signedMetadata(Self.claims(for: server), signer: SoftwareSigner(privateKey: key))
            guard case var .object(unsigned) = server.issuerMetadata() else { return }
            unsigned["signed_metadata"] = .string(token)
            server.publishIssuerMetadata(JSONValue.object(unsigned).serializedString())
            let issuer = try #require(URL(string: server.issuer))
            let verified = try await CredentialIssuerMetadataResolver(
                httpClient: Self.client, signedMetadata: SignedMetadataPolicy(mode: .verifyWhenPresent(.key(key.publicKey)))
            ).metadata(for: issuer)
            #expect(verified.isSigned && verified.credentialEndpoint.absoluteString == server.issuer + "/signed-credential")
            // Ignoring signatures uses the unsigned document.
            let ignored = try await CredentialIssuerMetadataResolver(httpClient: Self.client).metadata(for: issuer)
            #expect(!ignored.isSigned && ignored.credentialEndpoint.absoluteString == server.issuer + "/credential")
            // Present but signed by someone else: an error, not a silent fallback.
            await #expect(throws: OpenID4VCIError.self) {
                try await CredentialIssuerMetadataResolver(
                    httpClient: Self.client,
                    signedMetadata: SignedMetadataPolicy(mode: .verifyWhenPresent(.key(PrivateKey(curve: .p256).publicKey)))
                ).metadata(for: issuer)
            }
        }
    }

    @Test func requiredSignedMetadataThatIsAbsentIsRefused() async throws {
        let server = TestAuthorizationServer()
        try await server.run { _ in
            await #expect(throws: OpenID4VCIError.signedMetadataRejected("the policy requires signed metadata and the issuer sent none")) {
                try await CredentialIssuerMetadataResolver(
                    httpClient: Self.client, signedMetadata: SignedMetadataPolicy(mode: .require(.key(PrivateKey(curve: .p256).publicKey)))
                ).metadata(for: try #require(URL(string: server.issuer)))
            }
        }
    }

    /// Each forgery of the signed metadata and what it breaks.
    @Test(arguments: ["wrong typ", "wrong sub", "no iat", "expired", "HS256"])
    func forgedSignedMetadataIsRejected(_ forgery: String) async throws {
        let key = PrivateKey(curve: .p256)
        let server = TestAuthorizationServer()
        try await server.run { _ in
            var claims = Self.claims(for: server)
            var type = "openidvci-issuer-metadata+jwt"
            var token: String?
            switch forgery {
            case "wrong typ": type = "JWT"
            case "wrong sub": claims["sub"] = "https://other.example"
            case "no iat": claims["iat"] = nil
            case "expired": claims["exp"] = .number(JSONNumber(Int(Date().timeIntervalSince1970) - 3_600))
            default:
                let header = Base64URLText.encode(#"{"alg":"HS256","typ":"openidvci-issuer-metadata+jwt"}"#)
                token = header + "." + Base64URLText.encode(JSONValue.object(claims).serializedString()) + ".c2ln"
            }
            let signer = try SoftwareSigner(privateKey: key)
            let published = if let token { token } else { try await Self.signedMetadata(claims, signer: signer, type: type) }
            server.publishIssuerMetadata(published, contentType: "application/jwt")
            let issuer = try #require(URL(string: server.issuer))
            await expectError(OpenID4VCIError.self, "\(forgery)", matching: {
                if case .signedMetadataRejected = $0 { true } else { false }
            }) {
                _ = try await CredentialIssuerMetadataResolver(
                    httpClient: Self.client, signedMetadata: SignedMetadataPolicy(mode: .require(.key(key.publicKey)))
                ).metadata(for: issuer)
            }
        }
    }

    @Test(.enabled(if: PythonPeer.isAvailable, PythonPeer.skipMessage))
    func signedMetadataWithAnX5cChainIsTrustedOnlyThroughItsAnchor() async throws {
        let pki = try await PythonPeer.runJSON("x509_chain_peer.py")
        let texts = try ["root", "leaf", "other_root"].map { name in try #require(pki[name] as? String) }
        let root = try #require(Data(base64Encoded: texts[0]))
        let leaf = try #require(Data(base64Encoded: texts[1]))
        let otherRoot = try #require(Data(base64Encoded: texts[2]))
        let leafKey = try PrivateKey(pemRepresentation: try #require(pki["leaf_key"] as? String))
        var anchors = TrustAnchorStore()
        _ = try anchors.add(der: root)
        var untrusted = TrustAnchorStore()
        _ = try untrusted.add(der: otherRoot)
        let trusted = anchors, strangers = untrusted
        let server = TestAuthorizationServer()
        try await server.run { _ in
            server.publishIssuerMetadata(
                try await Self.signedMetadata(Self.claims(for: server), signer: SoftwareSigner(privateKey: leafKey), chain: [leaf]),
                contentType: "application/jwt")
            let issuer = try #require(URL(string: server.issuer))
            let metadata = try await CredentialIssuerMetadataResolver(
                httpClient: Self.client, signedMetadata: SignedMetadataPolicy(mode: .require(.certificateChain(trusted)))
            ).metadata(for: issuer)
            #expect(metadata.isSigned)
            await #expect(throws: OpenID4VCIError.self) {
                try await CredentialIssuerMetadataResolver(
                    httpClient: Self.client, signedMetadata: SignedMetadataPolicy(mode: .require(.certificateChain(strangers)))
                ).metadata(for: issuer)
            }
            // The right chain but a signature by another key.
            server.publishIssuerMetadata(
                try await Self.signedMetadata(Self.claims(for: server), signer: SoftwareSigner(privateKey: PrivateKey(curve: .p256)), chain: [leaf]),
                contentType: "application/jwt")
            await #expect(throws: OpenID4VCIError.self) {
                try await CredentialIssuerMetadataResolver(
                    httpClient: Self.client, signedMetadata: SignedMetadataPolicy(mode: .require(.certificateChain(trusted)))
                ).metadata(for: issuer)
            }
        }
    }
}

/// base64url of UTF-8 text, for hand-made tokens.
enum Base64URLText {
    static func encode(_ text: String) -> String {
        Data(text.utf8).base64EncodedString().replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
    }
}
