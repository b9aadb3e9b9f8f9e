import Foundation
import JSONModel
import Sandbox
import SandboxClaimSupport
import Testing
import VellumTestSupport
import Wallet
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Issue #22, "A claim is all or nothing", through the built binary: `vellum receive
/// --trust-issuer-iaca --yes` is stopped by a real signal while the sandbox holds its token
/// request, or its mDL request (the PID already issued and stored), open. Afterwards `vellum
/// trust list`, the wallet's holder keys and `vellum list` must show nothing of the claim.
/// SIGINT and SIGTERM are handled by `receive` (rolled back, reported, exit 128 + signal);
/// SIGKILL cannot be, so the first open afterwards (here `trust list`) rolls the claim back.
///
/// The cases run one after another: each runs a sandbox in this process and a `vellum` child
/// talking to it, and six at once on a loaded two-core machine starve each other's servers.
@Suite("vellum receive interrupted by a signal", .serialized,
       .enabled(if: VellumBinary.url != nil, "skipped: the vellum binary is not built"))
struct ReceiveInterruptionTests {
    typealias Stage = ClaimStall

    struct Signal: CustomTestStringConvertible, Sendable {
        let number: Int32
        let name: String
        var testDescription: String { name }
        static let all = [Signal(number: SIGKILL, name: "SIGKILL"), Signal(number: SIGTERM, name: "SIGTERM"), Signal(number: SIGINT, name: "SIGINT")]
    }

    /// Runs blocking work (waiting on a child) on a Dispatch thread, off the few cooperative
    /// threads the sandbox in this process needs.
    static func blocking<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async { continuation.resume(with: Result { try work() }) }
        }
    }

    @Test("interrupted mid-claim, nothing of the claim stays: no IACA trusted, no holder key, no credential",
          arguments: Stage.allCases, Signal.all)
    func interrupted(at stage: Stage, by signal: Signal) async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("vellum-receive-signal-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let directory = folder.appendingPathComponent("wallet")
        try await WalletCLI.makeWallet(at: directory).close()
        let issuer = try SandboxIssuer(configuration: SandboxConfiguration(faults: [stage.fault]))
        _ = try await issuer.start()
        do {
            try await interrupt(issuer: issuer, wallet: directory, at: stage, by: signal)
        } catch {
            await issuer.stop()
            throw error
        }
        await issuer.stop()
    }

    func interrupt(issuer: SandboxIssuer, wallet directory: URL, at stage: Stage, by signal: Signal) async throws {
        let offer = try await issuer.createOffer()
        let binary = try #require(VellumBinary.url)

        let child = try await Self.blocking {
            try ChildProcess.start(
                binary, arguments: ["receive", offer.byValueLink, "--wallet", directory.path, "--trust-issuer-iaca", "--yes"],
                environment: [WalletOptionsName.variable: WalletCLI.passphrase, "VELLUM_HTTP_TIMEOUT": "120"])
        }
        let reached = try await Self.blocking { child.waitForError(containing: stage.progressLine, timeout: 120) }
        try #require(reached, "receive never reached the \(stage) stage: \(child.errorText)")
        // Give the request time to arrive, so the signal lands while the issuer holds it.
        try await Task.sleep(for: .milliseconds(500))
        if stage == .mobileCredentialRequest {
            #expect(await issuer.issuedCredentials().count == 1, "the PID was issued before the mDL request stalled")
        }
        child.send(signal.number)
        let (result, endedBySignal) = try await Self.blocking { child.wait() }

        if signal.number == SIGKILL {
            #expect(endedBySignal && result.status == SIGKILL)
        } else {
            // Handled: rolled back, reported, exit status 128 + the signal's number.
            #expect(!endedBySignal && result.status == 128 + signal.number, "status \(result.status): \(result.errorText)")
            #expect(result.errorText.contains("interrupted by \(signal.name)"), "\(result.errorText)")
            #expect(result.errorText.contains("rolled back"), "\(result.errorText)")
            #expect(result.errorText.contains("Not stored: urn:eudi:pid:1"), "\(result.errorText)")
            #expect(result.errorText.contains("Not stored: org.iso.18013.5.1.mDL"), "\(result.errorText)")
        }

        let trusted = try await WalletCLI.run(["trust", "list", "--json", "--wallet", directory.path])
        #expect(trusted.status == 0, "\(trusted.errorText)")
        #expect(try WalletCLI.json(trusted).arrayValue?.count == 0, "the issuer's IACA is still trusted: \(trusted.outputText)")
        let listed = try await WalletCLI.run(["list", "--json", "--wallet", directory.path])
        #expect(try WalletCLI.json(listed).arrayValue?.count == 0, "credentials of the claim remain: \(listed.outputText)")
        let store = try await WalletStore.open(at: directory, passphrase: WalletCLI.passphrase)
        let keys = try await store.keyIDs(secureArea: SoftwareSecureArea.areaName)
        try await store.close()
        #expect(keys.isEmpty, "\(keys.count) orphan holder keys")
    }
}
