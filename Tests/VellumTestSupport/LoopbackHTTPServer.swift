import Hummingbird
import LoopbackServer

/// Runs a Hummingbird router on 127.0.0.1 with an OS-assigned port for one test (the `HTTP`
/// module allows plain HTTP only for loopback, which is what the did:web, status list and
/// SD-JWT VC tests need), through the one loopback server helper the sandbox and the CLI use.
public enum LoopbackHTTPServer {
    /// Serves `router` while `body` runs with the port, then shuts the server down, also
    /// when `body` throws.
    public static func run(
        _ router: Router<BasicRequestContext>, label: String, _ body: (Int) async throws -> Void
    ) async throws {
        try await LoopbackServer.run(router, label: label, body)
    }
}
