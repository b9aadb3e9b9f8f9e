import Foundation
import JSONModel
import QRExchange
import Wallet

/// One `vellum scan`: the trust prompt per host, then the flow the link's message (or the
/// exchange) asks for, each refusal a `WalletCLIError` with its exit code.
struct ScanSession {
    let wallet: CredentialWallet
    let client: QRExchangeClient
    let command: ScanCommand

    /// What a scan did, for the text and `--json` outputs.
    struct Report {
        var kind: String
        var host: String
        var lines: [String] = []
        var stored: [VerifiedCredential] = []
        var presented: [String]?
        var presentationFormat: String?

        var text: String { lines.joined(separator: "\n") }

        var json: JSONObject {
            var object: JSONObject = ["kind": .string(kind), "host": .string(host)]
            object["stored"] = .array(stored.map { credential in
                var entry: JSONObject = ["id": .string(credential.id), "format": .string(credential.format.rawValue)]
                if let type = credential.credentialType { entry["type"] = .string(type) }
                if let issuer = credential.issuerInfo.identifier { entry["issuer"] = .string(issuer) }
                return .object(entry)
            })
            if let presented {
                object["presented"] = .array(presented.map(JSONValue.string))
                object["presentationFormat"] = presentationFormat.map(JSONValue.string) ?? .null
            }
            return object
        }
    }

    func follow(_ link: ExchangeLink) async throws -> Report {
        try await trust(link.url)
        switch link {
        case .message(let url): return try await message(at: url)
        case .exchange(let url): return try await exchange(at: url)
        case .interaction(let url):
            let exchangeURL = try await step("the interaction URL cannot be used") { try await client.exchangeURL(forInteraction: url) }
            try await trust(exchangeURL)
            return try await exchange(at: exchangeURL)
        }
    }

    // MARK: Trust

    /// Asks "Trust <host>?" unless the wallet trusts the host already or `--yes` was given;
    /// a no ends the scan before any request is sent.
    func trust(_ url: URL) async throws {
        let host = (url.host ?? "").lowercased()
        if try await wallet.isTrustedExchangeHost(host) { return }
        guard command.yes || ReceiveCommand.confirm("Trust \(host)? [y/N] ") else { throw WalletCLIError.declined }
        try await wallet.trustExchangeHost(host)
    }

    // MARK: Credible messages

    func message(at url: URL) async throws -> Report {
        let message = try await step("the link's message cannot be used") { try await client.message(at: url) }
        switch message {
        case .credentialOffer(let offer): return try await accept(offer, at: url)
        case .presentationRequest(let request): return try await answer(request, at: url)
        }
    }

    func accept(_ offer: QRCredentialOffer, at url: URL) async throws -> Report {
        var report = Report(kind: "credentialOffer", host: url.host ?? "")
        if !command.json { print(Self.preview(of: offer, host: report.host)) }
        guard command.yes || ReceiveCommand.confirm("Accept this credential? [y/N] ") else { throw WalletCLIError.declined }
        let stored = try await walletStep { try await wallet.acceptExchangeOffer(offer, at: url, client: client) }
        report.stored = [stored]
        report.lines.append("Stored \(stored.credentialType ?? "credential") (\(stored.format)) as \(stored.id)")
        return report
    }

    func answer(_ request: VerifiablePresentationRequest, at url: URL) async throws -> Report {
        var report = Report(kind: "presentationRequest", host: url.host ?? "")
        let chosen = try await choose(for: request, host: report.host)
        guard command.yes || ReceiveCommand.confirm("Send the presentation to \(report.host)? [y/N] ") else { throw WalletCLIError.declined }
        try await walletStep {
            try await wallet.answerPresentationRequest(
                request, from: url, credentialIDs: chosen, format: command.format.format, client: client)
        }
        report.presented = chosen
        report.presentationFormat = command.format.rawValue
        report.lines.append(Self.presentedLine(chosen, to: report.host))
        return report
    }

    // MARK: VC-API

    func exchange(at url: URL) async throws -> Report {
        var report = Report(kind: "exchange", host: url.host ?? "")
        var step = try await self.step("the exchange cannot be started") { try await client.startExchange(at: url) }
        var presented: [String] = []
        for _ in 0..<ScanCommand.maximumExchangeSteps {
            switch step {
            case .completed(let delivered):
                if let delivered {
                    report.stored = try await walletStep { try await wallet.storeExchangeDelivery(delivered) }
                }
                report.presented = presented
                report.presentationFormat = command.format.rawValue
                if !presented.isEmpty || report.stored.isEmpty { report.lines.append(Self.presentedLine(presented, to: report.host)) }
                for credential in report.stored {
                    report.lines.append("Stored \(credential.credentialType ?? "credential") (\(credential.format)) as \(credential.id)")
                }
                return report
            case .request(let request):
                do {
                    try ExchangePolicy().check(request, from: url)
                } catch {
                    throw WalletCLIError.protocolFailure("not answered: \(error)")
                }
                let chosen = try await choose(for: request, host: report.host)
                guard command.yes || ReceiveCommand.confirm("Send the presentation to \(report.host)? [y/N] ") else { throw WalletCLIError.declined }
                let presentation = try await walletStep {
                    try await wallet.makeExchangePresentation(for: request, credentialIDs: chosen, format: command.format.format)
                }
                guard case .linkedData(let json) = presentation else {
                    throw WalletCLIError.protocolFailure("a VC-API exchange is answered with an embedded-proof presentation (--format ldp)")
                }
                presented += chosen
                step = try await self.step("the exchange refused the presentation") { try await client.continueExchange(at: url, presentation: json) }
            }
        }
        throw WalletCLIError.protocolFailure("the exchange did not end within \(ScanCommand.maximumExchangeSteps) steps")
    }

    // MARK: Choosing credentials

    /// The credentials to present: for each query of `request`, the `--select`ed candidate,
    /// else the best match with `--yes`, else the one the user picks.
    func choose(for request: VerifiablePresentationRequest, host: String) async throws -> [String] {
        let candidates = try await walletStep { try await wallet.exchangeCandidates(for: request) }
        if !command.json {
            let asks = request.asksForDIDAuthentication ? "proof that you control your DID" : "credentials"
            FileHandle.standardError.write(Data("\(host) asks for \(asks)\n".utf8))
        }
        var chosen: [String] = []
        for entry in candidates {
            let ids = entry.credentials.map(\.id)
            let described = entry.query.types.joined(separator: ", ")
            if let pick = command.selected.first(where: ids.contains) {
                chosen.append(pick)
            } else if ids.isEmpty {
                guard !entry.query.isRequired else {
                    throw WalletCLIError.protocolFailure("no stored credential answers the request for \(described)")
                }
            } else if command.yes || ids.count == 1 {
                chosen.append(ids[0])
            } else {
                chosen.append(try Self.pick(from: entry.credentials, for: described))
            }
        }
        let unused = command.selected.filter { !chosen.contains($0) }
        if !unused.isEmpty {
            throw WalletCLIError.badArgument(
                "--select \(unused.joined(separator: ", ")) answers none of the request's queries",
                hint: "run `vellum list` for the ids of your W3C credentials", code: WalletExitCode.notFound)
        }
        return chosen
    }

    /// Asks which of several credentials to present (a number at the prompt).
    static func pick(from credentials: [CredentialSummary], for described: String) throws -> String {
        var lines = ["Several credentials answer the request for \(described):"]
        for (index, credential) in credentials.enumerated() {
            lines.append("  \(index + 1). \(credential.credentialType ?? "credential") from \(credential.issuer ?? "?") (\(credential.id))")
        }
        FileHandle.standardError.write(Data((lines.joined(separator: "\n") + "\nPresent which one? [1-\(credentials.count)] ").utf8))
        guard let answer = readLine(strippingNewline: true), let number = Int(answer.trimmingCharacters(in: .whitespaces)),
              credentials.indices.contains(number - 1)
        else { throw WalletCLIError.declined }
        return credentials[number - 1].id
    }

    // MARK: Text

    static func preview(of offer: QRCredentialOffer, host: String) -> String {
        var lines = ["\(host) offers a credential:"]
        lines.append("  type: \(offer.types.filter { $0 != "VerifiableCredential" }.joined(separator: ", "))")
        lines.append("  issuer: \(offer.issuer ?? "(not named)")")
        if let claims = offer.claims {
            for member in claims.members where member.name != "id" {
                lines.append("  \(member.name): \(member.value.serializedString())")
            }
        }
        if let expires = offer.expires { lines.append("  offer expires: \(expires)") }
        return lines.joined(separator: "\n")
    }

    static func presentedLine(_ ids: [String], to host: String) -> String {
        ids.isEmpty ? "Authenticated with your DID to \(host): accepted" : "Presented \(ids.joined(separator: ", ")) to \(host): accepted"
    }

    // MARK: Errors

    /// Runs a protocol step; its failure is a protocol failure (exit 8) named by `what`.
    func step<T>(_ what: String, _ body: () async throws -> T) async throws -> T {
        do {
            return try await body()
        } catch let error as QRExchangeError {
            throw WalletCLIError.protocolFailure("\(what): \(error)")
        }
    }

    /// Runs a wallet step: a refused credential is exit 1, a failed exchange exit 8, anything
    /// else the wallet's own code.
    @discardableResult
    func walletStep<T>(_ body: () async throws -> T) async throws -> T {
        do {
            return try await body()
        } catch let error as WalletError {
            switch error {
            case .credentialRejected(let rejection): throw WalletCLIError.refused("not stored: \(rejection)")
            case .exchangeFailed(let reason): throw WalletCLIError.protocolFailure("\(reason)")
            case .presentationFailed(let reason): throw WalletCLIError.protocolFailure("not presented: \(reason)")
            default: throw WalletCLIError.wallet(error)
            }
        }
    }
}
