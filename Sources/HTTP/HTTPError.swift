/// Why an HTTP exchange did not produce a response, in terms a caller can act on.
///
/// A status code such as 404 is *not* an error here: the server answered, and the caller
/// decides what the status means for its protocol.
public enum HTTPError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The URL cannot be sent (no host, not absolute, unparsable).
    case invalidURL(String)
    /// Plain `http` to a host that is not loopback (or loopback while not allowed).
    case insecureScheme(String)
    /// A scheme other than `http`/`https` (for example `file:` or `ftp:`).
    case unsupportedScheme(String)
    /// No complete response within the time limit.
    case timeout
    /// The response body exceeded the byte limit (declared or actually received).
    case tooLarge(limit: Int)
    /// More redirects than the policy allows (a loop, or a very long chain).
    case tooManyRedirects(limit: Int)
    /// A redirect to a location the scheme policy forbids (for example https → http, or a
    /// `file:` URL), judged from the `Location` the server sent.
    case insecureRedirect(String)
    /// A redirect to another origin where the request allows only its own
    /// (``HTTPClientPolicy/RedirectPolicy/sameOrigin``).
    case crossOriginRedirect(String)
    /// The host is, or resolves to, an address the ``HTTPAddressPolicy`` refuses (link-local,
    /// private, …); no connection was made.
    case forbiddenAddress(host: String, address: String, range: AddressRange)
    /// The request body could not be encoded.
    case encoding(String)
    /// The request was cancelled (Swift task cancellation).
    case cancelled
    /// The transport failed (connection refused, DNS, TLS, …).
    case transport(String)

    /// A message for a person reading a log.
    public var description: String {
        switch self {
        case .invalidURL(let url): return "invalid URL: \(url)"
        case .insecureScheme(let url): return "refusing plain http to a non-loopback host: \(url)"
        case .unsupportedScheme(let url): return "unsupported URL scheme: \(url)"
        case .timeout: return "the request timed out"
        case .tooLarge(let limit): return "the response body exceeds \(limit) bytes"
        case .tooManyRedirects(let limit): return "more than \(limit) redirects"
        case .insecureRedirect(let url): return "refusing an insecure redirect to \(url)"
        case .crossOriginRedirect(let url): return "refusing a redirect to another origin: \(url)"
        case .forbiddenAddress(let host, let address, let range):
            let name = host == address || host == "[\(address)]" ? address : "\(host) (\(address))"
            let remedy = HTTPAddressPolicy.isConfigurable(range)
                ? "allowed only when the deployment allows it explicitly"
                : "never reached by a wallet"
            return "refusing to connect to \(name): it is \(range), \(remedy)"
        case .encoding(let reason): return "could not encode the request body: \(reason)"
        case .cancelled: return "the request was cancelled"
        case .transport(let reason): return "transport error: \(reason)"
        }
    }
}
