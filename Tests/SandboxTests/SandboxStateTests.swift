import Foundation
import HTTP
import JSONModel
import Sandbox
import Testing

/// The sandbox's state file: created private, resumed, replaced only on request, and refused
/// (never silently replaced) when it cannot be used.
@Suite("Sandbox state file")
struct SandboxStateTests {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("vellum-sandbox-state-\(UUID().uuidString)")
    var file: SandboxStateFile { SandboxStateFile(directory: directory) }

    func cleanUp() { try? FileManager.default.removeItem(at: directory) }

    @Test("a new state is written with mode 0600 in a 0700 directory, and read back with the same roots")
    func createdPrivateAndResumed() async throws {
        defer { cleanUp() }
        let first = try SandboxIssuer(configuration: SandboxConfiguration(), stateFile: file)
        #expect(first.stateOrigin == .created)
        let fileMode = try FileManager.default.attributesOfItem(atPath: file.url.path)[.posixPermissions] as? Int
        let directoryMode = try FileManager.default.attributesOfItem(atPath: directory.path)[.posixPermissions] as? Int
        #expect(fileMode == 0o600)
        #expect(directoryMode == 0o700)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted() == ["issuer-root.pem", "state.json", "verifier-root.pem"])
        #expect(try String(contentsOf: file.issuerRootURL, encoding: .utf8) == first.rootCertificatePEM)
        let again = try SandboxIssuer(configuration: SandboxConfiguration(), stateFile: file)
        #expect(again.rootCertificatePEM == first.rootCertificatePEM)
        let fresh = try SandboxIssuer(configuration: SandboxConfiguration(), stateFile: file, startingFresh: true)
        #expect(fresh.stateOrigin == .replaced)
        #expect(fresh.rootCertificatePEM != first.rootCertificatePEM)
    }

    @Test("a state file that is not JSON, of another version, or with a key that is not its certificate's is refused")
    func unusableStateRefused() throws {
        defer { cleanUp() }
        _ = try SandboxIssuer(configuration: SandboxConfiguration(), stateFile: file)
        let good = try JSONValue(parsing: Data(contentsOf: file.url))

        func expectRefused(_ bytes: Data, _ comment: Comment) throws {
            try bytes.write(to: file.url)
            #expect(throws: SandboxError.self, comment) {
                _ = try SandboxIssuer(configuration: SandboxConfiguration(), stateFile: file)
            }
            do {
                _ = try SandboxIssuer(configuration: SandboxConfiguration(), stateFile: file)
            } catch {
                guard case .invalidState = error else {
                    Issue.record("\(comment): \(error) is not invalidState")
                    return
                }
            }
        }
        try expectRefused(Data("not json".utf8), "not JSON")
        var object = try #require(good.objectValue)
        object["version"] = 2
        try expectRefused(Data(JSONValue.object(object).serialized()), "another version")
        object = try #require(good.objectValue)
        // The verifier's root key in place of the issuer root's: a key its certificate does not certify.
        var root = try #require(object["issuerRoot"]?.objectValue)
        root["privateKey"] = good["verifier"]?["rootKey"]
        object["issuerRoot"] = .object(root)
        try expectRefused(Data(JSONValue.object(object).serialized()), "a key that is not the root's")
        object = try #require(good.objectValue)
        var status = try #require(object["statusList"]?.objectValue)
        status["next"] = 1_000_000
        object["statusList"] = .object(status)
        try expectRefused(Data(JSONValue.object(object).serialized()), "a next index past the list")
        // Starting fresh replaces the unusable file.
        let fresh = try SandboxIssuer(configuration: SandboxConfiguration(), stateFile: file, startingFresh: true)
        #expect(fresh.stateOrigin == .replaced)
    }

    @Test("the request log gets one line per request, without the query string")
    func requestLog() async throws {
        let lines = LogLines()
        let issuer = try SandboxIssuer(configuration: SandboxConfiguration(requestLog: { lines.append($0) }))
        let base = try await issuer.start()
        let client = NIOHTTPClient(policy: HTTPClientPolicy())
        _ = try await client.send(.init(url: base.appendingPathComponent(".well-known/openid-credential-issuer")))
        _ = try await client.send(.init(url: URL(string: base.absoluteString + "/offers/none?secret=1")!))
        await issuer.stop()
        let logged = lines.all.map(\.description)
        #expect(logged.count == 2)
        #expect(logged[0].contains("GET /.well-known/openid-credential-issuer 200"))
        #expect(logged[1].contains("GET /offers/none 404"))
        #expect(!logged.joined().contains("secret"))
    }
}

/// Collects log entries from the server's threads.
final class LogLines: @unchecked Sendable {
    private let lock = NSLock()
    private var entries: [SandboxRequestLogEntry] = []
    func append(_ entry: SandboxRequestLogEntry) { lock.withLock { entries.append(entry) } }
    var all: [SandboxRequestLogEntry] { lock.withLock { entries } }
}
