import Dispatch
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// SIGINT (Ctrl-C) and SIGTERM during `present`, which says what reached the verifier.
///
/// Until the answer is being sent (reading the request, showing it, waiting for consent)
/// nothing has left the wallet: a signal prints that and exits at once (128 + the signal),
/// even while the consent prompt waits on a line. While the answer (the presentation, or a
/// refusal) is sent, the sending is cancelled and the command then says whether it may have
/// reached the verifier. After it was answered the outcome is reported as usual.
enum PresentInterruption {
    /// Watches for the signals from reading the request until ``stop()``. Before
    /// ``sending(_:)`` a signal ends the process with the message that nothing was sent;
    /// while sending it runs the given cancellation and is recorded for ``finishSending()``.
    ///
    /// One set of Dispatch sources serves the whole command: cancelling a signal source and
    /// making another for the same signal races in libdispatch on Linux (the new one can miss
    /// the signal), so the phase changes, not the sources.
    final class Watch: @unchecked Sendable {
        private enum Phase {
            case beforeSending
            case sending(cancel: @Sendable () -> Void)
            case answered
        }

        private let lock = NSLock()
        private var phase = Phase.beforeSending
        private var received: Int32?
        private var sources: [any DispatchSourceSignal] = []

        init() {
            for number in ClaimInterruption.signals {
                signal(number, SIG_IGN)
                let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
                source.setEventHandler { [weak self] in self?.receive(number) }
                source.resume()
                sources.append(source)
            }
        }

        private func receive(_ number: Int32) {
            let cancel: (@Sendable () -> Void)? = lock.withLock {
                switch phase {
                case .beforeSending:
                    let message = "\nvellum: interrupted by \(ClaimInterruption.name(of: number)): nothing was sent to the verifier\n"
                    FileHandle.standardError.write(Data(message.utf8))
                    Foundation.exit(WalletExitCode.interrupted(by: number))
                case .sending(let cancel):
                    guard received == nil else { return nil }
                    received = number
                    return cancel
                case .answered:
                    if received == nil { received = number }
                    return nil
                }
            }
            cancel?()
        }

        /// The answer is being sent: a signal now runs `cancel`.
        func sending(_ cancel: @escaping @Sendable () -> Void) {
            lock.withLock { phase = .sending(cancel: cancel) }
        }

        /// The sending ended; the signal that came meanwhile, if one did.
        func finishSending() -> Int32? {
            lock.withLock {
                phase = .answered
                return received
            }
        }

        /// Stops watching; the signals go back to their default.
        func stop() {
            for source in sources { source.cancel() }
            sources = []
            for number in ClaimInterruption.signals { signal(number, SIG_DFL) }
        }
    }

    /// The message for a signal that came while `what` was being sent.
    static func whileSending(_ what: String, signal: Int32, delivered: Bool) -> String {
        let name = ClaimInterruption.name(of: signal)
        return delivered
            ? "interrupted by \(name) after \(what) reached the verifier"
            : "interrupted by \(name) while \(what) was being sent: it may or may not have reached the verifier"
    }
}
