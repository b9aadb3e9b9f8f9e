import ArgumentParser
import Foundation
import HTTP

/// How the commands that go on the network reach it: one time limit and one address policy for
/// `receive`, `present`, `show`, `status`, `verify` and `did resolve`.
///
/// Every URL those commands fetch is named by someone else (an offer, a request, a credential's
/// status reference, each redirect hop), so the client refuses link-local (cloud metadata),
/// private, shared, unspecified, multicast and broadcast addresses before connecting (see
/// `HTTPAddressPolicy`). An enterprise deployment whose issuers or verifiers live on the
/// intranet allows private networks with `--allow-private-network` or
/// `VELLUM_ALLOW_PRIVATE_NETWORK=1`; link-local and the other special ranges stay refused.
struct NetworkOptions: ParsableArguments {
    @Flag(
        name: .customLong("allow-private-network"),
        help: "Also connect to private-network and shared addresses (10/8, 172.16/12, 192.168/16, 100.64/10, fc00::/7), for issuers and verifiers on an intranet; also VELLUM_ALLOW_PRIVATE_NETWORK=1. Link-local (cloud metadata), multicast and broadcast addresses are never reached.")
    var allowPrivateNetwork = false

    /// The environment variable that allows private networks for every command.
    static let allowPrivateNetworkVariable = "VELLUM_ALLOW_PRIVATE_NETWORK"

    /// The environment variable that sets how long one HTTP request may take, in seconds
    /// (default 30, as in the SDK), for slow networks and loaded machines.
    static let httpTimeoutVariable = "VELLUM_HTTP_TIMEOUT"

    /// `VELLUM_HTTP_TIMEOUT` as a duration, when set to a whole number of seconds from 1 to 3600.
    static var httpTimeout: Duration? {
        guard let text = ProcessInfo.processInfo.environment[httpTimeoutVariable], let seconds = Int(text),
            (1...3600).contains(seconds)
        else { return nil }
        return .seconds(seconds)
    }

    /// Whether `VELLUM_ALLOW_PRIVATE_NETWORK` is set to `1`, `true` or `yes`.
    static var environmentAllowsPrivateNetwork: Bool {
        let value = ProcessInfo.processInfo.environment[allowPrivateNetworkVariable]?.lowercased() ?? ""
        return ["1", "true", "yes"].contains(value)
    }

    /// The client policy for `options` (parsed command-line flags), or for the environment alone.
    static func policy(_ options: NetworkOptions?) -> HTTPClientPolicy {
        let allowsPrivate = (options?.allowPrivateNetwork ?? false) || environmentAllowsPrivateNetwork
        return HTTPClientPolicy(
            timeout: httpTimeout ?? HTTPClientPolicy.defaultTimeout,
            addresses: HTTPAddressPolicy(allowsLoopback: true, allowsPrivateNetwork: allowsPrivate))
    }

    /// A client under ``policy(_:)``.
    static func client(_ options: NetworkOptions?) -> NIOHTTPClient {
        NIOHTTPClient(policy: policy(options))
    }

    /// The line to print after an error whose message shows the address policy refused a
    /// private or shared address: how to allow it. `nil` for any other message.
    static func hint(for message: String) -> String? {
        guard message.contains("refusing to connect to"), message.contains("allows it explicitly") else { return nil }
        return "an issuer or verifier on a private network is reached only with --allow-private-network (or \(allowPrivateNetworkVariable)=1)"
    }
}
