import DIDComm
import Foundation
import Testing
import VellumTestSupport

/// Authcrypt pack and unpack of a 1 KB message for one recipient, Vellum beside ACA-Py 1.7's
/// Askar code, printed, not judged (a shared machine's load varies too much for a threshold).
/// Run with `VELLUM_DIDCOMM_TIMINGS=1 swift test --skip-build --filter EnvelopeTimingTests`.
@Suite("DIDComm envelope timings beside Askar", .enabled(
    if: ProcessInfo.processInfo.environment["VELLUM_DIDCOMM_TIMINGS"] != nil && ACAPyAgent.python != nil,
    "timings: set VELLUM_DIDCOMM_TIMINGS=1 (and install ACA-Py)"))
struct EnvelopeTimingTests {
    let rounds = 200
    let message = Data(#"{"@type":"https://didcomm.org/basicmessage/1.0/message","@id":"1","content":"\#(String(repeating: "x", count: 1000))"}"#.utf8)

    /// The mean milliseconds of `rounds` runs of `work` (after one warm-up run).
    func mean<T>(_ work: () throws -> T) rethrows -> (Double, T) {
        var result = try work()
        let elapsed = try ContinuousClock().measure { for _ in 0..<rounds { result = try work() } }
        let milliseconds = Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
        return (milliseconds / Double(rounds), result)
    }

    @Test("authcrypt pack and unpack, one recipient, 1 KB")
    func timings() async throws {
        let (pack, envelope) = try mean { try Envelope.pack(message, for: [TestKey.bob.verkey], from: TestKey.alice.privateKey) }
        let (unpack, _) = try mean { try Envelope.unpack(envelope, with: [TestKey.bob.privateKey]) }
        let askar = try await PythonPeer.runJSON(
            "didcomm_peer.py", arguments: ["timings", "--seed", TestKey.bob.seedHex, "--from-seed", TestKey.alice.seedHex, "--rounds", "\(rounds)"],
            input: message, interpreter: ACAPyAgent.python)
        for (name, swift) in [("pack", pack), ("unpack", unpack)] {
            let reference = askar[name] as? Double ?? .nan
            print(String(format: "didcomm timing %@: Vellum %.3f ms, Askar (ACA-Py) %.3f ms, ratio %.2f", name, swift, reference, swift / reference))
        }
    }
}
