/// Which addresses a client may connect to: the rule that keeps a hostile offer, request or
/// redirect from turning the wallet into a proxy for the networks behind it.
///
/// Every URL Vellum fetches is named by someone else (a credential offer's
/// `credential_offer_uri`, a verifier's `request_uri`, a status list URI, each redirect hop).
/// Without this rule, a link could make the wallet fetch `https://169.254.169.254/…` (a cloud
/// metadata service), a router's admin page or an intranet host and act on the answer. The
/// client resolves the host first (a literal address, or every address a name resolves to,
/// through a ``HostResolver``) and asks ``check(host:addresses:)`` before any connection, for
/// the first URL and for every redirect hop; one refused address refuses the request.
///
/// - Public addresses are always allowed.
/// - Loopback is allowed by default (the sandbox, tests, a local issuer during development);
///   a server deployment that must never reach its own services turns ``allowsLoopback`` off.
/// - Private networks (RFC 1918, fc00::/7) and the shared CGNAT range (100.64.0.0/10) are
///   refused unless ``allowsPrivateNetwork`` is on, for an enterprise deployment whose issuers
///   and verifiers live on the intranet.
/// - Link-local (169.254.0.0/16, fe80::/10, where metadata services answer), unspecified,
///   multicast, broadcast and reserved addresses are always refused: no credential service
///   lives there.
public struct HTTPAddressPolicy: Sendable, Equatable {
    /// Whether loopback addresses (127.0.0.0/8, `::1`) may be reached.
    public var allowsLoopback: Bool
    /// Whether private-network and shared addresses may be reached.
    public var allowsPrivateNetwork: Bool

    /// A policy; the default allows public addresses and loopback only.
    public init(allowsLoopback: Bool = true, allowsPrivateNetwork: Bool = false) {
        self.allowsLoopback = allowsLoopback
        self.allowsPrivateNetwork = allowsPrivateNetwork
    }

    /// Whether an address in `range` may be reached.
    public func allows(_ range: AddressRange) -> Bool {
        switch range {
        case .global: true
        case .loopback: allowsLoopback
        case .privateNetwork, .sharedAddressSpace: allowsPrivateNetwork
        case .linkLocal, .unspecified, .multicast, .broadcast, .reserved: false
        }
    }

    /// Throws ``HTTPError/forbiddenAddress(host:address:range:)`` for the first of `addresses`
    /// (what `host` resolved to) that may not be reached, and ``HTTPError/transport(_:)`` when
    /// there is none.
    public func check(host: String, addresses: [IPAddress]) throws(HTTPError) {
        guard !addresses.isEmpty else { throw .transport("\(host) resolves to no address") }
        for address in addresses where !allows(address.range) {
            // An IPv4-mapped or NAT64 address is named by the IPv4 address it reaches.
            let reached = address.embeddedIPv4 ?? address
            throw .forbiddenAddress(host: host, address: reached.description, range: address.range)
        }
    }

    /// Whether refusing `range` is this policy's choice, which a deployment can change
    /// (loopback, private networks), rather than a rule that always holds.
    public static func isConfigurable(_ range: AddressRange) -> Bool {
        switch range {
        case .loopback, .privateNetwork, .sharedAddressSpace: true
        default: false
        }
    }
}
