import CryptoKeys
import Foundation
import JOSE
import StatusList
import X509

/// A reference OpenID4VCI 1.0 credential issuer and OAuth authorization server on loopback.
///
/// It exists so a wallet can be tested end to end without the network: the tests, the demo and
/// `vellum sandbox` start one, make offers, let a wallet claim an mDL and an SD-JWT VC PID, and
/// then revoke or suspend what was issued. Everything it signs chains to one self-made root
/// (``certificates``), which a wallet must trust explicitly.
///
/// ```swift
/// let issuer = try SandboxIssuer(configuration: SandboxConfiguration())
/// let base = try await issuer.start()          // http://127.0.0.1:PORT
/// let offer = try await issuer.createOffer(for: [.pid], grant: .preAuthorized(txCode: "1234"))
/// print(offer.byReferenceLink)
/// await issuer.stop()
/// ```
public actor SandboxIssuer {
    /// The configuration the issuer was made with.
    public nonisolated let configuration: SandboxConfiguration
    /// Where the issuer's state came from, and whether it is kept.
    public nonisolated let stateOrigin: SandboxStateOrigin
    private let stateFile: SandboxStateFile?
    private var state: SandboxState
    /// The issuer's root; it is the state's and never changes while the issuer lives.
    private nonisolated let root: Certificate
    private let slot = SandboxServer.Slot()
    private var server: SandboxServer?
    private var service: SandboxService?

    /// The issuer identifier and base URL, `http://HOST:PORT`, once started.
    public private(set) var baseURL: URL?

    /// Makes an issuer with a fresh root certificate, forgotten when it stops; nothing listens
    /// until ``start()``.
    public init(configuration: SandboxConfiguration = SandboxConfiguration()) throws(SandboxError) {
        self.configuration = configuration
        state = try SandboxState.fresh(configuration: configuration)
        root = state.issuerRoot
        stateFile = nil
        stateOrigin = .ephemeral
    }

    /// Makes an issuer that keeps its keys, certificates, status list and issued records in
    /// `stateFile`, so credentials it issued at an earlier start still verify (and keep their
    /// status) after a restart. With `startingFresh`, or when there is no state yet, it makes
    /// new ones and saves them; a state file that cannot be read is an error
    /// (``SandboxError/invalidState(_:)``), never silently replaced.
    public init(configuration: SandboxConfiguration, stateFile: SandboxStateFile, startingFresh: Bool = false) throws(SandboxError) {
        self.configuration = configuration
        self.stateFile = stateFile
        if !startingFresh, stateFile.exists {
            let loaded = try stateFile.load()
            state = loaded
            stateOrigin = .resumed(since: loaded.createdAt, issuerURL: loaded.issuerURL)
        } else {
            stateOrigin = stateFile.exists ? .replaced : .created
            state = try SandboxState.fresh(configuration: configuration)
            try stateFile.save(state)
        }
        root = state.issuerRoot
    }

    /// Starts the server and returns its base URL (the credential issuer identifier).
    /// Starting a running issuer returns the same URL.
    @discardableResult
    public func start() async throws(SandboxError) -> URL {
        if let baseURL, server != nil { return baseURL }
        let server = try await SandboxServer.start(host: configuration.host, port: configuration.port, slot: slot)
        let host = configuration.host.contains(":") ? "[\(configuration.host)]" : configuration.host
        let issuer = "http://\(host):\(server.port)"
        guard let url = URL(string: issuer) else {
            await server.stop()
            throw .serverFailed("\(issuer) is not a URL")
        }
        do {
            let authority = try SandboxAuthority(rootKey: state.issuerRootKey, root: state.issuerRoot, issuerURL: url, now: configuration.clock())
            let service = try SandboxService(
                configuration: configuration, issuer: issuer, authority: authority, state: state, stateFile: stateFile)
            try await service.persist()
            await slot.set(service)
            self.service = service
        } catch {
            await server.stop()
            throw error
        }
        self.server = server
        baseURL = url
        return url
    }

    /// Stops the server gracefully. The issuer's state (offers, issued credentials) is dropped.
    /// Requests held by a stall fault are let go first (graceful shutdown waits for them).
    public func stop() async {
        if let service { state = await service.state }
        await service?.releaseStalls()
        await server?.stop()
        server = nil
        service = nil
        baseURL = nil
    }

    func running() throws(SandboxError) -> SandboxService {
        guard let service else { throw .notRunning }
        return service
    }

    /// Makes a credential offer for `kinds`; see ``SandboxOffer`` for its links.
    public func createOffer(
        for kinds: [SandboxCredentialKind] = [.pid, .mDL], grant: SandboxGrant = .preAuthorized(txCode: nil)
    ) async throws(SandboxError) -> SandboxOffer {
        try await running().createOffer(kinds: kinds, grant: grant)
    }

    /// Makes a scanned exchange of `kind` (a Credible-style offer or request, a VC-API
    /// exchange) and returns it with the URL a wallet scans.
    public func createExchange(_ kind: SandboxExchange.Kind) async throws(SandboxError) -> (exchange: SandboxExchange, url: URL) {
        let (exchange, link) = try await running().createExchange(kind)
        guard let url = URL(string: link) else { throw .invalidState("the exchange URL \(link) is not a URL") }
        return (exchange, url)
    }

    /// The interaction URL (`…/interactions/{id}?iuv=1`) of a VC-API exchange, which
    /// answers a `GET` with the protocols it offers.
    public func interactionURL(of exchange: SandboxExchange) async throws(SandboxError) -> URL {
        let link = try await running().interactionURL(of: exchange)
        guard let url = URL(string: link) else { throw .invalidState("the interaction URL \(link) is not a URL") }
        return url
    }

    /// The exchange with `id` as it stands now.
    public func exchange(id: String) async throws(SandboxError) -> SandboxExchange {
        guard let exchange = try await running().exchanges[id] else { throw .invalidRequest("no exchange \(id)") }
        return exchange
    }

    /// The DID of the sandbox's W3C issuer (the diplomas of scanned offers).
    public func exchangeIssuerDID() async throws(SandboxError) -> String {
        try running().exchangeIssuer.did
    }

    /// Sets the status list entry of an issued credential (by ``SandboxIssuedCredential/id``
    /// or status index as a string): `.invalid` revokes, `.suspended` suspends, `.valid` reinstates.
    @discardableResult
    public func setStatus(_ status: StatusType, credentialID: String) async throws(SandboxError) -> SandboxIssuedCredential {
        try await running().setStatus(status, credential: credentialID)
    }

    /// Issues one credential of `kind` bound to `holderKey` outside any OpenID4VCI flow, as a
    /// file a wallet imports (`vellum import`): an SD-JWT VC in its compact form, or an mDL as
    /// base64url `IssuerSigned`, with a status list entry like any other.
    public func issueCredential(_ kind: SandboxCredentialKind, boundTo holderKey: JWK) async throws(SandboxError) -> String {
        let thumbprint: String
        do {
            thumbprint = try holderKey.thumbprintString()
        } catch {
            throw .invalidRequest("the holder key has no thumbprint: \(error)")
        }
        let credential = try await running().mint(kind, holderKey: holderKey, thumbprint: thumbprint).0
        return credential.stringValue ?? String(decoding: credential.serialized(), as: UTF8.self)
    }

    /// Revokes an issued credential (status `INVALID`).
    @discardableResult
    public func revoke(credentialID: String) async throws(SandboxError) -> SandboxIssuedCredential {
        try await setStatus(.invalid, credentialID: credentialID)
    }

    /// Suspends an issued credential (status `SUSPENDED`).
    @discardableResult
    public func suspend(credentialID: String) async throws(SandboxError) -> SandboxIssuedCredential {
        try await setStatus(.suspended, credentialID: credentialID)
    }

    /// The current status of an issued credential.
    public func status(ofCredential id: String) async throws(SandboxError) -> StatusType {
        try await running().status(of: id)
    }

    /// Changes the injected faults while running (for example, take the status list down
    /// after issuance to test an unknown status).
    public func setFaults(_ faults: Set<SandboxFault>) async throws(SandboxError) {
        try await running().setFaults(faults)
    }

    /// Every credential issued since ``start()``, oldest first.
    public func issuedCredentials() async -> [SandboxIssuedCredential] {
        guard let service else { return [] }
        return await service.issued.values.sorted { $0.statusIndex < $1.statusIndex }
    }

    /// The notifications wallets sent, in arrival order.
    public func notifications() async -> [SandboxNotification] {
        guard let service else { return [] }
        return await service.notifications
    }

    /// The certificates a wallet must trust (the root), and the leaves once started.
    public var certificates: SandboxCertificates {
        let authority = service?.authority
        return SandboxCertificates(
            rootPEM: SandboxAuthority.pem(root), rootDER: SandboxAuthority.der(root),
            documentSignerDER: authority.map { SandboxAuthority.der($0.documentSigner) },
            issuerDER: authority.map { SandboxAuthority.der($0.issuerCertificate) },
            statusListDER: authority.map { SandboxAuthority.der($0.statusListCertificate) })
    }

    /// The root certificate as PEM: what `vellum trust add` takes.
    public nonisolated var rootCertificatePEM: String { SandboxAuthority.pem(root) }
}
