import CBOR
import CryptoKeys
import Foundation
import HTTP
import MDoc
import StatusList
import Testing
import X509
import X509Trust

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

    /// An all-valid list signed by `key`, its certificate chain in the protected `x5chain`.
    func allValidList(signedBy key: PrivateKey, chain: [Certificate]) async throws -> Data {
        let list = try TokenStatusList(bits: .two, statuses: [.valid, .valid, .valid, .valid])
        return try await StatusListToken(subject: Self.listURI, issuedAt: Date(), expiresAt: Date() + 3_600, statusList: list)
            .signedCWT(signer: SoftwareSigner(privateKey: key), certificateChain: chain.map { Data($0.derBytes) })
    }

    @Test("A list signed under a second trusted IACA does not clear a revoked mdoc; one certified by the issuer's own IACA answers")
    func theListIsBoundToTheIssuingAuthority() async throws {
        let issuer = try TestIssuer()
        let other = try TestIssuer(iacaName: "Other IACA")
        let anchors = TrustAnchorStore([issuer.iaca, other.iaca])
        var validator = IssuerSignedValidator(trustAnchors: anchors, clock: { TestIssuer.now })
        let keys = StatusListKeyLookup.certificateChains(to: anchors, policies: validator.chainPolicies, at: TestIssuer.now)
        // Revoked at index 1 in the issuer's own list; whoever serves the URI answers instead.
        let revoked = try await issuer.issue(status: try status(index: 1))

        let forged = try await allValidList(signedBy: other.dsKey, chain: [other.documentSigner])
        validator.statusResolver = StatusListResolver(httpClient: StatusServer(token: forged), keys: keys, cache: nil)
        guard case .statusRejected(.unknown)? = await validator.validate(revoked).firstFailure else {
            Issue.record("a list signed by another trusted IACA's document signer was believed")
            return
        }

        let siblingKey = PrivateKey(curve: .p256)
        let sibling = try TestIssuer.makeDocumentSigner(
            key: siblingKey, issuer: issuer.iaca, issuerKey: issuer.iacaKey,
            notBefore: TestIssuer.epoch, notAfter: TestIssuer.epoch + 365 * TestIssuer.day)
        let genuine = try await allValidList(signedBy: siblingKey, chain: [sibling])
        validator.statusResolver = StatusListResolver(httpClient: StatusServer(token: genuine), keys: keys, cache: nil)
        let siblingReport = await validator.validate(revoked)
        #expect(siblingReport.isValid, "a list certified by the issuer's own IACA answers for it: \(String(describing: siblingReport.firstFailure))")

        let ownKey = try await allValidList(signedBy: issuer.dsKey, chain: [])
        validator.statusResolver = StatusListResolver(httpClient: StatusServer(token: ownKey), keys: keys, cache: nil)
        #expect(await validator.validate(revoked).isValid, "the document signer's own key answers without a chain")
    }

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
