import Foundation
import HTTP
import JSONModel
import StatusList
import Testing

/// The W3C resolver over real loopback HTTP. The proof check is the caller's; here a stand-in
/// verifier accepts only credentials whose `proof.proofValue` is the expected marker, which is
/// enough to show the verifier's verdict decides (real Data Integrity comes with W3CCredentials).
@Suite struct BitstringStatusListResolverTests {
    static let now = Date(timeIntervalSince1970: 1_700_000_000)

    /// Accepts a credential whose `proof.proofValue` equals `marker`; refuses anything else.
    struct MarkerVerifier: BitstringStatusListCredentialVerifier {
        var marker: String
        func verifiedCredential(from response: HTTPResponse) async throws(StatusListError) -> JSONValue {
            guard let json = try? JSONValue(parsing: response.body) else { throw .invalidCredential("not JSON") }
            guard json["proof"]?["proofValue"]?.stringValue == marker else { throw .invalidSignature }
            return json
        }
    }

    func credential(url: String, list: BitstringStatusList, proof: String, purposes: [String] = ["revocation", "suspension"]) throws -> Data {
        let json: JSONValue = [
            "@context": ["https://www.w3.org/ns/credentials/v2"],
            "id": .string(url),
            "type": ["VerifiableCredential", "BitstringStatusListCredential"],
            "issuer": "did:example:12345",
            "validFrom": "2023-01-01T00:00:00Z",
            "credentialSubject": [
                "id": .string(url + "#list"), "type": "BitstringStatusList",
                "statusPurpose": .array(purposes.map(JSONValue.string)), "encodedList": .string(try list.encodedList()),
            ],
            "proof": ["type": "DataIntegrityProof", "proofValue": .string(proof)],
        ]
        return json.serialized(.compact)
    }

    func entry(_ url: String, purpose: String, index: Int) -> BitstringStatusListEntry {
        BitstringStatusListEntry(
            statusPurpose: BitstringStatusPurpose(rawValue: purpose), statusListIndex: index, statusListCredential: url)
    }

    @Test func readsRevocationAndSuspensionOverHTTP() async throws {
        let server = StatusListServer()
        try await server.run { base in
            let url = base + "/credentials/status/3"
            var list = try BitstringStatusList()
            try list.setValue(1, at: 94_567)
            server.serve(.init(contentType: "application/vc", body: try credential(url: url, list: list, proof: "ok")), at: "/credentials/status/3")
            let resolver = BitstringStatusListResolver(
                httpClient: URLSessionHTTPClient(), credentialVerifier: MarkerVerifier(marker: "ok"), clock: { Self.now })
            #expect(await resolver.status(of: entry(url, purpose: "revocation", index: 94_567)) == .invalid)
            #expect(await resolver.status(of: entry(url, purpose: "suspension", index: 94_567)) == .suspended)
            #expect(await resolver.status(of: entry(url, purpose: "revocation", index: 94_566)) == .valid)
            #expect(await resolver.status(of: entry(url, purpose: "message", index: 1))
                == .unknown(.purposeMismatch(expected: "message", available: ["revocation", "suspension"])))
            #expect(await resolver.status(of: entry(url, purpose: "revocation", index: 131_072))
                == .unknown(.indexOutOfRange(index: 131_072, count: 131_072)))
            #expect(server.lastAccept?.hasPrefix("application/vc") == true)
        }
    }

    @Test func answersUnknownWhenTheVerifierRefusesOrTheFetchFails() async throws {
        let server = StatusListServer()
        try await server.run { base in
            let url = base + "/credentials/status/4"
            server.serve(.init(contentType: "application/vc", body: try credential(url: url, list: BitstringStatusList(), proof: "forged")), at: "/credentials/status/4")
            let resolver = BitstringStatusListResolver(
                httpClient: URLSessionHTTPClient(), credentialVerifier: MarkerVerifier(marker: "ok"), clock: { Self.now })
            #expect(await resolver.status(of: entry(url, purpose: "revocation", index: 0)) == .unknown(.invalidSignature))
            #expect(await resolver.status(of: entry(base + "/missing", purpose: "revocation", index: 0)) == .unknown(.httpStatus(404)))
            // A short list fails the group-privacy minimum.
            let shortURL = base + "/credentials/status/short"
            server.serve(.init(contentType: "application/vc", body: try credential(url: shortURL, list: BitstringStatusList(entries: 800), proof: "ok")), at: "/credentials/status/short")
            let trusting = BitstringStatusListResolver(
                httpClient: URLSessionHTTPClient(), credentialVerifier: MarkerVerifier(marker: "ok"), clock: { Self.now })
            #expect(await trusting.status(of: entry(shortURL, purpose: "revocation", index: 0))
                == .unknown(.listTooShort(entries: 800, minimum: 131_072)))
        }
        let ftp = BitstringStatusListResolver(httpClient: URLSessionHTTPClient(), credentialVerifier: MarkerVerifier(marker: "ok"))
        #expect(await ftp.status(of: entry("ftp://example.com/list", purpose: "revocation", index: 0))
            == .unknown(.fetchFailed(.unsupportedScheme("ftp://example.com/list"))))
    }
}
