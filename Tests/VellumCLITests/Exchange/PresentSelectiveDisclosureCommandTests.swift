import Foundation
import JSONModel
import Sandbox
import SandboxClaimSupport
import Testing
import VellumTestSupport
import Wallet

/// `vellum present` for an ecdsa-sd-2023 credential: the consent text and `--json` name the
/// two claims the verifier asked for and, apart, what every presentation of the credential
/// reveals (its mandatory claims); the verifier accepts and saw nothing else of the subject.
@Suite("vellum present: ecdsa-sd-2023", .enabled(if: VellumBinary.url != nil, "skipped: the vellum binary is not built"))
struct PresentSelectiveDisclosureCommandTests: CLIScratchSuite {
    let folder: URL

    init() throws {
        folder = try Self.makeFolder("vellum-present-sd-cli")
    }

    @Test("--yes --json discloses the given name and job title, lists the mandatory claims as always disclosed, and the verifier sees no other subject claim")
    func presentsSelectively() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        try await withRunningSandbox { issuer in
            let wallet = try await WalletCLI.makeWallet(at: directory)
            try await wallet.addTrustedIssuerCertificates([Data(try await issuer.verifierRootPEM().utf8)], purposes: [.verifier])
            let ids = try await SandboxClaim.claim([.employeeSD], from: issuer, into: wallet)
            try await wallet.close()

            let request = try await issuer.createPresentationRequest(query: SandboxPresentationQuery.employeeSD.dcqlQuery)
            let result = try await vellum(["present", request.link, "--yes", "--json"])
            #expect(result.status == 0, "\(result.errorText)")
            #expect(result.errorText.contains("credentialSubject.jobTitle = \"Research Engineer\""))
            #expect(result.errorText.contains("always part of this credential's presentation:") && result.errorText.contains("credentialSubject.id"))
            #expect(!result.errorText.contains("familyName"))
            let json = try WalletCLI.json(result)
            #expect(json["status"] == "accepted")
            let disclosed = try #require(json["disclosed"]?["employee"])
            #expect(disclosed["credentials"] == [.string(ids[0])])
            #expect(disclosed["claims"]?.arrayValue?.compactMap { $0["path"]?.stringValue } == ["credentialSubject.givenName", "credentialSubject.jobTitle"])
            let always = disclosed["alwaysDisclosed"]?.arrayValue?.compactMap(\.stringValue) ?? []
            #expect(always.contains("credentialSubject.id") && always.contains("issuer.id") && always.contains("validUntil"))
            #expect(!always.contains { $0.hasPrefix("credentialSubject.") && $0 != "credentialSubject.id" })

            let outcome = try #require(try await issuer.presentationOutcome(transactionID: request.transactionID))
            #expect(outcome.status == .accepted)
            #expect(Set(outcome.presentations.first?.claims["credentialSubject"]?.objectValue?.keys ?? []) == ["id", "givenName", "jobTitle"])
        }
    }
}
