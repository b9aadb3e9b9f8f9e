import Crypto
import CryptoKeys
import DID
import Foundation
import HTTP
import JOSE
import JSONModel
import SDJWT
import StatusList
import Testing
import VellumTestSupport
import X509
import X509Trust

/// draft-ietf-oauth-sd-jwt-vc §3.5 (issuer key resolution) and §3.2.2.2 (status), over real
/// certificates, a real loopback HTTP server and real DID documents.
@Suite("SD-JWT VC issuer keys and status")
struct IssuerKeyResolverTests {
    /// A root, and a leaf for the issuer key with the given SANs.
    struct PKI {
        let rootKey = P256.Signing.PrivateKey()
        let leafKey = P256.Signing.PrivateKey()
        let root: Certificate
        let leaf: Certificate

        init(sans: [GeneralName] = [.uniformResourceIdentifier("https://issuer.example.com")]) throws {
            let start = Date(timeIntervalSince1970: VCFixtures.now - 86_400 * 30)
            let end = Date(timeIntervalSince1970: VCFixtures.now + 86_400 * 365)
            root = try TestPKI.root(key: rootKey, notBefore: start, notAfter: end)
            leaf = try TestPKI.leaf(
                subject: "Test Issuer", publicKey: leafKey.publicKey, issuer: root, issuerKey: rootKey,
                notBefore: start, notAfter: end, subjectAlternativeNames: sans)
        }

        func signer() throws -> SoftwareSigner {
            try SoftwareSigner(privateKey: PrivateKey(rawRepresentation: leafKey.rawRepresentation, curve: .p256))
        }

        func header() throws -> JOSEHeader {
            var header = JOSEHeader(algorithm: "ES256", type: "dc+sd-jwt")
            header.certificateChain = [try TestPKI.derData(leaf)]
            return header
        }

        func resolver(
            anchors: [Certificate]? = nil, issuerNameRule: X5CIssuerKeyResolver.IssuerNameRule = .whenNamed
        ) -> SDJWTVCIssuerKeyResolver {
            SDJWTVCIssuerKeyResolver(certificates: X5CIssuerKeyResolver(
                anchors: TrustAnchorStore(anchors ?? [root]), clock: Fixtures.clock(VCFixtures.now),
                issuerNameRule: issuerNameRule))
        }
    }

    @Test("x5c: a chain to a trusted root whose leaf names the issuer verifies")
    func x5cTrusted() async throws {
        for sans: [GeneralName] in [[.uniformResourceIdentifier("https://issuer.example.com")], [.dnsName("issuer.example.com")]] {
            let pki = try PKI(sans: sans)
            let sdJWT = try await VCFixtures.issue(VCFixtures.claims(), header: pki.header(), signer: pki.signer())
            let verified = try await VCFixtures.verifier().verify(sdJWT, resolver: pki.resolver())
            #expect(verified.issuer == "https://issuer.example.com")
        }
    }

    @Test("x5c: an untrusted chain is refused")
    func x5cUntrusted() async throws {
        let pki = try PKI()
        let other = try PKI()
        let sdJWT = try await VCFixtures.issue(VCFixtures.claims(), header: pki.header(), signer: pki.signer())
        await expectVCError({ if case .sdJWT(.issuerKeyNotFound) = $0 { true } else { false } }) {
            _ = try await VCFixtures.verifier().verify(sdJWT, resolver: pki.resolver(anchors: [other.root]))
        }
        // No anchors configured at all: refused, not passed to another mechanism.
        await expectVCError({ if case .sdJWT(.issuerKeyNotFound) = $0 { true } else { false } }) {
            _ = try await VCFixtures.verifier().verify(sdJWT, resolver: SDJWTVCIssuerKeyResolver())
        }
    }

    @Test("x5c: a trusted leaf that names other URLs or hosts than the https issuer is refused")
    func x5cIssuerMismatch() async throws {
        let pki = try PKI(sans: [.uniformResourceIdentifier("https://other.example.com"), .dnsName("other.example.com")])
        let sdJWT = try await VCFixtures.issue(VCFixtures.claims(), header: pki.header(), signer: pki.signer())
        await expectVCError({ if case .sdJWT(.issuerKeyNotFound) = $0 { true } else { false } }) {
            _ = try await VCFixtures.verifier().verify(sdJWT, resolver: pki.resolver())
        }
    }

    @Test("x5c: a leaf naming no URL or host (as the EU PID issuers' do) makes its subject the issuer; only the strict rule refuses it")
    func x5cLeafNamingNoIssuer() async throws {
        let pki = try PKI(sans: [])
        let sdJWT = try await VCFixtures.issue(VCFixtures.claims(), header: pki.header(), signer: pki.signer())
        #expect(try await VCFixtures.verifier().verify(sdJWT, resolver: pki.resolver()).issuer == "https://issuer.example.com")
        await expectVCError({ if case .sdJWT(.issuerKeyNotFound) = $0 { true } else { false } }) {
            _ = try await VCFixtures.verifier().verify(sdJWT, resolver: pki.resolver(issuerNameRule: .required))
        }
        // A leaf that names another issuer passes only when names are not compared at all.
        let other = try PKI(sans: [.dnsName("other.example.com")])
        let claimed = try await VCFixtures.issue(VCFixtures.claims(), header: other.header(), signer: other.signer())
        _ = try await VCFixtures.verifier().verify(claimed, resolver: other.resolver(issuerNameRule: .none))
    }

    @Test("x5c: a chain signed by a key other than the leaf's is refused")
    func x5cWrongSigner() async throws {
        let pki = try PKI()
        let sdJWT = try await VCFixtures.issue(VCFixtures.claims(), header: pki.header(), signer: Fixtures.issuerSigner())
        await expectVCError({ if case .sdJWT(.issuerJWT) = $0 { true } else { false } }) {
            _ = try await VCFixtures.verifier().verify(sdJWT, resolver: pki.resolver())
        }
    }

    static func metadataResolver() -> SDJWTVCIssuerKeyResolver {
        SDJWTVCIssuerKeyResolver(metadata: IssuerMetadataKeyResolver(httpClient: URLSessionHTTPClient()))
    }

    static func issuerJWKS(kid: String) throws -> String {
        let jwk = JWK(publicKey: try Fixtures.issuerKey().publicKey, keyID: kid)
        return #"{"keys":["# + String(decoding: jwk.jsonData(), as: UTF8.self) + "]}"
    }

    @Test("metadata: the well-known URL inserts the segment between host and path")
    func metadataURL() {
        #expect(IssuerMetadataKeyResolver.metadataURL(for: "https://example.com/tenant/1234")?.absoluteString
            == "https://example.com/.well-known/jwt-vc-issuer/tenant/1234")
        #expect(IssuerMetadataKeyResolver.metadataURL(for: "https://example.com")?.absoluteString
            == "https://example.com/.well-known/jwt-vc-issuer")
        #expect(IssuerMetadataKeyResolver.metadataURL(for: "did:example:123") == nil)
        #expect(IssuerMetadataKeyResolver.metadataURL(for: "https://example.com/?q=1") == nil)
    }

    @Test("metadata: inline jwks and jwks_uri both give the key named by kid; a wrong kid or issuer is refused")
    func metadata() async throws {
        let jwks = try Self.issuerJWKS(kid: "key-1")
        try await LoopbackServer.with(pages: { base in
            [
                "/.well-known/jwt-vc-issuer/inline": .init(body: #"{"issuer":"\#(base)/inline","jwks":\#(jwks)}"#),
                "/.well-known/jwt-vc-issuer/byuri": .init(body: #"{"issuer":"\#(base)/byuri","jwks_uri":"\#(base)/jwks.json"}"#),
                "/jwks.json": .init(body: jwks),
                "/.well-known/jwt-vc-issuer/liar": .init(body: #"{"issuer":"\#(base)/inline","jwks":\#(jwks)}"#),
                "/.well-known/jwt-vc-issuer/both": .init(
                    body: #"{"issuer":"\#(base)/both","jwks":\#(jwks),"jwks_uri":"\#(base)/jwks.json"}"#),
            ]
        }) { base in
            let signer = try Fixtures.issuerSigner()
            for path in ["inline", "byuri"] {
                let sdJWT = try await VCFixtures.issue(
                    VCFixtures.claims(iss: "\(base)/\(path)"),
                    header: JOSEHeader(algorithm: "ES256", keyID: "key-1", type: "dc+sd-jwt"), signer: signer)
                let verified = try await VCFixtures.verifier().verify(sdJWT, resolver: Self.metadataResolver())
                #expect(verified.issuer == "\(base)/\(path)")
            }
            let refusals: [(String, String)] = [("inline", "key-2"), ("liar", "key-1"), ("both", "key-1"), ("missing", "key-1")]
            for (path, kid) in refusals {
                let sdJWT = try await VCFixtures.issue(
                    VCFixtures.claims(iss: "\(base)/\(path)"),
                    header: JOSEHeader(algorithm: "ES256", keyID: kid, type: "dc+sd-jwt"), signer: signer)
                await expectVCError({ if case .sdJWT(.issuerKeyNotFound) = $0 { true } else { false } }) {
                    _ = try await VCFixtures.verifier().verify(sdJWT, resolver: Self.metadataResolver())
                }
            }
        }
    }

    @Test("DID: an assertionMethod key of the issuer DID verifies; a key of another DID is refused")
    func did() async throws {
        let issuerKey = try Fixtures.issuerKey()
        let did = try #require(DIDJWK.make(for: issuerKey.publicKey))
        let otherDID = try #require(DIDJWK.make(for: Fixtures.holderKey().publicKey))
        let resolver = SDJWTVCIssuerKeyResolver(dids: DIDIssuerKeyResolver(resolver: DIDResolverRegistry.offline()))
        let good = try await VCFixtures.issue(
            VCFixtures.claims(iss: "\(did)"), header: JOSEHeader(algorithm: "ES256", keyID: "\(did)#0", type: "dc+sd-jwt"),
            signer: SoftwareSigner(privateKey: issuerKey))
        #expect(try await VCFixtures.verifier().verify(good, resolver: resolver).issuer == "\(did)")
        let relative = try await VCFixtures.issue(
            VCFixtures.claims(iss: "\(did)"), header: JOSEHeader(algorithm: "ES256", keyID: "#0", type: "dc+sd-jwt"),
            signer: SoftwareSigner(privateKey: issuerKey))
        _ = try await VCFixtures.verifier().verify(relative, resolver: resolver)
        let foreign = try await VCFixtures.issue(
            VCFixtures.claims(iss: "\(did)"), header: JOSEHeader(algorithm: "ES256", keyID: "\(otherDID)#0", type: "dc+sd-jwt"),
            signer: Fixtures.holderSigner())
        await expectVCError({ if case .sdJWT(.issuerKeyNotFound) = $0 { true } else { false } }) {
            _ = try await VCFixtures.verifier().verify(foreign, resolver: resolver)
        }
    }

    @Test("DID: a DID kid signs for no issuer but that DID; an https or absent iss with a self-made did:jwk is a forgery")
    func didKeyUnderAnotherIssuer() async throws {
        let forger = PrivateKey(curve: .p256)
        let forgerDID = try #require(DIDJWK.make(for: forger.publicKey))
        let resolver = SDJWTVCIssuerKeyResolver(dids: DIDIssuerKeyResolver(resolver: DIDResolverRegistry.offline()))
        for claims in [VCFixtures.claims(iss: "https://gov.example"), VCFixtures.claims(iss: nil)] {
            let forged = try await VCFixtures.issue(
                claims, header: JOSEHeader(algorithm: "ES256", keyID: "\(forgerDID)#0", type: "dc+sd-jwt"),
                signer: SoftwareSigner(privateKey: forger))
            await expectVCError({ if case .sdJWT(.issuerKeyNotFound) = $0 { true } else { false } }) {
                _ = try await VCFixtures.verifier().verify(forged, resolver: resolver)
            }
        }
    }

    @Test("status: a status list entry is read; revoked and suspended are refused, unknown is reported")
    func status() async throws {
        let signer = try Fixtures.issuerSigner()
        let now = Date(timeIntervalSince1970: VCFixtures.now)
        let published = Locked("")
        try await LoopbackServer.with(pages: { _ in
            ["/statuslists/1": .init(contentType: "application/statuslist+jwt", body: published.value)]
        }) { base in
            let list = try TokenStatusList(bits: .two, statuses: [.valid, .invalid, .suspended])
            published.value = try await StatusListToken(subject: "\(base)/statuslists/1", issuedAt: now, statusList: list)
                .signedJWT(signer: signer)
            let statusResolver = StatusListResolver(
                httpClient: URLSessionHTTPClient(), keys: StatusListKeyLookup.fixed(try Fixtures.issuerKey().publicKey),
                policy: StatusListPolicy(clock: Fixtures.clock(VCFixtures.now)), cache: nil)
            func credential(_ index: Int, uri: String) async throws -> SDJWTObject {
                var claims = VCFixtures.claims()
                claims["status"] = .object(["status_list": .object([
                    "idx": .number(JSONNumber(Int64(index))), "uri": .string(uri),
                ])])
                return try await VCFixtures.issue(claims, signer: signer)
            }
            var verifier = VCFixtures.verifier()
            verifier.statusResolver = statusResolver
            let valid = try await verifier.verify(credential(0, uri: "\(base)/statuslists/1"), resolver: Fixtures.issuerResolver())
            #expect(valid.status == .valid)
            for (index, result) in [(1, StatusResult.invalid), (2, .suspended)] {
                let sdJWT = try await credential(index, uri: "\(base)/statuslists/1")
                await expectVCError({ $0 == .statusRejected(result) }) {
                    _ = try await verifier.verify(sdJWT, resolver: Fixtures.issuerResolver())
                }
            }
            // An index the verified list does not cover: the draft says MUST reject, so the
            // default policy refuses it although it accepts other unknown statuses.
            let outside = try await credential(1_000, uri: "\(base)/statuslists/1")
            await expectVCError({ if case .statusRejected(.unknown(.indexOutOfRange)) = $0 { true } else { false } }) {
                _ = try await verifier.verify(outside, resolver: Fixtures.issuerResolver())
            }
            let missing = try await credential(0, uri: "\(base)/statuslists/9")
            let unknown = try await verifier.verify(missing, resolver: Fixtures.issuerResolver())
            guard case .unknown? = unknown.status else { Issue.record("expected unknown"); return }
            verifier.statusPolicy = .requireValid
            await expectVCError({ if case .statusRejected(.unknown) = $0 { true } else { false } }) {
                _ = try await verifier.verify(missing, resolver: Fixtures.issuerResolver())
            }
            verifier.statusPolicy = .report
            let revoked = try await verifier.verify(credential(1, uri: "\(base)/statuslists/1"), resolver: Fixtures.issuerResolver())
            #expect(revoked.status == .invalid)
        }
    }

    /// A loopback status list page: `body` gets the box whose text the page serves and the
    /// page's URI.
    static func withStatusListPage(_ body: @Sendable (Locked<String>, String) async throws -> Void) async throws {
        let published = Locked("")
        try await LoopbackServer.with(pages: { _ in
            ["/statuslists/1": .init(contentType: "application/statuslist+jwt", body: published.value)]
        }) { base in
            try await body(published, "\(base)/statuslists/1")
        }
    }

    /// Status list draft, key resolution: the list's signer must be bound to the credential's
    /// issuer. Whoever serves the status URI (a CDN, a host) can sign a token with a key of
    /// their own that the DID resolver resolves; that list must not clear a revoked credential.
    @Test("status: a list signed by a key not bound to the credential's issuer does not answer for it")
    func statusListSignedByAnotherIssuer() async throws {
        let issuerKey = try Fixtures.issuerKey()
        let issuerDID = try #require(DIDJWK.make(for: issuerKey.publicKey))
        let forger = PrivateKey(curve: .p256)
        let forgerDID = try #require(DIDJWK.make(for: forger.publicKey))
        let now = Date(timeIntervalSince1970: VCFixtures.now)
        try await Self.withStatusListPage { published, uri in
            let resolver = SDJWTVCIssuerKeyResolver(dids: DIDIssuerKeyResolver(resolver: DIDResolverRegistry.offline()))
            var verifier = VCFixtures.verifier()
            verifier.statusResolver = StatusListResolver(
                httpClient: URLSessionHTTPClient(), keys: resolver.statusListKeys,
                policy: StatusListPolicy(clock: Fixtures.clock(VCFixtures.now)), cache: StatusListCache())
            verifier.statusPolicy = .report
            var claims = VCFixtures.claims(iss: "\(issuerDID)")
            claims["status"] = .object(["status_list": .object(["idx": 1, "uri": .string(uri)])])
            let credential = try await VCFixtures.issue(
                claims, header: JOSEHeader(algorithm: "ES256", keyID: "\(issuerDID)#0", type: "dc+sd-jwt"),
                signer: SoftwareSigner(privateKey: issuerKey))

            // The issuer's own list: index 1 is revoked.
            published.value = try await StatusListToken(
                subject: uri, issuer: "\(issuerDID)", issuedAt: now,
                statusList: TokenStatusList(bits: .one, statuses: [.valid, .invalid])
            ).signedJWT(signer: SoftwareSigner(privateKey: issuerKey, keyID: "\(issuerDID)#0"))
            #expect(try await verifier.verify(credential, resolver: resolver).status == .invalid)

            // A list saying "valid", signed by a did:jwk of the forger's own: no key is found.
            published.value = try await StatusListToken(
                subject: uri, issuer: "\(forgerDID)", issuedAt: now,
                statusList: TokenStatusList(bits: .one, statuses: [.valid, .valid])
            ).signedJWT(signer: SoftwareSigner(privateKey: forger, keyID: "\(forgerDID)#0"))
            verifier.statusResolver = StatusListResolver(
                httpClient: URLSessionHTTPClient(), keys: resolver.statusListKeys,
                policy: StatusListPolicy(clock: Fixtures.clock(VCFixtures.now)), cache: nil)
            guard case .unknown(.keyNotFound)? = try await verifier.verify(credential, resolver: resolver).status else {
                Issue.record("a status list signed by another key answered for the credential")
                return
            }
        }
    }

    /// An x5c status list token proves nothing by its `iss`: a certificate need not name an
    /// issuer. Another authority's certificate claiming the credential's `iss` must not answer
    /// for it; the credential's own key does.
    @Test("status: an x5c list from another authority claiming the credential's iss does not answer for it")
    func statusListFromAnotherAuthority() async throws {
        let pki = try PKI()
        let other = try PKI(sans: [])
        let now = Date(timeIntervalSince1970: VCFixtures.now)
        try await Self.withStatusListPage { published, uri in
            let resolver = SDJWTVCIssuerKeyResolver(certificates: X5CIssuerKeyResolver(
                anchors: TrustAnchorStore([pki.root, other.root]), clock: Fixtures.clock(VCFixtures.now)))
            var verifier = VCFixtures.verifier()
            verifier.statusPolicy = .report
            var claims = VCFixtures.claims()
            claims["status"] = .object(["status_list": .object(["idx": 1, "uri": .string(uri)])])
            let credential = try await VCFixtures.issue(claims, header: pki.header(), signer: pki.signer())
            func publish(_ statuses: [StatusType], by signer: PKI) async throws {
                var header = try signer.header()
                header.type = "statuslist+jwt"
                let list = try TokenStatusList(bits: .one, statuses: statuses)
                let claims = JWTClaims(
                    issuer: "https://issuer.example.com", subject: uri, issuedAt: now,
                    additionalClaims: ["status_list": try list.jsonValue()])
                published.value = try await JWT.sign(claims, header: header, signer: signer.signer())
            }
            func status() async throws -> StatusResult? {
                verifier.statusResolver = StatusListResolver(
                    httpClient: URLSessionHTTPClient(), keys: resolver.statusListKeys,
                    policy: StatusListPolicy(clock: Fixtures.clock(VCFixtures.now)), cache: nil)
                return try await verifier.verify(credential, resolver: resolver).status
            }
            try await publish([.valid, .invalid], by: pki)
            #expect(try await status() == .invalid)
            try await publish([.valid, .valid], by: other)
            guard case .unknown(.keyNotFound)? = try await status() else {
                Issue.record("another authority's status list answered for the credential")
                return
            }
        }
    }

    /// A `jwk` in the header is the signer vouching for itself: the resolver takes keys only
    /// from an anchor (a trusted `x5c` chain, the issuer's metadata, its DID), so a forger
    /// whose own key rides along in the header gets no key, whatever `iss` says.
    @Test("an embedded jwk with no x5c, DID or metadata behind it is not an issuer key")
    func embeddedJWKWithoutAnchor() async throws {
        let pki = try PKI()
        let forger = PrivateKey(curve: .p256)
        var header = JOSEHeader(algorithm: "ES256", type: "dc+sd-jwt")
        header["jwk"] = try JSONValue(parsing: JWK(publicKey: forger.publicKey).jsonData())
        let resolver = SDJWTVCIssuerKeyResolver(
            certificates: pki.resolver().certificates, dids: DIDIssuerKeyResolver(resolver: DIDResolverRegistry.offline()))
        for claims in [VCFixtures.claims(), VCFixtures.claims(iss: nil)] {
            let forged = try await VCFixtures.issue(claims, header: header, signer: SoftwareSigner(privateKey: forger))
            await expectVCError({ if case .sdJWT(.issuerKeyNotFound) = $0 { true } else { false } }) {
                _ = try await VCFixtures.verifier().verify(forged, resolver: resolver)
            }
        }
    }
}
