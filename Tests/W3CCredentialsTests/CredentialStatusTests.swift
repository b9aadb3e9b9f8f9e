import CryptoKeys
import DID
import Foundation
import HTTP
import Hummingbird
import JSONModel
import NIOCore
import StatusList
import Testing
import VellumTestSupport
@testable import W3CCredentials

/// A credential's Bitstring Status List entries, end to end over loopback HTTP: the list
/// credential is signed in the test (Data Integrity or `vc+jwt`), served, verified, and the bit
/// read; a list that is not to be believed is an invalid list, never a status.
@Suite("Credential status: Bitstring Status List")
struct CredentialStatusTests {
    static let now = JOSECredentialTests.now
    typealias Party = JOSECredentialTests.Party

    /// A status list credential (VCDM 2.0, no `id`, so it may be served at any port) over `list`.
    static func listCredential(issuer: Party, list: BitstringStatusList, purposes: [String] = ["revocation"]) throws -> JSONValue {
        [
            "@context": ["https://www.w3.org/ns/credentials/v2"],
            "type": ["VerifiableCredential", "BitstringStatusListCredential"],
            "issuer": .string(issuer.did),
            "validFrom": "2025-01-01T00:00:00Z",
            "credentialSubject": [
                "type": "BitstringStatusList", "statusPurpose": .array(purposes.map(JSONValue.string)),
                "encodedList": .string(try list.encodedList()),
            ],
        ]
    }

    /// Signs `document` with an ecdsa-jcs-2019 proof by `party` (a P-256 key).
    static func dataIntegrity(_ document: JSONValue, by party: Party) async throws -> Data {
        try await DataIntegritySigner.sign(
            document,
            options: DataIntegrityProofOptions(cryptosuite: .ecdsaJCS2019, verificationMethod: party.keyID, proofPurpose: "assertionMethod"),
            signer: party.signer
        ).serialized(.compact)
    }

    /// A credential by `issuer` whose status entries point at `base` + each path.
    static func credential(issuer: Party, entries: [(purpose: String, index: Int, url: String)]) -> VerifiableCredential? {
        var document = issuer.credential2().objectValue ?? JSONObject()
        document["credentialStatus"] = .array(entries.map { entry in
            [
                "type": "BitstringStatusListEntry", "statusPurpose": .string(entry.purpose),
                "statusListIndex": .string(String(entry.index)), "statusListCredential": .string(entry.url),
            ]
        })
        return try? VerifiableCredential(json: .object(document))
    }

    /// Serves `pages` (path → content type and body) on loopback while `body` runs with the base URL.
    static func serving(_ pages: [String: (String, Data)], _ body: @Sendable (String) async throws -> Void) async throws {
        let router = Router()
        router.get("**") { request, _ -> Response in
            guard let (type, data) = pages[request.uri.path] else { return Response(status: .notFound) }
            var headers = HTTPFields()
            headers[.contentType] = type
            return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: data)))
        }
        try await LoopbackHTTPServer.run(router, label: "w3c-status-test") { port in try await body("http://127.0.0.1:\(port)") }
    }

    static func checker(limits: StatusListLimits = .default) -> CredentialStatusChecker {
        CredentialStatusChecker(httpClient: URLSessionHTTPClient(), now: now, limits: limits)
    }

    @Test("a Data Integrity list and a vc+jwt list are verified, then the entry's bit read: revoked, valid, suspended")
    func readsStatus() async throws {
        let issuer = try Party()
        var revocations = try BitstringStatusList()
        try revocations.setValue(1, at: 5)
        var suspensions = try BitstringStatusList()
        try suspensions.setValue(1, at: 9)
        let dataIntegrityList = try await Self.dataIntegrity(Self.listCredential(issuer: issuer, list: revocations), by: issuer)
        let jwtList = try await issuer.sign(Self.listCredential(issuer: issuer, list: suspensions, purposes: ["suspension"]), form: .vcJOSE)
        try await Self.serving([
            "/status/1": ("application/vc", dataIntegrityList), "/status/2": ("application/vc+jwt", Data(jwtList.utf8)),
        ]) { base in
            let credential = try #require(Self.credential(issuer: issuer, entries: [
                ("revocation", 5, base + "/status/1"), ("revocation", 6, base + "/status/1"), ("suspension", 9, base + "/status/2"),
            ]))
            let results = await Self.checker().check(credential).map(\.status)
            #expect(results == [.revoked, .valid, .suspended])
        }
    }

    @Test("a list whose proof does not verify, or issued by another DID, is an invalid list")
    func untrustedList() async throws {
        let issuer = try Party()
        let other = try Party()
        var list = try BitstringStatusList()
        try list.setValue(1, at: 3)
        let signed = try await Self.dataIntegrity(Self.listCredential(issuer: issuer, list: list), by: issuer)
        // The bit cleared after signing: a forged "not revoked".
        var forged = try #require(try JSONValue(parsing: signed).objectValue)
        var subject = try #require(forged["credentialSubject"]?.objectValue)
        subject["encodedList"] = .string(try BitstringStatusList().encodedList())
        forged["credentialSubject"] = .object(subject)
        let foreign = try await Self.dataIntegrity(Self.listCredential(issuer: other, list: BitstringStatusList()), by: other)
        try await Self.serving([
            "/forged": ("application/vc", JSONValue.object(forged).serialized(.compact)), "/foreign": ("application/vc", foreign),
        ]) { base in
            let credential = try #require(Self.credential(issuer: issuer, entries: [
                ("revocation", 3, base + "/forged"), ("revocation", 3, base + "/foreign"),
            ]))
            let results = await Self.checker().check(credential).map(\.status)
            #expect(results.first == .invalidList(.invalidSignature))
            guard case .invalidList(.invalidCredential)? = results.last else {
                Issue.record("a list by another issuer gave \(String(describing: results.last))")
                return
            }
        }
    }

    @Test("another purpose, an index out of range, an oversized list and a missing list are each their own answer")
    func refusals() async throws {
        let issuer = try Party()
        let signed = try await Self.dataIntegrity(Self.listCredential(issuer: issuer, list: BitstringStatusList()), by: issuer)
        // 16 MiB of zeros compress to a few kilobytes: past the limit only once inflated.
        let bomb = try await Self.dataIntegrity(Self.listCredential(issuer: issuer, list: BitstringStatusList(entries: 16 << 23)), by: issuer)
        try await Self.serving(["/list": ("application/vc", signed), "/bomb": ("application/vc", bomb)]) { base in
            let credential = try #require(Self.credential(issuer: issuer, entries: [
                ("suspension", 1, base + "/list"), ("revocation", 131_072, base + "/list"),
                ("revocation", 1, base + "/bomb"), ("revocation", 1, base + "/missing"),
            ]))
            let results = await Self.checker(limits: StatusListLimits(maximumDecompressedSize: 1 << 20)).check(credential).map(\.status)
            #expect(results[0] == .invalidList(.purposeMismatch(expected: "suspension", available: ["revocation"])))
            #expect(results[1] == .invalidList(.indexOutOfRange(index: 131_072, count: 131_072)))
            guard case .invalidList(.limitExceeded) = results[2] else {
                Issue.record("an oversized list gave \(results[2])")
                return
            }
            #expect(results[3] == .unreachable(.httpStatus(404)))
        }
    }

    @Test("an older StatusList2021 list (VCDM 1.1, bare base64url encodedList) and entry are read the same way")
    func statusList2021() async throws {
        let issuer = try Party()
        var list = try BitstringStatusList()
        try list.setValue(1, at: 12)
        let bare = String(try list.encodedList().dropFirst())
        #expect(bare.hasPrefix("H4sI"))
        let listCredential: JSONValue = [
            "@context": ["https://www.w3.org/2018/credentials/v1", "https://w3id.org/vc/status-list/2021/v1"],
            "type": ["VerifiableCredential", "StatusList2021Credential"], "issuer": .string(issuer.did),
            "issuanceDate": "2025-01-01T00:00:00Z",
            "credentialSubject": ["type": "StatusList2021", "statusPurpose": "revocation", "encodedList": .string(bare)],
        ]
        let signed = try await Self.dataIntegrity(listCredential, by: issuer)
        try await Self.serving(["/2021": ("application/json", signed)]) { base in
            var document = try #require(issuer.credential1().objectValue)
            document["credentialStatus"] = .array([12, 13].map { index in
                [
                    "type": "StatusList2021Entry", "statusPurpose": "revocation", "statusListIndex": .string(String(index)),
                    "statusListCredential": .string(base + "/2021"),
                ]
            })
            let results = await Self.checker().check(try VerifiableCredential(json: .object(document))).map(\.status)
            #expect(results == [.revoked, .valid])
        }
    }

    @Test("a malformed entry is reported as such, not fetched")
    func malformedEntry() async throws {
        let issuer = try Party()
        var document = try #require(issuer.credential2().objectValue)
        document["credentialStatus"] = ["type": "BitstringStatusListEntry", "statusPurpose": "revocation", "statusListIndex": "-1",
                                        "statusListCredential": "https://example.com/status/1"]
        let results = await Self.checker().check(try VerifiableCredential(json: .object(document)))
        guard case .invalidEntry? = results.first?.status else {
            Issue.record("gave \(results)")
            return
        }
    }
}
