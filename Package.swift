// swift-tools-version: 6.1
import PackageDescription

/// Vellum: a holder SDK for verifiable digital credentials, a CLI wallet and a sandbox.
///
/// Layers (see `Docs/Architecture.md`): encodings and crypto primitives at the bottom,
/// identifiers and credential formats above them, protocols above those, the wallet on top.
let package = Package(
    name: "Vellum",
    platforms: [.macOS(.v14), .iOS(.v17)],
    products: [
        .library(name: "Multiformats", targets: ["Multiformats"]),
        .library(name: "CBOR", targets: ["CBOR"]),
        .library(name: "Deflate", targets: ["Deflate"]),
        .library(name: "JSONModel", targets: ["JSONModel"]),
        .library(name: "JSONLD", targets: ["JSONLD"]),
        .library(name: "CryptoKeys", targets: ["CryptoKeys"]),
        .library(name: "JOSE", targets: ["JOSE"]),
        .library(name: "COSE", targets: ["COSE"]),
        .library(name: "X509Trust", targets: ["X509Trust"]),
        .library(name: "DID", targets: ["DID"]),
        .library(name: "HTTP", targets: ["HTTP"]),
        .library(name: "OpenDID", targets: ["OpenDID"]),
        .library(name: "W3CCredentials", targets: ["W3CCredentials"]),
        .library(name: "SDJWT", targets: ["SDJWT"]),
        .library(name: "StatusList", targets: ["StatusList"]),
        .library(name: "MDoc", targets: ["MDoc"]),
        .library(name: "AnonCreds", targets: ["AnonCreds"]),
        .library(name: "AnonCredsLedger", targets: ["AnonCredsLedger"]),
        .library(name: "Wallet", targets: ["Wallet"]),
        .library(name: "OpenID4VCI", targets: ["OpenID4VCI"]),
        .library(name: "Sandbox", targets: ["Sandbox"]),
        .library(name: "QRScanner", targets: ["QRScanner"]),
        .library(name: "DCQL", targets: ["DCQL"]),
        .library(name: "OpenID4VP", targets: ["OpenID4VP"]),
        .library(name: "QRExchange", targets: ["QRExchange"]),
        .library(name: "DIDComm", targets: ["DIDComm"]),
        .library(name: "Aries", targets: ["Aries"]),
        .executable(name: "vellum", targets: ["vellum"]),
        .executable(name: "vellum-bench", targets: ["vellum-bench"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-crypto.git", "3.12.3"..<"5.0.0"),
        .package(url: "https://github.com/apple/swift-certificates.git", from: "1.21.1"),
        .package(url: "https://github.com/apple/swift-asn1.git", from: "1.7.4"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1"),
        .package(url: "https://github.com/groue/GRDB.swift.git", from: "7.10.0"),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-ssl.git", from: "2.37.6"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.6.0"),
    ],
    targets: [
        // Layer 0: system-library shims (Debian -dev packages), nothing else.
        .systemLibrary(
            name: "CSecp256k1",
            pkgConfig: "libsecp256k1",
            providers: [.apt(["libsecp256k1-dev"])]
        ),
        .systemLibrary(name: "CZlib", providers: [.apt(["zlib1g-dev"])]),
        .systemLibrary(
            name: "CQRencode",
            pkgConfig: "libqrencode",
            providers: [.apt(["libqrencode-dev"]), .brew(["qrencode"])]
        ),
        .systemLibrary(name: "CZbar", pkgConfig: "zbar", providers: [.apt(["libzbar-dev"]), .brew(["zbar"])]),
        .systemLibrary(name: "CPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"]), .brew(["libpng"])]),
        .systemLibrary(name: "CJPEG", pkgConfig: "libjpeg", providers: [.apt(["libjpeg-dev"]), .brew(["jpeg-turbo"])]),
        .systemLibrary(
            name: "CLibcrypto",
            pkgConfig: "libcrypto",
            providers: [.apt(["libssl-dev"]), .brew(["openssl@3"])]
        ),
        .systemLibrary(name: "CGMP", pkgConfig: "gmp", providers: [.apt(["libgmp-dev"]), .brew(["gmp"])]),
        .systemLibrary(name: "CSodium", pkgConfig: "libsodium", providers: [.apt(["libsodium-dev"]), .brew(["libsodium"])]),

        // Layer 0: encodings.
        .target(name: "Multiformats"),
        .target(name: "CBOR"),
        .target(name: "JSONModel"),

        // Layer 0: crypto.
        .target(
            name: "CryptoKeys",
            dependencies: [
                "Multiformats",
                "CSecp256k1",
                "CLibcrypto",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "_CryptoExtras", package: "swift-crypto"),
            ]
        ),

        // Layer 1: transport (HTTP depends on nothing of ours) and envelopes.
        .target(
            name: "HTTP",
            dependencies: [
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "Logging", package: "swift-log"),
            ]),
        .target(name: "Deflate", dependencies: ["CZlib"]),
        .target(name: "QRScanner", dependencies: ["CZbar", "CPNG", "CJPEG"]),
        .target(name: "JOSE", dependencies: ["CryptoKeys", "JSONModel", "Multiformats", "Deflate"]),
        .target(name: "COSE", dependencies: ["CryptoKeys", "CBOR"]),
        .target(name: "JSONLD", dependencies: ["JSONModel", "CryptoKeys"]),
        .target(
            name: "X509Trust",
            dependencies: [
                "CryptoKeys",
                "Multiformats",
                .product(name: "X509", package: "swift-certificates"),
                .product(name: "SwiftASN1", package: "swift-asn1"),
                .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),

        // Layer 2: identifiers.
        .target(name: "DID", dependencies: ["CryptoKeys", "Multiformats", "JSONModel", "HTTP"]),

        // Layer 2: credential formats.
        .target(name: "W3CCredentials", dependencies: ["JSONModel", "CryptoKeys", "Multiformats", "DID", "JSONLD", "JOSE", "HTTP", "StatusList", "CBOR", "COSE"]),
        .target(name: "OpenDID", dependencies: ["CryptoKeys", "JSONModel", "Multiformats"]),
        .target(
            name: "SDJWT",
            dependencies: [
                "JOSE", "CryptoKeys", "JSONModel", "Multiformats", "X509Trust", "HTTP", "DID", "StatusList",
                .product(name: "X509", package: "swift-certificates"),
            ]
        ),
        .target(
            name: "StatusList",
            dependencies: [
                "JOSE", "COSE", "CBOR", "JSONModel", "CryptoKeys", "Multiformats", "Deflate", "HTTP", "X509Trust",
                .product(name: "X509", package: "swift-certificates"),
            ]
        ),
        .target(
            name: "MDoc",
            dependencies: [
                "CBOR", "COSE", "CryptoKeys", "X509Trust", "StatusList", "JSONModel", "Multiformats", "HTTP",
                .product(name: "X509", package: "swift-certificates"),
            ]
        ),
        .target(
            name: "AnonCreds",
            dependencies: ["CGMP", "JSONModel", .product(name: "Crypto", package: "swift-crypto")]
        ),
        .target(name: "AnonCredsLedger", dependencies: ["AnonCreds", "JSONModel", "HTTP"]),

        // Layer 3: protocols.
        .target(name: "DCQL", dependencies: ["JSONModel", "Multiformats"]),
        .target(name: "QRExchange", dependencies: ["HTTP", "JSONModel", "W3CCredentials"]),
        .target(name: "DIDComm", dependencies: ["CSodium", "CryptoKeys", "JSONModel", "Multiformats", "HTTP"]),
        .target(name: "Aries", dependencies: ["DIDComm", "AnonCreds", "W3CCredentials", "DCQL", "DID", "CryptoKeys", "JSONModel"]),
        .target(
            name: "OpenID4VP",
            dependencies: [
                "DCQL", "JSONModel", "HTTP", "JOSE", "CryptoKeys", "Multiformats", "X509Trust", "DID", "SDJWT", "MDoc",
                "CBOR",
                .product(name: "X509", package: "swift-certificates"),
            ]
        ),
        .target(
            name: "OpenID4VCI",
            dependencies: ["JSONModel", "HTTP", "JOSE", "CryptoKeys", "Multiformats", "X509Trust", "DID", "W3CCredentials"]
        ),

        // Layer 4: the wallet (encrypted store, secure areas, trust list, activity log).
        .target(
            name: "Wallet",
            dependencies: [
                "CryptoKeys", "JSONModel", "X509Trust", "OpenID4VCI", "SDJWT", "MDoc", "StatusList", "HTTP",
                "JOSE", "CBOR", "Multiformats", "DCQL", "OpenID4VP", "OpenDID", "CLibcrypto", "DID",
                "W3CCredentials", "QRExchange", "AnonCreds", "AnonCredsLedger", "DIDComm", "Aries",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "_CryptoExtras", package: "swift-crypto"),
                .product(name: "X509", package: "swift-certificates"),
                .product(name: "SwiftASN1", package: "swift-asn1"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),

        // Layer 4: reference issuer and verifier servers on loopback.
        .target(
            name: "LoopbackServer",
            dependencies: [
                .product(name: "Hummingbird", package: "hummingbird"),
            ]),
        .target(
            name: "Sandbox",
            dependencies: [
                "CryptoKeys", "JSONModel", "JOSE", "CBOR", "Multiformats", "X509Trust", "SDJWT", "MDoc",
                "StatusList", "OpenID4VCI", "OpenID4VP", "DCQL", "HTTP", "DID", "OpenDID", "CQRencode", "LoopbackServer",
                "W3CCredentials", "AnonCreds", "AnonCredsLedger", "DIDComm", "Aries",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "X509", package: "swift-certificates"),
                .product(name: "SwiftASN1", package: "swift-asn1"),
                .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),

        // Apps.
        .executableTarget(
            name: "vellum",
            dependencies: [
                "DID", "CryptoKeys", "JSONModel", "HTTP", "CBOR", "OpenDID", "SDJWT", "StatusList",
                "X509Trust", "MDoc", "Multiformats", "Wallet", "OpenID4VCI", "Sandbox", "LoopbackServer", "QRScanner", "W3CCredentials", "QRExchange", "JOSE", "AnonCreds",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Hummingbird", package: "hummingbird"),
            ]
        ),
        .executableTarget(
            name: "vellum-bench",
            dependencies: [
                "JOSE", "CBOR", "CryptoKeys", "JSONModel", "Multiformats", "OpenDID", "SDJWT", "MDoc", "X509Trust",
                "Wallet", "DCQL", "OpenID4VP", "HTTP", "JSONLD", "W3CCredentials", "DID", "AnonCreds",
                .product(name: "X509", package: "swift-certificates"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "SwiftASN1", package: "swift-asn1"),
            ]
        ),

        // A process the wallet crash-safety test kills with SIGKILL mid-write (not a product).
        .executableTarget(name: "wallet-crash-probe", dependencies: ["Wallet", "JSONModel", "CryptoKeys"], path: "Tests/WalletCrashProbe"),

        // Test support: locating the shared vectors, driving the Python peers, building test
        // certificates (TestPKI), QR code pictures and terminal sessions.
        .target(
            name: "VellumTestSupport",
            dependencies: [
                "HTTP", "JSONModel", "LoopbackServer", "CQRencode", "CPNG", "CZlib", .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "X509", package: "swift-certificates"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "SwiftASN1", package: "swift-asn1"),
            ],
            path: "Tests/VellumTestSupport"
        ),

        // Test support: Open DID parties with fresh keys, their DID documents and credentials
        // (wallet and CLI tests).

        // Test support: claiming sandbox credentials into a wallet (wallet and CLI tests).
        .target(name: "SandboxClaimSupport", dependencies: ["JSONModel", "Sandbox", "Wallet"], path: "Tests/SandboxClaimSupport"),

        .testTarget(name: "DeflateTests", dependencies: ["Deflate"]),
        .testTarget(name: "MultiformatsTests", dependencies: ["Multiformats", "VellumTestSupport"]),
        .testTarget(name: "QRScannerTests", dependencies: ["QRScanner", "VellumTestSupport"], exclude: ["Fixtures"]),
        .testTarget(name: "CBORTests", dependencies: ["CBOR", "Multiformats", "VellumTestSupport"]),
        .testTarget(name: "QRExchangeTests", dependencies: [
            "QRExchange", "HTTP", "JSONModel", "VellumTestSupport",
            .product(name: "Hummingbird", package: "hummingbird"),
        ]),
        .testTarget(name: "W3CCredentialsTests", dependencies: [
            "W3CCredentials", "JSONModel", "CryptoKeys", "Multiformats", "DID", "JSONLD", "JOSE", "COSE", "CBOR", "HTTP", "StatusList", "VellumTestSupport",
            .product(name: "Hummingbird", package: "hummingbird"),
        ]),
        .testTarget(name: "JSONLDTests", dependencies: [
            "JSONLD", "JSONModel", "CryptoKeys", "HTTP", "VellumTestSupport",
            .product(name: "Hummingbird", package: "hummingbird"),
        ]),
        .testTarget(name: "JSONModelTests", dependencies: ["JSONModel", "VellumTestSupport"]),
        .testTarget(name: "CryptoKeysTests", dependencies: ["CryptoKeys", "Multiformats", "JSONModel", "VellumTestSupport"]),
        .testTarget(name: "JOSETests", dependencies: ["JOSE", "CryptoKeys", "JSONModel", "Multiformats", "VellumTestSupport"]),
        .testTarget(name: "COSETests", dependencies: ["COSE", "CBOR", "CryptoKeys", "Multiformats", "VellumTestSupport"]),
        .testTarget(name: "X509TrustTests", dependencies: [
            "X509Trust", "CryptoKeys", "Multiformats", "VellumTestSupport",
            .product(name: "X509", package: "swift-certificates"),
            .product(name: "Crypto", package: "swift-crypto"),
        ]),
        .testTarget(name: "HTTPTests", dependencies: [
            "HTTP", "VellumTestSupport",
            .product(name: "Hummingbird", package: "hummingbird"),
        ]),
        .testTarget(name: "DIDTests", dependencies: [
            "DID", "CryptoKeys", "Multiformats", "JSONModel", "HTTP", "VellumTestSupport",
            .product(name: "Hummingbird", package: "hummingbird"),
        ]),
        .testTarget(name: "OpenDIDTests", dependencies: [
            "OpenDID", "CryptoKeys", "JSONModel", "Multiformats", "VellumTestSupport",
        ]),
        .testTarget(name: "SDJWTTests", dependencies: [
            "SDJWT", "JOSE", "CryptoKeys", "JSONModel", "Multiformats", "VellumTestSupport",
            "X509Trust", "HTTP", "DID", "StatusList",
            .product(name: "X509", package: "swift-certificates"),
            .product(name: "Crypto", package: "swift-crypto"),
            .product(name: "Hummingbird", package: "hummingbird"),
        ]),
        .testTarget(name: "StatusListTests", dependencies: [
            "StatusList", "JOSE", "COSE", "CBOR", "JSONModel", "CryptoKeys", "Multiformats", "HTTP",
            "VellumTestSupport",
            .product(name: "Hummingbird", package: "hummingbird"),
        ]),
        .testTarget(name: "MDocTests", dependencies: [
            "MDoc", "CBOR", "COSE", "CryptoKeys", "X509Trust", "StatusList", "HTTP", "VellumTestSupport",
            .product(name: "X509", package: "swift-certificates"),
            .product(name: "Crypto", package: "swift-crypto"),
            .product(name: "SwiftASN1", package: "swift-asn1"),
        ]),
        .testTarget(name: "OpenID4VCITests", dependencies: [
            "OpenID4VCI", "JSONModel", "HTTP", "VellumTestSupport", "JOSE", "CryptoKeys", "Multiformats", "X509Trust", "DID",
            "W3CCredentials",
            .product(name: "Hummingbird", package: "hummingbird"),
        ]),
        .testTarget(name: "WalletTests", dependencies: [
            "Wallet", "CryptoKeys", "JSONModel", "VellumTestSupport", "OpenID4VCI", "SDJWT", "MDoc", "StatusList",
            "HTTP", "JOSE", "CBOR", "Multiformats", "X509Trust", "Sandbox", "SandboxClaimSupport", "DCQL", "OpenID4VP",
            "OpenDID", "DID", "QRExchange", "W3CCredentials", "AnonCreds", "AnonCredsLedger", "DIDComm", "Aries",
            .product(name: "Hummingbird", package: "hummingbird"),
            .product(name: "GRDB", package: "GRDB.swift"),
            .product(name: "X509", package: "swift-certificates"),
            .product(name: "SwiftASN1", package: "swift-asn1"),
            .product(name: "Crypto", package: "swift-crypto"),
        ], exclude: ["Fixtures"]),
        .testTarget(name: "DIDCommTests", dependencies: [
            "DIDComm", "AnonCreds", "CryptoKeys", "JSONModel", "Multiformats", "HTTP", "VellumTestSupport",
            .product(name: "Hummingbird", package: "hummingbird"),
        ]),
        // libFuzzer harnesses, one per parser entry point (Scripts/fuzz.sh builds them with
        // -sanitize=fuzzer,address; the plain build replays the committed corpora).
        .executableTarget(
            name: "vellum-fuzz",
            dependencies: [
                "CBOR", "JSONModel", "JOSE", "SDJWT", "MDoc", "COSE", "W3CCredentials", "JSONLD", "AnonCreds", "OpenDID",
                "DCQL", "OpenID4VP", "OpenID4VCI", "DIDComm", "QRExchange", "Aries", "Multiformats", "Wallet",
            ]),
        .testTarget(name: "AriesTests", dependencies: [
            "Aries", "DIDComm", "AnonCreds", "W3CCredentials", "DID", "CryptoKeys", "JSONModel", "HTTP", "VellumTestSupport",
        ]),
        .testTarget(name: "AnonCredsTests", dependencies: ["AnonCreds", "JSONModel", "VellumTestSupport"], exclude: ["Fixtures"]),
        .testTarget(name: "AnonCredsLedgerTests", dependencies: [
            "AnonCredsLedger", "AnonCreds", "JSONModel", "HTTP", "VellumTestSupport",
            .product(name: "Hummingbird", package: "hummingbird"),
        ]),
        .testTarget(name: "DCQLTests", dependencies: ["DCQL", "JSONModel", "VellumTestSupport"]),
        .testTarget(name: "OpenID4VPTests", dependencies: [
            "OpenID4VP", "DCQL", "JSONModel", "HTTP", "JOSE", "CryptoKeys", "Multiformats", "X509Trust", "DID",
            "VellumTestSupport", "SDJWT", "MDoc", "CBOR",
            .product(name: "X509", package: "swift-certificates"),
            .product(name: "Crypto", package: "swift-crypto"),
            .product(name: "SwiftASN1", package: "swift-asn1"),
            .product(name: "Hummingbird", package: "hummingbird"),
        ]),
        .testTarget(name: "SandboxTests", dependencies: [
            "Sandbox", "VellumTestSupport", "OpenID4VCI", "OpenID4VP", "DCQL", "SDJWT", "MDoc", "StatusList", "HTTP", "JOSE",
            "CBOR", "CryptoKeys", "JSONModel", "Multiformats", "X509Trust", "DID", "W3CCredentials", "DIDComm", "AnonCredsLedger",
            "AnonCreds", "Aries",
            .product(name: "Hummingbird", package: "hummingbird"),
            .product(name: "X509", package: "swift-certificates"),
            .product(name: "Crypto", package: "swift-crypto"),
        ]),
        .testTarget(name: "VellumCLITests", dependencies: [
            "VellumTestSupport", "DID", "JSONModel", "SDJWT", "CryptoKeys", "JOSE", "Wallet", "Sandbox",
            "SandboxClaimSupport", "MDoc", "StatusList", "X509Trust", "HTTP", "OpenDID", "W3CCredentials", "Multiformats", "AnonCreds",
            .product(name: "X509", package: "swift-certificates"),
            .product(name: "Crypto", package: "swift-crypto"),
            .product(name: "Hummingbird", package: "hummingbird"),
        ]),
    ],
    swiftLanguageModes: [.v6]
)
