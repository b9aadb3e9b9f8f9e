import AnonCreds
import CryptoKeys
import Foundation
import HTTP
import Logging
import StatusList
import X509
import X509Trust

/// The holder wallet an app (or the `vellum` CLI) works with: credentials received,
/// verified and kept; the keys they are bound to; the certificates trusted; the record of
/// what happened.
///
/// It composes the headless modules — ``WalletStore`` for encrypted storage, a
/// ``SecureArea`` for keys, SDJWT and MDoc for validation, StatusList over an `HTTPClient`
/// for revocation — and owns no protocol: an OpenID4VCI flow obtains credentials and hands
/// each to ``addCredential(_:)``, which validates it fully and stores it, or stores nothing
/// and says why.
///
/// ```swift
/// let wallet = try await CredentialWallet.create(at: directory, passphrase: passphrase)
/// try await wallet.addTrustedIssuerCertificates([iacaPEM])
/// let key = try await wallet.createHolderKey()
/// // … the issuer binds the credential to key.publicKey …
/// let stored = try await wallet.addCredential(
///     ReceivedCredential(format: .mdoc, credential: response, holderKeyID: key.id, issuer: display))
/// let shown = try await wallet.credential(id: stored.id)   // verified again, now
/// ```
public actor CredentialWallet {
    /// The encrypted store.
    public nonisolated let store: WalletStore
    /// Where the holder keys live.
    public nonisolated let secureArea: any SecureArea
    /// The transport for status lists.
    public nonisolated let httpClient: any HTTPClient
    /// Where the wallet logs (``CredentialWalletConfiguration/logger``).
    nonisolated var logger: Logger { configuration.logger }
    /// The settings the wallet was opened with.
    public nonisolated let configuration: CredentialWalletConfiguration
    /// The credential formats this wallet holds, each by its plug-in.
    nonisolated let formats = CredentialFormatRegistry.standard

    /// The formats a wallet holds as shipped (what `list --format` may name).
    public static var standardFormats: [CredentialFormat] { CredentialFormatRegistry.standard.plugIns.map(\.format) }

    private var statusCaches: [PublicKey: StatusListCache] = [:]
    /// The most issuer keys with a status cache of their own.
    static let maximumStatusCaches = 256

    /// A wallet over an open `store`.
    public init(store: WalletStore, configuration: CredentialWalletConfiguration = CredentialWalletConfiguration()) {
        self.store = store
        self.configuration = configuration
        self.secureArea = configuration.secureArea?(store) ?? SoftwareSecureArea(store: store)
        self.httpClient = LoggingHTTPClient(configuration.httpClient ?? NIOHTTPClient(), logger: configuration.logger)
    }

    /// Creates a wallet in `directory` (made if missing) protected by `passphrase`.
    ///
    /// Throws ``WalletError/walletAlreadyExists(path:)`` when one is there already.
    public static func create(
        at directory: URL, passphrase: String,
        configuration: CredentialWalletConfiguration = CredentialWalletConfiguration()
    ) async throws(WalletError) -> CredentialWallet {
        let store = try await WalletStore.create(
            at: directory, passphrase: passphrase, keyDerivation: configuration.keyDerivation,
            limits: configuration.limits, clock: configuration.clock)
        return CredentialWallet(store: store, configuration: configuration)
    }

    /// Opens the wallet in `directory`; ``WalletError/wrongPassphrase`` writes nothing.
    public static func open(
        at directory: URL, passphrase: String,
        configuration: CredentialWalletConfiguration = CredentialWalletConfiguration()
    ) async throws(WalletError) -> CredentialWallet {
        let store = try await WalletStore.open(
            at: directory, passphrase: passphrase, limits: configuration.limits, clock: configuration.clock)
        return CredentialWallet(store: store, configuration: configuration)
    }

    /// Whether `directory` holds a wallet file.
    public static func exists(at directory: URL) -> Bool {
        FileManager.default.fileExists(atPath: directory.appendingPathComponent(WalletStore.databaseFileName).path)
    }

    /// Closes the store.
    public func close() async throws(WalletError) {
        try await store.close()
    }

    /// The wallet's current time.
    nonisolated var now: Date { configuration.clock() }

    // MARK: Keys

    /// Makes a new holder key in the secure area (P-256 unless asked otherwise), for an
    /// issuer to bind a credential to.
    public func createHolderKey(curve: KeyCurve = .p256) async throws(WalletError) -> SecureAreaKey {
        try await secureArea.createKey(curve: curve)
    }

    /// A `Signer` for holder key `keyID` (proofs of possession, key binding, device auth).
    public func holderKeySigner(keyID: String) async throws(WalletError) -> SecureAreaSigner {
        try await secureArea.signer(keyID: keyID)
    }

    // MARK: Status lists

    /// A resolver for the status lists of credentials signed by `issuerKey` under
    /// `issuerChain`, bound to that issuer: a list token carrying no chain must be signed by
    /// `issuerKey` itself; one with an `x5c`/`x5chain` must lead to an issuer root and its
    /// leaf must be bound to the credential's signer as ``StatusListIssuerBinding`` decides.
    /// Whoever serves the list cannot sign one of their own, nor can another issuer under the
    /// same trusted roots. Tokens are cached per issuer key, so one issuer's list never
    /// answers for another's.
    func statusResolver(issuerKey: PublicKey, issuerChain: [Data], anchors: TrustAnchorStore, at time: Date) -> StatusListResolver {
        let clock = configuration.clock
        var cache: StatusListCache?
        if configuration.cachesStatusLists {
            if let existing = statusCaches[issuerKey] {
                cache = existing
            } else {
                if statusCaches.count >= Self.maximumStatusCaches { statusCaches.removeAll() }
                let made = StatusListCache(clock: clock)
                statusCaches[issuerKey] = made
                cache = made
            }
        }
        return StatusListResolver(
            httpClient: httpClient, keys: StatusListKeyLookup.certificateChains(to: anchors, at: time),
            policy: StatusListPolicy(clock: clock), cache: cache)
            .bound(to: StatusListReferencingIssuer(key: issuerKey, certificateChain: issuerChain.isEmpty ? nil : issuerChain))
    }

    /// Forgets every cached status list (after the trust list changed).
    func forgetStatusLists() {
        statusCaches.removeAll()
    }

    /// The verification context for a credential bound to `holderKey`, at `time`.
    func inspectionContext(holderKey: PublicKey?, at time: Date) async throws(WalletError) -> InspectionContext {
        let anchors = try await store.trustedCertificates().filter { $0.purposes.contains(.issuer) }
        var context = InspectionContext(now: time, anchors: anchors, holderKey: holderKey)
        context.didDocuments = try await store.trustedDIDDocuments().map(\.document)
        context.linkSecret = try await store.linkSecret(named: Self.linkSecretName).flatMap(LinkSecret.init(storedDecimal:))
        if configuration.checksStatus {
            context.w3cStatusClient = httpClient
            let anchorStore = context.anchorStore
            context.statusResolver = { [self] issuerKey, issuerChain in
                await self.statusResolver(issuerKey: issuerKey, issuerChain: issuerChain, anchors: anchorStore, at: time)
            }
        }
        return context
    }

    /// Verifies `payload` of `format` in `context`, through the format's plug-in.
    func inspect(_ format: CredentialFormat, _ payload: Data, context: InspectionContext) async -> CredentialInspection {
        await formats.plugIn(for: format).inspect(payload, context: context)
    }
}
