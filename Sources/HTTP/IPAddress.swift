#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// An IPv4 or IPv6 address, as a host literal or as one of the addresses a name resolves to.
///
/// It exists so the client can judge *where* a request would go before it connects (see
/// ``HTTPAddressPolicy``): a URL names a host, but a server in the metadata range or on the
/// private network behind the wallet is reached through the address, whatever the name says.
public enum IPAddress: Sendable, Hashable, CustomStringConvertible {
    /// Four bytes, most significant first.
    case v4(UInt8, UInt8, UInt8, UInt8)
    /// Sixteen bytes, most significant first.
    case v6([UInt8])

    /// The address written in `text`: dotted-quad IPv4 (four decimal octets, nothing else), or
    /// IPv6 in RFC 4291 text form, with or without brackets (a zone such as `%eth0` is
    /// dropped). `nil` for anything else, including the numeric shorthands `inet_aton` accepts
    /// (`0x7f.1`, `2130706433`): those are names to resolve, and the resolver decides what
    /// they mean, so they are judged by the address that comes back.
    public init?(_ text: String) {
        var bare = Substring(text)
        if bare.hasPrefix("["), bare.hasSuffix("]") { bare = bare.dropFirst().dropLast() }
        if let zone = bare.firstIndex(of: "%") { bare = bare[..<zone] }
        guard !bare.isEmpty, bare.count <= 64 else { return nil }
        if bare.contains(":") {
            var storage = in6_addr()
            guard inet_pton(AF_INET6, String(bare), &storage) == 1 else { return nil }
            self = .v6(withUnsafeBytes(of: &storage) { Array($0) })
            return
        }
        let parts = bare.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 4 else { return nil }
        var octets: [UInt8] = []
        for part in parts {
            guard (1...3).contains(part.count), part.allSatisfy({ $0.isASCII && $0.isNumber }),
                let value = UInt8(part)
            else { return nil }
            octets.append(value)
        }
        self = .v4(octets[0], octets[1], octets[2], octets[3])
    }

    /// The IPv4 address an IPv6 address carries and that a connection to it would reach:
    /// IPv4-mapped (`::ffff:0:0/96`), the deprecated IPv4-compatible form (`::/96`, but not
    /// `::` or `::1`) and the NAT64 well-known prefix (`64:ff9b::/96`, RFC 6052). `nil` for
    /// IPv4 addresses and other IPv6 addresses.
    public var embeddedIPv4: IPAddress? {
        guard case .v6(let bytes) = self, bytes.count == 16 else { return nil }
        let tail = IPAddress.v4(bytes[12], bytes[13], bytes[14], bytes[15])
        let head = bytes[0..<12]
        if head.elementsEqual([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff]) { return tail }
        if head.elementsEqual([0x00, 0x64, 0xff, 0x9b, 0, 0, 0, 0, 0, 0, 0, 0]) { return tail }
        if head.allSatisfy({ $0 == 0 }), bytes[12] != 0 || bytes[13] != 0 { return tail }
        return nil
    }

    /// The special-purpose range the address is in (RFC 6890 and its updates), or
    /// ``AddressRange/global`` for an ordinary public address.
    public var range: AddressRange {
        if let embedded = embeddedIPv4 { return embedded.range }
        switch self {
        case .v4(let a, let b, let c, let d):
            switch (a, b) {
            case (0, _): return .unspecified  // 0.0.0.0/8, "this network"; Linux connects it locally
            case (127, _): return .loopback
            case (10, _), (172, 16...31), (192, 168): return .privateNetwork
            case (100, 64...127): return .sharedAddressSpace
            case (169, 254): return .linkLocal
            case (224...239, _): return .multicast
            case (255, 255) where c == 255 && d == 255: return .broadcast
            case (240...255, _): return .reserved
            default: return .global
            }
        case .v6(let bytes):
            guard bytes.count == 16 else { return .reserved }
            if bytes.allSatisfy({ $0 == 0 }) { return .unspecified }
            if bytes[0..<15].allSatisfy({ $0 == 0 }), bytes[15] == 1 { return .loopback }
            if bytes[0] == 0xff { return .multicast }
            if bytes[0] == 0xfe, bytes[1] & 0xc0 == 0x80 { return .linkLocal }  // fe80::/10
            if bytes[0] == 0xfe, bytes[1] & 0xc0 == 0xc0 { return .privateNetwork }  // fec0::/10, deprecated site-local
            if bytes[0] & 0xfe == 0xfc { return .privateNetwork }  // fc00::/7, unique local
            return .global
        }
    }

    /// The address in its usual text form (IPv6 compressed as `inet_ntop` writes it).
    public var description: String {
        switch self {
        case .v4(let a, let b, let c, let d):
            return "\(a).\(b).\(c).\(d)"
        case .v6(let bytes):
            guard bytes.count == 16 else { return "invalid" }
            var storage = in6_addr()
            withUnsafeMutableBytes(of: &storage) { $0.copyBytes(from: bytes) }
            var buffer = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
            guard inet_ntop(AF_INET6, &storage, &buffer, socklen_t(buffer.count)) != nil else { return "invalid" }
            return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
    }
}

/// The kinds of address a wallet may or may not connect to; see ``HTTPAddressPolicy``.
public enum AddressRange: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// An ordinary public address.
    case global
    /// 127.0.0.0/8 and `::1`: this machine.
    case loopback
    /// RFC 1918 (10/8, 172.16/12, 192.168/16) and IPv6 unique local (fc00::/7, and the
    /// deprecated site-local fec0::/10).
    case privateNetwork
    /// 100.64.0.0/10, the carrier-grade NAT range (RFC 6598).
    case sharedAddressSpace
    /// 169.254.0.0/16 and fe80::/10; the cloud metadata services live at 169.254.169.254.
    case linkLocal
    /// 0.0.0.0/8 and `::`.
    case unspecified
    /// 224.0.0.0/4 and ff00::/8.
    case multicast
    /// 255.255.255.255.
    case broadcast
    /// 240.0.0.0/4 (reserved for future use) and malformed addresses.
    case reserved

    /// The range as a person reads it in an error message.
    public var description: String {
        switch self {
        case .global: "a public address"
        case .loopback: "a loopback address (127.0.0.0/8, ::1)"
        case .privateNetwork: "a private-network address (10/8, 172.16/12, 192.168/16, fc00::/7)"
        case .sharedAddressSpace: "a shared address (100.64.0.0/10)"
        case .linkLocal: "a link-local address (169.254.0.0/16, fe80::/10; cloud metadata services live here)"
        case .unspecified: "an unspecified address (0.0.0.0/8, ::)"
        case .multicast: "a multicast address (224.0.0.0/4, ff00::/8)"
        case .broadcast: "the broadcast address"
        case .reserved: "a reserved address (240.0.0.0/4)"
        }
    }
}
