import ArgumentParser
import Foundation
import JSONModel
import Wallet

/// `vellum present --opendid ID --disclose CODES --nonce NONCE [--out FILE]`: an Open DID
/// selective-disclosure presentation of a stored credential, written for the verifier.
///
/// Open DID presentations are not sent over OpenID4VP: the verifier hands the holder a
/// nonce (in its verify profile) and takes the presentation back over its own channel, so
/// the command writes the presentation's JSON instead of posting it.
struct OpenDIDPresentation: ParsableArguments {
    static let help = """
        Open DID: `vellum present --opendid ID --disclose CODE[,CODE…] --nonce NONCE [--out FILE]` \
        makes a selective-disclosure presentation of stored Open DID credential ID for the \
        verifier that issued NONCE (its verify profile's verifierNonce): only the claims with \
        the codes given (see `vellum show ID`) are disclosed, each with the issuer's signature \
        of that claim, and the presentation is signed with the credential's holder key as an \
        authentication proof of the holder's DID (whose DID document must be trusted: `vellum \
        trust add-did`). It is written to FILE (or standard output), not sent: hand it to the \
        verifier. Naming the claims is the consent; nothing is asked. Exit codes: 0 written; \
        5 no such credential; 6 a claim the credential lacks, a bad nonce or validity, or the \
        file cannot be written; 8 the credential cannot be presented (not Open DID, does not \
        verify, view-only, or the holder's DID document is missing); 3, 4, 7 as above.
        """

    @Option(name: .customLong("opendid"), help: ArgumentHelp("Make an Open DID presentation of this stored credential.", valueName: "ID"))
    var credentialID: String?

    @Option(name: .customLong("disclose"), help: ArgumentHelp("With --opendid: the claim codes to disclose, comma-separated (repeatable).", valueName: "CODES"))
    var disclose: [String] = []

    @Option(name: .customLong("nonce"), help: ArgumentHelp("With --opendid: the verifier's nonce (verifierNonce).", valueName: "NONCE"))
    var nonce: String?

    @Option(name: .customLong("validity"), help: ArgumentHelp("With --opendid: seconds the presentation stays valid (at most 86400).", valueName: "SECONDS"))
    var validity: Int = 300

    @Option(name: .customLong("out"), help: ArgumentHelp("With --opendid: write the presentation to this file instead of standard output.", valueName: "FILE"))
    var out: String?

    /// The claim codes, split at commas.
    var claimCodes: [String] {
        disclose.flatMap { $0.split(separator: ",") }.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    /// With `--opendid`: the claims and the nonce are given. (Not `validate()`, which the
    /// argument parser would run for every `present`.)
    func validateForOpenDID() throws {
        guard !claimCodes.isEmpty else { throw ValidationError("--opendid needs --disclose CODE[,CODE…] (the claim codes `vellum show` lists)") }
        guard let nonce, !nonce.isEmpty else { throw ValidationError("--opendid needs --nonce, the verifier's verifierNonce") }
    }

    /// Without `--opendid` none of its options may be given.
    func validateUnused() throws {
        guard disclose.isEmpty, nonce == nil, out == nil else {
            throw ValidationError("--disclose, --nonce and --out go with --opendid")
        }
    }

    func run(options: WalletOptions, network: NetworkOptions, json: Bool) async throws {
        let id = credentialID ?? ""
        let codes = claimCodes
        do {
            try await WalletCommandRunner.run {
                let wallet = try await options.open(network: network)
                let presentation: Data
                do throws(WalletError) {
                    presentation = try await wallet.openDIDPresentation(
                        of: id, disclosing: codes, verifierNonce: nonce ?? "", validity: TimeInterval(validity))
                } catch {
                    try? await wallet.close()
                    throw Self.failure(error)
                }
                try await wallet.close()
                try write(presentation, id: id, codes: codes, json: json)
            }
        } catch let failure as PresentFailure {
            WalletCommandRunner.printError("\(failure)")
            throw ExitCode(failure.exitCode)
        }
    }

    private func write(_ presentation: Data, id: String, codes: [String], json: Bool) throws {
        guard let out else {
            FileHandle.standardOutput.write(presentation + Data("\n".utf8))
            return
        }
        do {
            try presentation.write(to: URL(fileURLWithPath: out), options: .withoutOverwriting)
        } catch {
            throw WalletCLIError.unreadable(path: out, reason: "cannot write it (it may exist already): \(error.localizedDescription)")
        }
        if json {
            WalletJSON.print([
                "status": "created", "credential": .string(id), "file": .string(out),
                "disclosed": .array(codes.map(JSONValue.string)),
            ])
        } else {
            print("Wrote an Open DID presentation of \(id) to \(out), disclosing: \(codes.joined(separator: ", "))")
        }
    }

    /// The CLI's form of a presentation failure.
    static func failure(_ error: WalletError) -> any Error {
        switch error {
        case .presentationFailed(.invalidSelection(let reason)): return WalletCLIError.wallet(.invalidInput(reason))
        case .presentationFailed(let reason): return PresentFailure(message: "not presented: \(reason)", exitCode: PresentExitCode.refused)
        default: return WalletCLIError.wallet(error)
        }
    }
}
