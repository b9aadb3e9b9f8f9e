import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Finds the addresses a host name stands for, so ``HTTPAddressPolicy`` can judge them before
/// a connection is made.
///
/// Injected into ``URLSessionHTTPClient`` so tests (and apps with their own DNS) can say what a
/// name resolves to and see that a refused address is never connected to.
public protocol HostResolver: Sendable {
    /// Every address `host` (a name, never a literal address) resolves to; an empty array or
    /// an error when it resolves to none.
    func addresses(of host: String) async throws(HTTPError) -> [IPAddress]
}

/// The operating system's resolver (`getaddrinfo`, so `/etc/hosts`, DNS and the numeric
/// shorthands such as `2130706433` resolve as they do for the connection itself).
///
/// `getaddrinfo` blocks and cannot be cancelled, so it runs on a Dispatch thread; a caller
/// that stops waiting (its deadline passed) leaves that thread to finish on its own.
public struct SystemHostResolver: HostResolver {
    /// The most addresses read from one answer.
    static let maximumAddresses = 64

    /// The system resolver.
    public init() {}

    public func addresses(of host: String) async throws(HTTPError) -> [IPAddress] {
        let result: Result<[IPAddress], HTTPError> = await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                continuation.resume(returning: Self.resolve(host))
            }
        }
        return try result.get()
    }

    static func resolve(_ host: String) -> Result<[IPAddress], HTTPError> {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        #if canImport(Darwin)
        hints.ai_socktype = SOCK_STREAM
        #else
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        #endif
        var list: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, nil, &hints, &list)
        guard status == 0 else {
            let reason = gai_strerror(status).map { String(cString: $0) } ?? "error \(status)"
            return .failure(.transport("cannot resolve \(host): \(reason)"))
        }
        defer { freeaddrinfo(list) }
        var addresses: [IPAddress] = []
        var entry = list
        while let current = entry, addresses.count < maximumAddresses {
            if let address = IPAddress(socketAddress: current.pointee.ai_addr, family: current.pointee.ai_family),
                !addresses.contains(address)
            {
                addresses.append(address)
            }
            entry = current.pointee.ai_next
        }
        return .success(addresses)
    }
}

extension IPAddress {
    /// The address in a `sockaddr_in` / `sockaddr_in6`.
    init?(socketAddress: UnsafeMutablePointer<sockaddr>?, family: Int32) {
        guard let socketAddress else { return nil }
        switch family {
        case AF_INET:
            let bytes = socketAddress.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { pointer in
                withUnsafeBytes(of: pointer.pointee.sin_addr) { Array($0) }
            }
            guard bytes.count == 4 else { return nil }
            self = .v4(bytes[0], bytes[1], bytes[2], bytes[3])
        case AF_INET6:
            let bytes = socketAddress.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { pointer in
                withUnsafeBytes(of: pointer.pointee.sin6_addr) { Array($0) }
            }
            guard bytes.count == 16 else { return nil }
            self = .v6(bytes)
        default:
            return nil
        }
    }
}
