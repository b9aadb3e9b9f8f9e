import Foundation
import Testing

/// Headless Chromium for the tests of the sandbox's web page, driven by
/// `Tests/Peers/browser_peer.py` (DevTools protocol; zbar reads the QR code off a screenshot).
/// `.ci/run` installs Debian's `chromium` and `zbar-tools`; where they are missing the tests
/// are skipped with ``skipMessage``.
public enum BrowserPeer {
    /// Why the browser tests did not run.
    public static let skipMessage: Comment =
        "skipped: headless Chromium, zbarimg or the Python peers are not installed (apt-get install chromium zbar-tools; Scripts/setup-peers.sh)"

    /// Whether Chromium, zbarimg and the peers' Python (with websocket-client) are present.
    public static var isAvailable: Bool {
        guard PythonPeer.isAvailable else { return false }
        let paths = ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"]
        return paths.contains { FileManager.default.isExecutableFile(atPath: $0) }
            && FileManager.default.isExecutableFile(atPath: "/usr/bin/zbarimg")
    }

    /// A page as the browser shows it.
    public struct Page: Decodable, Sendable {
        /// Where the browser ended up (after redirects).
        public let url: String
        /// The page's visible text.
        public let text: String
        /// The page's HTML after scripts ran.
        public let html: String
        /// What zbar read from a QR code in a full-page screenshot, if any.
        public let qr: String?
    }

    /// Loads `url`.
    public static func load(_ url: String) async throws -> Page {
        try JSONDecoder().decode(Page.self, from: try await PythonPeer.run("browser_peer.py", arguments: ["load", url]))
    }

    /// Loads `url`, clicks the element `selector` matches and waits for the page it leads to.
    public static func click(_ url: String, selector: String) async throws -> Page {
        try JSONDecoder().decode(Page.self, from: try await PythonPeer.run("browser_peer.py", arguments: ["click", url, selector]))
    }
}
