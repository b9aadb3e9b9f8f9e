import CBOR
import CryptoKeys
import DCQL
import Foundation
import HTTP
import JOSE
import JSONModel
import MDoc
import OpenID4VP
import SDJWT

/// The holder's work on a presentation request: matching a DCQL query over a large wallet, and
/// building a complete `direct_post.jwt` response with an SD-JWT VC (disclosures + KB-JWT) and
/// an mdoc (DeviceResponse + device signature), encrypted to the verifier.
enum OpenID4VPBenchmarks {
    static let all: [Benchmark] = [
        Benchmark(name: "dcql.match.10k-credentials", prepare: {
            let credentials = wallet(size: 10_000)
            let query = try DCQLQuery(jsonText: matchQuery)
            return Benchmark.Operation(run: {
                let result = DCQLMatcher().match(query, against: credentials)
                guard result.isSatisfied, result.candidates(forQuery: "pid").count == 2_500 else {
                    throw BenchmarkFailure.resultMismatch("the query should match 2,500 PIDs")
                }
            })
        }),
        Benchmark(name: "oid4vp.response.sdjwt+mdoc", prepare: {
            let fixture = try await ResponseFixture()
            return Benchmark.Operation(run: { _ = try await fixture.makeEncryptedResponse() })
        }),
    ]

    static let matchQuery = """
        {"credentials": [
          {"id": "pid", "format": "dc+sd-jwt", "meta": {"vct_values": ["urn:eudi:pid:1"]},
           "claims": [{"id": "a", "path": ["given_name"]}, {"id": "b", "path": ["address", "locality"]},
                      {"id": "c", "path": ["age_equal_or_over", "18"], "values": [true]}],
           "claim_sets": [["c"], ["a", "b"]]},
          {"id": "mdl", "format": "mso_mdoc", "meta": {"doctype_value": "org.iso.18013.5.1.mDL"},
           "claims": [{"path": ["org.iso.18013.5.1", "age_over_18"], "values": [true]}]}],
         "credential_sets": [{"options": [["pid"], ["mdl"]]}]}
        """

    /// A wallet of `size` credentials: a quarter PIDs, a quarter other SD-JWT VCs, half mDLs.
    static func wallet(size: Int) -> [any PresentableCredential] {
        (0..<size).map { index in
            switch index % 4 {
            case 0:
                return BenchCredential(
                    credentialID: "pid-\(index)", format: "dc+sd-jwt", typeIdentifiers: ["urn:eudi:pid:1"],
                    claims: .json([
                        "given_name": "Erika", "family_name": "Mustermann", "birthdate": "1984-01-26",
                        "address": ["street_address": "Heidestraße 17", "locality": "Köln", "postal_code": "51147"],
                        "age_equal_or_over": ["18": true, "21": true, "65": false], "nationalities": ["DE"],
                    ]))
            case 1:
                return BenchCredential(
                    credentialID: "card-\(index)", format: "dc+sd-jwt", typeIdentifiers: ["https://example.org/library_card"],
                    claims: .json(["member": "Erika", "number": .string("L-\(index)")]))
            default:
                return BenchCredential(
                    credentialID: "mdl-\(index)", format: "mso_mdoc", typeIdentifiers: ["org.iso.18013.5.1.mDL"],
                    claims: .mdoc(["org.iso.18013.5.1": [
                        "given_name": "Erika", "family_name": "Mustermann", "age_over_18": .bool(index % 3 != 0),
                        "document_number": .string("D\(index)"),
                    ]]))
            }
        }
    }

    struct BenchCredential: PresentableCredential {
        let credentialID: String
        let format: String
        let typeIdentifiers: [String]
        let claims: PresentableClaims
        var supportsCryptographicHolderBinding: Bool { true }
    }

    /// A resolved `direct_post.jwt` request for a PID claim and an mDL element, and the
    /// credentials to answer it.
    struct ResponseFixture: Sendable {
        let holder = OpenID4VPHolder(httpClient: URLSessionHTTPClient())
        let resolved: ResolvedAuthorizationRequest
        let pid: ProcessedSDJWT
        let mdl: IssuerSigned
        let holderSigner: SoftwareSigner

        init() async throws {
            let holderKey = PrivateKey(curve: .p256)
            holderSigner = try SoftwareSigner(privateKey: holderKey)
            let issuerKey = PrivateKey(curve: .p256)
            let issued = try await SDJWTBuilder(
                claims: ["iss": "https://issuer.example", "vct": "urn:eudi:pid:1", "given_name": "Erika", "family_name": "Mustermann",
                         "birthdate": "1984-01-26", "nationality": "DE"],
                disclosing: try ["given_name", "family_name", "birthdate", "nationality"].map { try ClaimPath([.key($0)]) },
                header: JOSEHeader(type: "dc+sd-jwt"), holderKey: JWK(publicKey: holderKey.publicKey)
            ).issue(signer: SoftwareSigner(privateKey: issuerKey))
            pid = try SDJWTVerifier().verify(issued, issuerKey: JWSVerificationKey(issuerKey.publicKey)).processed
            var builder = IssuerSignedBuilder(
                docType: "org.iso.18013.5.1.mDL", deviceKey: holderKey.publicKey,
                validityInfo: ValidityInfo(signed: Date(), validFrom: Date(), validUntil: Date() + 86_400))
            for (name, value) in [("given_name", CBOR.textString("Erika")), ("family_name", "Mustermann"), ("age_over_18", true),
                                  ("document_number", "D1234567"), ("issuing_country", "DE")] {
                builder.add(name, value, nameSpace: "org.iso.18013.5.1")
            }
            mdl = try await builder.sign(signer: SoftwareSigner(privateKey: PrivateKey(curve: .p256)), certificateChain: [Data([0x30])])
            var encryptionKey = JWK(publicKey: PrivateKey(curve: .p256).publicKey, keyID: "enc")
            encryptionKey.alg = "ECDH-ES"
            let parameters: [(String, String)] = [
                ("client_id", "redirect_uri:https://verifier.example/post"), ("response_type", "vp_token"),
                ("response_mode", "direct_post.jwt"), ("response_uri", "https://verifier.example/post"), ("nonce", "n-0S6_WzA2Mj"),
                ("dcql_query", #"{"credentials":[{"id":"pid","format":"dc+sd-jwt","meta":{"vct_values":["urn:eudi:pid:1"]},"claims":[{"path":["given_name"]}]},{"id":"mdl","format":"mso_mdoc","meta":{"doctype_value":"org.iso.18013.5.1.mDL"},"claims":[{"path":["org.iso.18013.5.1","age_over_18"]}]}]}"#),
                ("client_metadata", JSONValue.object(["jwks": ["keys": [try JSONValue(parsing: encryptionKey.jsonData())]]]).serializedString()),
            ]
            let parsed = try await holder.parseAuthorizationRequest(
                requestURI: "openid4vp://?" + FormURLEncoding.encode(parameters), walletConfiguration: WalletConfiguration())
            resolved = try await holder.resolveAuthorizationRequest(parsed)
        }

        func makeEncryptedResponse() async throws -> String {
            let factory = PresentationFactory(request: resolved.request)
            let sdJWT = try await factory.sdJWTPresentation(
                of: pid, disclosing: [try ClaimPath([.key("given_name")])], forQuery: "pid", holderKey: holderSigner)
            let mdoc = try await factory.mdocPresentation(
                of: mdl, elements: ["org.iso.18013.5.1": ["age_over_18"]], deviceKey: holderSigner)
            let response = try holder.createAuthorizationResponse(request: resolved, selectedCredentials: [
                SelectedCredential(credentialQueryID: "pid", credentialID: "pid", presentation: sdJWT, format: "dc+sd-jwt"),
                SelectedCredential(credentialQueryID: "mdl", credentialID: "mdl", presentation: mdoc, format: "mso_mdoc"),
            ])
            return try ResponseEncryption(metadata: resolved.request.clientMetadata).encrypt(response.parameters)
        }
    }
}
