import Foundation
import Testing
import VellumTestSupport

/// The README's quick start, run as written (issue #24): the lines of its `sh` block, in one
/// shell, in a fresh home directory, with the built `vellum` first on the PATH, answering
/// `y` to each question and the passphrase from `VELLUM_PASSPHRASE`. It uses the sandbox's
/// default port, 8080, as the README does; the test is skipped when that port is taken.
@Suite("README quick start", .enabled(if: VellumBinary.url != nil, "skipped: the vellum binary is not built"))
struct ReadmeQuickStartTests {
    /// The commands of the first `sh` block after `## Quick start`.
    static func quickStartLines() throws -> [String] {
        let readme = try String(contentsOf: PackageRoot.url.appendingPathComponent("README.md"), encoding: .utf8)
        guard let section = readme.range(of: "## Quick start"), let open = readme.range(of: "```sh\n", range: section.upperBound..<readme.endIndex),
              let close = readme.range(of: "```", range: open.upperBound..<readme.endIndex)
        else { return [] }
        return readme[open.upperBound..<close.lowerBound].split(separator: "\n").map(String.init).filter { !$0.isEmpty }
    }

    static var portFree: Bool {
        let socket = Foundation.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(8080).bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 }
        }
    }

    @Test("the six lines claim, trust, present and list", .enabled(if: ReadmeQuickStartTests.portFree, "skipped: port 8080 is in use"))
    func quickStart() async throws {
        let lines = try Self.quickStartLines()
        #expect(lines.count == 6, "\(lines)")
        let binary = try #require(VellumBinary.url)
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("vellum-readme-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: home) }
        // Each line as written, after the background sandbox has had a moment to listen;
        // `yes` answers the consent questions; the sandbox is stopped however the script ends.
        var script = "set -e\ntrap 'kill %1 2>/dev/null; wait' EXIT\n"
        for (index, line) in lines.enumerated() {
            script += line.hasPrefix("vellum sandbox") ? line + "\nsleep 1\n" : "yes | " + line + "\n"
            if index == 0 { script += "for i in $(seq 50); do [ -f ~/.local/share/vellum-sandbox/verifier-root.pem ] && break; sleep 0.1; done\n" }
        }
        let finalScript = script
        let result = try await offCooperativePool {
            try ChildProcess.run(
                URL(fileURLWithPath: "/usr/bin/env"),
                arguments: [
                    "-i", "HOME=\(home.path)", "PATH=\(binary.deletingLastPathComponent().path):/usr/bin:/bin",
                    "VELLUM_PASSPHRASE=a passphrase for the readme", "VELLUM_HTTP_TIMEOUT=120",
                ] + Sanitizer.options + ["/bin/bash", "-c", finalScript],
                input: Data())
        }
        #expect(result.status == 0, "\(result.outputText)\n\(result.errorText)")
        #expect(result.outputText.contains("Accepted by the verifier."))
        #expect(result.outputText.contains("2 credential(s)"))
    }
}
