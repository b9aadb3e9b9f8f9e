import HTTP
import Testing

/// Which addresses a wallet may connect to (issue #22): every special-purpose range of
/// RFC 6890 that no credential service lives in is refused; loopback and private networks are
/// switches.
@Suite struct HTTPAddressPolicyTests {
    @Test(arguments: [
        ("169.254.169.254", AddressRange.linkLocal),
        ("169.254.0.1", .linkLocal),
        ("fe80::1", .linkLocal),
        ("[fe80::a9fe:a9fe%eth0]", .linkLocal),
        ("febf:ffff::1", .linkLocal),
        ("10.0.0.1", .privateNetwork),
        ("10.255.255.255", .privateNetwork),
        ("172.16.0.1", .privateNetwork),
        ("172.31.255.254", .privateNetwork),
        ("192.168.1.1", .privateNetwork),
        ("fc00::1", .privateNetwork),
        ("fd12:3456::1", .privateNetwork),
        ("fec0::1", .privateNetwork),
        ("100.64.0.1", .sharedAddressSpace),
        ("100.127.255.255", .sharedAddressSpace),
        ("0.0.0.0", .unspecified),
        ("0.1.2.3", .unspecified),
        ("::", .unspecified),
        ("224.0.0.1", .multicast),
        ("239.255.255.250", .multicast),
        ("ff02::1", .multicast),
        ("255.255.255.255", .broadcast),
        ("240.0.0.1", .reserved),
        ("127.0.0.1", .loopback),
        ("127.255.0.9", .loopback),
        ("::1", .loopback),
        ("[::1]", .loopback),
        // IPv6 forms that carry an IPv4 address reach that address.
        ("::ffff:169.254.169.254", .linkLocal),
        ("::ffff:a9fe:a9fe", .linkLocal),
        ("::ffff:10.1.2.3", .privateNetwork),
        ("64:ff9b::a9fe:a9fe", .linkLocal),
        ("::127.0.0.1", .loopback),
        ("93.184.215.14", .global),
        ("172.15.255.255", .global),
        ("172.32.0.0", .global),
        ("100.63.255.255", .global),
        ("100.128.0.0", .global),
        ("169.253.255.255", .global),
        ("2001:db8::1", .global),
        ("2606:4700::1111", .global),
    ])
    func everyAddressFallsInItsRange(text: String, range: AddressRange) throws {
        let address = try #require(IPAddress(text), "\(text) is an address")
        #expect(address.range == range, "\(text)")
    }

    @Test(arguments: ["example.com", "2130706433", "0x7f.0.0.1", "0177.0.0.1", "1.2.3", "1.2.3.4.5", "256.1.1.1", "::g", ""])
    func namesAndShorthandsAreNotLiterals(text: String) {
        // These go to the resolver, which says what they mean (`2130706433` is 127.0.0.1 to
        // `inet_aton`); the policy then judges the address that comes back.
        #expect(IPAddress(text) == nil, "\(text)")
    }

    @Test func theDefaultAllowsPublicAndLoopbackOnly() {
        let policy = HTTPAddressPolicy()
        #expect(AddressRange.allCases.filter(policy.allows) == [.global, .loopback])
    }

    @Test func switchesAllowLoopbackAndPrivateNetworksButNeverMetadataOrMulticast() {
        let server = HTTPAddressPolicy(allowsLoopback: false)
        #expect(AddressRange.allCases.filter(server.allows) == [.global])
        let enterprise = HTTPAddressPolicy(allowsPrivateNetwork: true)
        #expect(AddressRange.allCases.filter(enterprise.allows) == [.global, .loopback, .privateNetwork, .sharedAddressSpace])
        let open = HTTPAddressPolicy(allowsLoopback: true, allowsPrivateNetwork: true)
        for range in [AddressRange.linkLocal, .unspecified, .multicast, .broadcast, .reserved] {
            #expect(!open.allows(range), "\(range)")
        }
    }

    @Test func oneRefusedAddressRefusesTheHost() throws {
        let policy = HTTPAddressPolicy()
        let addresses = try [#require(IPAddress("93.184.215.14")), #require(IPAddress("10.0.0.7"))]
        #expect(throws: HTTPError.forbiddenAddress(host: "mixed.example", address: "10.0.0.7", range: .privateNetwork)) {
            try policy.check(host: "mixed.example", addresses: addresses)
        }
        #expect(throws: HTTPError.transport("nothing.example resolves to no address")) {
            try policy.check(host: "nothing.example", addresses: [])
        }
    }

    @Test func theRefusalNamesTheAddressAndWhy() {
        let metadata = HTTPError.forbiddenAddress(host: "169.254.169.254", address: "169.254.169.254", range: .linkLocal)
        #expect(metadata.description.contains("169.254.169.254"))
        #expect(metadata.description.contains("link-local"))
        #expect(metadata.description.contains("never"))
        let intranet = HTTPError.forbiddenAddress(host: "issuer.corp", address: "10.1.2.3", range: .privateNetwork)
        #expect(intranet.description.contains("issuer.corp (10.1.2.3)"))
        #expect(intranet.description.contains("allows it explicitly"))
    }

    @Test func theSystemResolverAnswersForLocalhost() async throws {
        let addresses = try await SystemHostResolver().addresses(of: "localhost")
        #expect(!addresses.isEmpty)
        #expect(addresses.allSatisfy { $0.range == .loopback })
    }

    @Test func theSystemResolverReadsNumericShorthandsAsTheConnectionWould() async throws {
        // `inet_aton` reads 2852039166 as 169.254.169.254: the policy sees that address.
        let addresses = try await SystemHostResolver().addresses(of: "2852039166")
        #expect(addresses.map(\.description) == ["169.254.169.254"])
        #expect(addresses.first?.range == .linkLocal)
    }
}
