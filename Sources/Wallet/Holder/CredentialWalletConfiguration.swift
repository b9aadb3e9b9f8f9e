import Foundation
import HTTP
import Logging

/// How a ``CredentialWallet`` runs: its KDF (when creating), limits, network, clock, status
/// checks and secure area. Each is injectable so tests are hermetic and an app can bring its
/// own transport or hardware keys.
public struct CredentialWalletConfiguration: Sendable {
    /// The passphrase KDF for a new wallet (ignored when opening: the file names its own).
    /// Default scrypt N = 2^17; never lower it outside tests.
    public var keyDerivation: PassphraseKeyDerivation
    /// Limits on stored records.
    public var limits: WalletLimits
    /// The transport for status lists; `nil` makes a `URLSessionHTTPClient` (https, plus
    /// http to loopback) that the wallet invalidates on ``CredentialWallet/close()``.
    public var httpClient: (any HTTPClient)?
    /// The current time for every verification and record.
    public var clock: @Sendable () -> Date
    /// Whether status lists are fetched; default true. Off, the status is reported as
    /// ``CredentialStatus/notChecked(_:)`` (for offline use).
    public var checksStatus: Bool
    /// Whether verified status list tokens are kept for their `ttl` (per issuer key);
    /// default true. Off, every verification fetches the list.
    public var cachesStatusLists: Bool
    /// The preferred display locales, most preferred first (BCP 47).
    public var locales: [String]
    /// Makes the secure area for the opened store; `nil` uses ``SoftwareSecureArea``.
    public var secureArea: (@Sendable (WalletStore) -> any SecureArea)?
    /// Where the wallet logs what it does (swift-log; silent by default): each HTTP exchange
    /// through ``LoggingHTTPClient`` and each step of a claim or a presentation — issuers,
    /// verifiers, configurations, formats and credential ids, never a key, passphrase, link
    /// secret, code, token or claim value.
    public var logger: Logger

    /// A configuration; the defaults suit an app or the CLI.
    public init(
        keyDerivation: PassphraseKeyDerivation = .recommended, limits: WalletLimits = .default,
        httpClient: (any HTTPClient)? = nil, clock: @escaping @Sendable () -> Date = { Date() },
        checksStatus: Bool = true, cachesStatusLists: Bool = true, locales: [String] = [],
        secureArea: (@Sendable (WalletStore) -> any SecureArea)? = nil,
        logger: Logger = Logger(label: "vellum.wallet", factory: { _ in SwiftLogNoOpLogHandler() })
    ) {
        self.keyDerivation = keyDerivation
        self.limits = limits
        self.httpClient = httpClient
        self.clock = clock
        self.checksStatus = checksStatus
        self.cachesStatusLists = cachesStatusLists
        self.locales = locales
        self.secureArea = secureArea
        self.logger = logger
    }
}
