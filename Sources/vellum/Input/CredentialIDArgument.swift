import Foundation
import Wallet

/// A credential id as a person types it: the whole id, or any prefix of it that is unique in
/// the wallet, in either case. An ambiguous prefix is refused with the credentials it could
/// mean, so nothing is shown, exported or deleted by a guess.
enum CredentialIDArgument {
    /// The shortest prefix `list` could print and this still resolve; shorter ones are
    /// accepted too when unique.
    static func resolve(_ text: String, in wallet: CredentialWallet) async throws -> String {
        let wanted = text.trimmingCharacters(in: .whitespaces).lowercased()
        guard !wanted.isEmpty else {
            throw WalletCLIError.badArgument("no credential id given", hint: "`vellum list` shows the ids", code: WalletExitCode.notFound)
        }
        let credentials = try await wallet.listCredentials()
        if let exact = credentials.first(where: { $0.id.lowercased() == wanted }) { return exact.id }
        let matches = credentials.filter { $0.id.lowercased().hasPrefix(wanted) }
        switch matches.count {
        case 1: return matches[0].id
        case 0:
            throw WalletCLIError.badArgument(
                "no credential with id \(text)", hint: "`vellum list` shows the ids (a unique prefix of one is enough)",
                code: WalletExitCode.notFound)
        default:
            let listed = matches.prefix(10).map { "\($0.id) (\($0.credentialType ?? $0.format.rawValue))" }
            throw WalletCLIError.badArgument(
                "\(matches.count) credentials have ids starting with \(text): \(listed.joined(separator: ", "))\(matches.count > 10 ? ", …" : "")",
                hint: "type more of the id", code: WalletExitCode.notFound)
        }
    }
}
