import Foundation

/// The did:web method (W3C CCG did:web): a DID document published at a well-known HTTPS URL,
/// `did:web:example.com` → `https://example.com/.well-known/did.json` and
/// `did:web:example.com%3A8443:users:alice` → `https://example.com:8443/users/alice/did.json`.
///
/// Trust in a did:web document is trust in the domain's TLS certificate and web server; the
/// resolver therefore insists on HTTPS (plain HTTP only for loopback hosts, for tests and
/// local sandboxes, and only when asked) and on the document's `id` being the DID.
public enum DIDWeb {
    /// The URL a did:web document is fetched from.
    ///
    /// - Parameter allowingLoopbackHTTP: use `http` instead of `https` when the host is a
    ///   loopback address (`localhost`, `127.x.x.x`); for tests and local sandboxes.
    /// - Throws: ``DIDResolutionError/invalidDID(_:)`` for a malformed domain, port or path
    ///   (including empty, `.` and `..` segments and percent-encodings other than the port
    ///   colon in the domain).
    public static func url(for did: DIDIdentifier, allowingLoopbackHTTP: Bool = false) throws(DIDResolutionError) -> URL {
        guard did.method == "web" else { throw .methodNotSupported(did.method) }
        let segments = did.methodSpecificID.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        guard let domainPart = segments.first else { throw invalid(did) }
        let (host, port) = try hostAndPort(domainPart, did: did)
        for segment in segments.dropFirst() {
            // Decoded, a segment must still be one path segment: no traversal, no separators.
            guard let decoded = segment.removingPercentEncoding, !decoded.isEmpty, decoded != ".", decoded != "..",
                !decoded.contains(where: { "/\\?#".contains($0) })
            else { throw invalid(did) }
        }
        let path = segments.count > 1 ? "/" + segments.dropFirst().joined(separator: "/") : "/.well-known"
        let scheme = allowingLoopbackHTTP && isLoopback(host) ? "http" : "https"
        let authority = port.map { "\(host):\($0)" } ?? host
        guard let url = URL(string: "\(scheme)://\(authority)\(path)/did.json") else { throw invalid(did) }
        return url
    }

    /// Whether a host name is a loopback address.
    static func isLoopback(_ host: String) -> Bool {
        if host == "localhost" { return true }
        let octets = host.split(separator: ".", omittingEmptySubsequences: false)
        return octets.count == 4 && octets[0] == "127" && octets.allSatisfy { UInt8($0) != nil }
    }

    private static func hostAndPort(_ domain: String, did: DIDIdentifier) throws(DIDResolutionError) -> (String, Int?) {
        var host = domain
        var port: Int?
        if let range = domain.range(of: "%3A", options: .caseInsensitive) {
            host = String(domain[..<range.lowerBound])
            let portText = String(domain[range.upperBound...])
            guard !portText.isEmpty, portText.count <= 5, portText.allSatisfy(\.isASCIIDigit),
                let number = Int(portText), (1...65535).contains(number)
            else { throw invalid(did) }
            port = number
        }
        let labels = host.split(separator: ".", omittingEmptySubsequences: false)
        guard !host.isEmpty, host.utf8.count <= 253, !labels.isEmpty,
            labels.allSatisfy({ label in
                !label.isEmpty && label.count <= 63 && label.first != "-" && label.last != "-"
                    && label.allSatisfy { $0.isASCIIDigit || $0.isASCIILetter || $0 == "-" }
            })
        else { throw invalid(did) }
        return (host.lowercased(), port)
    }

    private static func invalid(_ did: DIDIdentifier) -> DIDResolutionError {
        .invalidDID(.invalidMethodSpecificID(did.methodSpecificID))
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
    fileprivate var isASCIILetter: Bool { isASCII && isLetter }
}
