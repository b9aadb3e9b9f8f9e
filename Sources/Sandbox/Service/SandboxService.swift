import CryptoKeys
import Foundation
import JSONModel
import StatusList

/// The issuer and authorization server behind the HTTP server: owns every piece of protocol
/// state (offers, codes, tokens, nonces, deferred transactions, the status list) and turns
/// each request into a response. Endpoint handlers live in extensions, one file per endpoint
/// family.
actor SandboxService {
    let configuration: SandboxConfiguration
    /// The issuer identifier: `http://127.0.0.1:PORT`, no trailing slash.
    let issuer: String
    let authority: SandboxAuthority
    /// The key credential requests may be encrypted to (ECDH-ES, P-256).
    let requestEncryptionKey: PrivateKey
    let requestEncryptionKeyID: String

    var offers: [String: OfferRecord] = [:]
    var pushedRequests: [String: AuthorizationRequestRecord] = [:]
    var pendingConsents: [String: AuthorizationRequestRecord] = [:]
    var authorizationCodes: [String: AuthorizationRequestRecord] = [:]
    var accessGrants: [String: AccessGrant] = [:]
    var credentialNonces = ExpiringSet()
    var dpopNonces = ExpiringSet()
    var dpopProofIDs = ExpiringSet()
    var deferred: [String: DeferredTransaction] = [:]
    var notificationCredentials: [String: [String]] = [:]
    var notifications: [SandboxNotification] = []
    var issued: [String: SandboxIssuedCredential] = [:]
    var statusList: TokenStatusList
    var nextStatusIndex = 0
    /// The faults injected now; starts as the configuration's, changeable while running.
    var faults: Set<SandboxFault>
    /// The OpenID4VP verifier served under `/verifier/`, trusting this sandbox's root.
    let verifier: SandboxVerifier

    /// The W3C issuer and verifier of scanned exchanges.
    let exchangeIssuer = SandboxExchangeIssuer()
    /// The scanned exchanges made, by id.
    var exchanges: [String: SandboxExchange] = [:]

    /// The Aries issuer's AnonCreds objects, made on first use and kept in the state file.
    var ariesMaterial: SandboxAriesMaterial?
    /// The Aries agent: invitations, connections, exchanges and the holders' queues.
    var aries = SandboxAriesAgent()
    /// The invitation the home page shows, until a holder takes it.
    var pageInvitation: SandboxAriesInvitation?

    /// The one status list's path.
    static let statusListPath = "/status/1"

    /// Where the status list and the issued records are kept between starts, if anywhere.
    let stateFile: SandboxStateFile?
    /// The state this service started from; its keys, and the record kept by ``persist()``.
    private(set) var state: SandboxState

    init(
        configuration: SandboxConfiguration, issuer: String, authority: SandboxAuthority, state: SandboxState,
        stateFile: SandboxStateFile?
    ) throws(SandboxError) {
        self.configuration = configuration
        self.issuer = issuer
        self.authority = authority
        self.state = state
        self.stateFile = stateFile
        requestEncryptionKey = PrivateKey(curve: .p256)
        requestEncryptionKeyID = "sandbox-request-encryption-1"
        faults = configuration.faults
        verifier = try Self.makeVerifier(
            issuer: issuer, root: authority.root, keys: state.verifierKeys, w3cPresentations: exchangeIssuer.presentationCheck,
            clock: configuration.clock)
        statusList = state.statusList
        nextStatusIndex = state.nextStatusIndex
        issued = state.issued
        ariesMaterial = state.aries
    }

    /// Writes the status list and the issued records to the state file, if there is one.
    /// Called after every change to them, before the change is answered: a credential is not
    /// handed out unless its status index is kept.
    func persist() throws(SandboxError) {
        state.statusList = statusList
        state.nextStatusIndex = nextStatusIndex
        state.issued = issued
        state.issuerURL = issuer
        state.aries = ariesMaterial
        try stateFile?.save(state)
    }

    var now: Date { configuration.clock() }
    var statusListURI: String { issuer + Self.statusListPath }

    func url(_ path: String) -> String { issuer + path }

    /// The IACA list under another name for this host, for ``SandboxFault/redirectsIACAListOffHost``.
    var offHostIACAList: String {
        let other = issuer.replacingOccurrences(of: "://127.0.0.1", with: "://localhost")
        return (other == issuer ? issuer.replacingOccurrences(of: "://localhost", with: "://127.0.0.1") : other) + "/iacas/elsewhere"
    }

    func setFaults(_ faults: Set<SandboxFault>) { self.faults = faults }

    /// The faults that hold a request open rather than answer it wrongly.
    static let stalls: Set<SandboxFault> = [.stallsTokenRequest, .stallsMobileCredentialRequest, .stallsPresentationResponse]

    /// Clears every stall fault, letting the held requests go on.
    func releaseStalls() { faults.subtract(Self.stalls) }

    /// Holds the current request while `fault` is set (checked every 50 ms, at most ten
    /// minutes), so a test can interrupt a client mid-request; clearing the fault lets the
    /// request go on as usual. The actor is free meanwhile: other requests are served.
    func stall(while fault: SandboxFault) async {
        let deadline = ContinuousClock.now + .seconds(600)
        while faults.contains(fault), !Task.isCancelled, ContinuousClock.now < deadline {
            try? await Task.sleep(for: .milliseconds(50))
        }
    }

    /// Routes one request.
    func handle(_ request: SandboxHTTPRequest) async -> SandboxHTTPResponse {
        switch (request.method, request.path) {
        case ("GET", "/.well-known/openid-credential-issuer"): return .json(issuerMetadata)
        case ("GET", "/.well-known/oauth-authorization-server"): return .json(authorizationServerMetadata)
        case ("GET", "/"): return homePage()
        case ("GET", "/favicon.ico"): return SandboxHTTPResponse(status: 204, headers: [], body: Data())
        case ("POST", "/offers/new"): return newOfferFromPage(request)
        case ("POST", "/verifier/requests/new"): return await newRequestFromPage(request)
        case ("GET", "/iacas"):
            if faults.contains(.redirectsIACAListOffHost) { return .redirect(to: offHostIACAList) }
            return iacasDocument()
        case ("GET", "/iacas/elsewhere"): return iacasDocument()
        case ("GET", "/certificates/root.pem"):
            return SandboxHTTPResponse(
                status: 200, headers: [("Content-Type", "application/x-pem-file")], body: Data(SandboxAuthority.pem(authority.root).utf8))
        case ("POST", "/admin/offers"): return await adminCreateOffer(request)
        case ("POST", "/admin/status"): return adminSetStatus(request)
        case ("POST", "/admin/presentation-requests"): return await adminCreatePresentationRequest(request)
        case ("POST", "/admin/exchanges"): return adminCreateExchange(request)
        case ("POST", "/exchanges/new"): return newExchangeFromPage(request)
        case ("POST", "/par") where configuration.offersPAR: return pushAuthorizationRequest(request)
        case ("GET", "/authorize"): return authorize(request)
        case ("POST", "/authorize/consent"): return consent(request)
        case ("POST", "/token"):
            await stall(while: .stallsTokenRequest)
            return token(request)
        case ("POST", "/nonce"): return nonce(request)
        case ("POST", "/credential"): return await credential(request)
        case ("POST", "/deferred_credential"): return deferredCredential(request)
        case ("POST", "/notification"): return notification(request)
        case ("GET", Self.statusListPath):
            if faults.contains(.statusListUnavailable) { return .error("temporarily_unavailable", "the status list is down", status: 503) }
            return await statusListToken()
        default: break
        }
        if request.path.hasPrefix("/verifier/") { return await verifierEndpoint(request) }
        if let response = ariesEndpoint(request) { return response }
        if request.method == "GET", request.path.hasPrefix("/admin/exchanges/") {
            return adminExchange(id: String(request.path.dropFirst("/admin/exchanges/".count)))
        }
        if request.method == "GET", request.path.hasPrefix("/exchanges/"), request.path.hasSuffix("/page") {
            return exchangePage(id: String(request.path.dropFirst("/exchanges/".count).dropLast("/page".count)))
        }
        if request.method == "GET", request.path.hasPrefix("/interactions/") {
            return interaction(id: String(request.path.dropFirst("/interactions/".count)))
        }
        if let response = await exchangeEndpoint(request) { return response }
        if request.method == "GET", request.path.hasPrefix("/offers/") {
            let rest = String(request.path.dropFirst("/offers/".count))
            if rest.hasSuffix("/page") { return offerPage(id: String(rest.dropLast("/page".count))) }
            return offerByReference(id: rest)
        }
        return .error("not_found", "no endpoint \(request.method) \(request.path)", status: 404)
    }
}
