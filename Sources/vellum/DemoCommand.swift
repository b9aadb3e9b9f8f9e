import ArgumentParser
import CBOR
import COSE
import CryptoKeys
import DID
import Foundation
import JOSE

/// `vellum demo`: a first run that shows what Vellum does today, end to end and offline.
///
/// Every step really runs — keys are generated, signatures made and checked, forgeries
/// rejected — and the command exits non-zero if any check does not hold, so it doubles as
/// a smoke test of a fresh install.
struct DemoCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Walk through what Vellum can do, offline, in a few seconds."
    )

    func run() async throws {
        var report = DemoReport()
        print("Vellum demo: the foundation a holder wallet stands on (offline).\n")

        print("1. Identifiers and signatures: did:key for each key type, a JWT signed by it,")
        print("   verified with the key found in the resolved DID document by its kid.")
        for curve in [KeyCurve.p256, .ed25519, .secp256k1] {
            try await identifierAndSignature(curve: curve, report: &report)
        }

        print("\n2. Encryption: a JWE (ECDH-ES+A256KW, A256GCM) to a holder's P-256 key.")
        try encryption(report: &report)

        print("\n3. CBOR and COSE: a COSE_Sign1 over an mdoc-style CBOR payload (ES256).")
        try await coseSign1(report: &report)

        print("\n\(report.passed) checks passed, \(report.failed) failed.")
        print("Next in Vellum: SD-JWT VC, ISO mdoc, OpenID4VCI and OpenID4VP (see the issues).")
        if report.failed > 0 { throw ExitCode.failure }
    }

    private func identifierAndSignature(curve: KeyCurve, report: inout DemoReport) async throws {
        let privateKey = PrivateKey(curve: curve)
        let did = try DIDKey.make(for: privateKey.publicKey)
        let document = try await DIDResolverRegistry.offline().resolve(did).document
        let kid = document.verificationMethod.first.map { $0.id } ?? ""
        let signer = try SoftwareSigner(privateKey: privateKey, keyID: kid)
        let claims = Data(#"{"iss":"\#(did)","nonce":"demo"}"#.utf8)
        let token = try await JWS.signCompact(payload: claims, signer: signer)

        let method = try document.verificationMethod(for: kid, relationship: .assertionMethod)
        let verified = try JWS.verifyCompact(token, key: method.publicKey)
        print("   \(curve.rawValue.padding(toLength: 9, withPad: " ", startingAt: 0)) \(did.description.prefix(56))…")
        report.check("resolved, \(signer.algorithm.rawValue) JWT verified with the DID document's key",
                     verified.payload == claims)

        var forged = Array(token.utf8)
        let last = forged.count - 2
        forged[last] = forged[last] == UInt8(ascii: "A") ? UInt8(ascii: "B") : UInt8(ascii: "A")
        let rejected = (try? JWS.verifyCompact(String(decoding: forged, as: UTF8.self), key: method.publicKey)) == nil
        report.check("a tampered signature is rejected", rejected)
    }

    private func encryption(report: inout DemoReport) throws {
        let holder = PrivateKey(curve: .p256)
        let message = Data("the wallet's secret".utf8)
        let token = try JWE.encryptCompact(
            message, to: JWK(publicKey: holder.publicKey, keyID: "holder-key"),
            keyManagement: .ecdhESA256KW, contentEncryption: .a256GCM)
        let decrypted = try JWE.decryptCompact(token, key: .privateKey(holder))
        report.check("decrypted by the holder (\(token.count) characters, kid copied: \(decrypted.header.keyID ?? "none"))",
                     decrypted.plaintext == message)
        let stranger = PrivateKey(curve: .p256)
        report.check("anyone else's key is refused",
                     (try? JWE.decryptCompact(token, key: .privateKey(stranger))) == nil)
    }

    private func coseSign1(report: inout DemoReport) async throws {
        let issuerKey = PrivateKey(curve: .p256)
        let payload: CBOR = [
            "docType": "org.iso.18013.5.1.mDL",
            "validityInfo": ["signed": .dateTime(Date(timeIntervalSince1970: 1_767_225_600))],
        ]
        let signer = try SoftwareSigner(privateKey: issuerKey)
        let signed = try await COSESign1.sign(payload: payload.encoded(), signer: signer)
        let bytes = signed.encoded()
        let decoded = try COSESign1(decoding: bytes)
        let diagnostic = try CBOR.diagnosticNotation(of: bytes)
        print("   \(diagnostic.prefix(100))…")
        report.check("signed (\(bytes.count) bytes), decoded and verified with the issuer's key",
                     (try? decoded.verify(with: issuerKey.publicKey)) != nil)
        let otherKey = PrivateKey(curve: .p256).publicKey
        report.check("a signature checked against another issuer's key fails",
                     (try? decoded.verify(with: otherKey)) == nil)
    }
}

/// Counts the demo's checks and prints each with its outcome.
struct DemoReport {
    private(set) var passed = 0
    private(set) var failed = 0

    mutating func check(_ description: String, _ holds: Bool) {
        if holds { passed += 1 } else { failed += 1 }
        print("     \(holds ? "✓" : "✗") \(description)")
    }
}
