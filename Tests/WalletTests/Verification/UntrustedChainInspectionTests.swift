import CryptoKeys
import Foundation
import MDoc
import Multiformats
import Sandbox
import Testing
@testable import Wallet

/// A chain that is not trusted is not followed by a signature check with its leaf key
/// (issue #23): a key no trusted chain vouches for proves nothing by verifying, so a
/// credential under an unknown root is refused for that reason alone, whether or not its
/// signature would hold. The forged signatures below would be reported as `invalidSignature`
/// if the leaf key were used.
@Suite("CredentialWallet: an untrusted chain's key is not used")
struct UntrustedChainInspectionTests {
    let imports = CredentialImportTests()

    /// One byte of the compact SD-JWT's issuer signature changed.
    static func tamperedSDJWT(_ text: String) throws -> Data {
        var bytes = Array(text.utf8)
        let signatureEnd = try #require(bytes.firstIndex(of: UInt8(ascii: "~")))
        bytes[signatureEnd - 2] = bytes[signatureEnd - 2] == UInt8(ascii: "A") ? UInt8(ascii: "B") : UInt8(ascii: "A")
        return Data(bytes)
    }

    /// One byte of the mdoc issuerAuth signature changed (the base64url `IssuerSigned` the
    /// sandbox issues, decoded).
    static func tamperedMDoc(_ text: String) throws -> Data {
        var bytes = try Base64URL.decodeLenient(text)
        let signature = try IssuerSigned(decoding: bytes).issuerAuth.sign1.signature
        let range = try #require(bytes.range(of: signature))
        bytes[range.lowerBound] ^= 0x01
        return bytes
    }

    @Test("a tampered SD-JWT VC under an untrusted root is refused as untrustedIssuer alone")
    func sdJWTVC() async throws {
        try await imports.withSandbox(trustIssuer: false) { issuer, wallet in
            let key = PrivateKey(curve: .p256)
            let tampered = try Self.tamperedSDJWT(try await issuer.issueCredential(.pid, boundTo: JWK(publicKey: key.publicKey)))
            await #expect {
                _ = try await wallet.importCredential(tampered, holderKey: key)
            } throws: { error in
                (error as? WalletError)?.failures.map(\.kind) == [.untrustedIssuer]
            }
            // Under the trusted root the same bytes are a forgery, and say so.
            try await wallet.addTrustedIssuerCertificates([await issuer.certificates.rootDER], purposes: [.issuer])
            await #expect {
                _ = try await wallet.importCredential(tampered, holderKey: key)
            } throws: { error in
                (error as? WalletError)?.failures.map(\.kind) == [.invalidSignature]
            }
        }
    }

    @Test("a tampered mdoc under an untrusted root is refused as untrustedIssuer alone")
    func mdoc() async throws {
        try await imports.withSandbox(trustIssuer: false) { issuer, wallet in
            let key = PrivateKey(curve: .p256)
            let tampered = try Self.tamperedMDoc(try await issuer.issueCredential(.mDL, boundTo: JWK(publicKey: key.publicKey)))
            await #expect {
                _ = try await wallet.importCredential(tampered, holderKey: key)
            } throws: { error in
                (error as? WalletError)?.failures.map(\.kind) == [.untrustedIssuer]
            }
            try await wallet.addTrustedIssuerCertificates([await issuer.certificates.rootDER], purposes: [.issuer])
            await #expect {
                _ = try await wallet.importCredential(tampered, holderKey: key)
            } throws: { error in
                (error as? WalletError)?.failures.map(\.kind) == [.invalidSignature]
            }
        }
    }
}
