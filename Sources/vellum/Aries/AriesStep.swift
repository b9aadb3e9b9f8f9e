import Wallet

/// How an Aries step's failure leaves `vellum aries`: a message the wallet refused (a forged
/// or mismatched offer, credential or proof request; a replayed nonce) is exit 1, the peer's
/// abandonment, an unreadable invitation or an unreachable agent exit 8, the wallet's own
/// failures their usual codes.
enum AriesStep {
    @discardableResult
    static func run<T>(_ body: () async throws -> T) async throws -> T {
        do {
            return try await body()
        } catch let error as WalletError {
            switch error {
            case .ariesFailed(.refused(.abandonedByPeer(let code, let explanation))):
                throw WalletCLIError.protocolFailure("the peer abandoned the exchange: \(code)\(explanation.map { " (\($0))" } ?? "")")
            case .ariesFailed(.refused(let reason)): throw WalletCLIError.refused("refused, a problem report was sent; nothing stored: \(reason)")
            case .presentationFailed(let reason): throw WalletCLIError.refused("not presented, a problem report was sent: \(reason)")
            case .ariesFailed(let reason): throw WalletCLIError.protocolFailure("\(reason)")
            default: throw WalletCLIError.wallet(error)
            }
        }
    }
}
