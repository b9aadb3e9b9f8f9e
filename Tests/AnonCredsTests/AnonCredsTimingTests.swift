import AnonCreds
import Foundation
import Testing
import VellumTestSupport

/// Side-by-side timings with anoncreds-rs over the fixture's 2 050-bit key (the presentation: 2
/// revealed, 1 unrevealed, 1 predicate, as issue #27's benchmark asks), printed, not judged
/// (the shared CI machine's load varies too much for a threshold). Run with
/// `VELLUM_ANONCREDS_TIMINGS=1 swift test --skip-build --filter AnonCredsTimingTests`.
@Suite("AnonCreds timings beside anoncreds-rs", .enabled(
    if: ProcessInfo.processInfo.environment["VELLUM_ANONCREDS_TIMINGS"] != nil && PythonPeer.isAvailable,
    "timings: set VELLUM_ANONCREDS_TIMINGS=1 (and make the peers)"))
struct AnonCredsTimingTests {
    let fixture = IssuanceFixture.shared
    let rounds = 10

    /// The mean milliseconds of `rounds` runs of `work` (after one warm-up run).
    func mean<T>(_ work: () throws -> T) rethrows -> (Double, T) {
        var result = try work()
        let clock = ContinuousClock()
        let elapsed = try clock.measure { for _ in 0..<rounds { result = try work() } }
        let milliseconds = Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
        return (milliseconds / Double(rounds), result)
    }

    @Test("request, process, present (2 revealed, 1 unrevealed, 1 predicate) and verify")
    func timings() async throws {
        var generator = SystemRandomNumberGenerator()
        let issuer = try fixture.issuer, definition = try fixture.definition
        let holder = AnonCredsHolder(linkSecret: .random())
        let offer = issuer.offer(using: &generator)
        let (request, pending) = try mean { try holder.request(for: offer, definition: definition) }
        let issued = try issuer.issue(
            ["name": "Alice", "age": "28", "Degree Name": "BSc"], for: pending.request, offer: offer, using: &generator)
        let (process, credential) = try mean {
            try holder.process(issued, metadata: pending.metadata, offer: offer, definition: definition)
        }
        let presentationRequest = PresentationRequest(nonce: .random(), name: "timing", version: "1.0", requestedAttributes: [
            "a": .init(name: "name"), "b": .init(name: "Degree Name"), "c": .init(name: "age"),
        ], requestedPredicates: ["d": .init(name: "age", predicateType: ">=", value: 18)])
        let selection = PresentationSelection(credentials: [
            .init(credential: credential, revealed: ["a", "b"], unrevealed: ["c"], predicates: ["d"]),
        ])
        let definitions = [fixture.credentialDefinitionID: definition]
        let (present, presentation) = try mean { try holder.present(presentationRequest, selection: selection, definitions: definitions) }
        let (verify, _) = try mean { try AnonCredsVerifier.verify(presentation, request: presentationRequest, definitions: definitions) }

        let rust = try await PythonPeer.runJSON(
            "anoncreds_peer.py", input: JSONSerialization.data(withJSONObject: ["op": "timings", "rounds": rounds]))
        for (name, swift) in [("request", request), ("process", process), ("present", present), ("verify", verify)] {
            let reference = rust[name] as? Double ?? .nan
            print(String(format: "anoncreds timing %@: Vellum %.1f ms, anoncreds-rs %.1f ms, ratio %.2f", name, swift, reference, swift / reference))
        }
    }
}
