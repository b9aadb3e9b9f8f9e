import CBOR
import CryptoKeys
import Foundation
import HTTP
import MDoc
import StatusList
import Testing

/// An MSO `status` (IETF Token Status List) is checked through StatusList's resolver.
@Suite("Status")
struct StatusTests {
    static let listURI = "https://status.example.org/lists/1"

    /// Serves one CWT status list token from memory.
    struct StatusServer: HTTPClient {
        let token: Data?

        func send(_ request: HTTPRequest) async throws(HTTPError) -> HTTPResponse {
            guard let token, request.url.absoluteString == StatusTests.listURI else {
                return HTTPResponse(status: 404, url: request.url)
            }
            return HTTPResponse(
                status: 200, headers: ["Content-Type": StatusListTokenFormat.cwt.mediaType], body: token, url: request.url)
        }
    }

    /// A validator whose resolver reads a list where index 1 is revoked and 2 suspended.
    func validator(_ issuer: TestIssuer, served: Bool = true, policy: IssuerSignedValidator.StatusPolicy = .requireValid) async throws -> IssuerSignedValidator {
        let listKey = PrivateKey(curve: .p256)
        let list = try TokenStatusList(bits: .two, statuses: [.valid, .invalid, .suspended, .valid])
        let token = try await StatusListToken(subject: Self.listURI, issuedAt: Date(), expiresAt: Date() + 3_600, statusList: list)
            .signedCWT(signer: SoftwareSigner(privateKey: listKey))
        var validator = issuer.validator
        validator.statusResolver = StatusListResolver(
            httpClient: StatusServer(token: served ? token : nil), keys: StatusListKeyLookup.fixed(listKey.publicKey), cache: nil)
        validator.statusPolicy = policy
        return validator
    }

    func status(index: Int) throws -> CBOR { try StatusListReference(index: index, uri: Self.listURI).statusClaimCBOR }

    @Test("A valid entry passes, a revoked or suspended one is refused")
    func statusFromTheList() async throws {
        let issuer = try TestIssuer()
        let validator = try await validator(issuer)
        let valid = try await issuer.issue(status: try status(index: 0))
        let report = await validator.validate(valid)
        #expect(try report.get().status == .valid)
        #expect(report.outcome(of: .status) == .passed("\(Self.listURI)#0: valid"))

        let revoked = try await issuer.issue(status: try status(index: 1))
        #expect(await validator.validate(revoked).firstFailure == .statusRejected(.invalid))
        let suspended = try await issuer.issue(status: try status(index: 2))
        #expect(await validator.validate(suspended).firstFailure == .statusRejected(.suspended))
    }

    @Test("An unreachable list fails under requireValid and passes under rejectRevokedOnly; an index outside the list fails under both")
    func unknownStatus() async throws {
        let issuer = try TestIssuer()
        let issued = try await issuer.issue(status: try status(index: 0))
        guard case .statusRejected(.unknown)? = try await validator(issuer, served: false).validate(issued).firstFailure else {
            Issue.record("an unknown status was accepted under requireValid")
            return
        }
        let lenient = try await validator(issuer, served: false, policy: .rejectRevokedOnly)
        #expect(await lenient.validate(issued).isValid)
        // An index the served list does not cover is refused even so (the draft's MUST).
        let outside = try await issuer.issue(status: try status(index: 10_000))
        let served = try await validator(issuer, served: true, policy: .rejectRevokedOnly)
        guard case .statusRejected(.unknown(.indexOutOfRange))? = await served.validate(outside).firstFailure else {
            Issue.record("a status index outside the list was accepted")
            return
        }
    }

    @Test("Without a resolver the status step is skipped and says so; a malformed status is refused")
    func noResolverAndMalformedStatus() async throws {
        let issuer = try TestIssuer()
        let issued = try await issuer.issue(status: try status(index: 0))
        #expect(await issuer.validator.validate(issued).outcome(of: .status)
            == .skipped("no status resolver for \(Self.listURI)#0"))
        let malformed = try await issuer.issue(status: ["status_list": ["idx": "zero", "uri": .textString(Self.listURI)]])
        guard case .statusRejected(.unknown(.invalidReference))? = await issuer.validator.validate(malformed).firstFailure else {
            Issue.record("a malformed status map was accepted")
            return
        }
    }
}
