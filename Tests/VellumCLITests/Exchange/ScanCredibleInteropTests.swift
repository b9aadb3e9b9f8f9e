import Foundation
import HTTP
import JSONModel
import Testing
import VellumTestSupport

/// `vellum scan` against a Credible-protocol issuer and verifier written on DIDKit
/// (`Tests/Peers/credible_server.py`, plain http on loopback): its credentials of each proof
/// suite are received and verified, DIDKit verifies the presentations Vellum sends, and every
/// refusal happens before anything is stored or sent.
@Suite(
    "vellum scan against DIDKit's Credible protocol",
    .enabled(if: VellumBinary.url != nil && PythonPeer.isAvailable, "skipped: the vellum binary or the Python peers (didkit) are missing"))
struct ScanCredibleInteropTests: CLIScratchSuite {
    let folder: URL

    init() throws {
        folder = try Self.makeFolder("vellum-scan-didkit")
    }

    func scan(_ server: PythonServerPeer, _ path: String, _ arguments: [String] = ["--yes", "--json"]) async throws -> ChildProcess.Result {
        try await vellum(["scan", server.baseURL.appendingPathComponent(path).absoluteString] + arguments)
    }

    /// The requests the server saw, as `METHOD path`.
    func log(_ server: PythonServerPeer) async throws -> [String] {
        let response = try await NIOHTTPClient(policy: HTTPClientPolicy(timeout: .seconds(30))).get(server.baseURL.appendingPathComponent("log"))
        return (try JSONValue(parsing: response.body).arrayValue ?? []).compactMap {
            guard let method = $0["method"]?.stringValue, let path = $0["path"]?.stringValue else { return nil }
            return "\(method) \(path)"
        }
    }

    @Test("each issuer suite (Ed25519Signature2018 and 2020, JsonWebSignature2020, EcdsaSecp256r1Signature2019) is received and verified", arguments: [
        "ed25519-2018", "ed25519-2020", "jws-2020", "p256-2019",
    ])
    func receivesEachSuite(_ suite: String) async throws {
        try await withWallet {
            try await PythonServerPeer.with("credible_server.py") { server in
                let result = try await scan(server, "offers/\(suite)")
                #expect(result.status == 0, "\(result.errorText)")
                #expect(try WalletCLI.json(result)["stored"]?.arrayValue?.count == 1)
                let listed = try #require(try WalletCLI.json(try await vellum(["list", "--json"])).arrayValue)
                #expect(listed.first?["format"]?.stringValue == "ldp_vc")
            }
        }
    }

    @Test("DIDKit verifies the DIDAuthentication and QueryByExample presentations Vellum sends, as LD proofs and as VP-JWTs")
    func presentsToDIDKit() async throws {
        try await withWallet {
            try await PythonServerPeer.with("credible_server.py") { server in
                #expect(try await scan(server, "offers/ed25519-2018").status == 0)
                let didAuth = try await scan(server, "requests/did-auth")
                #expect(didAuth.status == 0, "\(didAuth.errorText)")
                let query = try await scan(server, "requests/query-by-example")
                #expect(query.status == 0, "\(query.errorText)")
                #expect(try WalletCLI.json(query)["presented"]?.arrayValue?.count == 1)
                let jwtAuth = try await scan(server, "requests/did-auth", ["--yes", "--format", "jwt"])
                #expect(jwtAuth.status == 0, "\(jwtAuth.errorText)")
                let jwtQuery = try await scan(server, "requests/query-by-example", ["--yes", "--format", "jwt"])
                #expect(jwtQuery.status == 0, "\(jwtQuery.errorText)")
            }
        }
    }

    @Test("refusals: expired offer, bad proof, another subject, another issuer, domain mismatch, 5xx, an unknown message type — nothing stored, nothing sent after the GET", arguments: [
        ("offers/expired", 8), ("offers/bad-proof", 1), ("offers/other-subject", 1), ("offers/other-issuer", 1),
        ("requests/domain-mismatch", 8), ("offers/error-500", 8), ("requests/error-500", 8), ("other", 8),
    ])
    func refusals(_ path: String, _ exitCode: Int32) async throws {
        try await withWallet {
            try await PythonServerPeer.with("credible_server.py") { server in
                let result = try await scan(server, path)
                #expect(result.status == exitCode, "\(result.errorText)")
                #expect(try await storedCount() == 0)
                if ["offers/expired", "requests/domain-mismatch", "other"].contains(path) {
                    #expect(try await log(server) == ["GET /\(path)"], "nothing but the GET reached the server")
                }
            }
        }
    }

    @Test("declined trust: no request at all reaches the server")
    func declinedTrust() async throws {
        try await withWallet {
            try await PythonServerPeer.with("credible_server.py") { server in
                let result = try await WalletCLI.run(
                    ["scan", server.baseURL.appendingPathComponent("offers/ed25519-2018").absoluteString, "--wallet", directory.path], answers: ["n"])
                #expect(result.status == 9)
                #expect(try await log(server).isEmpty)
            }
        }
    }
}
