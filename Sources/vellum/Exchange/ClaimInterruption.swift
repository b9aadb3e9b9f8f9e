import Dispatch
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// SIGINT (Ctrl-C) and SIGTERM while `receive` claims credentials: the claim is cancelled,
/// which makes the wallet roll it back (nothing of it is kept), and the command then says so
/// and exits 128 + the signal's number, as a shell expects of a command a signal ended.
///
/// The default disposition would end the process at once and leave the claim to the next
/// open of the wallet; handling the signal rolls it back now and tells the user what became
/// of each credential. The signals are ignored at the process level and read from Dispatch
/// sources instead (a C handler could do nothing but set a flag), and both go back to their
/// default once the claim has ended. SIGKILL cannot be handled: the wallet's next open rolls
/// that claim back.
enum ClaimInterruption {
    /// The signals that interrupt a claim.
    static let signals: [Int32] = [SIGINT, SIGTERM]

    /// Runs `claim` in a task of its own that SIGINT or SIGTERM cancel; returns how it ended
    /// and the first signal that came, if one did.
    static func run<T: Sendable>(
        _ claim: @escaping @Sendable () async throws -> T
    ) async -> (outcome: Result<T, any Error>, signal: Int32?) {
        let task = Task { try await claim() }
        let received = FirstSignal()
        var sources: [any DispatchSourceSignal] = []
        for number in signals {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler {
                if received.record(number) { task.cancel() }
            }
            source.resume()
            sources.append(source)
        }
        let outcome = await task.result
        for source in sources { source.cancel() }
        for number in signals { signal(number, SIG_DFL) }
        return (outcome, received.value)
    }

    /// `SIGINT`, `SIGTERM`, or the number.
    static func name(of number: Int32) -> String {
        switch number {
        case SIGINT: "SIGINT"
        case SIGTERM: "SIGTERM"
        default: "signal \(number)"
        }
    }

    /// The first signal received, written from a Dispatch queue and read once the claim ends.
    private final class FirstSignal: @unchecked Sendable {
        private let lock = NSLock()
        private var number: Int32?

        /// Records `signal` if it is the first; returns whether it was.
        func record(_ signal: Int32) -> Bool {
            lock.withLock {
                guard number == nil else { return false }
                number = signal
                return true
            }
        }

        var value: Int32? { lock.withLock { number } }
    }
}
