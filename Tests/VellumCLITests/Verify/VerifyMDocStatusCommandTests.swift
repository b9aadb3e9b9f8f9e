import CryptoKeys
import Foundation
import Hummingbird
import MDoc
import NIOCore
import StatusList
import Testing
import VellumTestSupport

/// `vellum verify` on an mdoc whose MSO names a status list: the list answers only when its
/// signer is bound to the mdoc's issuer (the document signer's own key, or a certificate of
/// the same IACA), never because it chains to some other `--trust` IACA.
@Suite("vellum verify (mdoc status lists)", .enabled(if: VellumBinary.url != nil, "skipped: the vellum binary is not built"))
struct VerifyMDocStatusCommandTests: CLIScratchSuite {
    let folder: URL

    init() throws {
        folder = try Self.makeFolder("vellum-mdoc-status")
    }

    /// Serves the CWTs in `pages` (path → token, filled in once the base URL is known) on
    /// loopback for `body`.
    static func serve(_ pages: Locked<[String: Data]>, _ body: (String) async throws -> Void) async throws {
        let router = Router()
        router.get("**") { request, _ -> Response in
            guard let page = pages.value[request.uri.path] else { return Response(status: .notFound) }
            var headers = HTTPFields()
            headers[.contentType] = StatusListTokenFormat.cwt.mediaType
            return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: page)))
        }
        try await LoopbackHTTPServer.run(router, label: "mdoc-status-lists") { port in
            try await body("http://127.0.0.1:\(port)")
        }
    }

    static func list(_ statuses: [StatusType], at uri: String, signer: SoftwareSigner, chain: [Data]?) async throws -> Data {
        let now = Date()
        return try await StatusListToken(
            subject: uri, issuedAt: now - 60, expiresAt: now + 600, statusList: try TokenStatusList(bits: .two, statuses: statuses)
        ).signedCWT(signer: signer, certificateChain: chain)
    }

    @Test("a list signed under a second trusted IACA does not clear a revoked mdoc; the issuer's own list revokes it")
    func theListMustBeTheIssuers() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let issuer = try CLITestIssuer()
        let other = try CLITestIssuer()
        let trust = [try write("issuer.pem", Data(try issuer.rootPEM.utf8)), try write("other.pem", Data(try other.rootPEM.utf8))]
        let box = Locked<[String: Data]>([:])
        try await Self.serve(box) { base in
            // The other issuer's certified key signs an "all valid" list for the URI the mdoc
            // names; the issuer's own document signer says entry 0 is revoked.
            var pages: [String: Data] = [:]
            pages["/forged"] = try await Self.list(
                [.valid, .valid], at: base + "/forged", signer: other.signer(other.sdJWTSignerKey), chain: [Data(other.sdJWTSigner.derBytes)])
            pages["/genuine"] = try await Self.list(
                [.invalid, .valid], at: base + "/genuine", signer: issuer.signer(issuer.documentSignerKey), chain: nil)
            box.value = pages
            let device = PrivateKey(curve: .p256).publicKey
            let forged = try write("forged.cbor", try await issuer.mdoc(
                deviceKey: device, status: try StatusListReference(index: 0, uri: base + "/forged")))
            let genuine = try write("genuine.cbor", try await issuer.mdoc(
                deviceKey: device, status: try StatusListReference(index: 0, uri: base + "/genuine")))
            let trustArguments = trust.flatMap { ["--trust", $0] }

            let cleared = try await VellumBinary.run(["verify", forged] + trustArguments)
            #expect(!cleared.standardOutput.contains("#0: valid"), "\(cleared.standardOutput)")
            #expect(cleared.standardOutput.contains("no key"), "\(cleared.standardOutput)")

            let revoked = try await VellumBinary.run(["verify", genuine] + trustArguments)
            #expect(revoked.status == 1, "\(revoked.standardOutput)\(revoked.standardError)")
            #expect(revoked.standardOutput.contains("invalid"), "\(revoked.standardOutput)")
        }
    }
}
