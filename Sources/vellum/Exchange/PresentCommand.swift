import ArgumentParser
import Foundation
import JSONModel
import Wallet

/// `vellum present <request-url>`: answer an OpenID4VP presentation request from the wallet,
/// after showing who asks and exactly what would be disclosed, and with the user's consent.
struct PresentCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "present",
        abstract: "Answer an OpenID4VP presentation request, or make an Open DID presentation, from the wallet.",
        discussion: """
            Reads the request (openid4vp://, haip-vp://, eudi-openid4vp:// or https link), \
            authenticates the verifier (x509_san_dns/x509_hash chains must end at a certificate \
            trusted for the verifier purpose: `vellum trust add root.pem --purpose verifier`), \
            matches its DCQL query against the stored credentials, and shows who is asking and \
            exactly which claims each credential would disclose. Only what the verifier asked for \
            is disclosed. Expired, not-yet-valid, revoked, suspended or broken credentials are \
            never offered. Without --yes it asks for consent (y/N) on standard input, after the \
            passphrase line when that comes from standard input too; refusing sends access_denied \
            and no credential. A request that cannot be read or whose verifier cannot be \
            authenticated is not answered at all; one that nothing in the wallet matches is \
            answered with access_denied. Every answer is written to the activity log (`vellum log`).

            Exit codes: 0 the verifier accepted the presentation (HTTP 2xx); 1 the verifier \
            rejected it or it could not be delivered; 8 the wallet refused the request (invalid, \
            untrusted verifier, or nothing matches); 9 the user declined; 3 no wallet; 4 wrong or \
            missing passphrase; 6 a --select that does not answer the request; 7 damaged wallet; \
            64 usage error.

            \(OpenDIDPresentation.help)
            """
    )

    @OptionGroup var options: WalletOptions
    @OptionGroup var network: NetworkOptions

    @Argument(help: "The presentation request: an openid4vp://, haip-vp://, eudi-openid4vp:// or https link (quote it in the shell; quotes and <…> around it are fine), or a PNG/JPEG picture of its QR code; not with --opendid.")
    var requestURL: String?

    @OptionGroup var openDID: OpenDIDPresentation

    @Flag(help: "Present without asking for consent.")
    var yes = false

    @Option(
        name: .customLong("select"),
        help: ArgumentHelp(
            "Answer credential query QUERYID with credential CREDID instead of the proposed one (repeatable; a query allowing several credentials takes several).",
            valueName: "QUERYID=CREDID"))
    var selections: [String] = []

    @Flag(help: "Print the outcome as JSON on standard output: {status (accepted, rejected, declined, unsatisfiable, refused, failed, redirect), verifier, disclosed: {queryID: {credentials, claims, alwaysDisclosed}}, redirectUri, error}; the consent text goes to standard error.")
    var json = false

    func validate() throws {
        if openDID.credentialID != nil {
            guard requestURL == nil else { throw ValidationError("give a request link or --opendid, not both") }
            guard selections.isEmpty else { throw ValidationError("--select answers an OpenID4VP request; with --opendid name the claims with --disclose") }
            try openDID.validateForOpenDID()
        } else {
            guard requestURL != nil else { throw ValidationError("give the presentation request link (or --opendid ID)") }
            try openDID.validateUnused()
        }
    }

    func run() async throws {
        if openDID.credentialID != nil {
            try await openDID.run(options: options, network: network, json: json)
            return
        }
        var exitCode: Int32 = PresentExitCode.rejected
        let chosen = try parsedSelections()
        do {
            try await WalletCommandRunner.run {
                // Checked before the passphrase is asked for.
                let link = try LinkArgument.resolve(requestURL ?? "", as: .presentationRequest)
                let wallet = try await options.open(network: network)
                do {
                    exitCode = try await answer(with: wallet, link: link, chosen: chosen)
                } catch {
                    try? await wallet.close()
                    throw error
                }
                try await wallet.close()
            }
        } catch let failure as PresentFailure {
            WalletCommandRunner.printError("\(failure)")
            throw ExitCode(failure.exitCode)
        }
        if exitCode != PresentExitCode.accepted { throw ExitCode(exitCode) }
    }

    /// Runs the exchange and returns the exit code.
    private func answer(with wallet: CredentialWallet, link: String, chosen: [String: [String]]?) async throws -> Int32 {
        // Nothing leaves the wallet until `deliver`: a signal before then says so and exits.
        let watch = PresentInterruption.Watch()
        defer { watch.stop() }
        let proposal: PresentationProposal
        do throws(WalletError) {
            proposal = try await wallet.preparePresentation(requestURI: link)
        } catch {
            return try refuse(error)
        }
        show(PresentationText.proposal(proposal, selection: chosen))
        guard proposal.isSatisfiable else {
            show("Nothing in the wallet satisfies this request; answering access_denied (no credential is sent).")
            let result = try await deliver("the refusal (access_denied)", watch: watch) { () async throws(WalletError) in
                try await wallet.decline(proposal, description: "no matching credentials")
            }
            report(result, proposal: proposal, status: "unsatisfiable")
            return PresentExitCode.refused
        }
        if let chosen {
            do throws(WalletError) {
                try proposal.validate(selection: chosen)
            } catch {
                throw WalletCLIError.wallet(.invalidInput("--select: \(error)"))
            }
        }
        if !yes, !consents(to: proposal) {
            let result = try await deliver("the refusal (access_denied)", watch: watch) { () async throws(WalletError) in
                try await wallet.decline(proposal)
            }
            show("Declined: access_denied sent, nothing disclosed.")
            report(result, proposal: proposal, status: "declined")
            return PresentExitCode.declined
        }
        let result = try await deliver("the presentation", watch: watch) { () async throws(WalletError) in
            try await wallet.present(proposal, choosing: chosen)
        }
        show(PresentationText.outcome(result))
        report(result, proposal: proposal, status: nil)
        return result.isAccepted ? PresentExitCode.accepted : PresentExitCode.rejected
    }

    /// Asks `Share …? [y/N]` and reads the answer from standard input (no answer is no).
    private func consents(to proposal: PresentationProposal) -> Bool {
        let name = proposal.verifier.displayName ?? proposal.verifier.clientID
        FileHandle.standardError.write(Data("Share these claims with \(name)? [y/N] ".utf8))
        guard let line = readLine(strippingNewline: true) else { return false }
        return ["y", "yes"].contains(line.trimmingCharacters(in: .whitespaces).lowercased())
    }

    /// Runs a delivery, turning presentation failures into a message and the exit code 1
    /// (wallet failures keep their own codes).
    ///
    /// From here on a signal no longer ends the process at once: it cancels the sending, and
    /// the command says whether `what` may have reached the verifier.
    private func deliver(
        _ what: String, watch: PresentInterruption.Watch,
        _ body: @escaping @Sendable () async throws(WalletError) -> PresentationResult
    ) async throws -> PresentationResult {
        let task = Task { () async throws -> PresentationResult in try await body() }
        watch.sending { task.cancel() }
        let outcome = await task.result
        if let signal = watch.finishSending() {
            let delivered = (try? outcome.get()) != nil
            if json { WalletJSON.print(["status": "interrupted", "delivered": .bool(delivered)]) }
            throw PresentFailure(
                message: PresentInterruption.whileSending(what, signal: signal, delivered: delivered),
                exitCode: WalletExitCode.interrupted(by: signal))
        }
        let error: WalletError
        do {
            return try outcome.get()
        } catch let failure as WalletError {
            error = failure
        } catch {
            throw WalletCLIError.wallet(.storage("\(error)"))
        }
        guard case .presentationFailed(let reason) = error else { throw WalletCLIError.wallet(error) }
        if json { WalletJSON.print(["status": "failed", "error": .string(reason.description)]) }
        throw PresentFailure(message: reason.description, exitCode: PresentExitCode.rejected)
    }

    /// A request the wallet will not answer: says why, sends nothing.
    private func refuse(_ error: WalletError) throws -> Int32 {
        guard case .presentationFailed = error else { throw WalletCLIError.wallet(error) }
        if json {
            WalletJSON.print(["status": "refused", "error": .string(error.description)])
        }
        WalletCommandRunner.printError("request refused, nothing sent: \(error)")
        return PresentExitCode.refused
    }

    /// The consent text: on standard output, or standard error with `--json`.
    private func show(_ text: String) {
        if json {
            FileHandle.standardError.write(Data((text + "\n").utf8))
        } else {
            print(text)
        }
    }

    private func report(_ result: PresentationResult, proposal: PresentationProposal, status: String?) {
        guard json else { return }
        WalletJSON.print(PresentationText.json(result, proposal: proposal, status: status))
    }

    /// `--select QUERYID=CREDID` pairs, grouped by query id; `nil` when none were given.
    private func parsedSelections() throws -> [String: [String]]? {
        guard !selections.isEmpty else { return nil }
        var chosen: [String: [String]] = [:]
        for item in selections {
            let parts = item.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else {
                throw ValidationError("--select takes QUERYID=CREDID, not '\(item)'")
            }
            chosen[parts[0], default: []].append(parts[1])
        }
        return chosen
    }
}

/// The exit codes of `vellum present` beyond the wallet ones.
enum PresentExitCode {
    static let accepted: Int32 = 0
    /// The verifier answered with an error, or the response could not be delivered.
    static let rejected: Int32 = 1
    /// The user declined; `access_denied` was sent (the wallet-wide "declined" code).
    static let declined: Int32 = WalletExitCode.declined
    /// The wallet refused the request (invalid, untrusted, or nothing matches): the
    /// wallet-wide "could not be used" code.
    static let refused: Int32 = WalletExitCode.protocolFailure
}

/// A `present` failure that is not a wallet error: its message and exit code.
struct PresentFailure: Error, CustomStringConvertible {
    let message: String
    let exitCode: Int32
    var description: String { message }
}
